"""Clients for benchmarks/ssh.py: an asyncssh connection that reads the server's frames, and
the ways a player gets from the lobby to a table or to one of the input boxes.

The client answers Textual's question about synchronised output, so the server ends every
frame with ``FRAME_END``: a key's repaint is complete when that sequence arrives.
"""

from __future__ import annotations

import asyncio
import time

import asyncssh

WIDTH, HEIGHT = 120, 40
FRAME_END = b"\x1b[?2026l"
SYNC_ANSWER = b"\x1b[?2026;2$y"  # "synchronised output: supported, off"
KEYS = {"tab": b"\t", "enter": b"\r", "space": b" ", "down": b"\x1b[B", "up": b"\x1b[A",
        "left": b"\x1b[D", "right": b"\x1b[C", "f1": b"\x1bOP", "ctrl+p": b"\x10"}


class Client:
    """One player's connection: what it reads is kept until the next key is sent."""

    def __init__(self, conn: asyncssh.SSHClientConnection, proc: asyncssh.SSHClientProcess,
                 patience: float = 30.0) -> None:
        self.conn, self.proc = conn, proc
        self.patience = patience  # seconds to wait for a screen before giving up
        self.buffer = b""
        self.received = 0

    async def _read(self, timeout: float) -> bytes:
        chunk = await asyncio.wait_for(self.proc.stdout.read(65536), timeout)
        if not chunk:
            raise EOFError("the server closed the connection")
        self.buffer += chunk
        self.received += len(chunk)
        return chunk

    async def until(self, needle: bytes, timeout: float | None = None) -> float:
        """Read until ``needle`` has arrived; returns when (monotonic)."""
        deadline = time.monotonic() + (self.patience if timeout is None else timeout)
        while needle not in self.buffer:
            await self._read(max(0.01, deadline - time.monotonic()))
        return time.monotonic()

    async def response(self, settle: float = 0.25, timeout: float = 10.0) -> tuple[float, int]:
        """Wait for output, then read until nothing arrives for ``settle`` s; returns (time of
        the first byte, bytes read)."""
        first, total, end = None, 0, time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                chunk = await self._read(settle)
            except asyncio.TimeoutError:
                if first is not None:
                    break
                continue
            if first is None:
                first = time.monotonic()
            total += len(chunk)
        return (first or time.monotonic()), total

    async def quiet(self, settle: float = 0.25, timeout: float = 10.0) -> int:
        """Read until nothing has arrived for ``settle`` s (at once, if nothing comes);
        returns the bytes read."""
        total, end = 0, time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                total += len(await self._read(settle))
            except asyncio.TimeoutError:
                break
        return total

    def send(self, data: bytes) -> None:
        self.buffer = b""
        self.proc.stdin.write(data)

    async def keys(self, *names: str, pause: float = 0.15) -> None:
        for name in names:
            self.send(KEYS.get(name, name.encode()))
            await asyncio.sleep(pause)

    async def key_to_frame(self, data: bytes, timeout: float = 30.0) -> float:
        """Seconds from sending ``data`` to the end of the frame it causes."""
        self.send(data)
        sent = time.monotonic()
        return await self.until(FRAME_END, timeout) - sent

    def close(self) -> None:
        self.conn.close()


async def connect(port: int, key: asyncssh.SSHKey, user: str, patience: float = 30.0,
                  size: tuple[int, int] = (WIDTH, HEIGHT), number: int = 0) -> tuple[Client, float]:
    """A new player in the lobby; returns the client and the time to the lobby's first paint.
    ``patience``: seconds it waits for each screen (a server under tracemalloc is slow);
    ``size``: the terminal's columns and rows; ``number``: the connection's place among many
    (each 16 come from their own loopback address, 127.0.0.2 and on: the server holds 24
    connections from one address at most)."""
    start = time.monotonic()
    source = {"local_addr": (f"127.0.0.{2 + number // 16}", 0)} if number else {}
    conn = await asyncssh.connect("127.0.0.1", port, username=user, client_keys=[key],
                                  known_hosts=None, encoding=None, agent_path=None, **source)
    proc = await conn.create_process(term_type="xterm-256color", term_size=size,
                                     encoding=None)
    client = Client(conn, proc, patience)
    proc.stdin.write(SYNC_ANSWER)  # (read by the app when it starts: frames are marked)
    painted = await client.until(b"Signed in as")
    await client.quiet()
    return client, painted - start


async def new_table(client: Client, bot: bool = True) -> None:
    """Make a 2-player table: seat 2 a greedy bot (the table starts), or open for a person."""
    client.send(b"n")
    await client.until(b"A new table")
    await client.quiet()
    if bot:  # Game, Players, Variant, then seat 2: open its list, down to the greedy bot
        await client.keys("tab", "tab", "tab", "space")
        await client.until(b"Search bot")
        await client.keys("down", "down", "enter")
        await client.until(b"Greedy bot")
        await client.quiet()
        await client.keys("tab")  # seat 2 -> Create
    else:  # Game, Players, Variant, Seat 2, Create (Enter on a list opens it)
        await client.keys("tab", "tab", "tab", "tab")
    client.send(b"\r")  # Create
    await client.quiet(0.5)


async def at_table(client: Client) -> None:
    """Wait until the table is drawn and quiet (a bot may have moved first)."""
    await client.until(b"your hand")
    await client.quiet(0.5)


async def open_box(client: Client, box: str) -> None:
    """From the lobby, open one of the input boxes a remote player can type into: the palette
    and the command line as a spectator of the newest table (the first entry of the lobby),
    the rules search and a hot-seat game's name from the lobby."""
    if box in ("palette", "command line"):
        client.send(b"\r")  # watch
        await client.until(b"watching")
        await client.quiet()
        client.send(KEYS["ctrl+p"] if box == "palette" else b":")
    elif box == "rules search":
        client.send(KEYS["f1"])
        await client.until(b"Search the rules")
    elif box == "setup name":
        client.send(b"h")  # a hot-seat game: which game (the first), then its setup, where
        await client.until(b"which game?")  # the first name field has the focus
        client.send(b"\r")
        await client.until(b"New game")
        await client.keys(*["\x7f"] * 8)  # backspace over "Player 1"
    else:
        raise ValueError(f"no input box called {box!r}")
    await client.quiet(2.0)  # the box's screen is built (the rules take a while)


BOXES = ("palette", "command line", "rules search", "setup name")
