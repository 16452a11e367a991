"""Single Player Nemesis Challenge: the Nemesis seat and the turn the engine plays for it.

The Nemesis is a second Player marked ``nemesis`` with no deck, hand or discard pile (set up
in nemesis_setup.py). Right
after the player's turn ends (turns.finish_turn) the engine runs its turn here, as a small state
machine kept in ``state.nemesis_turn`` (nemesis_state.py). A choice a Nemesis card needs is a
pending Decision for the player (kinds ``nemesis_*``); answering it resumes the turn. Every step
is logged with the anchor {#variant-nemesis}. Rulings are in rulesets/shards_of_infinity.md.
"""

from __future__ import annotations

from typing import Any

from shards_tui.core.decision import Decision, Option
from shards_tui.core.wording import name_list
from shards_tui.games.shards import effects as fx
from shards_tui.games.shards.cards import CardDef, card_of
from shards_tui.games.shards.models import Assignment, Player, ShardsState, Turn
from shards_tui.games.shards.nemesis_state import NemesisFrame, NemesisTurn
from shards_tui.games.shards.resolve import MAX_STEPS_PER_MOVE, EndlessResolution
from shards_tui.games.shards.text import condition_text
from shards_tui.games.shards.zones import Table, amount_text

ANCHOR = "variant-nemesis"
KEYWORD_MASTERY = 15  # at this mastery the Nemesis treats keyword conditions as met
KEYWORDS = {"dominion": "Dominion", "echo": "Echo", "inspire": "Inspire", "unify": "Unify"}
REVEAL_MATCH_MASTERY = 3


def active(state: ShardsState) -> bool:
    return "nemesis" in state.variants


def seat_of(state: ShardsState) -> int | None:
    return next((s for s, p in enumerate(state.players) if p.nemesis), None)


def is_nemesis_turn(state: ShardsState) -> bool:
    seat = seat_of(state)
    return seat is not None and state.flow.active == seat


def _player_seat(state: ShardsState) -> int:
    return next(s for s, p in enumerate(state.players) if not p.nemesis)


# --- the Nemesis turn ----------------------------------------------------------------------

def event(t: Table, text: str) -> None:
    t.event(text.replace("..", "."), ANCHOR)  # "exhausts Systema A.I." ends one sentence


def _me(t: Table) -> Player:
    return t.state.players[seat_of(t.state)]  # type: ignore[index]


def _win(t: Table, why: str) -> None:
    state = t.state
    state.winners = [seat_of(state)]  # type: ignore[list-item]
    state.flow.phase = "play"
    event(t, f"The Nemesis wins: {why}.")


def game_end(t: Table, winner: int) -> None:
    """Someone's health reached 0 (turns.after_attacks has set the winner)."""
    state = t.state
    if state.players[winner].nemesis:
        event(t, f"The Nemesis wins: {state.players[_player_seat(state)].name}'s health reached 0.")
    else:
        event(t, f"{state.players[winner].name} brings the Nemesis to 0 health and wins!")


def start_turn(t: Table) -> None:
    """Called when the turn passes to the Nemesis: the engine plays it to the end or a question."""
    state = t.state
    state.nemesis_turn = NemesisTurn()
    state.flow.phase = "nemesis"
    run(t)


def run(t: Table) -> None:
    state = t.state
    steps = 0
    while state.nemesis_turn is not None and state.pending is None and not state.over:
        steps += 1
        if steps > MAX_STEPS_PER_MOVE:
            raise EndlessResolution()
        nt = state.nemesis_turn
        if _me(t).mastery >= t.rules.limits.max_mastery:
            _win(t, f"its mastery reached {t.rules.limits.max_mastery}")
            return
        if nt.stack:
            _resolve_group(t, nt)
        elif nt.step == "reveal":
            _reveal(t, nt)
        elif nt.step == "row":
            if nt.queue:
                _play_from_row(t, nt.queue.pop(0))
            else:
                nt.step = "exhaust"
                nt.to_exhaust = [c for c in _me(t).champions if t.card(c).exhaust]
        elif nt.step == "exhaust":
            if nt.to_exhaust:
                champion = nt.to_exhaust.pop(0)
                if champion in _me(t).champions:
                    _me(t).exhausted.append(champion)
                    event(t, f"The Nemesis exhausts {t.name(champion)}.")
                    nt.stack.append(NemesisFrame(source=champion, part="exhaust"))
            else:
                nt.step = "lethal"
        else:
            from shards_tui.games.shards import nemesis_power

            nemesis_power.step(t, nt)


