"""The one interpreter of the Shards effect vocabulary, for every seat: it carries out the steps
of the card on top of ``state.stack`` until the stack is empty, a question waits or the game
is over. The engine never calls a UI.

A frame on the stack is one card's "play" or "exhaust" text, carried out for the seat whose
turn it is. Its steps come in groups (a step and its "instead" alternatives, cards.group_steps):
each condition of the group is judged, and the last step whose condition holds is carried out
by the step function its kind maps to. Which functions those are depends on the seat: a player
is asked its choices (steps.py); the Nemesis is a seat whose choices are made by its rules,
which also replace what it cannot do (nemesis_seat.py). Both are tables from kind to function,
side by side below.

A step that needs a choice puts a core Decision in ``state.pending`` and resolution stops;
``answer`` carries the answer out by the decision's kind, and the caller runs the stack on.
A question with only one possible answer is answered at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from shards_tui.core.decision import Decision
from shards_tui.games.shards import conditions, nemesis_seat, steps
from shards_tui.games.shards import effects as fx
from shards_tui.games.shards.cards import CardDef
from shards_tui.games.shards.models import Frame
from shards_tui.games.shards.steps import AnswerFn, StepFn
from shards_tui.games.shards.text import condition_text
from shards_tui.games.shards.zones import Table

MAX_STEPS_PER_MOVE = 5_000


class EndlessResolution(RuntimeError):
    """Card effects kept starting each other without end: a rules bug, never a legal position."""

    def __init__(self) -> None:
        super().__init__(f"card effects kept triggering each other past {MAX_STEPS_PER_MOVE} steps")


def _player_unmet(t: Table, card: CardDef, group: list[fx.Step], chosen: fx.Step | None,
                  failed: list[fx.Step]) -> None:
    """Every failed condition says so, whether its step is an extra ("Unify: gain 6 health") or an
    alternative ("Echo: gain 6 power instead"); only the mastery tiers of an alternative stay
    quiet: "Mastery 20: ... instead" not yet reached is the usual case, not a missed chance."""
    for step in failed:
        if not (step.instead and isinstance(step.when, fx.MasteryAtLeast)):
            t.event(f"{card.name}: “{condition_text(step.when).rstrip(':')}” is not met, "
                    "so that part does nothing.")


@dataclass(frozen=True)
class SeatRules:
    """How one kind of seat carries out card text."""

    steps: dict[type, StepFn]  # step kind -> what it does for this seat
    holds: Callable[[Table, Frame, fx.Condition], bool]  # judges a step's condition
    unmet: Callable[[Table, CardDef, list[fx.Step], fx.Step | None, list[fx.Step]], None]  # the log of failed ones
    after_step: Callable[[Table], object]  # a win that comes mid-card


PLAYER = SeatRules(steps=steps.STEPS, holds=conditions.holds, unmet=_player_unmet,
                   after_step=lambda t: None)
NEMESIS = SeatRules(steps=nemesis_seat.STEPS, holds=nemesis_seat.holds, unmet=nemesis_seat.unmet,
                    after_step=nemesis_seat.wins_by_mastery)

# decision kind -> what its answer does (the Nemesis's questions are put to the player)
ANSWERS: dict[str, AnswerFn] = {**steps.ANSWERS, **nemesis_seat.ANSWERS}


def run(t: Table) -> None:
    """Carry out steps until the stack is empty, a decision is pending or the game is over."""
    state = t.state
    done = 0
    while state.stack and state.pending is None and not state.over:
        done += 1
        if done > MAX_STEPS_PER_MOVE:
            raise EndlessResolution()
        frame = state.stack[-1]
        card = t.card(frame.source)
        groups = card.groups(frame.part)
        if frame.next_group >= len(groups):
            state.stack.pop()
            continue
        group = groups[frame.next_group]
        frame.next_group += 1
        seat = NEMESIS if state.me.nemesis else PLAYER
        chosen, failed = None, []
        for step in group:
            if step.when is None or seat.holds(t, frame, step.when):
                chosen = step
            else:
                failed.append(step)
        if chosen is not None:
            seat.steps[type(chosen)](t, frame, chosen)
            _settle_forced(t)
        seat.unmet(t, card, group, chosen, failed)
        seat.after_step(t)


def _settle_forced(t: Table) -> None:
    """A question with exactly one possible answer (take all of the only options) is answered."""
    decision = t.state.pending
    if decision is not None:
        ids = decision.option_ids()
        if decision.min == decision.max == len(ids):
            t.state.pending = None
            answer(t, decision, ids)


def answer(t: Table, decision: Decision, chosen: list[str]) -> None:
    """Carry out the answer to a question a card's step asked (already checked against its
    options and bounds, and no longer pending); ``run`` then carries on."""
    ANSWERS[decision.kind](t, decision, chosen)
