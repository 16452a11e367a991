"""The server's parts without a network: loop, throttle, keys, driver, hub, lobby settings."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest

from shards_tui.server import auth
from shards_tui.server.auth import Identity, KeyFile, PasswordFile, Throttle
from shards_tui.server.driver import SSHDriver, clear_parser_cache
from shards_tui.server.served_app import ServedApp, color_system
from shards_tui.server.server import NoEagerLoop
from shards_tui.server.tables import Hub
from shards_tui.ui.screens.lobby_new import read_settings
from shards_tui.ui.widgets.action_row import StatusLine
from shards_tui.ui.widgets.log_view import LogView
from shards_tui.ui.widgets.steady_footer import SteadyFooter

ANA = Identity("ana", "SHA256:aaaa")
BEN = Identity("ben", "SHA256:bbbb")


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


def test_throttle_slows_then_blocks_an_address() -> None:
    now = [0.0]
    throttle = Throttle(clock=lambda: now[0])
    waits = [throttle.failed("1.2.3.4") for _ in range(auth.FAILS_BEFORE_BLOCK)]
    assert waits[0] == 0 and waits[-1] == auth.MAX_DELAY
    assert throttle.blocked("1.2.3.4") and not throttle.blocked("5.6.7.8")
    now[0] += auth.FAIL_WINDOW + 1
    assert not throttle.blocked("1.2.3.4")


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


async def until(condition, timeout: float = 10.0) -> bool:
    """Wait (at most ``timeout`` seconds) until ``condition()`` holds; whether it did."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        if loop.time() > deadline:
            return False
        await asyncio.sleep(0.02)
    return True


async def settle(app) -> None:
    """Wait until the app has handled what is queued now, and what that queued in turn."""
    for _ in range(3):
        done = asyncio.Event()
        app.call_later(done.set)
        await asyncio.wait_for(done.wait(), 10)
        await asyncio.sleep(0.05)


class FakeLink:
    def __init__(self) -> None:
        self.size = (100, 30)
        self.driver = None
        self.out = bytearray()
        self.bad: list[str] = []

    def send(self, data: bytes) -> None:
        self.out += data

    def misbehaved(self, reason: str) -> None:
        self.bad.append(reason)


async def test_served_app_runs_on_the_driver_and_a_lone_escape_arrives(tmp_path: Path) -> None:
    hub = Hub(tmp_path)
    link = FakeLink()
    app = ServedApp(hub, ANA, link=link, cursor_blink=False)
    assert not any(b.action == "suspend_process" for b in app._bindings.key_to_bindings.get("ctrl+z", []))
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
    hub = Hub(tmp_path, bot_pace=0)
    table = hub.create(ANA, "shards", 3, 7, [None, None, "greedy"])
    assert table.controller is None and table.open_seats() == [1]
    assert hub.rows(BEN)[0][2] == "join"
    with pytest.raises(ValueError):
        hub.create(ANA, "shards", 9, 1, [])
    lonely = hub.create(BEN, "shards", 2, 1, [None, None])
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


def test_new_table_settings() -> None:
    settings, error = read_settings("shards", 3, "standard", " 42 ", ["human", "greedy", "search"])
    assert error is None and settings == {"game": "shards", "players": 3, "variant": "standard",
                                          "seed": 42, "bots": [None, None, "greedy"]}
    assert read_settings("shards", 2, "standard", "x", ["human"])[1].startswith("The seed")


class FakeChannel:
    def __init__(self) -> None:
        self.data = bytearray()
        self.code: int | None = None

    def write(self, data: bytes) -> None:
        self.data += data

    def get_write_buffer_size(self) -> int:
        return 0

    def exit(self, code: int) -> None:
        self.code = code

    def close(self) -> None:
        pass


async def test_sessions_ending_out_of_order_restore_the_real_streams(tmp_path: Path) -> None:
    from textual._xterm_parser import XTermParser

    from shards_tui.server.server import REAL_STDERR, REAL_STDOUT, Session

    class Stub:
        hub = Hub(tmp_path)
        sessions: set = set()
        colors = "auto"

    sessions = []
    for who in (ANA, BEN):
        session = Session(Stub(), who)  # type: ignore[arg-type]
        session.chan = FakeChannel()  # type: ignore[assignment]
        session.pty = True
        sessions.append(session)
    tasks = [asyncio.create_task(s._run()) for s in sessions]
    for _ in range(200):
        await asyncio.sleep(0.05)
        if all(s.chan is not None and b"Signed in as" in s.chan.data for s in sessions):
            break
    first, second = sessions
    assert b"Signed in as ana" in first.chan.data and b"Signed in as ben" in second.chan.data
    first.app.exit(return_code=0)  # the first app started ends first...
    await asyncio.wait_for(tasks[0], 10)
    second.connection_lost(None)  # ...and the second loses its connection
    await asyncio.wait_for(tasks[1], 10)
    assert first.chan.code == 0
    assert second.chan.code is None  # a lost channel is not written to
    assert sys.stdout is REAL_STDOUT and sys.stderr is REAL_STDERR
    assert XTermParser._parse_extended_key.cache_info().currsize == 0
    assert not Stub.hub.lobby and not Stub.sessions


