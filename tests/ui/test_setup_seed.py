"""The hot-seat setup screen: the seed is random and shown to nobody unless a player types
one, and with two people at the keyboard the screen says what a known seed gives away."""

from __future__ import annotations

from textual.widgets import Input, Select

from shards_tui.ui.app import ShardsApp
from tests.ui.test_setup import SIZE, FakeTable, _fake_table, open_setup  # noqa: F401  (_fake_table: autouse)


async def test_the_default_seed_is_secret_and_random() -> None:
    seeds = []
    for _ in range(2):
        app = ShardsApp(cursor_blink=False)
        async with app.run_test(size=SIZE) as pilot:
            screen = await open_setup(pilot)
            assert screen.query_one("#seed", Input).value == ""  # nothing to read off the screen
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert isinstance(app.screen, FakeTable)
            seed = app.screen.controller.setup["seed"]
            assert 0 <= seed < 2**63
            seeds.append(seed)
    assert seeds[0] != seeds[1]


async def test_two_people_are_told_what_a_chosen_seed_gives_away() -> None:
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(pilot)
        note = screen.query_one("#seed-note")
        assert note.display and "work out the hidden cards" in str(note.render())
        screen.rows[1].query_one(".player-bot", Select).value = "greedy"  # one person left
        await pilot.pause()
        assert not note.display
        screen.rows[1].query_one(".player-bot", Select).value = "human"
        await pilot.pause()
        assert note.display


async def test_a_typed_seed_is_used_and_random_seed_clears_it() -> None:
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(pilot)
        seed = screen.query_one("#seed", Input)
        seed.value = "77"
        await pilot.press("ctrl+r")  # back to a random, secret seed
        await pilot.pause()
        assert seed.value == ""
        seed.value = "77"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen.controller.setup["seed"] == 77
