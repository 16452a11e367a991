"""One login cannot crowd out the others with connections or sessions: a connection holds one
terminal at a time, and the server holds a bounded number of connections per address and per
login, refusing the rest at once with one sentence. On 127.0.0.1, judged on the apps the server
made, never on time."""

from __future__ import annotations

import asyncio
from pathlib import Path

import asyncssh
import pytest

from shards_tui.server import auth
from shards_tui.server.server import Limits, Login, ShardsServer, served_app
from shards_tui.server.tables import Hub


@pytest.fixture
async def server(tmp_path: Path):
    key = asyncssh.generate_private_key("ssh-ed25519")
    (tmp_path / "keys").write_bytes(key.export_public_key())
    made: list[object] = []

    def counted(session):
        made.append(session)
        return served_app(session)

    srv = ShardsServer(Hub(tmp_path / "data", bot_pace=60), tmp_path / "keys",
                       app_factory=counted, limits=Limits(per_address=4, per_login=2, starts_per_minute=5))
    await srv.start("127.0.0.1", 0, auth.load_host_key(tmp_path / "host_key"))
    srv.client_key, srv.made = key, made  # type: ignore[attr-defined]
    yield srv
    srv.close()
    assert srv.acceptor is not None
    await asyncio.wait_for(srv.acceptor.wait_closed(), 10)


class _Client(asyncssh.SSHClient):
    """Keeps why the server ended the connection (the sentence an ssh client prints)."""

    def __init__(self) -> None:
        self.ended: asyncio.Future = asyncio.get_running_loop().create_future()

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.ended.done():
            self.ended.set_result(exc)


async def _connect(server: ShardsServer, user: str,
                   client: _Client | None = None) -> asyncssh.SSHClientConnection:
    return await asyncssh.connect("127.0.0.1", server.port, username=user,
                                  client_keys=[server.client_key], known_hosts=None,  # type: ignore[attr-defined]
                                  encoding=None, agent_path=None,
                                  client_factory=lambda: client or _Client())


async def _terminal(conn: asyncssh.SSHClientConnection) -> asyncssh.SSHClientProcess:
    proc = await conn.create_process(term_type="xterm", term_size=(100, 30), encoding=None)
    seen = b""
    while b"Signed in as" not in seen:
        seen += await asyncio.wait_for(proc.stdout.read(65536), 30)
    return proc


async def _refused(server: ShardsServer, user: str) -> str:
    """Connect and open a terminal, expecting the server to end the connection; its words."""
    client = _Client()
    with pytest.raises((asyncssh.Error, ConnectionError)):
        conn = await _connect(server, user, client)
        try:
            await asyncio.wait_for(_terminal(conn), 30)
        finally:
            conn.close()
    ended = await asyncio.wait_for(client.ended, 10)
    return str(getattr(ended, "reason", ended)).removesuffix(" (error 12)")


async def test_a_connection_opens_one_terminal_at_a_time(server) -> None:
    conn = await _connect(server, "ana")
    await _terminal(conn)
    for _ in range(5):  # the report opened 60 on one connection
        with pytest.raises(asyncssh.ChannelOpenError) as refused:
            await conn.create_process(term_type="xterm", term_size=(100, 30), encoding=None)
        assert refused.value.reason == "One terminal per connection: connect again for another."
    assert len(server.made) == 1  # one app made, not six
    conn.close()


async def test_a_connection_opens_a_few_terminals_in_its_life(server) -> None:
    conn = await _connect(server, "ana")
    for _ in range(Login.MAX_SESSIONS):
        proc = await _terminal(conn)
        proc.close()
        await proc.wait_closed()
        await asyncio.sleep(0.1)  # (the server hears the session close)
    with pytest.raises(asyncssh.ChannelOpenError) as refused:
        await conn.create_process(term_type="xterm", term_size=(100, 30), encoding=None)
    assert "connect again" in refused.value.reason
    assert len(server.made) == Login.MAX_SESSIONS
    conn.close()


async def test_connections_are_bounded_per_login_and_per_address(server) -> None:
    ana = [await _connect(server, "ana") for _ in range(2)]
    for conn in ana:
        await _terminal(conn)
    said = await _refused(server, "ana")
    assert said == "You are connected 2 times as ana already; close one of them and connect again."
    ben = await _connect(server, "ben")  # another login from the same address: let in
    await _terminal(ben)
    cat = await _connect(server, "cat")
    await _terminal(cat)
    said = await _refused(server, "dan")  # a fifth connection from this address
    assert said == ("The server holds 4 connections from your address at most; close one and "
                    "connect again.")
    assert len(server.made) == 4
    ana[0].close()
    await asyncio.sleep(0.2)  # (the server hears it close)
    again = await _connect(server, "ana")  # a place is free again
    await _terminal(again)
    assert len(server.made) == 5
    for conn in (*ana, ben, cat, again):
        conn.close()


async def test_connecting_over_and_over_opens_a_few_terminals_a_minute(server) -> None:
    for _ in range(5):  # connect, open a terminal, leave: again and again
        conn = await _connect(server, "dan")
        await _terminal(conn)
        conn.close()
        await asyncio.sleep(0.1)
    conn = await _connect(server, "dan")
    with pytest.raises(asyncssh.ChannelOpenError) as refused:
        await conn.create_process(term_type="xterm", term_size=(100, 30), encoding=None)
    assert refused.value.reason == ("Too many new terminals for your login this minute; wait a "
                                    "little and connect again.")
    assert len(server.made) == 5
    conn.close()