async def test_two_apps_share_one_table_and_each_gets_only_its_seats_view(tmp_path: Path) -> None:
    import json

    hub = Hub(tmp_path, bot_pace=0)
    ana = ServedApp(hub, ANA, link=FakeLink(), cursor_blink=False)
    ben = ServedApp(hub, BEN, link=FakeLink(), cursor_blink=False)
    async with ana.run_test(size=(120, 40)) as pa, ben.run_test(size=(120, 40)) as pb:
        ana.create_table({"game": "shards", "players": 2, "seed": 3, "bots": [None, None]})
        await pa.pause()
        (table_id,) = hub.tables
        assert ana.table_screen is None  # waiting for a second player
        ben.open_table(table_id)
        await pb.pause()
        await pa.pause()
        ctl = hub.tables[table_id].controller
        mine, theirs = ana.table_screen, ben.table_screen
        assert (mine.seat, theirs.seat) == (0, 1)
        assert mine.view == ctl.view(0) and theirs.view == ctl.view(1)
        ana_cards = [c for c in ctl.state.players[0].hand]
        assert ana_cards and not any(c in json.dumps(theirs.view) for c in ana_cards)
        actor = ctl.who_must_act()
        pilots, screens = (pa, pb), (mine, theirs)
        keys = [{b.binding.action for b in s.active_bindings.values()} for s in screens]
        assert "end_turn" in keys[actor] and "end_turn" not in keys[1 - actor]  # not its turn
        assert "command_line" in keys[1 - actor]  # (chat and help still work)
        names = ctl.seat_names()
        moves = len(ctl.history)
        await pilots[actor].press("a")  # the seat to act plays all; the other follows
        await pilots[actor].pause()
        await pilots[1 - actor].pause(0.2)
        assert len(ctl.history) > moves
        assert screens[1 - actor].view == ctl.view(1 - actor)
        assert f"Waiting for {names[actor]}" in str(screens[1 - actor].query_one("#actions").render())
        moves = len(ctl.history)
        await pilots[1 - actor].press("a")  # not this seat's turn: refused, nothing changes
        await pilots[1 - actor].pause()
        assert len(ctl.history) == moves
        await pilots[1 - actor].press("colon", *"end", "enter")  # typed out of turn: refused
        await pilots[1 - actor].pause()
        refusal = screens[1 - actor].query_one(StatusLine).message
        assert f"It is {names[actor]}'s turn" in refusal and len(ctl.history) == moves
        ben.send_chat("[/oops] [bold good luck")  # a player's words are never markup
        await pa.pause(0.2)
        await pb.pause(0.2)
        assert screens[1 - actor].query_one(StatusLine).message == refusal  # a chat is no move
        for screen in screens:  # each seat's log keeps the line, after the move it followed
            shown = [text for _, text in screen.query_one(LogView)._shown]
            said = f"(chat) {names[1]}: [/oops] [bold good luck"
            assert shown[-1] == said and shown.index(said) == len(shown) - 1
        await pilots[actor].press("e")  # the turn passes: the move keys follow it
        await pilots[actor].pause(0.2)
        await pilots[1 - actor].pause(0.2)
        assert ctl.who_must_act() == 1 - actor
        keys = [{b.binding.action for b in s.active_bindings.values()} for s in screens]
        assert "undo" not in keys[actor]
        assert "play_all" not in keys[actor] and "play_all" in keys[1 - actor]
        for screen, moves in ((screens[actor], False), (screens[1 - actor], True)):
            footer = str(screen.query_one(SteadyFooter)._shown)
            assert ("'play_all'" in footer) == moves  # the footer drawn follows the turn too
        assert screens[actor].query_one(StatusLine).message  # what its own last move did
        moves = len(ctl.history)
        await pilots[1 - actor].press("n")  # the other seat answers (no shields): old news
        await pilots[1 - actor].pause(0.2)
        await pilots[actor].pause(0.2)
        assert len(ctl.history) > moves, screens[1 - actor].query_one(StatusLine).message
        assert screens[actor].query_one(StatusLine).message == ""
        assert screens[1 - actor].query_one(StatusLine).message  # the mover's own stays
        assert ana.is_running and ben.is_running


