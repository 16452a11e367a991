"""Bad input over SSH: random bytes, a huge paste, a client vanishing mid-frame. Each hurts
only its own connection; the server keeps serving and another seat keeps working."""

from __future__ import annotations

import asyncio
import os
import random

import asyncssh
import pytest


async def _open(server, user: str = "eve"):
    key = asyncssh.read_private_key(str(server.key))
    conn = await asyncssh.connect("127.0.0.1", server.port, username=user, client_keys=[key],
                                  known_hosts=None, encoding=None)
    proc = await conn.create_process(term_type="xterm-256color", term_size=(100, 30),
                                     encoding=None)
    return conn, proc


async def _read_until(proc, needle: bytes, timeout: float = 60.0) -> bytes:
    seen = b""
    async def loop() -> bytes:
        nonlocal seen
        while needle not in seen:
            chunk = await proc.stdout.read(65536)
            if not chunk:
                break
            seen += chunk
        return seen
    try:
        return await asyncio.wait_for(loop(), timeout)
    except asyncio.TimeoutError:
        return seen


def _lobby_ok(server) -> None:
    """A fresh connection still reaches the lobby."""
    async def check() -> bytes:
        conn, proc = await _open(server, "zoe")
        seen = await _read_until(proc, b"Signed in as")
        conn.close()
        return seen
    assert b"Signed in as" in asyncio.run(check())


def test_random_bytes_do_not_take_the_server_down(server) -> None:
    async def run() -> None:
        conn, proc = await _open(server)
        await _read_until(proc, b"Signed in as")
        rng = random.Random(5)
        for _ in range(20):
            try:  # the bytes may well contain ctrl+q, which ends the session: that is fine
                proc.stdin.write(bytes(rng.randrange(256) for _ in range(1500)))
            except (BrokenPipeError, OSError):
                break
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.5)
        conn.close()
    asyncio.run(run())
    _lobby_ok(server)


def test_a_huge_paste_closes_only_that_connection(server) -> None:
    async def run() -> bytes:
        conn, proc = await _open(server)
        await _read_until(proc, b"Signed in as")
        proc.stdin.write(b"\x1b[200~" + b"x" * 500_000 + b"\x1b[201~")
        rest = await _read_until(proc, b"never-said", timeout=10)
        conn.close()
        return rest
    rest = asyncio.run(run())
    _lobby_ok(server)
    assert "huge paste" in server.log.read_text()
    assert b"\x1b[?1049l" in rest and b"\x1b[?25h" in rest  # the client's terminal is given back
    assert b"Closed: more input than a player can send" in rest


def test_a_client_vanishing_mid_frame(server) -> None:
    async def run() -> None:
        conn, proc = await _open(server)
        await proc.stdout.read(200)  # the first bytes of the first frame
        conn.abort()
    asyncio.run(run())
    _lobby_ok(server)
    assert "Traceback" not in server.log.read_text()


@pytest.mark.parametrize("user", ["eve"])
def test_connections_are_not_left_behind(server, user: str) -> None:
    """After the connections above end, the server process does not keep growing threads."""
    pid = server.proc.pid
    threads = len(os.listdir(f"/proc/{pid}/task")) if os.path.isdir(f"/proc/{pid}/task") else 0
    assert threads < 40
