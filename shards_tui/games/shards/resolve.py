"""Resolving card effects: runs the steps of the card on top of the stack until a choice is needed.

A step that needs a player's choice sets ``state.pending`` and resolution stops; answering it
(``answer``) finishes that step and resolution continues. The engine never calls a UI.
"""

from __future__ import annotations

from shards_tui.core.decision import Decision, Option
from shards_tui.core.errors import IllegalCommand
from shards_tui.games.shards import effects as fx
from shards_tui.games.shards import relic_rules
from shards_tui.games.shards.cards import CardDef, card_of
from shards_tui.games.shards.models import Frame, ShardsState
from shards_tui.games.shards.text import condition_text, noun
from shards_tui.games.shards.zones import Table


MAX_STEPS_PER_MOVE = 5_000


class EndlessResolution(RuntimeError):
    """Card effects kept starting each other without end: a rules bug, never a legal position."""

    def __init__(self) -> None:
        super().__init__(f"card effects kept triggering each other past {MAX_STEPS_PER_MOVE} steps")


def run(table: Table) -> None:
    """Resolve steps until the stack is empty or a decision is pending."""
    state = table.state
    steps = 0
    while state.stack and state.pending is None:
        steps += 1
        if steps > MAX_STEPS_PER_MOVE:
            raise EndlessResolution()
        frame = state.stack[-1]
        card = table.card(frame.source)
        groups = fx.group_steps(list(card.play if frame.part == "play" else card.exhaust))
        if frame.next_group >= len(groups):
            state.stack.pop()
            continue
        group = groups[frame.next_group]
        frame.next_group += 1
        chosen = None
        unmet = []
        for step in group:
            if step.when is None or check(table, frame, step.when):
                chosen = step
            else:
                unmet.append(step)
        if chosen is not None:
            execute(table, frame, chosen)
        for step in unmet:
            if says_unmet(step):
                table.event(f"{card.name}: “{condition_text(step.when).rstrip(':')}” is not met, "
                            "so that part does nothing.")


def says_unmet(step) -> bool:
    """Whether a step whose condition failed gets a log line (else the card seems to fail).

    Every condition says so, whether its step is an extra ("Unify: gain 6 health") or an
    alternative ("Echo: gain 6 power instead"). Only the mastery tiers of an alternative stay
    quiet: "Mastery 20: ... instead" not yet reached is the usual case, not a missed chance.
    """
    return not (step.instead and isinstance(step.when, fx.MasteryAtLeast))


# --- conditions ---------------------------------------------------------------------------

def check(table: Table, frame: Frame, cond: fx.Condition) -> bool:
    state = table.state
    seat = state.flow.active
    me = state.players[seat]
    if isinstance(cond, fx.MasteryAtLeast):
        return me.mastery >= cond.at_least
    if isinstance(cond, fx.Inspire):
        return bool(me.champions)
    if isinstance(cond, fx.Echo):
        return any(table.card(i).faction == "wraethe" for i in me.discard)
    if isinstance(cond, fx.FullHealth):
        return me.health >= table.rules.limits.max_health
    if isinstance(cond, fx.ChampionCount):
        return table.count_champions(seat, cond.faction) >= cond.at_least
    if isinstance(cond, fx.IsCharacter):
        return me.character == cond.character
    if isinstance(cond, fx.AllOf):
        return all(check(table, frame, c) for c in cond.of)
    if isinstance(cond, fx.HighestMastery):
        return all(me.mastery >= state.players[o].mastery for o in state.opponents(seat))
    if isinstance(cond, fx.Unify):
        played = [i for i in state.turn.played if i != frame.source
                  and table.card(i).is_ally and table.card(i).faction == cond.faction]
        if played:
            return True
        in_hand = [i for i in me.hand if table.card(i).is_ally and table.card(i).faction == cond.faction]
        if in_hand:
            table.reveal_from_hand(seat, in_hand[0], "for Unify", "unify")
            return True
        return False
    if isinstance(cond, fx.Dominion):
        needed = ("homodeus", "undergrowth", "wraethe")
        seen = {table.card(i).faction for i in state.turn.played}
        to_reveal = []
        for faction in needed:
            if faction in seen:
                continue
            match = next((i for i in me.hand if table.card(i).faction == faction), None)
            if match is None:
                return False
            to_reveal.append(match)
        for instance in to_reveal:
            table.reveal_from_hand(seat, instance, "for Dominion", "dominion")
        return True
    raise IllegalCommand(f"Unknown condition {cond!r}.")  # pragma: no cover - vocabulary is closed


# --- steps ----------------------------------------------------------------------------------

