"""One login cannot fill the table list: it holds a few waiting tables at most (refused beyond
with one sentence, on 127.0.0.1), a waiting table none of whose players is connected expires
(also after a restart), and the lobby describes and lists one page of tables however many
there are. Judged on the tables the server holds and the rows a lobby was built from."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList

from benchmarks.ssh_client import connect, new_table
from shards_tui.server.auth import Identity
from shards_tui.server.served_app import ServedApp
from shards_tui.server.server import ShardsServer
from shards_tui.server.table import Seat, Table
from shards_tui.server.tables import MAX_WAITING, WAITING_EXPIRY, Hub
from shards_tui.ui.screens.lobby import PAGE
from shards_tui.ui.screens.lobby_new import NewTableScreen

from server_support import (ANA, BEN, FakeLink, notices, settle,  # noqa: E402  (tests/server)
                            with_ssh_server)


def test_one_login_holds_a_few_waiting_tables_over_ssh(tmp_path: Path, monkeypatch) -> None:
    told = notices(monkeypatch)
    forms: list[object] = []
    compose = NewTableScreen.compose

    def counted(self):
        forms.append(self)
        return compose(self)

    monkeypatch.setattr(NewTableScreen, "compose", counted)

    async def test(server: ShardsServer, key) -> None:
        hub = server.hub
        eve, _ = await connect(server.port, key, "eve")
        for _ in range(MAX_WAITING):  # n, Enter, over and over (the report made 200)
            await new_table(eve, bot=False)
        for _ in range(3):
            eve.send(b"n")
            await eve.quiet()
            await eve.keys("tab", "tab", "tab", "tab")  # to Create
            eve.send(b"\r")
            await eve.quiet()
        who = next(s.who for s in server.sessions)
        assert len(hub.tables) == len(hub.waiting_of(who)) == MAX_WAITING
        refusal = (f"You have {MAX_WAITING} tables waiting for players already; leave one "
                   "(l) or wait for it to start before making another.")
        assert told.count(refusal) == 3
        assert len(forms) == MAX_WAITING  # refused before the form is even built
        eve.close()

    with_ssh_server(tmp_path, test)


def test_a_waiting_table_nobody_comes_back_to_expires_also_after_a_restart(tmp_path: Path) -> None:
    now = [1000.0]
    hub = Hub(tmp_path, bot_pace=60, clock=lambda: now[0])
    left = hub.create(ANA, "shards", 2, [None])  # Ana made it and went
    kept = hub.create(BEN, "shards", 2, [None])

    class InTheLobby:
        who = BEN

    hub.enter_lobby(InTheLobby())  # Ben is connected
    hub.tick_clocks()
    now[0] += WAITING_EXPIRY - 1
    hub.tick_clocks()
    assert set(hub.tables) == {left.id, kept.id}  # not yet
    now[0] += 1
    hub.tick_clocks()
    assert set(hub.tables) == {kept.id}  # Ana's went; Ben's waits while he is here
    hub.flush_saves()  # (files are written and removed by a thread of their own)
    assert [p.name for p in (tmp_path / "tables").glob("*.json")] == [f"table-{kept.id}.json"]
    again = Hub(tmp_path, bot_pace=60, clock=lambda: now[0])  # the server restarts
    assert again.restore() == 1
    again.tick_clocks()
    now[0] += WAITING_EXPIRY
    again.tick_clocks()
    again.flush_saves()
    assert again.tables == {} and not list((tmp_path / "tables").glob("*.json"))


async def test_the_lobby_describes_and_lists_one_page_however_many_tables(tmp_path: Path,
                                                                          monkeypatch) -> None:
    hub = Hub(tmp_path, bot_pace=60)
    for i in range(1, 201):  # 200 tables, each of another player
        owner = Identity(f"p{i}", f"SHA256:{i}")
        hub.tables[i] = Table(i, "shards", 1, "standard", [Seat(owner=owner, name=f"p{i}"),
                                                            Seat()])
    described: list[int] = []
    describe = Table.describe

    def counted(self, who):
        described.append(self.id)
        return describe(self, who)

    monkeypatch.setattr(Table, "describe", counted)
    app = ServedApp(hub, ANA, link=FakeLink(), cursor_blink=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause(0.2)
        menu = app.screen.query_one("#tables", OptionList)
        described.clear()
        app.screen.refresh_tables()
        assert len(described) == PAGE  # one page described, not 200
        ids = [o.id for o in menu.options]
        assert [i for i in ids if i.startswith("t")] == [f"t{n}" for n in range(200, 200 - PAGE, -1)]
        assert len(ids) <= PAGE + 8 and "page-down" in ids and "page-up" not in ids
        menu.highlighted = ids.index("page-down")
        await pilot.press("enter")  # the next page
        await settle(app)
        ids = [o.id for o in menu.options]
        assert [i for i in ids if i.startswith("t")][0] == f"t{200 - PAGE}" and "page-up" in ids
