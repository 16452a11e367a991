"""The server's parts without a network: loop, keys, driver, hub, lobby settings."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest

from shards_tui.server import auth
from shards_tui.server.auth import Identity, KeyFile, PasswordFile
from shards_tui.server.driver import SSHDriver, clear_parser_cache
from shards_tui.server.served_app import ServedApp, color_system
from shards_tui.server.loop import NoEagerLoop
from shards_tui.core.registry import game, game_ids
from shards_tui.server.tables import Hub
from shards_tui.ui.screens.lobby_new import read_settings
from shards_tui.ui.textual_compat.keys import bindings_of

from server_support import ANA, BEN, FakeLink, settle, until  # noqa: E402  (tests/server)


def test_the_loop_refuses_the_eager_task_factory() -> None:
    def eager_task_factory(loop, coro, **kwargs):  # the name Textual's factory has
        raise AssertionError("never used")

    def other(loop, coro, **kwargs):
        return asyncio.Task(coro, loop=loop, **kwargs)

    loop = NoEagerLoop()
    try:
        loop.set_task_factory(getattr(asyncio, "eager_task_factory", eager_task_factory))
        assert loop.get_task_factory() is None
        loop.set_task_factory(eager_task_factory)
        assert loop.get_task_factory() is None
        loop.set_task_factory(other)
        assert loop.get_task_factory() is other
    finally:
        loop.close()


def test_key_file_and_password_file(tmp_path: Path) -> None:
    import asyncssh

    key = asyncssh.generate_private_key("ssh-ed25519")
    public = key.export_public_key().decode()
    keys = tmp_path / "authorized_keys"
    keys.write_text(f"# friends\nno-pty {public}garbage line\n")
    assert KeyFile(keys).fingerprints() == {key.get_fingerprint("sha256")}
    passwords = tmp_path / "pw"
    passwords.write_text("ana:open sesame\n")
    assert PasswordFile(passwords).check("ana", "open sesame")
    assert not PasswordFile(passwords).check("ana", "open")
    assert not PasswordFile(passwords).check("ben", "open sesame")


def test_host_key_is_made_once_and_reused(tmp_path: Path) -> None:
    first = auth.load_host_key(tmp_path / "host_key")
    again = auth.load_host_key(tmp_path / "host_key")
    assert first.get_fingerprint() == again.get_fingerprint()
    assert (tmp_path / "host_key").stat().st_mode & 0o777 == 0o600


def test_colours_come_from_the_client() -> None:
    assert color_system({"COLORTERM": "truecolor"}, "xterm") == "truecolor"
    assert color_system({}, "xterm-256color") == "256"
    assert color_system({}, "vt100") == "standard"
    assert color_system({}, "vt100", "truecolor") == "truecolor"  # the server's --colors


async def test_served_app_runs_on_the_driver_and_a_lone_escape_arrives(tmp_path: Path) -> None:
    hub = Hub(tmp_path)
    link = FakeLink()
    app = ServedApp(hub, ANA, link=link, cursor_blink=False)
    assert not any(b.action == "suspend_process" for b in bindings_of(app).key_to_bindings.get("ctrl+z", []))
    assert app.error_console.file is sys.__stderr__  # not whatever sys.stderr is redirected to
    assert app.console.color_system == "256"  # chosen for the client, not from the server's env
    keys: list[str] = []
    task = asyncio.create_task(app.run_async())
    await until(lambda: link.driver is not None and app.is_running and b"Signed in as" in link.out)
    assert isinstance(link.driver, SSHDriver)
    assert b"Signed in as ana" in bytes(link.out)
    app.screen.on_key = lambda event: keys.append(event.key)  # type: ignore[method-assign]
    link.driver.feed(b"n")
    assert await until(lambda: type(app.screen).__name__ == "NewTableScreen")
    await settle(app)
    link.driver.feed(b"\x1b")  # a lone Esc: delivered by the parser's tick, closes the modal
    assert await until(lambda: type(app.screen).__name__ == "LobbyScreen")
    link.driver.resized(80, 24)
    assert await until(lambda: app.size == (80, 24))
    link.driver.feed(b"\xff\xfe\x1b[999;999;999M\x1b[<0;0;0M")  # junk: no crash
    await settle(app)
    assert app.is_running
    app.exit(return_code=0)
    await asyncio.wait_for(task, 10)
    app.detach()
    assert app not in hub.lobby
    clear_parser_cache()


def test_hub_tables_seats_and_restore(tmp_path: Path) -> None:
    hub = Hub(tmp_path, bot_pace=0, seeds=lambda: 7)  # (seat 1 goes first)
    table = hub.create(ANA, "shards", 3, [None, None, "greedy"])
    assert table.controller is None and table.open_seats() == [1]
    assert hub.rows(BEN)[0][2] == "join"
    with pytest.raises(ValueError):
        hub.create(ANA, "shards", 9, [])
    lonely = hub.create(BEN, "shards", 2, [None, None])
    hub.give_up_seat(lonely, BEN)  # the only person leaves: the table goes
    assert lonely.id not in hub.tables
    assert hub.join(table, BEN) == 1
    assert table.controller is not None
    with pytest.raises(ValueError):
        hub.give_up_seat(table, BEN)  # not once the game is on
    assert table.controller.seat_names()[:2] == ["ana", "ben"]
    assert hub.join(table, BEN) == 1  # the same player gets the same seat back
    with pytest.raises(ValueError):
        hub.join(table, Identity("cy", "SHA256:cccc"))
    assert hub.rows(BEN)[0][2] == "rejoin"
    assert hub.rows(Identity("ben", "SHA256:other"))[0][2] == "watch"  # another key: not ben
    table.controller.apply("play all", 0)
    again = Hub(tmp_path)
    assert again.restore() == 1
    back = again.tables[table.id]
    assert back.controller.state_json() == table.controller.state_json()
    assert back.seat_of(BEN) == 1
    (tmp_path / "tables" / "table-9.json").write_text("{not json")
    assert Hub(tmp_path).restore() == 1  # the bad file is moved aside
    assert (tmp_path / "tables" / "table-9.json.bad").exists()
    (tmp_path / "tables" / "table-8.json").write_text("[" * 3000 + "]" * 3000)
    assert Hub(tmp_path).restore() == 1  # JSON nested too deep to read: aside too
    assert (tmp_path / "tables" / "table-8.json.bad").exists()


def test_new_table_settings() -> None:
    settings, error = read_settings("shards", 3, "standard", ["human", "greedy", "search"])
    assert error is None and settings == {"game": "shards", "players": 3, "variant": "standard",
                                          "bots": [None, None, "greedy"]}


class FakeApp:
    """Stands in for an app: records what the hub asks it to do (on its own queue)."""

    def __init__(self) -> None:
        self.calls: list[str] = []

    def call_later(self, fn, *args) -> bool:
        self.calls.append(fn.__name__)
        return True

    def table_changed(self) -> None: ...

    def table_started(self, table, seat) -> None: ...

    def seat_taken_over(self, table_id) -> None: ...

    def lobby_changed(self) -> None: ...


def test_hub_tells_every_app_at_the_table_and_moves_a_seat_to_a_new_connection(
        tmp_path: Path) -> None:
    hub = Hub(tmp_path, bot_pace=0)
    old, new, watcher = FakeApp(), FakeApp(), FakeApp()
    table = hub.create(ANA, "shards", 2, [None, None])
    hub.attach(old, table, 0)
    hub.attach(watcher, table, None)
    hub.join(table, BEN)
    assert "table_started" in old.calls and "table_started" in watcher.calls
    hub.attach(new, table, 0)  # ana again, from another connection
    assert "seat_taken_over" in old.calls and old not in table.apps
    old.calls.clear()  # what it was told while it held the seat; from now on, nothing
    actor = table.controller.who_must_act()
    table.controller.apply("play all", actor)
    assert "table_changed" in new.calls and "table_changed" in watcher.calls
    assert "table_changed" not in old.calls


def test_new_table_settings_with_a_variant() -> None:
    settings, error = read_settings("shards", 3, "bloodbath", ["greedy", "greedy"])
    assert error is None and settings["variant"] == "bloodbath"
    assert read_settings("shards", 2, "bloodbath", ["greedy"])[1] == "3 Player Bloodbath is for 3 players, not 2."
    assert read_settings("shards", 1, "standard", [])[1] == "Shards of Infinity is for 2 to 4 players, not 1."


def test_hub_tables_play_variants(tmp_path: Path) -> None:
    hub = Hub(tmp_path, bot_pace=0)
    solo = hub.create(ANA, "shards", 1, [], variant="nemesis")
    assert solo.controller is not None  # one person: it starts at once, the engine adds the Nemesis
    assert [p.nemesis for p in solo.controller.state.players] == [False, True]
    team = hub.create(BEN, "shards", 4, [None, "greedy", "greedy", "greedy"], variant="team")
    assert team.controller is not None and team.controller.state.variants == ["team"]
    with pytest.raises(ValueError, match="2v2 Team Attack is for 4 players, not 3."):
        hub.create(ANA, "shards", 3, [], variant="team")


def test_lobby_rows_name_the_variant(tmp_path: Path) -> None:
    hub = Hub(tmp_path, bot_pace=0)
    hub.create(ANA, "shards", 3, [None, None, "greedy"], "bloodbath")
    hub.create(ANA, "shards", 2, [None, None])
    rows = {tid: text for tid, text, _ in hub.rows(BEN)}
    assert "Shards of Infinity · 3 players · 3 Player Bloodbath · " in rows[1]
    assert "waiting for 1 more player" in rows[1]
    assert "Shards of Infinity · 2 players · Standard · " in rows[2]


def test_goodbye_offers_a_return_only_to_a_seat_kept(tmp_path: Path) -> None:
    from types import SimpleNamespace

    from shards_tui.server.server import Session

    hub = Hub(tmp_path, bot_pace=0)
    session = Session(SimpleNamespace(hub=hub), ANA)  # type: ignore[arg-type]
    assert "to play again, connect again with: ssh" in session.farewell()
    assert "stays yours" not in session.farewell()
    hub.create(ANA, "shards", 2, [None, "greedy"])
    said = session.farewell()
    assert "your seat at table 1 stays yours; to return, connect again with: ssh" in said


def test_a_seat_without_a_connection_is_away_and_the_table_says_so(tmp_path: Path) -> None:
    from textual.app import App

    from shards_tui.ui.tables.shards.screen import ShardsTable
    from shards_tui.ui.widgets.key_hints import KeyHints

    hub = Hub(tmp_path, bot_pace=0)
    table = hub.create(ANA, "shards", 2, [None, None])
    assert not table.away(1)  # nobody holds it yet: open, not away
    hub.join(table, BEN)
    ana_app = object()
    hub.attach(ana_app, table, 0)
    assert not table.away(0) and table.away(1)
    assert "ben (away)" in table.describe(ANA)
    hub.attach(object(), table, 1)
    assert not table.away(1) and "(away)" not in table.describe(ANA)

    actor = table.controller.who_must_act()
    mine = 1 - actor

    class Seat(App[None]):
        def seat_absence(self, seat: int) -> str:
            return "disconnected" if seat == actor else ""

        def on_mount(self) -> None:
            self.push_screen(ShardsTable(table.controller, seat=mine, networked=True))

    async def run() -> str:
        app = Seat()
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.pause()
            return app.screen.query_one(KeyHints).text

    said = asyncio.run(run())
    name = table.controller.seat_names()[actor]
    assert f"Waiting for {name}, who is disconnected; the seat is kept for them." in said


def test_news_for_the_lobby_between_two_screens_is_ignored(tmp_path: Path) -> None:
    """A move at a table can reach an app in the moment its screen stack is empty (one screen
    gone, the next not yet pushed): that must not fail the connection."""
    app = ServedApp(Hub(tmp_path), ANA, link=FakeLink(), cursor_blink=False)
    assert app.screen_stack == []
    app.lobby_changed()
    app._refresh_lobby()
    assert not app._at_a_table()



@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_starts_at_a_networked_table_when_its_seats_fill(tmp_path: Path, game_id: str) -> None:
    """The hub builds a table's players from names and bots only: a game's own roles
    (a Shards character, a Disco faction) are its setup's to draw, never None."""
    hub = Hub(tmp_path, bot_pace=0)
    table = hub.create(ANA, game_id, 2, [None, None])
    assert table.controller is None
    assert hub.join(table, BEN) == 1
    for who in (ANA, BEN):  # a game whose seats pick in private (a deck) waits for the picks
        if table.controller is None and table.needs_pick(table.seat_of(who)):
            hub.set_pick(table, who, {})  # {}: a random one
    assert table.controller is not None and table.controller.seat_names() == ["ana", "ben"]


