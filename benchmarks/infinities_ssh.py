"""Infinities over SSH, and the server under load: `shards-tui serve` on a free local port, its
tables written beforehand into its data folder (the server restores them as it starts), asyncssh
clients at 120x40.

    python benchmarks/infinities_ssh.py [--keys 40] [--tables 20] [--idle 40] [--seats 10]
        [--parts bytes,six,load,memory] [--bot-pace 0.3]

Measures: the bytes one action sends to the player who makes it (a move into the tile next to
the pawn: the map, the mats, the log) against a full redraw at 120x40 (forced by a resize), and
against a cursor step; an idle seat's key to repaint (the map's cursor, to the end of the
frame) at a 6-seat Infinities table of one person and five bots, with two spectators watching,
while the bots play (when the person's turn comes, the script plays it untimed); the server
with --tables tables of every game played by bots only (a quarter of each game) and --idle
logins idle in the lobby: a seated player's key p95 at an Infinities table of their own; and
the server's memory (resident set) per idle lobby login and per idle seated player (each at
an Infinities table of their own against a bot), the growth divided by their number.
The targets: an action at most 0.15x a full redraw; key p95 under 100 ms. Nothing asserts.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import asyncssh  # noqa: E402

from benchmarks.ssh_client import HEIGHT, KEYS, WIDTH, Client, connect  # noqa: E402
from shards_tui.core import saves  # noqa: E402
from shards_tui.core.registry import game, game_ids  # noqa: E402
from shards_tui.server.auth import Identity  # noqa: E402
from shards_tui.server.table import Seat, Table  # noqa: E402
from shards_tui.server.table_files import table_doc as server_table_doc  # noqa: E402

DIRECTION_KEYS = dict(zip(("n", "ne", "se", "s", "sw", "nw"), "893217"))


def note(text: str) -> None:
    """Progress, on stderr (the table goes to stdout)."""
    print(f"[{time.strftime('%H:%M:%S')}] {text}", file=sys.stderr, flush=True)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def p95(samples: list[float]) -> float:
    if not samples:
        return float("nan")
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def ms(samples: list[float]) -> str:
    if not samples:
        return "no samples"
    return (f"p50 {statistics.median(samples) * 1000:.0f} ms, p95 {p95(samples) * 1000:.0f} ms "
            f"(n={len(samples)})")


def table_doc(table_id: int, game_id: str, ctl: Any, seats: list[dict[str, Any]]) -> dict[str, Any]:
    """A table file as the server writes it: seats are {"bot": level} or {"owner": (user, key)}."""
    out = [Seat(bot=seat.get("bot"), owner=Identity(*seat["owner"]) if seat.get("owner") else None,
                name=seat["owner"][0] if seat.get("owner") else f"Bot {n + 1}")
           for n, seat in enumerate(seats)]
    return server_table_doc(Table(table_id, game_id, ctl.state.seed, "standard", out, controller=ctl))


def new_game(game_id: str, names: list[str], bots: list[str | None], seed: int):
    players = [{"name": n, **({"bot": b} if b else {})} for n, b in zip(names, bots)]
    return game(game_id).controller.build({"kind": "new", "seed": seed, "players": players})


def move_position(seed: int):
    """Ana's turn, dice locked, a move into a face-up tile next to her open: (controller,
    direction)."""
    from shards_tui.core.hex import DIRECTION_NAMES, neighbour, parse_hex

    for attempt in range(seed, seed + 200):
        ctl = new_game("infinities", ["Ana", "Ben"], [None, "greedy"], attempt)
        rng = random.Random(attempt)
        for _ in range(600):
            if ctl.over:
                break
            seat = ctl.who_must_act()
            view = ctl.view(seat)
            if seat == 0 and view.round >= 2 and view.phase == "act" and len(view.tiles) >= 8:
                here = parse_hex(view.players[0].at)
                placed = {t.hex for t in view.tiles if t.face_up}
                for move in view.legal:
                    if move.command.verb == "move":
                        to = neighbour(here, DIRECTION_NAMES.index(move.command.direction))
                        if f"{to.q},{to.r}" in placed and _asks_nothing(ctl, move.text):
                            return ctl, move.command.direction
            legal = ctl.legal_commands(seat)
            moves = [c for c in legal if c.verb != "end"] if rng.random() < 0.85 else legal
            ctl.apply(rng.choice(moves or legal))
    raise RuntimeError("no position with a move into a tile was reached")


def _asks_nothing(ctl: Any, text: str) -> bool:
    """Whether the move, made on a copy, leaves no question waiting (a move, not a move and
    a trigger's or a gambit's question)."""
    trial = saves.from_json(saves.to_json(ctl))
    trial.apply(text, 0)
    return trial.state.pending is None


def acting(data: Path, table: int) -> list[int]:
    """The seats the saved table waits for (the question's, else the active one's)."""
    try:
        doc = json.loads((data / "tables" / f"table-{table}.json").read_text())
    except (OSError, ValueError):
        return []
    state = doc["save"]["state"]
    if state.get("over"):
        return []
    pending = state.get("pending")
    return [int(pending["seat"])] if pending else [int(state["flow"]["active"])]


async def sit_down(client: Client) -> None:
    """From the lobby, Enter on the first row (the player's own table comes first)."""
    client.send(b"\r")
    await client.until(b"order:")
    await client.quiet(0.5)


async def watch(client: Client, table_row: int = 0) -> None:
    for _ in range(table_row):
        await client.keys("down")
    client.send(b"w")
    await client.until(b"Watching")
    await client.quiet(0.5)


async def play_a_turn(client: Client, data: Path, table: int, seat: int) -> None:
    """The person's turn, untimed, by the keys each phase and question needs, until the table
    waits for another seat."""
    for _ in range(40):
        if seat not in acting(data, table):
            return
        try:
            state = json.loads((data / "tables" / f"table-{table}.json").read_text())["save"]["state"]
        except (OSError, ValueError, KeyError):
            await asyncio.sleep(0.2)
            continue
        pending, phase = state.get("pending"), state["flow"]["phase"]
        if pending:
            keys = ["\r"] if pending["kind"] == "discover" else \
                [" ", "\x1b[B"] * int(pending.get("min", 1)) + ["\r"] if pending.get("max", 1) > 1 \
                else ["\r"]
        else:
            keys = {"first_tile": ["m", "c", "8", "\r"], "choose_leader": ["\r"],
                    "deploy": ["e"], "respawn": ["e"], "check": ["d", "t", "p", "f", "f", "\r"],
                    "adjust": ["d", "\r"], "act": ["e", "e"]}.get(phase, ["\r"])
        await client.keys(*keys, pause=0.15)
        await client.quiet(0.3)
    note("the person's turn did not end after 40 rounds of keys")
    if os.environ.get("INF_SSH_DEBUG"):
        from benchmarks.pty_timing import plain
        note(plain(client.buffer)[-2500:])


# The status line's words for the hex under the cursor (a tile's walls, an empty space, a
# space off the map) or for a key that stops at the map's edge ("The map ends here"): a frame
# holding them answers the cursor's key, not a bot's move, which never writes them. (Without
# 'Off the map', a key that took the cursor off the map before the seat's pawn was placed was
# timed until the next bot move's frame: 600-900 ms.)
CURSOR_WORDS = (b"walls", b"empty space", b"face down", b"Off the map", b"map ends")
FRAME_END = b"\x1b[?2026l"


async def cursor_frame(client: Client, key: bytes, timeout: float = 10.0) -> tuple[float, bool]:
    """Seconds from the key to the end of the frame that shows the cursor's new hex, and
    whether another frame ended first (a bot move's, or the key's own frame without the words:
    a key whose sentence did not change is timed until the next bot move, so a slow key
    marked so is the benchmark's, not the app's)."""
    client.send(key)
    sent = time.monotonic()
    while True:
        buffer = client.buffer
        found = [buffer.find(w) for w in CURSOR_WORDS if w in buffer]
        end = buffer.find(FRAME_END, min(found)) if found else -1
        if end >= 0:
            return time.monotonic() - sent, buffer.find(FRAME_END) < end
        await client._read(max(0.01, sent + timeout - time.monotonic()))


async def cursor_keys(client: Client, count: int, data: Path | None = None, table: int = 0,
                      seat: int = 0) -> list[float]:
    """The map's cursor north and back south, timed; the seat's own turns played untimed."""
    samples: list[float] = []
    client.after_turn = []  # (the indexes of the samples timed first after the seat's turn)
    client.before_turn = []  # (... and of those timed last before it)
    client.later = []  # (... and of those whose words came after another frame had ended)
    missed = 0
    await client.keys("m")
    await client.quiet(0.2)
    i = 0
    while len(samples) < count:
        if data is not None and seat in acting(data, table):
            note("the person's turn: played untimed")
            client.before_turn.append(len(samples) - 1)
            await play_a_turn(client, data, table, seat)
            await client.keys("m", "c")
            await client.quiet(0.2)
            client.after_turn.append(len(samples))
            continue
        try:
            took, later = await cursor_frame(client, b"8" if i % 2 == 0 else b"2", timeout=5.0)
            if later:
                client.later.append(len(samples))
            samples.append(took)
        except asyncio.TimeoutError:  # a list or a question had the keys: back to the map
            missed += 1
            note(f"a key showed no cursor within 5 s ({missed} so far)")
            if os.environ.get("INF_SSH_DEBUG"):
                from benchmarks.pty_timing import plain
                note(plain(client.buffer)[-1500:])
            if missed > count:
                break
            if data is None or seat not in acting(data, table):
                await client.keys("\x1b", "m", "c")
            # else the seat's turn came as the key was sent (its question has the keys): Escape
            # and m would give them to the map, where the turn's Enter does nothing
            await client.quiet(0.3)
        i += 1
        # The pause between keys reads what comes meanwhile (a bot move's redraw): left
        # unread, it would answer the next key at once (frames that took 0 ms).
        await client.quiet(0.1, timeout=0.1)
    return samples


class Server:
    def __init__(self, tmp: Path, docs: list[dict[str, Any]], bot_pace: float) -> None:
        self.tmp, self.data = tmp, tmp / "data"
        (self.data / "tables").mkdir(parents=True, exist_ok=True)
        for doc in docs:
            (self.data / "tables" / f"table-{doc['id']}.json").write_text(json.dumps(doc))
        self.port = free_port()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "shards_tui", "serve", "--port", str(self.port),
             "--authorized-keys", str(tmp / "authorized_keys"), "--data-dir", str(self.data),
             "--bot-pace", str(bot_pace)],
            stderr=open(tmp / "server.log", "ab"), stdout=subprocess.DEVNULL,
            env=dict(os.environ, SHARDS_TUI_HOME=str(tmp / "home")))
        for _ in range(300):
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.5).close()
                return
            except OSError:
                time.sleep(0.1)

    def rss_kib(self) -> int:
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        return 0

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(10)


