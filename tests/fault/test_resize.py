"""Shrinking the terminal to 40x12 and back during a game: no crash, the screen recovers.
Below 60x20 a notice covers the table and says how big the terminal must be."""

from __future__ import annotations

from shards_tui.core.registry import game
from shards_tui.ui.app import ShardsApp
from shards_tui.ui.screens.handoff import HandoffScreen
from shards_tui.ui.tables.shards.screen import ShardsTable
from shards_tui.ui.textual_compat.widgets import screen_text


def _screen_text(app) -> str:
    return screen_text(app.screen)


async def test_resize_down_to_40x12_and_back() -> None:
    ctl = game("shards").controller.build(
        {"kind": "new", "players": [{"name": "Ana"}, {"name": "Ben"}], "seed": 3, "first": 0})
    app = ShardsApp(ctl, cursor_blink=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.resize_terminal(40, 12)  # while the hand-off screen is up
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        assert "Enter" in _screen_text(app)
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ShardsTable)
        table = app.screen
        before = _screen_text(app)
        for size in [(40, 12), (60, 20), (41, 13), (40, 12)]:  # small, on the table
            await pilot.resize_terminal(*size)
            await pilot.pause()
            assert app.screen.size == size
            text = _screen_text(app)
            assert len(text.splitlines()) == size[1]
            notice = "needs at least 60x20" in " ".join(text.split())
            assert notice == (size != (60, 20)), (size, text)
            assert ("Log" in text) == (size == (60, 20))  # covered, not drawn over in part
        await pilot.press("h", "p", "a", "colon", "e", "enter")  # keys under the notice...
        await pilot.pause()
        assert ctl.history == [] and app.screen is table  # ...make no move
        await pilot.resize_terminal(60, 20)  # just big enough: the table takes keys again
        await pilot.pause()
        await pilot.press("h", "p")
        await pilot.pause()
        assert len(ctl.history) == 1
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, ShardsTable)
        after = _screen_text(app)
        assert len(after.splitlines()) == 40
        assert ctl.history[0].text.split()[0] == "play"
        for part in ("Log", "You may:"):
            assert part in before and part in after
        assert "needs at least" not in after
        assert "plays" in after  # the move made at 60x20 is on the recovered screen
