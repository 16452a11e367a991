"""A lobby covered by a table keeps no widgets (each seat on a server keeps its lobby under its
table: about a megabyte each); back in the lobby it is whole again, the table's row
highlighted and the keys working."""

from __future__ import annotations

import gc
import weakref
from pathlib import Path

from textual.widgets import OptionList

from server_support import ANA, FakeLink

from shards_tui.server.served_app import LobbyScreen, ServedApp
from shards_tui.server.tables import Hub


async def test_the_lobby_under_a_table_is_folded_and_built_again(tmp_path: Path) -> None:
    hub = Hub(tmp_path, bot_pace=60)
    ana = ServedApp(hub, ANA, link=FakeLink(), cursor_blink=False)
    async with ana.run_test(size=(120, 40)) as pilot:
        lobby = ana.screen
        assert isinstance(lobby, LobbyScreen) and len(lobby.query("*")) > 10
        gone = [weakref.ref(widget) for widget in lobby.query("*")]
        ana.create_table({"game": "shards", "players": 2, "bots": [None, "greedy"]})
        await pilot.pause(0.3)
        assert type(ana.screen).__name__ == "ShardsTable"
        assert lobby.folded and len(lobby.query("*")) == 0
        gc.collect()  # its widgets are freed, not only removed (the footer's keys and all)
        assert [ref() for ref in gone if ref() is not None] == []
        hub._lobby_changed()  # a table elsewhere moves: the folded lobby is left alone
        await pilot.pause(0.3)
        await pilot.press("ctrl+l")
        await pilot.pause(0.4)
        assert ana.screen is lobby and not lobby.folded
        menu = lobby.query_one("#tables", OptionList)
        assert menu.has_focus and menu.highlighted_option.id == "t1"
        assert "Signed in as ana" in str(lobby.query_one("#signed-in").render())
        await pilot.press("enter")  # back to the seat from the rebuilt list
        await pilot.pause(0.4)
        assert type(ana.screen).__name__ == "ShardsTable" and lobby.folded
