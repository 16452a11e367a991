"""The Replays screen opened from the SSH lobby shows the kept game alone: while its player waits
at a table of the server (where chat was said), the replay's log has the replay's lines and
nothing of that table's chat."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable

from shards_tui.core import history, saves
from shards_tui.server.served_app import ServedApp
from shards_tui.server.tables import Hub
from shards_tui.ui.screens.replay_view import ReplayGuide
from shards_tui.ui.screens.replays import ReplaysScreen
from shards_tui.ui.widgets.log_view import LogView
from tests.core.finished_games import finished_save

from server_support import ANA, FakeLink, settle, until  # noqa: E402  (tests/server)


async def test_a_replay_opened_while_waiting_at_a_table_shows_none_of_its_chat(
        tmp_path: Path) -> None:
    hub = Hub(tmp_path, bot_pace=60)
    kept = saves.from_json(finished_save("shards"))
    history.keep(kept, hub.history_folder(ANA))
    ana = ServedApp(hub, ANA, link=FakeLink(), cursor_blink=False)
    async with ana.run_test(size=(120, 40)) as pilot:
        await settle(ana)
        ana.create_table({"game": "shards", "players": 2})
        await settle(ana)
        table = ana.table
        assert table is not None and table.controller is None  # waiting for a second player
        hub.send_chat(table, "ana", "my hand is all crystals")
        await settle(ana)
        await pilot.press("p")  # the lobby's Replays
        assert await until(lambda: isinstance(ana.screen, ReplaysScreen)
                           and ana.screen.query_one(DataTable).row_count == 1)
        await pilot.press("enter")
        assert await until(lambda: isinstance(getattr(ana.screen, "guide", None), ReplayGuide))
        await settle(ana)
        replay = ana.screen
        await pilot.press("end")  # every line of the kept game's log
        await settle(ana)
        shown = replay.query_one(LogView).lines_text
        assert shown and not any("crystals" in text or "(chat)" in text for text in shown)
        assert shown == [line.text for line in replay.view.log if line.text]
