"""Conditions on card text and the amounts a step counts, judged for the seat whose turn it is.

A table maps each condition kind of the vocabulary (effects.py) to the function that judges
it, as interpreter.py maps step kinds to step functions. These are the rules for a player;
the Nemesis judges the keyword conditions by its own rule (nemesis_seat.py) and the rest
by these.
"""

from __future__ import annotations

from typing import Any, Callable

from shards_tui.games.shards import effects as fx
from shards_tui.games.shards.models import Frame
from shards_tui.games.shards.zones import Table

Judge = Callable[[Table, Frame, Any], bool]


def holds(t: Table, frame: Frame, cond: fx.Condition) -> bool:
    """Whether a condition on the card of ``frame`` holds for the seat whose turn it is."""
    return CONDITIONS[type(cond)](t, frame, cond)


def _mastery(t: Table, frame: Frame, cond: fx.MasteryAtLeast) -> bool:
    return t.state.me.mastery >= cond.at_least


def _inspire(t: Table, frame: Frame, cond: fx.Inspire) -> bool:
    return bool(t.state.me.champions)


def _echo(t: Table, frame: Frame, cond: fx.Echo) -> bool:
    return any(t.card(i).faction == "wraethe" for i in t.state.me.discard)


def _full_health(t: Table, frame: Frame, cond: fx.FullHealth) -> bool:
    return t.state.me.health >= t.rules.limits.max_health


def _champions(t: Table, frame: Frame, cond: fx.ChampionCount) -> bool:
    return t.count_champions(t.state.flow.active, cond.faction) >= cond.at_least


def _character(t: Table, frame: Frame, cond: fx.IsCharacter) -> bool:
    return t.state.me.character == cond.character


def _all_of(t: Table, frame: Frame, cond: fx.AllOf) -> bool:
    return all(holds(t, frame, c) for c in cond.of)


def _highest_mastery(t: Table, frame: Frame, cond: fx.HighestMastery) -> bool:
    state = t.state
    return all(state.me.mastery >= state.players[o].mastery for o in state.opponents(state.flow.active))


def _unify(t: Table, frame: Frame, cond: fx.Unify) -> bool:
    """Another ally of the faction played this turn, or else one revealed from the hand."""
    state = t.state
    if any(i != frame.source and t.card(i).is_ally and t.card(i).faction == cond.faction
           for i in state.turn.played):
        return True
    in_hand = [i for i in state.me.hand if t.card(i).is_ally and t.card(i).faction == cond.faction]
    if in_hand:
        t.reveal_from_hand(state.flow.active, in_hand[0], "for Unify", "unify")
        return True
    return False


def _dominion(t: Table, frame: Frame, cond: fx.Dominion) -> bool:
    """A Homodeus, an Undergrowth and a Wraethe card played this turn, those missing revealed
    from the hand (only when all three can be shown)."""
    state = t.state
    seen = {t.card(i).faction for i in state.turn.played}
    to_reveal = []
    for faction in ("homodeus", "undergrowth", "wraethe"):
        if faction in seen:
            continue
        match = next((i for i in state.me.hand if t.card(i).faction == faction), None)
        if match is None:
            return False
        to_reveal.append(match)
    for instance in to_reveal:
        t.reveal_from_hand(state.flow.active, instance, "for Dominion", "dominion")
    return True


CONDITIONS: dict[type, Judge] = {
    fx.MasteryAtLeast: _mastery, fx.Unify: _unify, fx.Dominion: _dominion, fx.Inspire: _inspire,
    fx.Echo: _echo, fx.FullHealth: _full_health, fx.ChampionCount: _champions,
    fx.IsCharacter: _character, fx.HighestMastery: _highest_mastery, fx.AllOf: _all_of,
}


# --- what "per" counts -------------------------------------------------------------------------

def _undergrowth_allies_played(t: Table) -> int:
    return sum(1 for i in t.state.turn.played if t.card(i).is_ally and t.card(i).faction == "undergrowth")


COUNTERS: dict[str, Callable[[Table], int]] = {
    "homodeus_champions_you_control": lambda t: t.count_champions(t.state.flow.active, "homodeus"),
    "champions_you_control": lambda t: t.count_champions(t.state.flow.active, None),
    "undergrowth_allies_played": _undergrowth_allies_played,
    # The Nemesis has no discard pile: it counts none.
    "wraethe_cards_in_discard": lambda t: sum(1 for i in t.state.me.discard if t.card(i).faction == "wraethe"),
}


def gain_amount(t: Table, step: fx.Gain) -> int:
    """How much a (finite) Gain step gives the seat whose turn it is."""
    me = t.state.me
    amount = step.amount
    if step.per is not None:
        amount *= COUNTERS[step.per](t)
    if step.equal_to == "current_power":
        amount = t.state.turn.power
    elif step.equal_to == "mastery":
        amount = me.mastery
    elif step.equal_to == "half_mastery_rounded_up":
        amount = (me.mastery + 1) // 2
    return amount
