"""33.14: the New game screen remembers the last settings of each game (never the seed); a game
for one number of players offers no Add/Remove player; the title shows every registered game
at 80x24; Resume entries say when each game was last played, counted as the game counts."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest
from textual.widgets import Button, Input, Select

from shards_tui.core import saves
from shards_tui.core.registry import game, listings
from shards_tui.ui.app import ShardsApp
from shards_tui.ui.screens.setup import SetupScreen
from shards_tui.ui.screens.setup_options import OptionsBox
from shards_tui.ui.screens.title import AutosaveCheck, played_when, resume_prompt
from shards_tui.ui.widgets.variant_picker import VariantPicker
from tests.ui.new_game_support import FakeTable
from tests.ui.part_app import screen_text

SIZE = (100, 34)


@pytest.fixture(autouse=True)
def _fake_table(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import shards_tui.ui.tables.shards.screen as table

    monkeypatch.setattr(table, "ShardsTable", FakeTable)


async def _open(pilot, game_id: str) -> SetupScreen:
    pilot.app.new_game(game_id)
    for _ in range(5):
        await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, SetupScreen)
    return screen


async def test_a_new_game_opens_with_the_players_variants_and_picks_last_started() -> None:
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open(pilot, "shards")
        await screen.action_add_player()
        await pilot.pause()
        for row, name in zip(screen.rows, ["Ana", "Ben", "Cy"]):
            row.query_one(".player-name", Input).value = name
        screen.rows[1].bot_value = "greedy"
        screen.rows[0].query_one(".player-character", Select).value = "tetra"
        screen.query_one(VariantPicker).set_expansion("relics", False)
        screen.query_one("#seed", Input).value = "1234"
        await pilot.pause()
        screen.action_start()
        await pilot.pause()
        assert isinstance(app.screen, FakeTable)
        app.return_to_title()
        await pilot.pause()
        again = await _open(pilot, "shards")
        await pilot.pause()
        assert [r.name_value for r in again.rows] == ["Ana", "Ben", "Cy"]
        assert [r.bot_value for r in again.rows] == [None, "greedy", None]
        assert again.rows[0].character_value == "tetra"
        assert again.sets == ["base"]
        assert again.query_one("#seed", Input).value == ""  # never the seed


async def test_a_games_options_are_remembered_mode_and_timer_too() -> None:
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open(pilot, "fractured_net")
        box = screen.query_one(OptionsBox)
        box.query_one("#mode-choice", Select).value = "ranked"
        box.query_one("#timer-choice", Select).value = "on"
        box.query_one("#turn_seconds-number", Input).value = "60"
        screen.rows[0].query_one(".player-name", Input).value = "Ana"
        screen._remember()  # (what Start does once the game is built)
        screen.action_back()
        await pilot.pause()
        again = await _open(pilot, "fractured_net")
        values = again.query_one(OptionsBox).raw_values()
        assert (values["mode"], values["timer"], values["turn_seconds"]) == ("ranked", "on", "60")
        assert again.rows[0].name_value == "Ana"
        other = await _open(pilot, "disco")  # per game: Disco's form is its own
        assert other.rows[0].name_value == "Player 1"


async def test_a_broken_or_foreign_memory_sets_nothing_the_form_could_not(home) -> None:
    (home / "preferences.json").write_text(json.dumps({"new_game.shards": {
        "seats": [{"name": "\x1b[31mEve" + "x" * 50, "bot": "god", "role": "nobody"},
                  {"name": 7}, "junk"],
        "variants": ["no_such_variant"], "sets": ["base", "nope"],
        "options": {"nemesis": "not_a_character"}}}))
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open(pilot, "shards")
        names = [r.name_value for r in screen.rows]
        assert names[0].startswith("[31mEve") and len(names[0]) <= 24 and "\x1b" not in names[0]
        assert [r.bot_value for r in screen.rows] == [None, None]
        assert screen.rows[0].character_value is None and screen.variants == []


async def test_a_game_for_two_offers_no_add_or_remove_player() -> None:
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open(pilot, "disco")
        assert game("disco").min_players == game("disco").max_players == 2
        assert not screen.query_one("#add-player", Button).display
        assert not any(b.display for b in screen.query(".remove-player").results(Button))
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert len(screen.rows) == 2
        assert "Add player" not in screen_text(app)
        shards = await _open(pilot, "shards")  # 2-4 players: both offered
        assert shards.query_one("#add-player", Button).display


async def test_the_title_shows_every_registered_game_at_80x24(home) -> None:
    for n in range(8):  # a full Resume list as well
        ctl = game("shards").controller.build({"kind": "new", "seed": n, "players": [
            {"name": "Ana"}, {"name": "Ben"}]})
        saves.save(ctl, home / ("autosave.json" if n == 0 else f"autosave-{n + 1}.json"))
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(5):
            await pilot.pause()
        text = screen_text(app)
        for listing in listings():
            assert listing.title in text, listing.title
        assert "Quit" in text and "Resume" in text


def test_resume_entries_say_when_and_count_as_the_game_counts(tmp_path) -> None:
    disco = game("disco").controller.build({"kind": "new", "seed": 3, "players": [
        {"name": "Ana"}, {"name": "Ben"}]})
    path = tmp_path / "autosave.json"
    saves.save(disco, path)
    text = resume_prompt(AutosaveCheck(controller=disco, path=path)).plain
    assert "just now" in text and "round 1" in text and "turn" not in text
    shards = game("shards").controller.build({"kind": "new", "seed": 3, "players": [
        {"name": "Ana"}, {"name": "Ben"}]})
    assert "turn 1" in resume_prompt(AutosaveCheck(controller=shards, path=path)).plain
    now = time.time()
    for ago, words in [(5 * 60, "5 min ago"), (3 * 86400, "3 days ago")]:
        os.utime(path, (now - ago, now - ago))
        assert played_when(path, now) == words
    os.utime(path, (now - 40 * 86400, now - 40 * 86400))
    assert played_when(path, now) == time.strftime("%d %b", time.localtime(now - 40 * 86400)).lstrip("0")
