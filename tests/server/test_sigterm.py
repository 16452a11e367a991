"""SIGTERM stops the server cleanly while a spectator floods a palette: the process ends, the
tables are saved and come back when the server starts again."""

from __future__ import annotations

import asyncio
import signal
import subprocess
from pathlib import Path

import asyncssh

from benchmarks.ssh_client import KEYS, connect, new_table
from shards_tui.server.tables import Hub

from conftest import Server, need  # noqa: E402  (tests/server/conftest.py)


async def _play_and_flood(server: Server) -> None:
    key = asyncssh.read_private_key(str(server.key))
    ana, _ = await connect(server.port, key, "ana")
    await new_table(ana)  # against a greedy bot
    await ana.until(b"your hand")
    await ana.quiet()
    eve, _ = await connect(server.port, key, "eve")
    eve.send(b"\r")  # watches Ana's table
    await eve.until(b"watching")
    eve.send(KEYS["ctrl+p"])
    await eve.until(b"Search the commands")
    for _ in range(40):
        eve.proc.stdin.write(b"shield fast play mastery " * 4)
        await asyncio.sleep(0.02)
    server.proc.send_signal(signal.SIGTERM)  # in the middle of it
    for client in (ana, eve):
        try:  # each terminal is given back with a sentence (or the connection just ends)
            await client.until(b"never said", timeout=30)
        except (EOFError, asyncio.TimeoutError, asyncssh.Error, OSError):
            pass


def test_sigterm_during_a_flood_stops_the_server_and_saves_the_tables(tmp_path: Path) -> None:
    need("ssh-keygen")
    server = Server(tmp_path, bot_pace=0.05)
    server.start()
    try:
        asyncio.run(_play_and_flood(server))
        assert server.proc is not None
        code = server.proc.wait(timeout=90)  # (only a server that never stops fails here)
    except subprocess.TimeoutExpired:
        raise AssertionError("the server did not stop on SIGTERM") from None
    finally:
        server.stop()
    log = server.log.read_text()
    assert code == 0 and "stopped; 1 table saved" in log and "Traceback" not in log, log[-3000:]
    again = Hub(server.data)
    assert again.restore() == 1
    (table,) = again.tables.values()
    assert table.controller is not None and table.seat_of(
        next(s.owner for s in table.seats if s.owner is not None)) == 0
