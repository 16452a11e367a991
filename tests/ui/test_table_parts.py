"""The table base is one screen and parts that own their state, not a chain of mixins.

``TableScreen`` follows the game and sends the moves; the hand-off, the bots, the shell's
keys, the overlays, the autosave, take-backs, the turn start and the end of the game are
parts, each in its module, that read the table through ``surface.TableSurface`` and post
their news to it as messages. A part that imported the screen or another part would tie
them together again (each could then only be read, tested or changed with the others).
"""

from __future__ import annotations

from shards_tui.ui.tables.base.hooks import TableHooks
from shards_tui.ui.tables.base.screen import TableScreen
from shards_tui.ui.textual_compat.one_frame import OneFrame
from tests.code_shape import ROOT, package_graph

BASE = "shards_tui.ui.tables.base"
PARTS = ("autosave", "bots", "handoff", "keys", "overlays", "result", "takeback", "turn_start")


def test_the_table_screen_is_built_on_its_hooks_alone():
    """No mixins: the app's own classes in the screen's ancestry are the screen, the hooks a
    game's table implements, and the one-frame refresh (Textual's, behind its door)."""
    ours = [cls for cls in TableScreen.__mro__ if cls.__module__.startswith("shards_tui.")]
    assert ours == [TableScreen, TableHooks, OneFrame]


def test_each_part_reads_the_table_through_its_surface_only():
    graph = package_graph(ROOT / "shards_tui")
    reach = {part: sorted(m.removeprefix(BASE + ".") for m in graph[f"{BASE}.{part}"]
                          if m.startswith(BASE + "."))
             for part in PARTS}
    assert reach == {part: ["surface"] for part in PARTS}