async def test_password_logins_only_with_a_password_file(tmp_path: Path) -> None:
    import asyncssh

    from shards_tui.server.server import ShardsServer

    (tmp_path / "keys").write_text("")
    (tmp_path / "pw").write_text("ana:s3cret\n")
    host_key = auth.load_host_key(tmp_path / "host_key")

    async def login(server: ShardsServer, password: str) -> bytes:
        conn = await asyncssh.connect("127.0.0.1", server.port, username="ana", password=password,
                                      known_hosts=None, client_keys=None, encoding=None,
                                      agent_path=None)
        proc = await conn.create_process(term_type="xterm", term_size=(100, 30), encoding=None)
        seen = b""
        while b"Signed in as" not in seen:
            seen += await asyncio.wait_for(proc.stdout.read(65536), 10)
        conn.close()
        return seen

    with_file = ShardsServer(Hub(tmp_path), tmp_path / "keys", tmp_path / "pw")
    without = ShardsServer(Hub(tmp_path), tmp_path / "keys")
    await with_file.start("127.0.0.1", 0, host_key)
    await without.start("127.0.0.1", 0, host_key)
    try:
        assert b"Signed in as ana" in await login(with_file, "s3cret")
        for server, password in ((with_file, "wrong"), (without, "s3cret")):
            with pytest.raises(asyncssh.PermissionDenied):
                await login(server, password)
    finally:
        with_file.close()
        without.close()
        for server in (with_file, without):
            assert server.acceptor is not None
            await asyncio.wait_for(server.acceptor.wait_closed(), 10)


async def test_shutdown_gives_each_terminal_back_with_a_sentence(tmp_path: Path) -> None:
    import asyncssh

    from shards_tui.server.server import ShardsServer

    client_key = asyncssh.generate_private_key("ssh-ed25519")
    (tmp_path / "keys").write_bytes(client_key.export_public_key())
    server = ShardsServer(Hub(tmp_path), tmp_path / "keys")
    await server.start("127.0.0.1", 0, auth.load_host_key(tmp_path / "host_key"))
    conn = await asyncssh.connect("127.0.0.1", server.port, username="ana",
                                  client_keys=[client_key], known_hosts=None, encoding=None,
                                  agent_path=None)
    proc = await conn.create_process(term_type="xterm", term_size=(100, 30), encoding=None)
    seen = b""
    while b"Signed in as" not in seen:
        seen += await asyncio.wait_for(proc.stdout.read(65536), 10)
    await server.shutdown()
    rest = b""
    while True:
        chunk = await asyncio.wait_for(proc.stdout.read(65536), 10)
        if not chunk:
            break
        rest += chunk
    await asyncio.wait_for(proc.wait_closed(), 10)
    assert b"\x1b[?1049l" in rest  # the alternate screen was left
    assert b"shutting down; your game is saved" in rest
    assert proc.exit_status == 0
    conn.close()


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
    table = hub.create(ANA, "shards", 2, 1, [None, None])
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
    settings, error = read_settings("shards", 3, "bloodbath", "", ["greedy", "greedy"])
    assert error is None and settings["variant"] == "bloodbath"
    assert read_settings("shards", 2, "bloodbath", "", ["greedy"])[1] == "3 Player Bloodbath is for 3 players, not 2."
    assert read_settings("shards", 1, "standard", "", [])[1] == "Shards of Infinity is for 2 to 4 players, not 1."


def test_hub_tables_play_variants(tmp_path: Path) -> None:
    hub = Hub(tmp_path, bot_pace=0)
    solo = hub.create(ANA, "shards", 1, 3, [], variant="nemesis")
    assert solo.controller is not None  # one person: it starts at once, the engine adds the Nemesis
    assert [p.nemesis for p in solo.controller.state.players] == [False, True]
    team = hub.create(BEN, "shards", 4, 3, [None, "greedy", "greedy", "greedy"], variant="team")
    assert team.controller is not None and team.controller.state.variants == ["team"]
    with pytest.raises(ValueError, match="2v2 Team Attack is for 4 players, not 3."):
        hub.create(ANA, "shards", 3, 3, [], variant="team")


