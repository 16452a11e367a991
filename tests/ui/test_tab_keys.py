"""Tab in the real app: it moves the focus as its key arrives (so text typed behind it in one
burst lands in the next field), except where the focused widget binds Tab itself: the command
line completes with it."""

from __future__ import annotations

from shards_tui.ui.app import ShardsApp
from shards_tui.ui.widgets.command_line import CommandLine
from tests.games.fractured_net.fn_helpers import fn_game
from tests.ui.waiting import until


async def test_tab_completes_in_the_command_line_of_the_app() -> None:
    """Found playing: the app's Tab moved the focus away from the command line instead."""
    app = ShardsApp(fn_game(seed=4), bots={1: "greedy"}, cursor_blink=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: bool(app.screen.query(CommandLine)))
        await pilot.press("colon")
        line = app.screen.query_one(CommandLine)
        await until(pilot, lambda: app.focused is line)
        await pilot.press(*"ke", "tab")
        await until(pilot, lambda: line.value == "keep")
        assert app.focused is line
