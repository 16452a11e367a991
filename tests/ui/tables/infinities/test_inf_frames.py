"""The terminal shows what the table is: the frames a game's keys send (each a repaint of the
rows that changed, rendered for those rows alone) leave every cell as a whole render of the
screen at that moment draws it. The cursor at 120x40, then at 80x24 the step out of the Rift:
a discovery, turned and placed (and the same at 120x40)."""

from __future__ import annotations

from pathlib import Path

import pytest

from inf_ui_support import new_game, settle, table

import shards_tui.ui.app
from shards_tui.ui.app import ShardsApp
from shards_tui.ui.textual_compat.changed_renders import whole_now


def _cells(strips) -> list:
    return [(char, segment.style) for strip in strips for segment in strip for char in segment.text]


class TerminalApp(ShardsApp):
    """Keeps the cells of a terminal as the frames it is given would leave them."""

    CSS_PATH = [str(Path(shards_tui.ui.app.__file__).parent / path) for path in ShardsApp.CSS_PATH]
    cells: list[list] | None = None

    def _display(self, screen, renderable) -> None:  # type: ignore[no-untyped-def]
        if renderable is not None:
            self._take(renderable)
        super()._display(screen, renderable)

    def _take(self, update) -> None:  # type: ignore[no-untyped-def]
        width, height = self.size
        if self.cells is None or len(self.cells) != height or len(self.cells[0]) != width:
            self.cells = [[None] * width for _ in range(height)]
        if hasattr(update, "spans"):  # a repaint of what changed
            for y, x1, x2 in update.spans:
                for end, (x, strip) in zip(update.chop_ends[y], update.chops[y].items()):
                    if strip is None or end <= x1 or x >= x2:
                        continue
                    row = _cells([strip])
                    for cell in range(max(x, x1), min(end, x2)):
                        self.cells[y][cell] = row[cell - x]
        else:  # a whole region
            for y, line in enumerate(update.strips, update.region.y):
                row = _cells(line)
                self.cells[y][update.region.x:update.region.x + len(row)] = row


def _wrong(app: TerminalApp) -> list[tuple[int, int]]:
    whole = [_cells([strip]) for strip in whole_now(app.screen)]
    assert app.cells is not None
    return [(y, x) for y, row in enumerate(whole) for x, cell in enumerate(row)
            if app.cells[y][x] != cell]


@pytest.mark.parametrize("small", [True, False], ids=["80x24", "120x40"])
async def test_the_frames_of_a_turn_leave_the_terminal_as_a_whole_render_draws_it(small) -> None:
    ctl = new_game(2)
    app = TerminalApp(ctl, cursor_blink=False, bot_pace=30)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table(app)
        assert _wrong(app) == []
        # At 120x40 the hand's page, back after the discovery in the place it was last painted,
        # was left showing the tile list on the terminal.
        steps = (["9"], ["3"], ["c"], *(["80x24"] if small else []), ["9"], ["c"], ["8", "enter"],
                 ["right"], ["left"], ["enter"])
        for keys in steps:  # the cursor; out of the Rift: a discovery, turned, placed
            if keys == "80x24":
                await pilot.resize_terminal(80, 24)
            else:
                await pilot.press(*keys)
            await settle(pilot)
            assert _wrong(app) == [], keys
        assert [h.text for h in ctl.history][:1] == ["move n"]
