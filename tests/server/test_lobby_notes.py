"""What the lobby says about a waiting table, and where the server's log says a player was."""

from __future__ import annotations

from pathlib import Path

from server_support import ANA, BEN, FakeLink

from shards_tui.server.auth import Identity
from shards_tui.server.served_app import ServedApp
from shards_tui.server.tables import Hub
from shards_tui.ui.textual_compat.widgets import screen_text


def _text(app: ServedApp) -> str:
    return screen_text(app.screen)


async def test_the_lobby_says_a_table_waits_only_while_it_waits(tmp_path: Path) -> None:
    hub = Hub(tmp_path, bot_pace=60)
    ana = ServedApp(hub, ANA, link=FakeLink(), cursor_blink=False)
    cy = ServedApp(hub, Identity("cy", "SHA256:cccc"), link=FakeLink(), cursor_blink=False)
    async with ana.run_test(size=(120, 40)) as pa, cy.run_test(size=(120, 40)) as pc:
        assert ana.whereabouts() == "at no table"
        ana.create_table({"game": "shards", "players": 2, "bots": [None, None]})
        cy.open_table(1, watch=True)
        await pa.pause(0.4)
        await pc.pause(0.4)
        assert "Your table 1 is waiting for 1 more player; the game opens here" in _text(ana)
        assert "You are watching table 1: it is waiting for 1 more player" in _text(cy)
        assert (ana.whereabouts(), cy.whereabouts()) == ("table 1, seat 1", "watching table 1")
        hub.join(hub.tables[1], BEN)  # the last seat is taken: the game starts
        await pa.pause(0.4)
        await pc.pause(0.4)
        for app in (ana, cy):
            assert app.screen is app.table_screen
            assert app.lobby_note() == ""
            assert "waiting for" not in _text(app) and "every seat" not in _text(app)


async def test_a_table_that_is_gone_is_not_said_to_wait(tmp_path: Path) -> None:
    hub = Hub(tmp_path, bot_pace=60)
    ana = ServedApp(hub, ANA, link=FakeLink(), cursor_blink=False)
    async with ana.run_test(size=(120, 40)) as pilot:
        ana.create_table({"game": "shards", "players": 2, "bots": [None, None]})
        await pilot.pause(0.4)
        assert ana.lobby_note()
        ana.give_up_seat(1)  # the only person leaves: the table goes
        await pilot.pause(0.4)
        assert ana.lobby_note() == "" and ana.whereabouts() == "at no table"
        assert "No tables yet" in _text(ana)
