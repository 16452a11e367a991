"""The Statistics screen in the real app: the title's 's' opens the chosen game's numbers from
the kept games, and its charts (textual-plotext) draw the win rates, the lengths and a chosen
game's figures turn by turn; 'g' goes to the next game."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from textual.widgets import TabbedContent

from shards_tui.core import history, saves
from shards_tui.core.ratings import Ratings, bot_player, local_player
from shards_tui.ui.app import ShardsApp
from shards_tui.ui.screens.stats import StatsScreen
from tests.core.finished_games import finished_save
from tests.ui.waiting import until

START = datetime(2025, 5, 1, tzinfo=timezone.utc)


def drawn(app: ShardsApp, selector: str) -> str:
    """What a widget shows on screen now."""
    widget = app.screen.query_one(selector)
    return "\n".join(strip.text for strip in widget.render_lines(widget.region.reset_offset))


async def test_the_numbers_and_charts_of_the_chosen_game() -> None:
    app = ShardsApp(cursor_blink=False)
    for n, seed in enumerate((3, 4)):
        history.keep(saves.from_json(finished_save("shards", seed)), app.history_folder,
                     now=START + timedelta(hours=n))
    Ratings().record_seats("fractured_net", [local_player("Zed"), bot_player("greedy")], [0])
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, StatsScreen)
                       and app.screen.stats is not None)
        screen = app.screen
        assert "2 finished games" in drawn(app, "#stats-summary")
        table = drawn(app, "#stats-table")
        assert "Ana" in table and "By character" in table and "seat 2" in table
        await pilot.press("2")
        await pilot.pause()
        assert screen.query_one(TabbedContent).active == "win-rate"
        assert "Win rate after each game" in drawn(app, "#win-rate-plot")
        await pilot.press("3")
        await pilot.pause()
        assert "Game lengths" in drawn(app, "#lengths-plot")
        await pilot.press("4")
        await until(pilot, lambda: screen.track is not None)
        await pilot.pause()
        assert "Health by turn" in drawn(app, "#turn-plot")
        newest = history.entries(app.history_folder)[0]
        assert ", ".join(newest.players) in drawn(app, "#turn-game")
        await pilot.press("f")
        await pilot.pause()
        assert "Mastery by turn" in drawn(app, "#turn-plot")
        await pilot.press("right_square_bracket")
        await until(pilot, lambda: screen.track is not None and screen.track_game == 1)
        await pilot.press("g")
        await until(pilot, lambda: screen.game_id == "disco" and screen.stats is not None)
        assert "No finished game of" in drawn(app, "#stats-summary")
        await pilot.press("g")  # a rated game: its ranked ladder, from the ratings database
        await until(pilot, lambda: screen.game_id == "fractured_net"
                       and screen.stats is not None)
        await pilot.press("1")
        await pilot.pause()
        ladder = drawn(app, "#stats-table")
        assert "Ranked ladder" in ladder and "Zed" in ladder
        await pilot.press("escape")
        assert type(app.screen).__name__ == "TitleScreen"