def count(table: Table, counter: fx.Counter) -> int:
    state = table.state
    seat = state.flow.active
    if counter == "homodeus_champions_you_control":
        return table.count_champions(seat, "homodeus")
    if counter == "champions_you_control":
        return table.count_champions(seat, None)
    if counter == "undergrowth_allies_played":
        return sum(1 for i in state.turn.played
                   if table.card(i).is_ally and table.card(i).faction == "undergrowth")
    if counter == "wraethe_cards_in_discard":
        return sum(1 for i in state.players[seat].discard if table.card(i).faction == "wraethe")
    raise IllegalCommand(f"Unknown counter {counter}.")  # pragma: no cover


def nothing(table: Table, source: CardDef, why: str) -> None:
    """Say why a card's choice was not offered: there was nothing to choose."""
    table.event(f"{source.name}: {why}, so that part does nothing.")


def execute(table: Table, frame: Frame, step) -> None:
    state = table.state
    seat = state.flow.active
    me = state.players[seat]
    source = table.card(frame.source)
    if isinstance(step, fx.Gain):
        if step.infinite:
            if step.resource == "power":
                state.turn.infinite_power = True
                table.event(f"{me.name} gains infinite power from {source.name}!", "infinity-shard")
            return
        amount = step.amount
        if step.per is not None:
            amount *= count(table, step.per)
        if step.equal_to == "current_power":
            amount = state.turn.power
        elif step.equal_to == "mastery":
            amount = me.mastery
        elif step.equal_to == "half_mastery_rounded_up":
            amount = (me.mastery + 1) // 2
        table.gain(seat, step.resource, amount, source.name)
        if step.resource == "health":
            relic_rules.after_health_gain(table, seat, amount, source.name)
    elif isinstance(step, fx.Draw):
        table.draw(seat, step.count)
    elif isinstance(step, fx.Banish):
        zones = ["hand", "discard"] if step.zone == "hand_or_discard" else [step.zone]
        options = [Option(id=i, label=f"{table.card(i).name} ({'hand' if z == 'hand' else 'discard pile'})")
                   for z in zones for i in getattr(me, z)]
        if options:
            where = {"hand": "your hand", "discard": "your discard pile",
                     "hand_or_discard": "your hand or discard pile"}[step.zone]
            ask(table, Decision(seat=seat, kind="banish", min=0, max=step.up_to, options=options,
                                prompt=f"{source.name}: banish up to {step.up_to} from {where}.",
                                private=True))
        else:
            nothing(table, source, f"{me.name} has no card there to banish")
    elif isinstance(step, fx.RecruitFree):
        options = [Option(id=str(n + 1), label=table.card(i).name)
                   for n, i in enumerate(state.center_row)
                   if i is not None and relic_rules.cost_for(table, seat, i) <= step.max_cost]
        if options:
            ask(table, Decision(seat=seat, kind="recruit_free", min=1, max=1, options=options,
                                prompt=f"{source.name}: take a center-row card costing {step.max_cost} "
                                       f"or less for free (to your {step.to}).",
                                data={"to": step.to}))
        else:
            nothing(table, source, f"no center-row card costs {step.max_cost} or less")
    elif isinstance(step, fx.ReturnToHand):
        matches = [i for i in me.discard if table.matches(i, step.filter)]
        if step.all:
            for i in matches:
                table.move(i, seat, "discard", "hand")
            if matches:
                table.event(f"{me.name} returns {len(matches)} cards from discard to hand.", "playing-cards")
        elif matches:
            options = [Option(id=i, label=table.card(i).name) for i in matches]
            ask(table, Decision(seat=seat, kind="return", min=1, max=1, options=options,
                                prompt=f"{source.name}: put a card from your discard pile into your hand."))
        else:
            nothing(table, source, f"there is no {noun(step.filter)} in {me.name}'s discard pile")
    elif isinstance(step, fx.DestroyChampion):
        enemy = [(o, c) for o in state.opponents(seat) for c in state.players[o].champions]
        if step.all:
            for owner, champion in enemy:
                table.destroy_champion(owner, champion, f"by {source.name}")
        elif enemy:
            options = [Option(id=c, label=f"{table.card(c).name} ({state.players[o].name})") for o, c in enemy]
            ask(table, Decision(seat=seat, kind="destroy", min=1, max=1, options=options,
                                prompt=f"{source.name}: destroy an enemy champion."))
        else:
            nothing(table, source, "there is no enemy champion to destroy")
    elif isinstance(step, fx.OpponentLosesMastery):
        options = [Option(id=table.seat_slug(o), label=state.players[o].name) for o in state.opponents(seat)]
        if options:
            ask(table, Decision(seat=seat, kind="drain", min=1, max=1, options=options,
                                prompt=f"{source.name}: choose an opponent to lose {step.amount} mastery.",
                                data={"amount": step.amount}))
    elif isinstance(step, fx.CopyPlayed):
        if step.same_as_last_copy:
            if frame.copied is not None:
                push_copy(table, frame.copied, frame)
            return
        matches = [i for i in dict.fromkeys(state.turn.played)
                   if i != frame.source and table.matches(i, step.filter)]
        if matches:
            options = [Option(id=i, label=table.card(i).name) for i in matches]
            ask(table, Decision(seat=seat, kind="copy", min=1, max=1, options=options,
                                prompt=f"{source.name}: copy the effects of a card you played this turn."))
        else:
            nothing(table, source, f"no other {noun(step.filter)} was played this turn to copy")
    elif isinstance(step, fx.CopyAlliesThisTurn):
        state.turn.copy_allies_of.append(step.faction)
        for i in reversed(state.turn.played):
            card = table.card(i)
            if card.is_ally and card.faction == step.faction:
                push_copy(table, i, frame)
    elif isinstance(step, fx.ThisTurn):
        state.turn.modifiers.append(step.modifier)
        anchor = "relic-cards" if source.type == "relic" else "playing-cards"
        table.event(f"{source.name}: {MODIFIER_TEXT[step.modifier]}", anchor)