def _reveal(t: Table, nt: NemesisTurn) -> None:
    state = t.state
    if None in state.center_row:
        _win(t, "the center row needed refilling and the center deck could not fill it")
        return
    if not state.center_deck:
        _win(t, "the center deck is empty, so there is no card to reveal")
        return
    me = _me(t)
    top = state.center_deck.pop(0)
    state.mark_reveal()
    card = t.card(top)
    nt.revealed, nt.faction = top, card.faction
    own = t.rules.character(me.character).faction
    if card.faction == own:
        gained = _add_mastery(t, REVEAL_MATCH_MASTERY)
        event(t, f"The Nemesis reveals {card.name}: {_faction(card.faction)} matches "
                 f"{t.rules.character(me.character).name}, +{gained} mastery ({me.mastery}).")
    else:
        event(t, f"The Nemesis reveals {card.name} ({_faction(card.faction)}); its faction is "
                 f"{_faction(own)}, so no mastery.")
    nt.queue = [i for i in state.center_row if i is not None and t.card(i).faction == card.faction]
    nt.step = "row"
    _enter(t, top, "from the top of the center deck")


def _faction(faction: str | None) -> str:
    return (faction or "no faction").capitalize()


def _play_from_row(t: Table, instance: str) -> None:
    state = t.state
    if instance not in state.center_row:
        return
    state.center_row[state.center_row.index(instance)] = None
    _enter(t, instance, f"from the center row (it is {_faction(t.card(instance).faction)} too)")


def _enter(t: Table, instance: str, where: str) -> None:
    """The Nemesis plays a card: champions into play under its control, others into its play zone."""
    state = t.state
    me, card = _me(t), t.card(instance)
    nt = state.nemesis_turn
    assert nt is not None
    state.turn.played.append(instance)
    if card.is_champion:
        me.champions.append(instance)
        event(t, f"The Nemesis plays {card.name} {where}: the champion comes into play under its control.")
    else:
        me.in_play.append(instance)
        event(t, f"The Nemesis plays {card.name} {where}.")
    if card.is_ally and card.faction in state.turn.copy_allies_of:  # the copy resolves second
        copier = next((c for c in me.champions if card_of(c) == "general_decurion"), instance)
        nt.stack.append(NemesisFrame(source=instance, part="play", via=copier))
    nt.stack.append(NemesisFrame(source=instance, part="play"))


def _add_mastery(t: Table, amount: int) -> int:
    me = _me(t)
    before = me.mastery
    me.mastery = min(t.rules.limits.max_mastery, me.mastery + amount)
    return me.mastery - before


def _resolve_group(t: Table, nt: NemesisTurn) -> None:
    frame = nt.stack[-1]
    card = t.card(frame.source)
    groups = fx.group_steps(list(card.play if frame.part == "play" else card.exhaust))
    if frame.next_group >= len(groups):
        nt.stack.pop()
        return
    group = groups[frame.next_group]
    frame.next_group += 1
    chosen = None
    for s in group:
        if s.when is None or _check(t, card, s.when):
            chosen = s
    if chosen is not None:
        _execute(t, frame, card, chosen)
    elif not any(getattr(s.when, "kind", "") in KEYWORDS for s in group):  # (those say why)
        event(t, f"{card.name}: “{condition_text(group[-1].when).rstrip(':')}” is not true for "
                 "the Nemesis, so that part does nothing.")


def _check(t: Table, card: CardDef, cond: Any) -> bool:
    """A condition on a card the Nemesis plays, judged for the Nemesis."""
    state = t.state
    me = _me(t)
    kind = getattr(cond, "kind", "")
    if kind in KEYWORDS:
        met = me.mastery >= KEYWORD_MASTERY
        if met:
            event(t, f"{card.name}: the Nemesis has {me.mastery} mastery (15 or more), so its "
                     f"{KEYWORDS[kind]} text counts as met.")
        else:
            event(t, f"{card.name}: the Nemesis has {me.mastery} mastery (below 15), so it ignores "
                     f"the {KEYWORDS[kind]} text.")
        return met
    if isinstance(cond, fx.MasteryAtLeast):
        return me.mastery >= cond.at_least
    if isinstance(cond, fx.FullHealth):
        return me.health >= t.rules.limits.max_health
    if isinstance(cond, fx.ChampionCount):
        return sum(1 for c in me.champions
                   if cond.faction is None or t.card(c).faction == cond.faction) >= cond.at_least
    if isinstance(cond, fx.IsCharacter):
        return me.character == cond.character
    if isinstance(cond, fx.HighestMastery):
        return all(me.mastery >= p.mastery for p in state.players if not p.nemesis)
    event(t, f"{card.name}: the Nemesis cannot meet this condition ({kind}); the text is ignored.")
    return False


