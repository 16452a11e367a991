"""The contents of the rules browser: labels short enough to read, a column wide enough for
them from 100 columns (where the contents show at first), and the text pane left as wide as
before at 80x24."""

from __future__ import annotations

import pytest

from shards_tui.ui.app import ShardsApp
from shards_tui.ui.screens.rules import RulesScreen, contents_labels
from shards_tui.ui.widgets.rules_view import RulesView


def test_labels_drop_a_closing_remark_unless_two_would_read_the_same() -> None:
    assert contents_labels(["Rulings chosen by this app (the rulebook is silent)",
                            "Card notes (Relics of the Future)", "Card notes", "Variant: Relic Draft",
                            "Attack (phase) order"]) == [
        "Rulings chosen by this app", "Card notes (Relics of the Future)", "Card notes",
        "Variant: Relic Draft", "Attack (phase) order"]


async def _contents(size: tuple[int, int], show: bool | None = None):
    """(labels, the contents' region, the width of a label's room, the text's width)."""
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=size) as pilot:
        app.open_rules("shards")
        for _ in range(200):  # turns of the app going idle, not a time
            if isinstance(app.screen, RulesScreen) and app.screen.query(RulesView) \
                    and app.screen.text.lines:
                break
            await pilot.pause()
        rules = app.screen
        if show is not None and rules.contents.display != show:
            await pilot.press("ctrl+t")
            await pilot.pause()
        await pilot.pause()
        contents = rules.contents
        labels = [label.strip() for label in contents.labels()]
        widest = max(len(label) for label in contents.labels())
        return labels, widest, contents.scrollable_content_region.width, \
            rules.text.scrollable_content_region.width, contents.display


@pytest.mark.parametrize("width", [100, 110, 119, 120])
async def test_every_label_is_read_in_full_from_100_columns(width: int) -> None:
    labels, widest, room, text_width, shown = await _contents((width, 40))
    assert shown
    assert "Relics of the Future: relics" in labels
    assert "Variant: Single Player Nemesis Challenge" in labels
    assert "Card notes (Relics of the Future)" in labels
    assert "Rulings chosen by this app" in labels
    assert widest <= room  # nothing cut off on the right
    assert text_width >= (60 if width >= 120 else width - 56)  # the text keeps the rest


async def test_the_contents_do_not_squeeze_the_text_at_80x24() -> None:
    *_, room, text_width, shown = await _contents((80, 24), show=True)  # ctrl+t shows them
    assert shown and room <= 34 and text_width >= 38
    *_, text_width, shown = await _contents((80, 24))
    assert not shown and text_width >= 70  # hidden at first, as before
