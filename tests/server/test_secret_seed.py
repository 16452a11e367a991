"""A networked table's seed is the server's secret: no player chooses it (the seed decides
every shuffle, so its chooser could work out every hand), and nothing sent to a client shows it."""

from __future__ import annotations

import json
from pathlib import Path

from shards_tui.server.served_app import ServedApp
from shards_tui.server.tables import Hub

from server_support import ANA, BEN, FakeLink  # noqa: E402  (tests/server)
from shards_tui.ui.textual_compat.widgets import screen_text


async def test_the_creator_cannot_choose_the_seed_and_no_client_sees_it(tmp_path: Path) -> None:
    hub = Hub(tmp_path, bot_pace=0.05)
    ana = ServedApp(hub, ANA, link=FakeLink(), cursor_blink=False)
    ben = ServedApp(hub, BEN, link=FakeLink(), cursor_blink=False)
    async with ana.run_test(size=(120, 40)) as pa, ben.run_test(size=(120, 40)) as pb:
        # The attack: a table made with seed 7 could be rebuilt offline, hands and all.
        ana.call_later(ana.create_table, {"game": "shards", "players": 2, "seed": 7,
                                          "bots": [None, "greedy"]})
        ben.call_later(ben.create_table, {"game": "shards", "players": 2, "seed": 7,
                                          "bots": [None, "greedy"]})
        for pilot in (pa, pb, pa, pb):
            await pilot.pause(0.3)
        seeds = [t.seed for t in hub.tables.values()]
        assert len(seeds) == 2 and 7 not in seeds and seeds[0] != seeds[1]
        assert all(0 <= s < 2**63 for s in seeds)
        for _ in range(6):  # the bots move; each player plays a little
            for pilot in (pa, pb):
                await pilot.press("a", "e", "e")
                await pilot.pause(0.3)
        for table in hub.tables.values():
            for seat in (0, 1, None):
                assert str(table.seed) not in json.dumps(table.controller.view(seat).public())
        for app in (ana, ben):
            shown = screen_text(app.screen)
            assert "your hand" in shown and not any(str(s) in shown for s in seeds)
        assert not any(str(s) in json.dumps(hub.rows(ANA)) for s in seeds)