def _count(t: Table, counter: str) -> int:
    me = _me(t)
    if counter == "homodeus_champions_you_control":
        return sum(1 for c in me.champions if t.card(c).faction == "homodeus")
    if counter == "champions_you_control":
        return len(me.champions)
    if counter == "undergrowth_allies_played":
        return sum(1 for i in t.state.turn.played if t.card(i).is_ally and t.card(i).faction == "undergrowth")
    return 0  # it has no discard pile (Wraethe cards in discard) and nothing else to count


def _ignore(t: Table, card: CardDef, what: str) -> None:
    event(t, f"{card.name}: the Nemesis cannot {what}; that text is ignored.")


def _execute(t: Table, frame: NemesisFrame, card: CardDef, s: Any) -> None:
    state = t.state
    me = _me(t)
    do = getattr(s, "do", "")
    if isinstance(s, fx.Gain):
        if s.infinite:
            _ignore(t, card, "gain infinite power")
            return
        amount = s.amount * (_count(t, s.per) if s.per is not None else 1)
        if s.equal_to == "current_power":
            amount = state.turn.power
        elif s.equal_to == "mastery":
            amount = me.mastery
        elif s.equal_to == "half_mastery_rounded_up":
            amount = (me.mastery + 1) // 2
        _gain(t, card, s.resource, amount)
    elif isinstance(s, fx.Draw):
        gained = _add_mastery(t, s.count)
        event(t, f"{card.name}: instead of drawing {s.count}, the Nemesis gains {gained} mastery "
                 f"({me.mastery}).")
    elif isinstance(s, fx.Banish):
        _ignore(t, card, "banish its own cards")
    elif isinstance(s, fx.RecruitFree):
        _ignore(t, card, "gain cards")
    elif isinstance(s, fx.ReturnToHand):
        _ignore(t, card, "use a discard pile")
    elif isinstance(s, fx.DestroyChampion):
        _destroy(t, card, s.all)
    elif isinstance(s, fx.OpponentLosesMastery):
        victim = state.players[_player_seat(state)]
        lost = min(victim.mastery, s.amount)
        victim.mastery -= lost
        event(t, f"{card.name}: {victim.name} loses {lost} mastery to the Nemesis." if lost
              else f"{card.name}: {victim.name} has no mastery to lose.")
    elif isinstance(s, fx.CopyPlayed):
        _copy(t, frame, card, s)
    elif isinstance(s, fx.CopyAlliesThisTurn):
        state.turn.copy_allies_of.append(s.faction)
        for i in reversed(state.turn.played):
            if t.card(i).is_ally and t.card(i).faction == s.faction:
                _push_copy(t, i, frame)
    elif isinstance(s, fx.ThisTurn):
        if s.modifier == "next_homodeus_champion_enters_play":
            _ignore(t, card, "recruit")
        else:
            state.turn.modifiers.append(s.modifier)
            from shards_tui.games.shards.resolve import MODIFIER_TEXT

            what = MODIFIER_TEXT.get(s.modifier, s.modifier.replace("_", " ") + ".")
            event(t, f"{card.name} (for the Nemesis's turn): {what}")
    else:
        _ignore(t, card, f"do this ({do or type(s).__name__})")


def _gain(t: Table, card: CardDef, resource: str, amount: int) -> None:
    state = t.state
    me = _me(t)
    if resource == "gems":
        banished = []
        for _ in range(amount):
            if not state.center_deck:
                break
            top = state.center_deck.pop(0)
            me.banished.append(top)
            banished.append(t.name(top))
        state.mark_reveal()
        names = name_list(banished) if banished else "nothing (the center deck is empty)"
        event(t, f"{card.name}: instead of {amount_text(amount, 'gems')}, the Nemesis banishes "
                 f"{len(banished)} from the top of the center deck: {names}.")
    elif resource == "power":
        state.turn.power += amount
        event(t, f"{card.name}: the Nemesis gains {amount} power ({state.turn.power}).")
    elif resource == "health":
        before = me.health
        me.health = min(t.rules.limits.max_health, me.health + amount)
        event(t, f"{card.name}: the Nemesis gains {me.health - before} health ({me.health}).")
    elif resource == "mastery":
        gained = _add_mastery(t, amount)
        event(t, f"{card.name}: the Nemesis gains {gained} mastery ({me.mastery}).")