async def bytes_part(tmp: Path, key: asyncssh.SSHKey, fp: str) -> list[tuple[str, str]]:
    ctl, direction = move_position(3)
    server = Server(tmp / "bytes", [table_doc(1, "infinities", ctl, [{"owner": ("mover", fp)},
                                                                     {"bot": "greedy"}])], 0.3)
    try:
        mover, _ = await connect(server.port, key, "mover")
        await sit_down(mover)
        await mover.keys("m", "c")
        await mover.quiet(0.5)
        mover.proc.change_terminal_size(WIDTH - 1, HEIGHT)  # a full redraw of this position
        await mover.response(0.5)
        mover.proc.change_terminal_size(WIDTH, HEIGHT)
        _, full = await mover.response(0.5)
        mover.send(b"8")
        _, step = await mover.response(0.5)
        await mover.keys("c")
        await mover.quiet(0.3)
        mover.send(DIRECTION_KEYS[direction].encode())
        await mover.response(0.3)
        mover.send(b"\r")  # the move: the map, the mats, the log, the hand (the regroup's draw)
        _, action = await mover.response(0.5)
        mover.close()
    finally:
        server.stop()
    return [("bytes: the map's cursor, one step", f"{step:,}"),
            ("bytes: a move into the next tile (one action)", f"{action:,}"),
            (f"bytes: full redraw at {WIDTH}x{HEIGHT} (resize)", f"{full:,}"),
            ("  one action / full redraw", f"{action / max(full, 1):.2f}x (target <= 0.15x: "
             f"{'yes' if action <= 0.15 * full else 'MISSED'})")]


