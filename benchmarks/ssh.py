"""How the SSH server performs: start `shards-tui serve` on a free local port, connect with
asyncssh clients, and print a table.

    python benchmarks/ssh.py [--seats 1,10,30] [--repeat 5]

Measures: connect to first paint (TCP connect, key exchange, login, PTY, the lobby drawn),
key to repaint in the lobby and at a table, server memory per idle seat (each connection sits at
its own table against a bot) with 1, 10 and 30 connections, and the bytes sent for one action
at the table compared with a full-screen redraw (forced by a resize).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import asyncssh

WIDTH, HEIGHT = 120, 40


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


class Client:
    def __init__(self, conn: asyncssh.SSHClientConnection, proc: asyncssh.SSHClientProcess) -> None:
        self.conn, self.proc = conn, proc
        self.buffer = b""

    async def until(self, needle: bytes, timeout: float = 30.0) -> float:
        """Read until ``needle`` has arrived; returns when (monotonic)."""
        async def read() -> None:
            while needle not in self.buffer:
                chunk = await self.proc.stdout.read(65536)
                if not chunk:
                    raise EOFError("the server closed the connection")
                self.buffer += chunk
        await asyncio.wait_for(read(), timeout)
        return time.monotonic()

    async def quiet(self, settle: float = 0.25, timeout: float = 10.0) -> tuple[float, int]:
        """Read until nothing arrives for ``settle`` s; returns (time of first byte, bytes)."""
        first, total, end = None, 0, time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                chunk = await asyncio.wait_for(self.proc.stdout.read(65536), settle)
            except asyncio.TimeoutError:
                if first is not None:
                    break
                continue
            if not chunk:
                break
            if first is None:
                first = time.monotonic()
            total += len(chunk)
        return (first or time.monotonic()), total

    def send(self, data: bytes) -> None:
        self.buffer = b""
        self.proc.stdin.write(data)


async def connect(port: int, key: asyncssh.SSHKey, user: str) -> tuple[Client, float]:
    start = time.monotonic()
    conn = await asyncssh.connect("127.0.0.1", port, username=user, client_keys=[key],
                                  known_hosts=None, encoding=None)
    proc = await conn.create_process(term_type="xterm-256color", term_size=(WIDTH, HEIGHT),
                                     encoding=None)
    client = Client(conn, proc)
    painted = await client.until(b"Signed in as")
    await client.quiet()
    return client, painted - start


async def to_table(client: Client) -> None:
    """Make a table against a greedy bot and sit at it: seat 2 is an open seat by default
    (a person), so its field (the fifth) is set to the greedy bot first."""
    client.send(b"n")
    await client.until(b"A new table")
    await client.quiet()
    for keys in (b"\t" * 4, b" ", b"\x1b[B\x1b[B", b"\r"):  # to seat 2, open, down twice, pick
        client.send(keys)
        await client.quiet()
    client.send(b"\r")  # create
    await client.until(b"your hand")
    await client.quiet(0.5)


async def measure(port: int, key: asyncssh.SSHKey, pid: int, seats: list[int], repeat: int) -> None:
    rows: list[tuple[str, str]] = []
    # Connect to first paint, and key to repaint in the lobby.
    paints, keys = [], []
    for i in range(repeat):
        client, took = await connect(port, key, f"probe{i}")
        paints.append(took)
        for _ in range(3):
            sent = time.monotonic()
            client.send(b"\x1b[B")  # arrow down: the highlight moves
            first, _ = await client.quiet()
            keys.append(first - sent)
        client.conn.close()
        await asyncio.sleep(0.2)
    rows.append(("connect to first paint (lobby)", f"{statistics.median(paints) * 1000:.0f} ms"))
    rows.append(("key to repaint (lobby, arrow key)", f"{statistics.median(keys) * 1000:.0f} ms"))

    # At a table: one action's bytes against a full redraw.
    client, _ = await connect(port, key, "player")
    await to_table(client)
    sent = time.monotonic()
    client.send(b"h")  # select the hand: a small change
    first, small = await client.quiet()
    table_key = first - sent
    client.send(b"a")  # play all: hand, play zone, resources, log and actions change
    _, action = await client.quiet(0.5)
    client.proc.change_terminal_size(WIDTH - 1, HEIGHT)
    await client.quiet()
    client.proc.change_terminal_size(WIDTH, HEIGHT)
    _, full = await client.quiet(0.5)
    client.conn.close()
    rows.append(("key to repaint (table, select hand)", f"{table_key * 1000:.0f} ms"))
    rows.append(("bytes: select a card", f"{small:,}"))
    rows.append(("bytes: play all (one action)", f"{action:,}"))
    rows.append((f"bytes: full redraw at {WIDTH}x{HEIGHT} (resize)", f"{full:,}"))
    await asyncio.sleep(0.5)

    # Memory per idle seat.
    base = rss_kib(pid)
    clients: list[Client] = []
    for n in seats:
        while len(clients) < n:
            client, _ = await connect(port, key, f"seat{len(clients)}")
            await to_table(client)
            clients.append(client)
        await asyncio.sleep(1.0)
        now = rss_kib(pid)
        rows.append((f"server memory, {n} idle seat{'s' if n > 1 else ''}",
                     f"{now / 1024:.0f} MiB ({(now - base) / 1024 / n:.1f} MiB per seat)"))
    for client in clients:
        client.conn.close()

    width = max(len(r[0]) for r in rows)
    print(f"{'measure':<{width}}  result")
    print(f"{'-' * width}  {'-' * 30}")
    for name, value in rows:
        print(f"{name:<{width}}  {value}")
    print(f"\n(server base memory before the seats: {base / 1024:.0f} MiB; Python "
          f"{sys.version.split()[0]}; {os.cpu_count()} cores)")


def seat_counts(text: str) -> list[int]:
    """'1,10,30' -> [1, 10, 30]; one sentence if it is not a list of whole numbers."""
    try:
        counts = sorted({int(s) for s in text.split(",") if s.strip()})
    except ValueError:
        counts = []
    if not counts or counts[0] < 1:
        raise argparse.ArgumentTypeError(f"give seat counts as whole numbers from 1, separated "
                                         f"by commas (like 1,10,30), not {text!r}")
    return counts


def at_least_one(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"give a whole number from 1, not {text!r}")
    return value


def main() -> int:
    intro = __doc__.split("\n\n")[0].replace("\n", " ")
    parser = argparse.ArgumentParser(description=intro,
                                     epilog="Measures: " + __doc__.split("Measures: ")[1])
    parser.add_argument("--seats", type=seat_counts, default=[1, 10, 30],
                        help="idle seat counts, separated by commas (default 1,10,30)")
    parser.add_argument("--repeat", type=at_least_one, default=5,
                        help="connections for the timings (default 5)")
    args = parser.parse_args()
    seats = args.seats
    with tempfile.TemporaryDirectory() as tmp:
        key = asyncssh.generate_private_key("ssh-ed25519")
        (Path(tmp) / "authorized_keys").write_bytes(key.export_public_key())
        port = free_port()
        server = subprocess.Popen(
            [sys.executable, "-m", "shards_tui", "serve", "--port", str(port),
             "--authorized-keys", f"{tmp}/authorized_keys", "--data-dir", f"{tmp}/data",
             "--bot-pace", "0.1"],
            stderr=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            env=dict(os.environ, SHARDS_TUI_HOME=f"{tmp}/home"))
        try:
            for _ in range(100):
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                    break
                except OSError:
                    time.sleep(0.1)
            asyncio.run(measure(port, key, server.pid, seats, args.repeat))
        finally:
            server.terminate()
            server.wait(10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
