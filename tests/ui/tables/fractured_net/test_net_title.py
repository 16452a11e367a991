"""The title offers The Fractured Net's own screens (deck builder, collection) and, since its
ranked games are rated, its leaderboard, once the game is chosen in the picker; not for a game
without them."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import DataTable, OptionList, Static

from shards_tui.core.ratings import Ratings, bot_player, local_player
from shards_tui.ui.app import ShardsApp
from shards_tui.ui.screens.leaderboard import LeaderboardScreen
from shards_tui.ui.tables.fractured_net.deck_screens import NetCollection, NetDeckBuilder
from tests.ui.waiting import until

SIZE = (100, 34)


def menu_ids(app) -> list[str]:
    menu = app.screen.query_one("#menu", OptionList)
    return [menu.get_option_at_index(i).id for i in range(menu.option_count)]


async def choose_game(pilot, game_id: str) -> None:
    games = pilot.app.screen.query_one("#games", OptionList)
    games.highlighted = games.get_option_index(game_id)
    await pilot.pause()


async def select(pilot, oid: str) -> None:
    menu = pilot.app.screen.query_one("#menu", OptionList)
    menu.focus()
    menu.highlighted = menu.get_option_index(oid)
    await pilot.press("enter")
    await pilot.pause()


async def test_the_chosen_games_own_screens_open_from_the_title() -> None:
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert not any(i.startswith("screen:") or i == "leaderboard" for i in menu_ids(app))
        await choose_game(pilot, "fractured_net")
        ids = menu_ids(app)
        assert ["screen:0", "screen:1", "leaderboard"] == [i for i in ids if i.startswith("screen")
                                                            or i == "leaderboard"]
        await select(pilot, "screen:0")
        assert isinstance(app.screen, NetDeckBuilder)
        await pilot.press("escape")
        await pilot.pause()
        await select(pilot, "screen:1")
        assert isinstance(app.screen, NetCollection)
        await pilot.press("escape")
        await pilot.pause()
        await choose_game(pilot, "shards")  # a game without its own screens: the entries go
        assert not any(i.startswith("screen:") for i in menu_ids(app))


async def test_the_leaderboard_shows_rating_games_and_win_rate(home: Path) -> None:
    ana, ben = local_player("Ana"), bot_player("greedy")
    ratings = Ratings()
    ratings.record_seats("fractured_net", [ana, ben], [0])
    ratings.record_seats("fractured_net", [ana, ben], [0])
    ratings.record_seats("fractured_net", [ana, ben], [1])
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await choose_game(pilot, "fractured_net")
        await select(pilot, "leaderboard")
        screen = app.screen
        assert isinstance(screen, LeaderboardScreen)
        table = screen.query_one("#board", DataTable)
        rows = [table.get_row_at(i) for i in range(table.row_count)]
        assert rows[0][1:] == ["Ana", "hot-seat", rows[0][3], "3", "67%"]
        assert rows[1][1:3] == ["greedy bot", "bot"] and rows[1][4:] == ["3", "33%"]
        assert int(rows[0][3]) > int(rows[1][3])


async def test_an_empty_leaderboard_says_how_to_get_on_it() -> None:
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(LeaderboardScreen("fractured_net"))
        await pilot.pause()
        note = str(app.screen.query_one("#board-note", Static).render())
        assert note.startswith("No ranked games yet")
        assert not app.screen.query_one("#board", DataTable).display


async def test_a_ranked_game_at_one_keyboard_updates_the_ratings_once_when_it_ends() -> None:
    from shards_tui.core.registry import game

    setup = {"kind": "new", "seed": 3, "mode": "ranked",
             "players": [{"name": "Ana"}, {"name": "Ben", "bot": "greedy"}]}
    ctl = game("fractured_net").controller.build(setup)
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.start_game(ctl)
        await pilot.pause()
        table = app.screen
        table.session.hold("test")  # the bot waits: the test ends the game itself
        table.session.send("concede", 0)
        await pilot.pause()
        await pilot.pause()
        assert ctl.over
        table._sync()  # the result again: rated once only
        await pilot.pause()
    rows = {r.name: r for r in Ratings().leaderboard("fractured_net")}
    assert rows["Ana"].games == 1 and rows["Ana"].wins == 0
    assert rows["greedy bot"].games == 1 and rows["greedy bot"].wins == 1


def _autosave(home: Path, names: tuple[str, str], n: int) -> None:
    import os

    from shards_tui.core import saves
    from shards_tui.core.registry import game

    setup = {"kind": "new", "seed": n, "players": [{"name": names[0]}, {"name": names[1]}]}
    path = home / ("autosave.json" if n == 1 else f"autosave-{n}.json")
    saves.save(game("fractured_net").controller.build(setup), path)
    os.utime(path, (1000 + n, 1000 + n))  # the higher n, the newer


@pytest.mark.parametrize("games", [1, 2, 7])
async def test_the_title_with_resume_entries_fits_80x24_with_this_games_entries(home: Path,
                                                                                 games: int) -> None:
    for n in range(1, games + 1):
        _autosave(home, (f"A{n}", f"B{n}"), n)
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await choose_game(pilot, "fractured_net")
        ids = menu_ids(app)
        assert ids[-1] == "quit" and "leaderboard" in ids
        assert app.screen.query_one("#title-box").max_scroll_y == 0  # nothing scrolls away
        assert not app.screen.query_one("#resume-banner").display  # the entries say it
        if games <= 2:
            assert [i for i in ids if i.startswith("resume")] == ["resume", "resume:1"][:games]
            return
        resumes = [i for i in ids if i.startswith("resume")]  # the newest (as many as fit),
        assert resumes[0] == "resume" and resumes[-1] == "resume-more"  # the rest behind one
        assert len(resumes) < games + 1
        await select(pilot, "resume-more")
        picker = app.screen.query_one("#resume-games", OptionList)
        assert picker.option_count == games
        assert "A1, B1" in str(picker.get_option_at_index(games - 1).prompt)  # the oldest, last
        picker.highlighted = games - 1
        await pilot.press("enter")
        await until(pilot, lambda: app.controller is not None)
        assert app.controller.seat_names() == ["A1", "B1"]