async def six_part(tmp: Path, key: asyncssh.SSHKey, fp: str, keys: int,
                   bot_pace: float) -> list[tuple[str, str]]:
    names = ["idle", "Bot 2", "Bot 3", "Bot 4", "Bot 5", "Bot 6"]
    ctl = new_game("infinities", names, [None] + ["greedy"] * 5, 11)
    seats = [{"owner": ("idle", fp)}] + [{"bot": "greedy"}] * 5
    server = Server(tmp / "six", [table_doc(1, "infinities", ctl, seats)], bot_pace)
    try:
        idle, _ = await connect(server.port, key, "idle")
        note("six: the person is in the lobby")
        await sit_down(idle)
        note("six: seated")
        watchers = []
        for name in ("spectator1", "spectator2"):
            watcher, _ = await connect(server.port, key, name)
            await watch(watcher)
            watchers.append(watcher)
            note(f"six: {name} watches")
        samples = await cursor_keys(idle, keys, server.data, 1, 0)
        slowest = sorted(range(len(samples)), key=samples.__getitem__)[-8:]
        note("six: the slowest keys: " + ", ".join(
            f"{samples[i] * 1000:.0f}{' (first after its turn)' if i in idle.after_turn else ''}"
            f"{' (last before its turn)' if i in idle.before_turn else ''}"
            f"{' (a later frame)' if i in idle.later else ''}"
            for i in slowest) + " ms")
        moves = len(json.loads((server.data / "tables" / "table-1.json").read_text())["save"]["history"])
        for client in (idle, *watchers):
            client.close()
    finally:
        server.stop()
    met = "yes" if p95(samples) < 0.1 else "MISSED"
    return [(f"6-seat table (1 person, 5 bots at {bot_pace} s a move) + 2 spectators: "
             "the idle seat's key",
             f"{ms(samples)} (target p95 < 100 ms: {met}); {moves} moves made by then")]


