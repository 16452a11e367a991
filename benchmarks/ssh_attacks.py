"""The attacks benchmarks/ssh.py times an idle player's keys under (issue 34): another login,
over its own connection, sends focus reports, huge window sizes, size reports typed in the
input, a storm of window changes, a storm of sessions and connections, or new tables, over
and over. Each attack is bounded in what it sends and stops by itself (``stop`` set, or its
count used up); each keeps reading its screen, so it is never cut off for not reading.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from typing import Awaitable, Callable

import asyncssh

from benchmarks.ssh_client import HEIGHT, WIDTH, Client, connect, new_table

MAX_SENDS = 2_000  # what one attack sends at most, whatever its time


async def drain(client: Client, seconds: float) -> None:
    """Read what the server sends for ``seconds`` (the attacker keeps reading)."""
    end = time.monotonic() + seconds
    try:
        while (left := end - time.monotonic()) > 0:
            await asyncio.wait_for(client.proc.stdout.read(65536), left)
    except (asyncio.TimeoutError, asyncssh.Error, ConnectionError):
        pass


async def hotseat(client: Client) -> None:
    """From the lobby into a hot-seat game of the first game on the list, on this terminal."""
    client.send(b"h")
    await client.until(b"which game?")
    client.send(b"\r")
    await client.until(b"New game")
    await client.quiet()
    client.send(b"\x13")  # ctrl+s: Start
    await client.quiet(1.0)
    client.send(b"\r")  # (ready, if a hand-off cover asks)
    await client.quiet(1.0)


async def focus_reports(client: Client, stop: asyncio.Event) -> int:
    """Focus out, focus in, 15 times a second (as in the report: 90 bytes a second)."""
    sent = 0
    while not stop.is_set() and sent < MAX_SENDS:
        client.proc.stdin.write(b"\x1b[O\x1b[I")
        sent += 1
        await drain(client, 1 / 15)
    return sent


async def huge_sizes(client: Client, stop: asyncio.Event) -> int:
    """Window changes between a huge size (2000x1000, 6000x3000) and the usual, twice a second."""
    sizes = [(2000, 1000), (WIDTH, HEIGHT), (6000, 3000), (WIDTH, HEIGHT)]
    sent = 0
    while not stop.is_set() and sent < MAX_SENDS:
        client.proc.change_terminal_size(*sizes[sent % len(sizes)])
        sent += 1
        await drain(client, 0.5)
    return sent


async def size_reports(client: Client, stop: asyncio.Event) -> int:
    """In-band size reports (ESC [ 48 ; h ; w ; ph ; pw t) typed in the input, two sizes
    alternating 20 times a second."""
    sent = 0
    while not stop.is_set() and sent < MAX_SENDS:
        width = WIDTH - sent % 2
        client.proc.stdin.write(f"\x1b[48;{HEIGHT};{width};{HEIGHT * 16};{width * 8}t".encode())
        sent += 1
        await drain(client, 0.05)
    return sent


async def resize_storm(client: Client, stop: asyncio.Event) -> int:
    """Window changes, two sizes alternating ten times a second."""
    sent = 0
    while not stop.is_set() and sent < MAX_SENDS:
        client.proc.change_terminal_size(WIDTH - sent % 2, HEIGHT)
        sent += 1
        await drain(client, 0.1)
    return sent


async def session_storm(client: Client, stop: asyncio.Event, port: int,
                        key: asyncssh.SSHKey) -> int:
    """More sessions on the attacker's connection, and more connections as the same login,
    as fast as they are answered (the report opened 60 sessions in 1.3 s)."""
    tried, extra = 0, []
    try:
        while not stop.is_set() and tried < 200:
            tried += 1
            try:
                if tried % 4:
                    proc = await asyncio.wait_for(client.conn.create_process(
                        term_type="xterm-256color", term_size=(WIDTH, HEIGHT), encoding=None), 10)
                    extra.append(proc)
                else:
                    conn = await asyncio.wait_for(asyncssh.connect(
                        "127.0.0.1", port, username="storm", client_keys=[key],
                        known_hosts=None, encoding=None, agent_path=None), 10)
                    extra.append(conn)
                    proc = await asyncio.wait_for(conn.create_process(
                        term_type="xterm-256color", term_size=(WIDTH, HEIGHT), encoding=None), 10)
            except (asyncssh.Error, OSError, asyncio.TimeoutError):
                await asyncio.sleep(0.02)  # refused at once: ask again
    finally:
        for held in extra:
            held.close()
    return tried


async def table_flood(client: Client, stop: asyncio.Event) -> int:
    """n, Enter (a new table with an open seat), over and over (the report made 200)."""
    made = 0
    while not stop.is_set() and made < 200:
        client.send(b"n")
        await drain(client, 0.3)
        client.send(b"\r")
        made += 1
        await drain(client, 0.3)
    return made


@dataclass
class Attack:
    name: str
    what: str  # for the row: "while another login ..."
    run: Callable[..., Awaitable[int]]
    unit: str  # what run's count counts
    in_hotseat: bool = False
    before: Callable[[Client], Awaitable[None]] | None = None  # done before the timing starts


async def three_tables(client: Client) -> None:
    """The tables a login may hold (3): making them opens the new-table form each time, one
    long step of the server's loop like any screen's first drawing; the flood is what follows."""
    from shards_tui.server.tables import MAX_WAITING

    for _ in range(MAX_WAITING):
        await new_table(client, bot=False)


ATTACKS = {a.name: a for a in (
    Attack("focus", "sends focus out/in 15 times a second from a hot-seat game", focus_reports,
           "reports", in_hotseat=True),
    Attack("huge size", "resizes to 2000x1000 and 6000x3000 and back, twice a second",
           huge_sizes, "sizes", in_hotseat=True),
    Attack("in-band resize", "types size reports, two sizes 20 times a second", size_reports,
           "reports", in_hotseat=True),
    Attack("resize storm", "resizes between two sizes 10 times a second", resize_storm,
           "sizes", in_hotseat=True),
    Attack("sessions", "opens sessions and connections as fast as answered", session_storm,
           "tries"),
    Attack("tables", "makes new tables (n, Enter) over and over, past the 3 it may hold",
           table_flood, "tries", before=three_tables),
)}


async def start(name: str, port: int, key: asyncssh.SSHKey,
                stop: asyncio.Event) -> tuple[Client, "asyncio.Task[int]"]:
    """Connect the attacker, put it in place, and start its attack (it runs until ``stop``)."""
    attack = ATTACKS[name]
    client, _ = await connect(port, key, f"attacker-{name.replace(' ', '-')}")
    if attack.in_hotseat:
        await hotseat(client)
    if attack.before is not None:
        await attack.before(client)
    if attack.run is session_storm:
        task = asyncio.create_task(session_storm(client, stop, port, key))
    else:
        task = asyncio.create_task(attack.run(client, stop))
    return client, task
