"""ctrl+l at a networked table goes back to the lobby: a player's seat stays theirs and waits
for them, as after a dropped connection; a spectator just leaves."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList

from server_support import ANA, BEN, FakeLink

from shards_tui.server.auth import Identity
from shards_tui.server.served_app import ServedApp
from shards_tui.server.tables import Hub
from shards_tui.ui.screens.keys import KeysScreen
from shards_tui.ui.widgets.key_hints import KeyHints

CY = Identity("cy", "SHA256:cccc")


def screen_name(app: ServedApp) -> str:
    return type(app.screen).__name__


async def test_a_player_goes_to_the_lobby_and_back_to_the_seat_kept(tmp_path: Path) -> None:
    hub = Hub(tmp_path, bot_pace=60)
    ana = ServedApp(hub, ANA, link=FakeLink(), cursor_blink=False)
    ben = ServedApp(hub, BEN, link=FakeLink(), cursor_blink=False)
    cy = ServedApp(hub, CY, link=FakeLink(), cursor_blink=False)
    async with (ana.run_test(size=(120, 40)) as pa, ben.run_test(size=(120, 40)) as pb,
                cy.run_test(size=(120, 40)) as pc):
        assert "lobby" not in {b.binding.action for b in ana.screen.active_bindings.values()}
        ana.create_table({"game": "shards", "players": 2, "bots": [None, None]})
        await pa.pause()
        ben.open_table(1)
        cy.open_table(1, watch=True)
        for pilot in (pa, pb, pc, pa):
            await pilot.pause(0.2)
        table = hub.tables[1]
        actor = table.controller.who_must_act()
        apps, pilots = (ana, ben), (pa, pb)
        leaver, stayer = apps[actor], apps[1 - actor]
        name = table.names()[actor]
        assert screen_name(leaver) == "ShardsTable"
        await pilots[actor].press("question_mark")  # the keys screen lists the key
        assert isinstance(leaver.screen, KeysScreen)
        assert any(r.key == "^l" and r.description == "Lobby" and r.where == "at a table"
                   for r in leaver.screen.rows)
        assert any(r.key == "^q" and r.where == "everywhere" for r in leaver.screen.rows)
        await pilots[actor].press("escape")

        await pilots[actor].press("ctrl+l")
        await pilots[actor].pause(0.4)
        await pilots[1 - actor].pause(0.4)
        assert screen_name(leaver) == "LobbyScreen" and leaver.whereabouts() == "at no table"
        assert table.seat_of(leaver.who) == actor and table.away(actor)  # kept, and away
        said = stayer.screen.query_one(KeyHints).text
        assert f"Waiting for {name}, who is in the lobby; the seat is kept for them." in said
        row = str(leaver.screen.query_one(OptionList).get_option("t1").prompt)
        assert row.endswith("\n  Enter: back to your seat")  # its own line: never cut in two
        spare = ServedApp(hub, leaver.who, link=FakeLink(), cursor_blink=False)
        hub.leave(spare)  # another connection of the same player ends: still in the lobby
        await pilots[1 - actor].pause(0.4)
        assert "who is in the lobby;" in stayer.screen.query_one(KeyHints).text

        await pilots[actor].press("home", "enter")  # choose the table again: the same seat
        await pilots[actor].pause(0.4)
        await pilots[1 - actor].pause(0.4)
        assert screen_name(leaver) == "ShardsTable" and leaver.table_screen.fixed_seat == actor
        assert not leaver._notifications  # "choose the table to go back" is done with
        assert not table.away(actor)
        assert "disconnected" not in stayer.screen.query_one(KeyHints).text

        await pc.press("ctrl+l")  # the spectator just leaves
        await pc.pause(0.4)
        assert screen_name(cy) == "LobbyScreen" and cy not in table.apps
        assert table.seat_of(CY) is None
        assert ana.is_running and ben.is_running and cy.is_running

        await pilots[actor].press("ctrl+l")  # to the lobby again, and then its connection ends
        await pilots[actor].pause(0.4)
        hub.leave(leaver)
        await pilots[1 - actor].pause(0.4)
        said = stayer.screen.query_one(KeyHints).text
        assert "who is disconnected; the seat is kept for them." in said


async def test_a_hot_seat_game_goes_to_the_lobby_and_can_be_resumed(tmp_path: Path,
                                                                   make_game) -> None:
    hub = Hub(tmp_path, bot_pace=60)
    ana = ServedApp(hub, ANA, link=FakeLink(), cursor_blink=False)
    async with ana.run_test(size=(120, 40)) as pilot:
        ana.start_game(make_game())
        await pilot.pause(0.3)
        assert screen_name(ana) == "HandoffScreen"  # (ctrl+l works there too)
        await pilot.press("ctrl+l")
        await pilot.pause(0.3)
        assert screen_name(ana) == "LobbyScreen"
        options = ana.screen.query_one(OptionList)
        assert options.get_option("resume") is not None
