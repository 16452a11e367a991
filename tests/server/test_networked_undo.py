"""At a networked table, a move another seat was asked about stays: the attacker's ':undo'
after the defender's shield question is refused, and the question stays on both screens."""

from __future__ import annotations

from pathlib import Path

from shards_tui.server.served_app import ServedApp
from shards_tui.server.tables import Hub, Seat, Table
from shards_tui.ui.widgets.key_hints import StatusLine
from tests.conftest import shards_scenario

from server_support import ANA, BEN, FakeLink  # noqa: E402  (tests/server)

ROW = ["reactor_drone", "nil_assassin", "kiln_drone", "mining_drones", "spore_cleric", "data_heretic"]


async def test_the_attacker_cannot_undo_past_the_defenders_question(tmp_path: Path) -> None:
    hub = Hub(tmp_path, bot_pace=60)
    ctl = shards_scenario(active=1, center_row=ROW, turn={"power": 7},
                          players=[{"name": "ana", "hand": ["command_seer", "crystal"]},
                                   {"name": "ben", "hand": ["crystal"]}])
    table = Table(1, "shards", 1, "standard", [Seat(owner=ANA, name="ana"),
                                                Seat(owner=BEN, name="ben")])
    hub.tables[1] = table
    hub._adopt(table, ctl)
    ana = ServedApp(hub, ANA, link=FakeLink(), cursor_blink=False)
    ben = ServedApp(hub, BEN, link=FakeLink(), cursor_blink=False)
    async with ana.run_test(size=(120, 40)) as pa, ben.run_test(size=(120, 40)) as pb:
        ana.call_later(ana.open_table, 1)  # (each app opens it on its own queue)
        ben.call_later(ben.open_table, 1)
        for pilot in (pa, pb, pa):
            await pilot.pause(0.2)
        await pb.press("colon", *"end", "enter")
        for pilot in (pb, pa):
            await pilot.pause(0.2)
        assert ctl.state.pending is not None and ctl.state.pending.seat == 0
        asked = ctl.state_json()
        await pb.press("colon", *"undo", "enter")  # the attack of the report
        await pb.press("u")
        for pilot in (pb, pa):
            await pilot.pause(0.2)
        assert ctl.state_json() == asked and len(ctl.history) == 1
        said = ben.table_screen.query_one(StatusLine).message
        assert "nothing to undo since ana was asked" in said, said
        assert ana.table_screen.view.pending is not None
        assert not ana.table_screen.view.can_undo and not ben.table_screen.view.can_undo