def load_docs(tables: int, fp: str, seated: int) -> list[dict[str, Any]]:
    docs = []
    ids = game_ids()
    for n in range(tables):
        game_id = ids[n % len(ids)]
        players = 4 if game_id == "infinities" else 2
        names = [f"Bot {k + 1}" for k in range(players)]
        ctl = new_game(game_id, names, ["greedy"] * players, 100 + n)
        docs.append(table_doc(n + 1, game_id, ctl, [{"bot": "greedy"}] * players))
    for k in range(seated):
        ctl = new_game("infinities", [f"seat{k}", "Bot"], [None, "greedy"], 500 + k)
        docs.append(table_doc(tables + k + 1, "infinities", ctl,
                              [{"owner": (f"seat{k}", fp)}, {"bot": "greedy"}]))
    return docs


async def load_part(tmp: Path, key: asyncssh.SSHKey, fp: str, args) -> list[tuple[str, str]]:
    server = Server(tmp / "load", load_docs(args.tables, fp, 1), args.bot_pace)
    rows = []
    try:
        await asyncio.sleep(2.0)
        idle = []
        for n in range(args.idle):
            client, _ = await connect(server.port, key, f"lobby{n}", number=n + 1)
            idle.append(client)
        seated, _ = await connect(server.port, key, "seat0")
        await sit_down(seated)
        samples = await cursor_keys(seated, args.keys, server.data, args.tables + 1, 0)
        played = sum(len(json.loads(p.read_text())["save"]["history"])
                     for p in (server.data / "tables").glob("table-*.json"))
        met = "yes" if p95(samples) < 0.1 else "MISSED"
        rows.append((f"server: {args.tables} bot tables (every game) + {args.idle} idle logins: "
                     "a seated player's key", f"{ms(samples)} (target p95 < 100 ms: {met}); "
                     f"{played} moves on the tables by then"))
        for client in (*idle, seated):
            client.close()
    finally:
        server.stop()
    return rows


