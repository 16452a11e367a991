"""The shape of the Shards rules code: one interpreter for every seat, and imports one way.

- Every step kind of the vocabulary has a step function for a player and one for the Nemesis,
  and every condition kind is judged for both (interpreter.py): a new kind cannot be added for
  one seat and forgotten for the other.
- The Nemesis's turn (nemesis.py) does not read card text: the one interpreter does.
- No modules of games/shards import each other in a loop; an import inside a function says
  why it waits (startup).
"""

from __future__ import annotations

import typing
from pathlib import Path

from shards_tui.games.shards import effects as fx
from shards_tui.games.shards import interpreter, nemesis_seat
from shards_tui.games.shards.conditions import CONDITIONS
from tests.code_shape import ROOT, import_circles, import_graph, waiting_imports

FOLDER = ROOT / "shards_tui" / "games" / "shards"


def _kinds(union: object) -> set[type]:
    return set(typing.get_args(typing.get_args(union)[0]))


def test_every_step_kind_has_a_step_function_for_each_seat():
    kinds = _kinds(fx.Step)
    assert len(kinds) >= 10
    assert set(interpreter.PLAYER.steps) == kinds
    assert set(interpreter.NEMESIS.steps) == kinds


def test_every_condition_kind_is_judged_for_each_seat():
    kinds = _kinds(fx.Condition)
    assert set(CONDITIONS) == kinds
    by_nemesis = set(nemesis_seat.KEYWORDS) | set(nemesis_seat.JUDGED_AS_FOR_A_PLAYER) | {fx.AllOf}
    assert by_nemesis == kinds


def test_the_nemesis_turn_reads_no_card_text():
    graph = import_graph(FOLDER)
    assert "shards_tui.games.shards.effects" not in graph["shards_tui.games.shards.nemesis"]
    assert "shards_tui.games.shards.interpreter" in graph["shards_tui.games.shards.nemesis"]


def test_no_import_circles():
    assert import_circles(FOLDER) == []


def test_the_checks_find_a_circle_and_an_unexplained_import(tmp_path: Path):
    folder = tmp_path / "probe"
    folder.mkdir()
    (folder / "__init__.py").write_text("")
    (folder / "a.py").write_text("def f():\n    from probe import b\n")
    (folder / "b.py").write_text("from probe.a import f\n")
    assert import_circles(folder, tmp_path) == [["probe.a", "probe.b", "probe.a"]]
    assert waiting_imports(folder) == [("a.py", 2, "")]


def test_imports_inside_functions_say_why_they_wait():
    unexplained = [(f, n) for f, n, why in waiting_imports(FOLDER) if "Deferred" not in why]
    assert unexplained == []