def test_a_setup_the_game_refuses_is_one_sentence_and_the_seat_stays_open(tmp_path: Path,
                                                                          monkeypatch) -> None:
    hub = Hub(tmp_path, bot_pace=0)
    table = hub.create(ANA, "shards", 2, [None, None])
    info = game("shards")

    def refuse(setup):
        raise ValueError("[type=value_error] a pydantic-looking refusal")

    monkeypatch.setattr(info.controller, "build", refuse)
    with pytest.raises(ValueError, match=r"^Table \d+ could not start: the game refused its setup\.$"):
        hub.join(table, BEN)
    assert table.controller is None and table.open_seats() == [1] and table.seat_of(BEN) is None


def test_moves_alone_redraw_the_lobbies_within_a_shared_budget_and_a_new_table_comes_soon(
        tmp_path: Path) -> None:
    """Bots moving at many tables must not keep the one loop busy redrawing every idle login's
    lobby: moves alone wait ``lobby_delay(True, logins)``, so all the logins together redraw at
    most LOBBY_MOVE_REDRAWS times a second; a table made or joined is told as before."""
    from shards_tui.server.served_app import (LOBBY_MOVE_REDRAWS, LOBBY_REFRESH, lobby_delay)

    for logins in (1, 4, 40, 400):
        assert logins / lobby_delay(True, logins) <= LOBBY_MOVE_REDRAWS
        assert lobby_delay(False, logins) == LOBBY_REFRESH < lobby_delay(True, logins)

    told: list[tuple[str, tuple]] = []

    class Lobby:
        def call_later(self, fn, *args) -> bool:
            told.append((fn.__name__, args))
            return True

        def lobby_changed(self, moves_only: bool = False) -> None: ...

    hub = Hub(tmp_path, bot_pace=0)
    hub.enter_lobby(Lobby())
    table = hub.create(ANA, "shards", 2, [None, None])
    hub.join(table, BEN)
    assert told and all(args == (False,) for _, args in told)  # made, joined: soon
    told.clear()
    table.controller.apply("play all", table.controller.who_must_act())
    assert told == [("lobby_changed", (True,))]  # a move alone


def test_a_table_made_after_a_move_brings_the_lobby_redraw_forward(tmp_path: Path) -> None:
    from shards_tui.server.served_app import LobbyScreen

    async def run() -> tuple[float, float, bool]:
        app = ServedApp(Hub(tmp_path), ANA, link=FakeLink(), cursor_blink=False)
        async with app.run_test(size=(120, 40)):
            assert await until(lambda: isinstance(app.screen, LobbyScreen))
            app.lobby_changed(moves_only=True)
            slow = app._lobby_due
            app.lobby_changed(moves_only=True)  # a second move keeps the first wait
            assert app._lobby_due == slow
            app.lobby_changed()
            soon = app._lobby_due
            return slow, soon, await until(lambda: app._lobby_timer is None)

    slow, soon, redrawn = asyncio.run(run())
    assert soon < slow and redrawn