async def memory_part(tmp: Path, key: asyncssh.SSHKey, fp: str, args) -> list[tuple[str, str]]:
    server = Server(tmp / "memory", load_docs(0, fp, args.seats + 1), 60.0)
    rows = []
    try:
        await asyncio.sleep(1.0)
        warm, _ = await connect(server.port, key, f"seat{args.seats}")  # what loads once, loads
        await sit_down(warm)
        warm.close()
        await asyncio.sleep(1.0)
        base = server.rss_kib()
        lobby = []
        for n in range(args.idle):
            client, _ = await connect(server.port, key, f"lobby{n}", number=n + 1)
            lobby.append(client)
        await asyncio.sleep(1.0)
        with_lobby = server.rss_kib()
        seats = []
        for n in range(args.seats):
            client, _ = await connect(server.port, key, f"seat{n}", number=args.idle + n + 1)
            await sit_down(client)
            seats.append(client)
        await asyncio.sleep(1.0)
        with_seats = server.rss_kib()
        per_login = (with_lobby - base) / max(1, args.idle) / 1024
        per_seat = (with_seats - with_lobby) / max(1, args.seats) / 1024
        rows.append((f"memory per idle login in the lobby ({args.idle})", f"{per_login:.2f} MiB"))
        rows.append((f"memory per idle seat at an Infinities table ({args.seats})",
                     f"{per_seat:.2f} MiB (target 2 MiB; the floor of serving any Textual app: "
                     f"benchmarks/ssh_memory.py --kinds floor)"))
        for client in (*lobby, *seats):
            client.close()
    finally:
        server.stop()
    return rows


async def measure(tmp: Path, args) -> list[tuple[str, str]]:
    key = asyncssh.generate_private_key("ssh-ed25519")
    (tmp / "authorized_keys").write_bytes(key.export_public_key())
    for part in ("bytes", "six", "load", "memory"):
        (tmp / part).mkdir(exist_ok=True)
        (tmp / part / "authorized_keys").write_bytes(key.export_public_key())
    fp = key.get_fingerprint("sha256")
    rows: list[tuple[str, str]] = []
    if "bytes" in args.parts:
        rows += await bytes_part(tmp, key, fp)
    if "six" in args.parts:
        rows += await six_part(tmp, key, fp, args.keys, args.bot_pace)
    if "load" in args.parts:
        rows += await load_part(tmp, key, fp, args)
    if "memory" in args.parts:
        rows += await memory_part(tmp, key, fp, args)
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keys", type=int, default=40, help="keys timed at each table (40)")
    parser.add_argument("--tables", type=int, default=20, help="bot tables for the load (20)")
    parser.add_argument("--idle", type=int, default=40, help="idle lobby logins (40)")
    parser.add_argument("--seats", type=int, default=10, help="idle seats for the memory (10)")
    parser.add_argument("--bot-pace", type=float, default=0.8,
                        help="seconds a bot waits before each move (0.8, the server's default)")
    parser.add_argument("--parts", type=lambda s: s.split(","), default=["bytes", "six", "load", "memory"])
    args = parser.parse_args(argv)
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp:
        rows = asyncio.run(measure(Path(tmp), args))
    width = max(len(r[0]) for r in rows)
    print(f"{'measure':<{width}}  result")
    for name, value in rows:
        print(f"{name:<{width}}  {value}")
    load = os.getloadavg()[0]
    print(f"\n(Python {sys.version.split()[0]}; {os.cpu_count()} cores, load average {load:.1f}; "
          f"{time.monotonic() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
