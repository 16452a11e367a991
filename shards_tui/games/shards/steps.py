"""What each step of card text does for a player, and the answers to the questions it asks.

One function per step kind (interpreter.py maps the kinds to them). A step that needs the
player's choice puts a Decision in ``state.pending`` and returns; the answer comes back through
``interpreter.answer`` to the function of the decision's kind below. The Nemesis's versions of
the steps its rules change are in nemesis_seat.py.
"""

from __future__ import annotations

from typing import Callable

from shards_tui.core.decision import Decision, Option
from shards_tui.games.shards import effects as fx
from shards_tui.games.shards import relic_rules
from shards_tui.games.shards.conditions import gain_amount
from shards_tui.games.shards.models import Frame
from shards_tui.games.shards.text import noun
from shards_tui.games.shards.zones import Table

StepFn = Callable[[Table, Frame, fx.Step], None]
AnswerFn = Callable[[Table, Decision, list[str]], None]

MODIFIER_TEXT = {
    "next_homodeus_champion_enters_play": "the next Homodeus champion recruited this turn goes straight into play.",
    "ignore_shields": "shields do not reduce this turn's damage.",
    "power_per_health_gained": "each health gained this turn also gives 1 power.",
    "draw_three_after_big_hit": "10 or more damage to one opponent this turn draws 3 more cards.",
}


def nothing(t: Table, frame: Frame, why: str) -> None:
    """Say why a card's choice was not offered: there was nothing to choose."""
    t.event(f"{t.name(frame.source)}: {why}, so that part does nothing.")


def push_copy(t: Table, target: str, copier: Frame) -> None:
    """Put ``target``'s play effects on the stack, carried out again for the card of ``copier``
    (the caller logs it, in the words of its seat)."""
    copier.copied = target
    t.state.stack.append(Frame(source=target, part="play", via=copier.source))


def copy(t: Table, target: str, copier: Frame) -> None:
    push_copy(t, target, copier)
    t.event(f"{t.name(copier.source)} copies the effects of {t.name(target)}.", "copy-effects")


# --- steps -----------------------------------------------------------------------------------

def gain(t: Table, frame: Frame, step: fx.Gain) -> None:
    state = t.state
    seat = state.flow.active
    source = t.name(frame.source)
    if step.infinite:
        if step.resource == "power":
            state.turn.infinite_power = True
            t.event(f"{state.me.name} gains infinite power from {source}!", "infinity-shard")
        return
    amount = gain_amount(t, step)
    t.gain(seat, step.resource, amount, source)
    if step.resource == "health":
        relic_rules.after_health_gain(t, seat, amount, source)


def draw(t: Table, frame: Frame, step: fx.Draw) -> None:
    t.draw(t.state.flow.active, step.count)


WHERE = {"hand": "your hand", "discard": "your discard pile", "hand_or_discard": "your hand or discard pile"}


def banish(t: Table, frame: Frame, step: fx.Banish) -> None:
    me = t.state.me
    zones = ["hand", "discard"] if step.zone == "hand_or_discard" else [step.zone]
    options = [Option(id=i, label=f"{t.name(i)} ({'hand' if z == 'hand' else 'discard pile'})")
               for z in zones for i in getattr(me, z)]
    if not options:
        nothing(t, frame, f"{me.name} has no card there to banish")
        return
    t.state.pending = Decision(
        seat=t.state.flow.active, kind="banish", min=0, max=step.up_to, options=options, private=True,
        prompt=f"{t.name(frame.source)}: banish up to {step.up_to} from {WHERE[step.zone]}.")


def recruit_free(t: Table, frame: Frame, step: fx.RecruitFree) -> None:
    state = t.state
    seat = state.flow.active
    options = [Option(id=str(n + 1), label=t.name(i)) for n, i in enumerate(state.center_row)
               if i is not None and relic_rules.cost_for(t, seat, i) <= step.max_cost]
    if not options:
        nothing(t, frame, f"no center-row card costs {step.max_cost} or less")
        return
    state.pending = Decision(
        seat=seat, kind="recruit_free", min=1, max=1, options=options, data={"to": step.to},
        prompt=f"{t.name(frame.source)}: take a center-row card costing {step.max_cost} "
               f"or less for free (to your {step.to}).")


def return_to_hand(t: Table, frame: Frame, step: fx.ReturnToHand) -> None:
    state = t.state
    seat, me = state.flow.active, state.me
    matches = [i for i in me.discard if t.matches(i, step.filter)]
    if step.all:
        for i in matches:
            t.move(i, seat, "discard", "hand")
        if matches:
            t.event(f"{me.name} returns {len(matches)} cards from discard to hand.", "playing-cards")
    elif matches:
        state.pending = Decision(
            seat=seat, kind="return", min=1, max=1, options=[Option(id=i, label=t.name(i)) for i in matches],
            prompt=f"{t.name(frame.source)}: put a card from your discard pile into your hand.")
    else:
        nothing(t, frame, f"there is no {noun(step.filter)} in {me.name}'s discard pile")


def destroy_champion(t: Table, frame: Frame, step: fx.DestroyChampion) -> None:
    state = t.state
    seat = state.flow.active
    enemy = [(o, c) for o in state.opponents(seat) for c in state.players[o].champions]
    if step.all:
        for owner, champion in enemy:
            t.destroy_champion(owner, champion, f"by {t.name(frame.source)}")
    elif enemy:
        state.pending = Decision(
            seat=seat, kind="destroy", min=1, max=1,
            options=[Option(id=c, label=f"{t.name(c)} ({state.players[o].name})") for o, c in enemy],
            prompt=f"{t.name(frame.source)}: destroy an enemy champion.")
    else:
        nothing(t, frame, "there is no enemy champion to destroy")


