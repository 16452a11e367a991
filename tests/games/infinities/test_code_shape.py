"""The shape of the Infinities rules code: one interpreter whose dispatch table covers every
step kind of the vocabulary, one check per move (the same for a move and for listing it as
legal), and imports one way."""

from __future__ import annotations

import typing

from shards_tui.games.infinities import actions, interpreter
from shards_tui.games.infinities import commands as cm
from shards_tui.games.infinities import effects as fx
from shards_tui.games.infinities import plot_vocab as pv
from tests.code_shape import ROOT, import_circles, waiting_imports

FOLDER = ROOT / "shards_tui" / "games" / "infinities"


def test_every_step_kind_has_its_one_step_function():
    """Card steps and the Adventure's plot steps: one vocabulary, one dispatch table."""
    kinds = set(typing.get_args(typing.get_args(fx.Step)[0]))
    assert len(kinds) == len(fx.STEP_KINDS) == 15
    chapter_kinds = set(typing.get_args(typing.get_args(pv.ChapterStep)[0]))
    assert kinds < chapter_kinds and len(chapter_kinds - kinds) == len(pv.PLOT_STEP_KINDS)
    assert set(interpreter.STEPS) == chapter_kinds


def test_every_move_outside_an_answer_has_a_check_and_a_run():
    moves = {c for c in cm.COMMANDS.by_verb.values() if not issubclass(c, cm.Choose)} - {cm.Concede}
    assert set(actions.CHECKS) == moves and set(actions.RUNS) == moves


def test_no_import_circles():
    assert import_circles(FOLDER) == []


def test_imports_inside_functions_say_why_they_wait():
    unexplained = [(f, n) for f, n, why in waiting_imports(FOLDER) if "Deferred" not in why]
    assert unexplained == []
