"""Keys that open and close screens faster than they are drawn never end the app."""

from __future__ import annotations

import asyncio

from shards_tui.ui.app import ShardsApp
from shards_tui.ui.screens.rules import RulesScreen
from shards_tui.ui.tables.shards.screen import ShardsTable
from tests.ui.tables.shards.shards_ui_support import NEW_GAME, build


def _run(scenario) -> ShardsApp:
    app = ShardsApp(cursor_blink=False)

    async def run() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await scenario(app, pilot)
            await pilot.pause(0.2)

    asyncio.run(run())
    return app


def test_a_screen_closed_before_it_is_drawn_leaves_the_app_running():
    async def open_and_close(app, pilot):
        for _ in range(3):
            app.push_screen(RulesScreen("shards"))
            app.pop_screen()
        await pilot.pause()
        assert app.is_running

    app = _run(open_and_close)
    assert app._exception is None
    assert app.return_code in (None, 0)


def test_an_action_for_a_screen_not_yet_drawn_is_dropped():
    async def act_early(app, pilot):
        screen = ShardsTable(build(NEW_GAME))
        app.call_next(screen.say, "early")  # runs before the screen below has its status line
        app.push_screen(screen)
        await pilot.pause()
        assert app.is_running

    app = _run(act_early)
    assert app._exception is None


def test_a_worker_of_a_closed_screen_that_fails_leaves_the_app_running():
    from textual.screen import Screen
    from textual.widgets import Static

    class Slow(Screen[None]):
        def compose(self):
            yield Static("slow", id="slow-text")

        def on_mount(self) -> None:
            self.run_worker(self.later(), exit_on_error=True)

        async def later(self) -> None:
            await asyncio.sleep(0.05)
            self.query_one("#slow-text", Static).update("done")  # gone once the screen closed

    async def open_and_close(app, pilot):
        app.push_screen(Slow())
        await pilot.pause()
        app.pop_screen()
        await pilot.pause(0.2)
        assert app.is_running

    app = _run(open_and_close)
    assert app._exception is None


def test_an_opponent_panel_shown_again_before_it_is_built_shows_the_newest_numbers() -> None:
    """A second move can arrive while the opponents' panels from the first are still being
    mounted (a busy machine, right after a hand-off): the newest numbers wait for the build."""
    import asyncio

    from textual.app import App

    from shards_tui.ui.tables.shards.describe import PlayerInfo
    from shards_tui.ui.tables.shards.player_panel import OpponentPanel, OpponentsBar

    def ben(health: int) -> list:
        return [(PlayerInfo(seat=1, name="Ben", slug="ben", character="Volos",
                            faction="undergrowth", health=health, mastery=0, hand_count=5,
                            deck_count=5, discard_count=0), [])]

    class Host(App[None]):
        def compose(self):
            yield OpponentsBar()

    async def run() -> str:
        app = Host()
        async with app.run_test(size=(80, 10)) as pilot:
            bar = app.query_one(OpponentsBar)
            bar.show(ben(50))  # mounts the panel...
            bar.show(ben(41))  # ...and this arrives before it is composed
            await pilot.pause()
            await pilot.pause()
            return app.query_one(OpponentPanel).query_one(".stats").plain

    assert "♥ 41 health" in asyncio.run(run())
