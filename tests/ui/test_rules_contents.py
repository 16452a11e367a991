"""The contents of the rules browser: labels short enough to read, a column wide enough for
them from 100 columns (where the contents show at first), and the text pane left as wide as
before at 80x24."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from textual.widgets import Tree

from shards_tui.ui.app import ShardsApp
from shards_tui.ui.screens.rules import RulesScreen, contents_labels


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SHARDS_TUI_HOME", str(tmp_path))
    return tmp_path


def test_labels_drop_a_closing_remark_unless_two_would_read_the_same() -> None:
    assert contents_labels(["Rulings chosen by this app (the rulebook is silent)",
                            "Card notes (Relics of the Future)", "Card notes", "Variant: Relic Draft",
                            "Attack (phase) order"]) == [
        "Rulings chosen by this app", "Card notes (Relics of the Future)", "Card notes",
        "Variant: Relic Draft", "Attack (phase) order"]


async def _contents(size: tuple[int, int], show: bool | None = None):
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=size) as pilot:
        app.open_rules("shards")
        deadline = time.monotonic() + 20
        while not (isinstance(app.screen, RulesScreen) and app.screen._built):
            assert time.monotonic() < deadline, "the rules did not open"
            await pilot.pause(0.05)
        viewer = app.screen.query_one("#rules-viewer")
        if show is not None:
            viewer.show_table_of_contents = show
        await pilot.pause(0.2)
        toc = viewer.table_of_contents
        tree = toc.query_one(Tree)
        labels = [node.label.plain.split(" ", 1)[1] for node in _nodes(tree.root)]
        return labels, tree.outer_size.width, toc.content_region.width, viewer.document.size.width


def _nodes(node):
    for child in node.children:
        yield child
        yield from _nodes(child)


@pytest.mark.parametrize("width", [100, 110, 119, 120])
async def test_every_label_is_read_in_full_from_100_columns(width: int) -> None:
    labels, tree_width, room, text_width = await _contents((width, 40))
    assert "Relics of the Future: relics" in labels
    assert "Variant: Single Player Nemesis Challenge" in labels
    assert "Card notes (Relics of the Future)" in labels
    assert "Rulings chosen by this app" in labels
    assert tree_width <= room  # nothing cut off on the right
    # The text keeps the rest: from 44 columns at 100 (an indent of two columns a level,
    # not four, leaves it two more) to 60 and more from 120.
    assert text_width >= (60 if width >= 120 else width - 56)


async def test_the_contents_do_not_squeeze_the_text_at_80x24() -> None:
    *_, room, text_width = await _contents((80, 24), show=True)  # ctrl+t shows them there
    assert room <= 34 and text_width >= 38
    *_, text_width = await _contents((80, 24))
    assert text_width >= 70  # hidden at first, as before