def _destroy(t: Table, card: CardDef, every: bool) -> None:
    state = t.state
    seat = _player_seat(state)
    targets = list(state.players[seat].champions)
    if not targets:
        event(t, f"{card.name}: {state.players[seat].name} has no champion to destroy.")
    elif every or len(targets) == 1:
        for c in targets:
            t.destroy_champion(seat, c, f"by the Nemesis's {card.name}")
    else:
        state.pending = Decision(
            seat=seat, kind="nemesis_destroy", min=1, max=1,
            options=[Option(id=c, label=t.name(c)) for c in targets],
            prompt=f"The Nemesis's {card.name} destroys one of your champions: you choose which.")


def _copy(t: Table, frame: NemesisFrame, card: CardDef, s: fx.CopyPlayed) -> None:
    state = t.state
    if s.same_as_last_copy:
        if frame.copied is not None:
            _push_copy(t, frame.copied, frame)
        return
    matches = [i for i in dict.fromkeys(state.turn.played) if i != frame.source and t.matches(i, s.filter)]
    if len(matches) == 1:
        _push_copy(t, matches[0], frame)
    elif matches:
        state.pending = Decision(
            seat=_player_seat(state), kind="nemesis_copy", min=1, max=1,
            options=[Option(id=i, label=t.name(i)) for i in matches],
            prompt=f"The Nemesis's {card.name} copies a card it played this turn: you choose which.",
            data={"via": frame.source})
    else:
        event(t, f"{card.name}: the Nemesis played no card it could copy.")


def _push_copy(t: Table, target: str, copier: NemesisFrame) -> None:
    nt = t.state.nemesis_turn
    assert nt is not None
    copier.copied = target
    nt.stack.append(NemesisFrame(source=target, part="play", via=copier.source))
    event(t, f"The Nemesis's {t.name(copier.source)} copies the effects of {t.name(target)}.")


def answer(t: Table, decision: Decision, chosen: list[str]) -> None:
    """The player's answer to a question a Nemesis card raised; then the Nemesis carries on."""
    state = t.state
    seat = _player_seat(state)
    if decision.kind == "nemesis_destroy":
        t.destroy_champion(seat, chosen[0], "by the Nemesis (your choice)")
    elif decision.kind == "nemesis_copy":
        nt = state.nemesis_turn
        assert nt is not None and nt.stack and nt.stack[-1].source == decision.data["via"]
        _push_copy(t, chosen[0], nt.stack[-1])  # the copying card waits on top
    elif decision.kind == "nemesis_target":
        from shards_tui.games.shards import nemesis_power

        nemesis_power.destroy(t, chosen[0])
    run(t)


def end_turn(t: Table) -> None:
    """The end of the Nemesis turn: banish the allies it played, refill the row, pass the turn."""
    state = t.state
    me = _me(t)
    if me.in_play:
        names = name_list(t.name(i) for i in me.in_play)
        me.banished.extend(me.in_play)
        me.in_play = []
        event(t, f"The Nemesis banishes the cards it played this turn: {names}.")
    me.exhausted = []
    t.refill_row()
    state.nemesis_turn = None
    if None in state.center_row:
        _win(t, "the center row needs refilling and the center deck cannot fill it")
        return
    seat = _player_seat(state)
    state.turn = Turn()
    state.flow.active = seat
    state.flow.phase = "play"
    state.flow.turn += 1
    state.add_event(f"Turn {state.flow.turn}: {state.players[seat].name} to play.", anchor="turn", seat=seat)


def attack(t: Table, amount: int) -> None:
    """Send power at the player; the usual shields question follows (turns.start_shields)."""
    from shards_tui.games.shards import turns

    state = t.state
    state.turn.power -= amount
    state.turn.assigned = [Assignment(seat=_player_seat(state), amount=amount)]
    turns.start_shields(t)


__all__ = ["active", "seat_of", "is_nemesis_turn", "start_turn", "run", "answer", "end_turn", "attack",
           "game_end", "ANCHOR"]
