"""Infinities' teams are for 4 or 6 players: the New game screen and the lobby's new-table
dialog say so as the choice is made, before Start, and start nothing (the game's SetupSpec
says which counts each team mode is for; the shell reads it)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Select, Static

from shards_tui.core.registry import game
from shards_tui.ui.app import ShardsApp
from shards_tui.ui.screens.setup import SetupScreen
from tests.ui.new_game_support import DialogApp

TWO_V_TWO = "Teams 'Two teams of 2 (4 players)' is for 4 players, not 3."


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SHARDS_TUI_HOME", str(tmp_path))

    def never(setup):
        raise AssertionError("the game was built")

    monkeypatch.setattr(game("infinities").controller, "build", never)


def _error(screen, selector: str) -> str:
    widget = screen.query_one(selector, Static)
    return str(widget.render()) if widget.display else ""


async def test_the_new_game_screen_says_it_as_the_teams_are_chosen() -> None:
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=(100, 34)) as pilot:
        screen = SetupScreen("infinities")
        await app.push_screen(screen)
        await pilot.pause()
        await screen.action_add_player()
        await pilot.pause()
        assert len(screen.rows) == 3 and _error(screen, "#setup-error") == ""
        screen.query_one("#teams-choice", Select).value = "2v2"
        await pilot.pause()
        assert _error(screen, "#setup-error") == TWO_V_TWO
        screen.action_start()  # Start refuses it too, without building the game
        await pilot.pause()
        assert app.screen is screen and _error(screen, "#setup-error") == TWO_V_TWO
        await screen.action_add_player()
        await pilot.pause()
        assert _error(screen, "#setup-error") == ""  # four players: the teams fit
        assert screen.current_setup()[0]["teams"] == "2v2"


async def test_the_lobby_dialog_says_it_before_create() -> None:
    app = DialogApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        dialog = app.screen
        dialog.query_one("#game", Select).value = "infinities"
        await pilot.pause()
        dialog.query_one("#players", Select).value = 3
        await pilot.pause()
        dialog.query_one("#teams-choice", Select).value = "2v2"
        await pilot.pause()
        assert _error(dialog, "#new-error") == TWO_V_TWO
        dialog.action_create()
        await pilot.pause()
        assert app.result == [] and _error(dialog, "#new-error") == TWO_V_TWO
        dialog.query_one("#players", Select).value = 4
        await pilot.pause()
        assert _error(dialog, "#new-error") == ""
        dialog.action_create()
        await pilot.pause()
    assert app.result == [{"game": "infinities", "players": 4, "variant": "standard",
                           "bots": [None, None, "greedy", "greedy"],
                           "options": {"chapter": "skirmish", "teams": "2v2", "quickplay": False,
                                       "decks": "shared"}}]


def test_the_server_refuses_such_a_table(tmp_path: Path) -> None:
    from shards_tui.server.auth import Identity
    from shards_tui.server.tables import Hub

    hub = Hub(tmp_path, bot_pace=0)
    with pytest.raises(ValueError, match="is for 6 players, not 4"):
        hub.create(Identity("ana", "password"), "infinities", 4, [], options={"teams": "3v3"})