MODIFIER_TEXT = {
    "next_homodeus_champion_enters_play": "the next Homodeus champion recruited this turn goes straight into play.",
    "ignore_shields": "shields do not reduce this turn's damage.",
    "power_per_health_gained": "each health gained this turn also gives 1 power.",
    "draw_three_after_big_hit": "10 or more damage to one opponent this turn draws 3 more cards.",
}


def push_copy(table: Table, target: str, copier: Frame) -> None:
    """Resolve ``target``'s play effects again on behalf of the card of ``copier``."""
    copier.copied = target
    table.state.stack.append(Frame(source=target, part="play", via=copier.source))
    table.event(f"{table.card(copier.source).name} copies the effects of {table.card(target).name}.",
                "copy-effects")


def ask(table: Table, decision: Decision) -> None:
    """Set a decision, or settle it at once when there is only one possible answer."""
    ids = decision.option_ids()
    if decision.min == decision.max == len(ids):
        answer(table, decision, ids)
        return
    table.state.pending = decision


def answer(table: Table, decision: Decision, chosen: list[str]) -> None:
    """Carry out a decision's answer (already checked against its options and bounds)."""
    state = table.state
    seat = decision.seat
    me = state.players[seat]
    kind = decision.kind
    if kind == "banish":
        for i in chosen:
            zone = "hand" if i in me.hand else "discard"
            table.move(i, seat, zone, "banished")
            table.event(f"{me.name} banishes {table.card(i).name} from their {zone}.", "banish")
        if not chosen:
            table.event(f"{me.name} banishes nothing.", "banish")
    elif kind == "recruit_free":
        slot = int(chosen[0]) - 1
        instance = state.center_row[slot]
        assert instance is not None
        to = decision.data["to"]
        went = table.recruit_from_row(slot, seat, "hand" if to == "hand" else "discard")
        where = "straight into play" if went == "champions" else f"into their {to}"
        table.event(f"{me.name} takes {table.card(instance).name} for free {where}.", "recruit")
        table.refill_row()
    elif kind == "return":
        table.move(chosen[0], seat, "discard", "hand")
        table.event(f"{me.name} returns {table.card(chosen[0]).name} from discard to hand.", "playing-cards")
    elif kind == "destroy":
        owner = state.owner_of_champion(chosen[0])
        assert owner is not None
        table.destroy_champion(owner, chosen[0], "by an effect")
    elif kind == "drain":
        target = table.seat_from_slug(chosen[0])
        victim = state.players[target]
        lost = min(victim.mastery, decision.data["amount"])
        victim.mastery -= lost
        table.event(f"{victim.name} loses {lost} mastery." if lost
                    else f"{victim.name} has no mastery to lose.", "mastery")
    elif kind == "copy":
        push_copy(table, chosen[0], state.stack[-1])  # the copying card waits on top
    else:  # pragma: no cover - only the kinds above are ever asked here
        raise IllegalCommand(f"Unknown decision kind {kind}.")


def card(table: Table, instance: str) -> CardDef:
    return table.card(instance)


__all__ = ["run", "answer", "ask", "check", "execute", "card_of", "ShardsState"]
