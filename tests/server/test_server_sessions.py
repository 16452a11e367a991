"""Served apps on one hub, no network: sessions ending, seat views, logins, shutdown, spectators."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest
from shards_tui.ui.textual_compat.widgets import FooterKey

from shards_tui.server import auth
from shards_tui.server.auth import Identity
from shards_tui.server.served_app import ServedApp
from shards_tui.server.tables import Hub
from shards_tui.ui.widgets.key_hints import StatusLine
from shards_tui.ui.widgets.log_view import LogView
from shards_tui.ui.widgets.steady_footer import SteadyFooter
from shards_tui.ui.textual_compat.keys import parsed_keys_kept

from server_support import ANA, BEN, FakeLink, until  # noqa: E402  (tests/server)


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
    from shards_tui.ui.textual_compat.keys import XTermParser

    from shards_tui.server.server import REAL_STDERR, REAL_STDOUT, Session, served_app

    class Stub:
        hub = Hub(tmp_path)
        sessions: set = set()
        colors = "auto"
        app_factory = staticmethod(served_app)

    sessions = []
    for who in (ANA, BEN):
        session = Session(Stub(), who)  # type: ignore[arg-type]
        session.chan = FakeChannel()  # type: ignore[assignment]
        session.pty = True
        sessions.append(session)
    tasks = [asyncio.create_task(s._run()) for s in sessions]
    assert await until(lambda: all(s.chan is not None and b"Signed in as" in s.chan.data for s in sessions))
    first, second = sessions
    assert b"Signed in as ana" in first.chan.data and b"Signed in as ben" in second.chan.data
    first.app.exit(return_code=0)  # the first app started ends first...
    await asyncio.wait_for(tasks[0], 10)
    second.connection_lost(None)  # ...and the second loses its connection
    await asyncio.wait_for(tasks[1], 10)
    assert first.chan.code == 0
    assert second.chan.code is None  # a lost channel is not written to
    assert sys.stdout is REAL_STDOUT and sys.stderr is REAL_STDERR
    assert parsed_keys_kept() == 0
    assert not Stub.hub.lobby and not Stub.sessions


async def test_two_apps_share_one_table_and_each_gets_only_its_seats_view(tmp_path: Path) -> None:
    import json

    hub = Hub(tmp_path, bot_pace=0, seeds=lambda: 3)  # (a table whose two hands differ)
    ana = ServedApp(hub, ANA, link=FakeLink(), cursor_blink=False)
    ben = ServedApp(hub, BEN, link=FakeLink(), cursor_blink=False)
    async with ana.run_test(size=(120, 40)) as pa, ben.run_test(size=(120, 40)) as pb:
        ana.create_table({"game": "shards", "players": 2, "bots": [None, None]})
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
        assert ana_cards and not any(c in json.dumps(theirs.view.public()) for c in ana_cards)
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
        assert f"Waiting for {names[actor]}" in screens[1 - actor].query_one("#actions").text
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
            shown = [text for _, text in screen.query_one(LogView).paragraphs]
            said = f"(chat) {names[1]}: [/oops] [bold good luck"
            assert shown[-1] == said and shown.index(said) == len(shown) - 1
        assert not pa.app._notifications and not pb.app._notifications  # the log says it
        assert "your focus (m)" in (screens[actor].data.end_turn_unused or "")
        await pilots[actor].press("e", "e")  # (the first names the focus) the turn passes:
        await pilots[actor].pause(0.2)  # the move keys follow it
        await pilots[1 - actor].pause(0.2)
        assert ctl.who_must_act() == 1 - actor
        keys = [{b.binding.action for b in s.active_bindings.values()} for s in screens]
        assert "undo" not in keys[actor]
        assert "play_all" not in keys[actor] and "play_all" in keys[1 - actor]
        for screen, moves in ((screens[actor], False), (screens[1 - actor], True)):
            footer = {key.action for key in screen.query_one(SteadyFooter).query(FooterKey)}
            assert ("play_all" in footer) == moves  # the footer drawn follows the turn too
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
        hub.create(Identity("ana", key), "shards", 2, [None, "greedy"])
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


async def test_a_spectator_is_told_the_hands_are_hidden_because_it_watches(tmp_path: Path) -> None:
    hub = Hub(tmp_path, bot_pace=60)
    table = hub.create(ANA, "shards", 2, [None, "greedy"])
    ben = ServedApp(hub, BEN, link=FakeLink(), cursor_blink=False)
    async with ben.run_test(size=(120, 40)) as pilot:
        ben.open_table(table.id, watch=True)
        await pilot.pause()
        note = ben.table_screen.query_one("#hand").note
        assert note == "You are watching: the players' hands stay hidden."
        shown = {b.binding.action for b in ben.screen.active_bindings.values()}
        assert "command_line" in shown and not shown & {"play_all", "end_turn", "undo", "recruit"}
        before = table.controller.state.model_dump_json()
        await pilot.press("a", "e", "u")
        assert table.controller.state.model_dump_json() == before
        ben.send_chat("hello")  # a spectator's words are marked as such
        assert table.chat[-1][1] == "ben (watching): hello"


async def test_a_finished_game_over_ssh_leads_back_to_the_lobby_and_says_so(tmp_path: Path) -> None:
    from textual.widgets import Button

    from shards_tui.games.shards.cards import card_db
    from shards_tui.ui.screens.game_over import GameOverScreen
    from shards_tui.ui.tables.shards.summary import summary_lines

    hub = Hub(tmp_path, bot_pace=60)
    table = hub.create(ANA, "shards", 2, [None, "greedy"])
    view = table.controller.view(None)
    ana = ServedApp(hub, ANA, link=FakeLink(), cursor_blink=False)
    async with ana.run_test(size=(120, 40)) as pilot:
        ana.push_screen(GameOverScreen(*summary_lines(view, card_db(tuple(view.sets)))))
        await pilot.pause()
        assert str(ana.screen.query_one("#over-title", Button).label) == "Back to the lobby (enter)"


async def test_a_game_saved_over_ssh_is_named_without_the_servers_folders(tmp_path: Path) -> None:
    from shards_tui.core.registry import game

    ana = ServedApp(Hub(tmp_path), ANA, link=FakeLink(), cursor_blink=False)
    async with ana.run_test(size=(120, 40)) as pilot:
        ctl = game("shards").controller.build(
            {"kind": "new", "players": [{"name": "Ana"}, {"name": "Ben"}], "seed": 3})
        ana.start_game(ctl)
        await pilot.pause(0.2)
        table = next(s for s in ana.screen_stack if type(s).__name__ == "ShardsTable")
        assert await until(lambda: table._built)  # once the hand-off over it is drawn
        table.action_save()
        message = table.query_one(StatusLine).message
        assert message.startswith("Saved as shards-") and str(tmp_path) not in message
        assert list(ana.save_folder.glob("shards-*.json"))
