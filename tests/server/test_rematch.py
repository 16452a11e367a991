"""33.13 over SSH: a finished table's players each see the result with its figures; Rematch on
one result asks the others (told how to accept), and once every person seated has accepted, a
new table with the seats rotated takes each of them to it, where each picks their deck again
(the one they played is known to the others now) before it starts."""

from __future__ import annotations

from pathlib import Path

from shards_tui.server.served_app import ServedApp
from shards_tui.server.tables import Hub
from shards_tui.ui.screens.game_over import GameOverScreen
from shards_tui.ui.tables.base.screen import TableScreen

from server_support import ANA, BEN, FakeLink, until  # noqa: E402  (tests/server)


async def test_a_rematch_starts_once_both_accept_with_the_seats_rotated(tmp_path: Path,
                                                                          monkeypatch) -> None:
    monkeypatch.setattr(GameOverScreen, "INPUT_GRACE", 0.0)
    hub = Hub(tmp_path, bot_pace=0)
    ana = ServedApp(hub, ANA, link=FakeLink(), cursor_blink=False)
    ben = ServedApp(hub, BEN, link=FakeLink(), cursor_blink=False)
    async with ana.run_test(size=(120, 40)) as pa, ben.run_test(size=(120, 40)) as pb:
        ana.create_table({"game": "fractured_net", "players": 2, "bots": [None, None]})
        await pa.pause()
        (first_id,) = hub.tables
        first = hub.tables[first_id]
        ben.open_table(first_id)
        for app in (ana, ben):  # each picks a deck: the first starter
            assert await until(lambda app=app: app.screen.query("#pick-list"))
            await (pa if app is ana else pb).press("enter")
        assert await until(lambda: hub.tables[first_id].controller is not None)
        ctl = hub.tables[first_id].controller
        assert await until(lambda: isinstance(ana.screen, TableScreen)
                           and isinstance(ben.screen, TableScreen))
        hub.tables[first_id].session.send("concede", 1)
        assert await until(lambda: isinstance(ana.screen, GameOverScreen)
                           and isinstance(ben.screen, GameOverScreen))
        assert ctl.over
        await pa.press("r")
        assert await until(lambda: "it starts once ben accepts" in
                           str(ana.screen.query_one("#over-note").render()))
        assert await until(lambda: any("asks for a rematch" in n.message
                                       for n in ben._notifications))
        assert first.rematch_id is None  # nothing starts before everyone accepted
        await pb.press("r")
        await pb.press("r")
        assert await until(lambda: first.rematch_id is not None)
        again = hub.tables[first.rematch_id]
        # each deck is asked again (the other player saw it played), on each one's terminal
        assert again.controller is None and all(s.pick is None for s in again.seats)
        for app in (ana, ben):
            assert await until(lambda app=app: app.screen.query("#pick-list"))
            await (pa if app is ana else pb).press("down", "enter")  # another starter
        assert await until(lambda: again.controller is not None)
        assert [s.pick for s in again.seats] != [s.pick for s in first.seats]
        assert not again.controller.over
        assert again.controller.seat_names() == list(reversed(ctl.seat_names()))
        assert again.seed != first.seed
        assert await until(lambda: ana.table is again and ben.table is again
                           and isinstance(ana.screen, TableScreen)
                           and isinstance(ben.screen, TableScreen))
        assert (ana.table_screen.fixed_seat, ben.table_screen.fixed_seat) == (1, 0)