async def test_quitting_gives_the_terminal_back_then_says_goodbye(tmp_path: Path, caplog) -> None:
    import logging

    import asyncssh

    from shards_tui.server.server import ShardsServer

    caplog.set_level(logging.INFO, "shards_tui.server")

    client_key = asyncssh.generate_private_key("ssh-ed25519")
    (tmp_path / "keys").write_bytes(client_key.export_public_key())
    hub = Hub(tmp_path, bot_pace=60)
    server = ShardsServer(hub, tmp_path / "keys")
    await server.start("127.0.0.1", 0, auth.load_host_key(tmp_path / "host_key"))
    port = server.port
    try:
        conn = await asyncssh.connect("127.0.0.1", port, username="ana",
                                      client_keys=[client_key], known_hosts=None,
                                      encoding=None, agent_path=None)
        key = client_key.get_fingerprint("sha256")
        hub.create(Identity("ana", key), "shards", 2, 3, [None, "greedy"])
        proc = await conn.create_process(term_type="xterm", term_size=(100, 30), encoding=None)
        seen = b""
        while b"Signed in as" not in seen:
            seen += await asyncio.wait_for(proc.stdout.read(65536), 10)
        proc.stdin.write(b"\x11")  # ctrl+q
        rest = b""
        while chunk := await asyncio.wait_for(proc.stdout.read(65536), 10):
            rest += chunk
        await asyncio.wait_for(proc.wait_closed(), 10)
        conn.close()
    finally:
        server.close()
    for sequence in (b"\x1b[?1049l", b"\x1b[?25h", b"\x1b[?1000l", b"\x1b[?1006l", b"\x1b[?2004l"):
        assert sequence in rest  # the normal screen, the cursor, no mouse reports, no paste mode
    said = rest[rest.rindex(b"\x1b[?25h") + 6:].decode()
    assert said.strip() == (f"Goodbye from shards-tui; your seat at table 1 stays yours; to "
                            f"return, connect again with: ssh -t -p {port} ana@127.0.0.1.")
    assert proc.exit_status == 0
    assert "'ana': quit (at no table)" in caplog.text  # a clean quit is logged too


def test_lobby_rows_name_the_variant(tmp_path: Path) -> None:
    hub = Hub(tmp_path, bot_pace=0)
    hub.create(ANA, "shards", 3, 7, [None, None, "greedy"], "bloodbath")
    hub.create(ANA, "shards", 2, 7, [None, None])
    rows = {tid: text for tid, text, _ in hub.rows(BEN)}
    assert "Shards of Infinity · 3 players · 3 Player Bloodbath · " in rows[1]
    assert "waiting for 1 more player" in rows[1]
    assert "Shards of Infinity · 2 players · Standard · " in rows[2]


async def test_a_spectator_is_told_the_hands_are_hidden_because_it_watches(tmp_path: Path) -> None:
    hub = Hub(tmp_path, bot_pace=60)
    table = hub.create(ANA, "shards", 2, 3, [None, "greedy"])
    ben = ServedApp(hub, BEN, link=FakeLink(), cursor_blink=False)
    async with ben.run_test(size=(120, 40)) as pilot:
        ben.open_table(table.id, watch=True)
        await pilot.pause()
        note = str(ben.table_screen.query_one(".hand-note").render())
        assert note == "You are watching: the players' hands stay hidden."
        shown = {b.binding.action for b in ben.screen.active_bindings.values()}
        assert "command_line" in shown and not shown & {"play_all", "end_turn", "undo", "recruit"}
        before = table.controller.state.model_dump_json()
        await pilot.press("a", "e", "u")
        assert table.controller.state.model_dump_json() == before


def test_goodbye_offers_a_return_only_to_a_seat_kept(tmp_path: Path) -> None:
    from types import SimpleNamespace

    from shards_tui.server.server import Session

    hub = Hub(tmp_path, bot_pace=0)
    session = Session(SimpleNamespace(hub=hub), ANA)  # type: ignore[arg-type]
    assert "to play again, connect again with: ssh" in session.farewell()
    assert "stays yours" not in session.farewell()
    hub.create(ANA, "shards", 2, 3, [None, "greedy"])
    said = session.farewell()
    assert "your seat at table 1 stays yours; to return, connect again with: ssh" in said


def test_a_seat_without_a_connection_is_away_and_the_table_says_so(tmp_path: Path) -> None:
    from textual.app import App

    from shards_tui.ui.screens.table import TableScreen
    from shards_tui.ui.widgets.action_row import ActionRow

    hub = Hub(tmp_path, bot_pace=0)
    table = hub.create(ANA, "shards", 2, 3, [None, None])
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
            self.push_screen(TableScreen(table.controller, seat=mine, networked=True))

    async def run() -> str:
        app = Seat()
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.pause()
            return str(app.screen.query_one(ActionRow).render())

    said = asyncio.run(run())
    name = table.controller.seat_names()[actor]
    assert f"Waiting for {name}, who is disconnected; the seat is kept for them." in said


async def test_a_finished_game_over_ssh_leads_back_to_the_lobby_and_says_so(tmp_path: Path) -> None:
    from textual.widgets import Button

    from shards_tui.games.shards.cards import card_db
    from shards_tui.ui.screens.game_over import GameOverScreen

    hub = Hub(tmp_path, bot_pace=60)
    table = hub.create(ANA, "shards", 2, 3, [None, "greedy"])
    view = table.controller.view(None)
    ana = ServedApp(hub, ANA, link=FakeLink(), cursor_blink=False)
    async with ana.run_test(size=(120, 40)) as pilot:
        ana.push_screen(GameOverScreen(view, card_db(tuple(view["sets"]))))
        await pilot.pause()
        assert str(ana.screen.query_one("#over-title", Button).label) == "Back to the lobby (enter)"
