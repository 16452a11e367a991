"""The new-game set-up screen: players, names, characters, seed, and its messages."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.screen import Screen
from textual.widgets import Input, Select, Static

from shards_tui.core.registry import game
from shards_tui.ui.app import ShardsApp
from shards_tui.ui.screens.setup import PlayerRow, SetupScreen, validate_setup

SIZE = (100, 34)


class FakeTable(Screen):
    def __init__(self, controller, autosave_path=None) -> None:
        super().__init__()
        self.controller = controller


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SHARDS_TUI_HOME", str(tmp_path))
    import shards_tui.ui.screens.table as table

    monkeypatch.setattr(table, "TableScreen", FakeTable)
    return tmp_path


def error_text(screen: SetupScreen) -> str:
    widget = screen.query_one("#setup-error", Static)
    return str(widget.render()) if widget.display else ""


def set_name(row: PlayerRow, name: str) -> None:
    row.query_one(".player-name", Input).value = name


async def open_setup(pilot) -> SetupScreen:
    await pilot.press("n")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, SetupScreen)
    return screen


async def test_defaults_then_start_builds_the_game() -> None:
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(pilot)
        assert [r.name_value for r in screen.rows] == ["Player 1", "Player 2"]
        assert all(r.character_value is None for r in screen.rows)  # random by default
        screen.query_one("#seed", Input).value = "1234"
        set_name(screen.rows[0], "Ana")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, FakeTable)
        controller = app.screen.controller
        assert controller.seat_names() == ["Ana", "Player 2"]
        assert controller.setup["seed"] == 1234
        characters = [p.character for p in controller.state.players]
        assert len(set(characters)) == 2  # distinct random characters


async def test_add_and_remove_players_within_limits() -> None:
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(pilot)
        for _ in range(3):
            await pilot.press("ctrl+n")
            await pilot.pause()
        assert len(screen.rows) == 4
        assert "at most 4 players" in error_text(screen)
        assert screen.query_one("#add-player").disabled
        await screen.remove_player(screen.rows[1])
        await pilot.pause()
        assert [r.seat for r in screen.rows] == [1, 2, 3]
        assert [r.name_value for r in screen.rows] == ["Player 1", "Player 3", "Player 4"]
        await screen.remove_player(screen.rows[0])
        await screen.remove_player(screen.rows[0])
        await pilot.pause()
        assert len(screen.rows) == 2
        assert "at least 2 players" in error_text(screen)


@pytest.mark.parametrize(("names", "seed", "message"), [
    (["Ana", "  "], "5", "Player 2 needs a name."),
    (["Ana", "ana"], "5", "Players 1 and 2 are both called ana; names must differ."),
    (["Ana", "Ben"], "five", "The seed must be a whole number (or press New seed)."),
    (["Ana", "Ben"], "-1", "The seed must be a whole number from 0 to 9223372036854775807."),
])
async def test_validation_messages(names, seed, message) -> None:
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(pilot)
        for row, name in zip(screen.rows, names):
            set_name(row, name)
        screen.query_one("#seed", Input).value = seed
        screen.action_start()
        await pilot.pause()
        assert error_text(screen) == message
        assert app.screen is screen  # nothing started


async def test_the_same_character_twice_is_refused() -> None:
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(pilot)
        for row, name in zip(screen.rows, ["Ana", "Ben"]):
            set_name(row, name)
            row.query_one(".player-character", Select).value = "decima"
        screen.action_start()
        await pilot.pause()
        assert error_text(screen) == ("Ana and Ben both chose Decima (Homodeus); "
                                      "each character can lead one player.")


async def test_an_engine_refusal_is_one_sentence(monkeypatch) -> None:
    info = game("shards")

    def refuse(setup):
        raise ValueError("The engine says no.\nDetails nobody needs.")

    monkeypatch.setattr(info.controller, "build", refuse)
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(pilot)
        screen.action_start()
        await pilot.pause()
        assert error_text(screen) == "The engine says no."


async def test_long_names_are_cut_and_escape_goes_back() -> None:
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(pilot)
        name_input = screen.rows[0].query_one(".player-name", Input)
        name_input.value = ""
        name_input.focus()
        await pilot.press(*"x" * 30)
        assert len(name_input.value) == 24
        assert name_input.cursor_blink is False  # ShardsApp(cursor_blink=False)
        await pilot.press("escape")
        await pilot.pause()
        assert type(app.screen).__name__ == "TitleScreen"


def test_validate_setup_too_many_players() -> None:
    info = game("shards")
    setup, problem = validate_setup(["A", "B", "C", "D", "E"], [None] * 5, "1", info, {})
    assert setup is None and problem == "Shards of Infinity needs 2 to 4 players."
    setup, problem = validate_setup(["A", "B"], [None, "tetra"], " 42 ", info, {})
    assert problem is None
    assert setup == {"kind": "new", "seed": 42, "first": None,
                     "players": [{"name": "A", "character": None}, {"name": "B", "character": "tetra"}]}
