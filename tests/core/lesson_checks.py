"""Checks every game's lesson tests make of its lesson files (through core, no Textual)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from shards_tui.core.lesson import Lesson

EXPLAINED = ("That is a legal move, but this step asks you to",
             "That move is allowed, but this step asks you to")


def explain_other_moves(path: Path, per_step: int) -> int:
    """Try up to ``per_step`` legal moves other than each step's own: each is explained and
    changes nothing (or, having the same effect, is accepted). Returns how many were explained."""
    lesson = Lesson.load(path)
    explained = 0
    while not lesson.done:
        step = lesson.step
        assert step is not None and step.do
        ctl = lesson.controller
        seat = lesson.seat_of(step)
        wanted = ctl.parse(step.do, seat)
        others = [t for t in ctl.legal_texts(seat) if ctl.parse(t, seat) != wanted][:per_step]
        for text in others:
            before, history = ctl.state_json(), len(ctl.history)
            outcome = lesson.try_command(text)
            if outcome.accepted:  # the same effect by other words (another copy, a position)
                break
            assert outcome.kind == "not_this_step", (text, outcome)
            assert outcome.message.startswith(EXPLAINED)
            assert ctl.state_json() == before and len(ctl.history) == history
            explained += 1
        else:
            assert lesson.try_command(step.do).accepted
    return explained


def take_every_step(lesson: Lesson, check: Callable[[Any], None] | None = None) -> None:
    """Play each step's own move to the lesson's end: every step names a move and says what
    to do, every move is accepted and counts one step (``check``: what more a game's test
    asserts of a step before its move is played)."""
    while not lesson.done:
        step = lesson.step
        assert step is not None and step.do and lesson.current_instruction
        if check is not None:
            check(step)
        before = lesson.progress[0]
        outcome = lesson.try_command(step.do)  # the step's 'expect' is checked here
        assert outcome.accepted, f"{step.do}: {outcome.message}"
        assert lesson.progress[0] == before + 1
    assert lesson.progress == (lesson.total, lesson.total)