def opponent_loses_mastery(t: Table, frame: Frame, step: fx.OpponentLosesMastery) -> None:
    state = t.state
    seat = state.flow.active
    options = [Option(id=t.seat_slug(o), label=state.players[o].name) for o in state.opponents(seat)]
    if options:
        state.pending = Decision(
            seat=seat, kind="drain", min=1, max=1, options=options, data={"amount": step.amount},
            prompt=f"{t.name(frame.source)}: choose an opponent to lose {step.amount} mastery.")


def copy_played(t: Table, frame: Frame, step: fx.CopyPlayed) -> None:
    state = t.state
    if step.same_as_last_copy:
        if frame.copied is not None:
            copy(t, frame.copied, frame)
        return
    matches = copyable(t, frame, step)
    if matches:
        state.pending = Decision(
            seat=state.flow.active, kind="copy", min=1, max=1,
            options=[Option(id=i, label=t.name(i)) for i in matches],
            prompt=f"{t.name(frame.source)}: copy the effects of a card you played this turn.")
    else:
        nothing(t, frame, f"no other {noun(step.filter)} was played this turn to copy")


def copyable(t: Table, frame: Frame, step: fx.CopyPlayed) -> list[str]:
    """The other cards played this turn that the step may copy, each once."""
    return [i for i in dict.fromkeys(t.state.turn.played) if i != frame.source and t.matches(i, step.filter)]


def allies_to_copy(t: Table, faction: str) -> list[str]:
    """Copy Allies This Turn: the faction is copied from now on; the allies of it played
    so far, latest first (so that the earliest resolves first)."""
    t.state.turn.copy_allies_of.append(faction)
    return [i for i in reversed(t.state.turn.played) if t.card(i).is_ally and t.card(i).faction == faction]


def copy_allies_this_turn(t: Table, frame: Frame, step: fx.CopyAlliesThisTurn) -> None:
    for i in allies_to_copy(t, step.faction):
        copy(t, i, frame)


def this_turn(t: Table, frame: Frame, step: fx.ThisTurn) -> None:
    t.state.turn.modifiers.append(step.modifier)
    anchor = "relic-cards" if t.card(frame.source).type == "relic" else "playing-cards"
    t.event(f"{t.name(frame.source)}: {MODIFIER_TEXT[step.modifier]}", anchor)


STEPS: dict[type, StepFn] = {
    fx.Gain: gain, fx.Draw: draw, fx.Banish: banish, fx.RecruitFree: recruit_free,
    fx.ReturnToHand: return_to_hand, fx.DestroyChampion: destroy_champion,
    fx.OpponentLosesMastery: opponent_loses_mastery, fx.CopyPlayed: copy_played,
    fx.CopyAlliesThisTurn: copy_allies_this_turn, fx.ThisTurn: this_turn,
}


# --- answers ---------------------------------------------------------------------------------

def _banished(t: Table, decision: Decision, chosen: list[str]) -> None:
    seat = decision.seat
    me = t.state.players[seat]
    for i in chosen:
        zone = "hand" if i in me.hand else "discard"
        t.move(i, seat, zone, "banished")
        t.event(f"{me.name} banishes {t.name(i)} from their {zone}.", "banish")
    if not chosen:
        t.event(f"{me.name} banishes nothing.", "banish")


def _recruited_free(t: Table, decision: Decision, chosen: list[str]) -> None:
    state = t.state
    slot = int(chosen[0]) - 1
    instance = state.center_row[slot]
    assert instance is not None
    to = decision.data["to"]
    went = t.recruit_from_row(slot, decision.seat, "hand" if to == "hand" else "discard")
    where = "straight into play" if went == "champions" else f"into their {to}"
    t.event(f"{state.players[decision.seat].name} takes {t.name(instance)} for free {where}.", "recruit")
    t.refill_row()


def _returned(t: Table, decision: Decision, chosen: list[str]) -> None:
    t.move(chosen[0], decision.seat, "discard", "hand")
    t.event(f"{t.state.players[decision.seat].name} returns {t.name(chosen[0])} from discard to hand.",
            "playing-cards")


def _destroyed(t: Table, decision: Decision, chosen: list[str]) -> None:
    owner = t.state.owner_of_champion(chosen[0])
    assert owner is not None
    t.destroy_champion(owner, chosen[0], "by an effect")


def _drained(t: Table, decision: Decision, chosen: list[str]) -> None:
    victim = t.state.players[t.seat_from_slug(chosen[0])]
    lost = min(victim.mastery, decision.data["amount"])
    victim.mastery -= lost
    t.event(f"{victim.name} loses {lost} mastery." if lost else f"{victim.name} has no mastery to lose.",
            "mastery")


def _copied(t: Table, decision: Decision, chosen: list[str]) -> None:
    copy(t, chosen[0], t.state.stack[-1])  # the copying card waits on top


ANSWERS: dict[str, AnswerFn] = {
    "banish": _banished, "recruit_free": _recruited_free, "return": _returned,
    "destroy": _destroyed, "drain": _drained, "copy": _copied,
}
