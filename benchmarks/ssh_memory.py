"""Server memory per idle SSH connection, against the floor of what serving any Textual app costs.

    python benchmarks/ssh_memory.py [--seats 1,10,30] [--kinds floor,lobby,seat] [--trace 10]
                                    [--collect] [--idle 3]

For each kind a fresh server (``shards-tui serve``, run by this script so that it can also
serve the floor) is started on a free local port; one connection of that kind comes and goes
(so that what a server loads once is loaded), then idle connections are added, and the growth
of the server's resident memory divided by their number is printed for each count. Kinds:

- floor: the same server (asyncssh, our sessions, driver, input pacing, shared style sheets)
  serving each connection a minimal Textual app: one Static, no game, no lobby;
- table-floor: the same, serving a bare Textual app with the widgets of an idle Infinities
  seat's table and as much text (benchmarks/table_floor_app.py): what Textual alone needs
  to show that table, the floor under the infinities row;
- lobby: each connection sits in the lobby;
- seat: each connection sits at its own table against a bot (the target: at most 2 MiB);
- infinities: the same at an Infinities table (its tables written into the server's folder
  before it starts, one for each connection, as ``infinities_ssh.py`` does).

``--collect`` makes a full garbage collection after each connection and before each reading
(the server's collector makes one within minutes of quiet: what a server holds for seats that
came minutes apart, not the garbage of the last second's logins). ``--idle S`` has the server's
terminals drop their drawn lines after S seconds idle (``server/idle_lines.py``; 30 s in
``shards-tui serve``), and each connection waits for it before the next comes.

``--trace N`` also starts one more server per kind under tracemalloc, takes a snapshot after
the warm-up connection and another after N idle connections, and prints where the Python
memory of one connection was allocated: by library, and by the lines of our own code (the
innermost frame in shards_tui) under which it was allocated.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections import Counter
from pathlib import Path
from typing import Any

import asyncssh

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.ssh import free_port  # noqa: E402
from benchmarks.ssh_client import Client, at_table, connect, new_table  # noqa: E402
from benchmarks.infinities_ssh import sit_down  # noqa: E402

KINDS = ("floor", "table-floor", "lobby", "seat", "infinities")
LOOP = str(Path("shards_tui", "server", "loop.py"))
TARGET_MIB = 2.0
TRACE_FRAMES = 30


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


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


# ---- the server process ---------------------------------------------------------------------

def floor_app(session):
    """A connection's app for the floor: one Static, drawn as every served app is drawn."""
    from textual.app import App, ComposeResult
    from textual.widgets import Static

    from shards_tui.server.driver import draw_through_ssh
    from shards_tui.server.served_app import color_system

    class FloorApp(App[None]):
        def __init__(self) -> None:
            super().__init__()
            draw_through_ssh(self, session, color_system(session.env, session.term,
                                                          session.server.colors))
            self._ending = False

        def compose(self) -> ComposeResult:
            yield Static(f"Signed in as {session.who.user}; nothing else is served here.")

        def whereabouts(self) -> str:
            return "at no table"

        def detach(self) -> None:
            pass

    return FloorApp()


def table_floor_app(session):
    """A connection's app for the table's floor: the widgets of an idle Infinities seat's
    table, of Textual's own kinds, with as much text (benchmarks/table_floor_app.py)."""
    from benchmarks.table_floor_app import TableFloor
    from shards_tui.server.driver import draw_through_ssh
    from shards_tui.server.served_app import color_system

    class Served(TableFloor):
        who = session.who.user

        def __init__(self) -> None:
            super().__init__()
            draw_through_ssh(self, session, color_system(session.env, session.term,
                                                          session.server.colors))
            self._ending = False

        def whereabouts(self) -> str:
            return "at no table"

        def detach(self) -> None:
            pass

    return Served()


def serve(kind: str, trace_file: str, serve_args: list[str]) -> int:
    """Run ``shards-tui serve`` with ``serve_args``, serving the floor app for kind 'floor'.
    With a trace file, SIGUSR1 writes a snapshot of Python's allocations to it (tracing from the
    first signal on: the server starts as fast as untraced, and the blocks allocated before the
    first snapshot are left out of both)."""
    from shards_tui.cli import build_parser
    from shards_tui.cli_setup import UsageError
    from shards_tui.server.cli_serve import cmd_serve

    if trace_file != "-":
        def snapshot(_signum, _frame) -> None:
            if not tracemalloc.is_tracing():
                tracemalloc.start(TRACE_FRAMES)
            gc.collect()
            from textual.dom import DOMNode

            nodes = Counter(type(o).__name__ for o in gc.get_objects() if isinstance(o, DOMNode))
            Path(trace_file + ".nodes").write_text(json.dumps(nodes))
            tracemalloc.take_snapshot().dump(trace_file + ".part")
            os.replace(trace_file + ".part", trace_file)

        signal.signal(signal.SIGUSR1, snapshot)
    def collect(_signum, _frame) -> None:  # (what the server's collector does once quiet)
        gc.collect()
        Path(os.environ["SSH_MEMORY_COLLECTED"]).touch()

    signal.signal(signal.SIGUSR2, collect)
    idle = float(os.environ.get("SSH_MEMORY_IDLE", "0"))
    if idle:  # (--idle: terminals drop their drawn lines this soon)
        from shards_tui.server.idle_lines import IdleLines

        IdleLines.AFTER, IdleLines.TICK = idle, min(1.0, idle / 2)
    args = build_parser().parse_args(["serve", *serve_args])
    factory = {"floor": floor_app, "table-floor": table_floor_app}.get(kind)
    return cmd_serve(args, UsageError, app_factory=factory)


class Server:
    """A server of one kind, in its own process, on a free port."""

    def __init__(self, kind: str, tmp: Path, key: asyncssh.SSHKey, trace: bool = False,
                 connections: int = 0, idle: float = 0.0) -> None:
        self.kind, self.port, self.traced, self.idle = kind, free_port(), trace, idle
        self.collected = str(tmp / f"{kind}.collected")
        self.trace_file = tmp / f"{kind}.trace"
        (tmp / "authorized_keys").write_bytes(key.export_public_key())
        if kind == "infinities":  # a table for each connection, its person in seat 1
            self.write_tables(tmp / f"data-{kind}" / "tables", key.get_fingerprint("sha256"),
                              ["warm-up", *(f"{kind}{n}" for n in range(connections)),
                               *(f"t{n}" for n in range(connections))])
        self.proc = subprocess.Popen(
            [sys.executable, __file__, "--serve", kind, str(self.trace_file) if trace else "-",
             "--port", str(self.port), "--authorized-keys", str(tmp / "authorized_keys"),
             "--data-dir", str(tmp / f"data-{kind}"), "--bot-pace", "0.1"],
            stderr=open(tmp / f"server-{kind}.log", "wb"), stdout=subprocess.DEVNULL,
            env=dict(os.environ, SHARDS_TUI_HOME=str(tmp / "home"), SSH_MEMORY_IDLE=str(idle),
                     SSH_MEMORY_COLLECTED=self.collected))
        for _ in range(300):
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.5).close()
                return
            except OSError:
                if self.proc.poll() is not None:
                    raise SystemExit(f"the {kind} server ended (see its log)")
                time.sleep(0.1)

    def rss(self) -> int:
        return rss_kib(self.proc.pid)

    async def rss_now(self) -> int:
        return self.rss()

    async def collected_rss(self) -> int:
        """The resident memory after a full garbage collection (the server's collector makes
        one within a minute or five of quiet)."""
        done = Path(self.collected)
        done.unlink(missing_ok=True)
        self.proc.send_signal(signal.SIGUSR2)
        while not done.exists():
            await asyncio.sleep(0.1)
        return self.rss()

    @staticmethod
    def write_tables(folder: Path, fp: str, names: list[str]) -> None:
        from benchmarks.infinities_ssh import new_game, table_doc

        folder.mkdir(parents=True, exist_ok=True)
        for n, name in enumerate(names):
            ctl = new_game("infinities", [name, "Bot"], [None, "greedy"], 500 + n)
            doc = table_doc(n + 1, "infinities", ctl, [{"owner": (name, fp)}, {"bot": "greedy"}])
            (folder / f"table-{n + 1}.json").write_text(json.dumps(doc))

    async def snapshot(self) -> tuple[tracemalloc.Snapshot, Counter[str]]:
        """The server's traced allocations, and its live widgets and screens by class."""
        self.trace_file.unlink(missing_ok=True)
        self.proc.send_signal(signal.SIGUSR1)
        while not self.trace_file.exists():
            await asyncio.sleep(0.2)
        nodes = Counter(json.loads(Path(f"{self.trace_file}.nodes").read_text()))
        return tracemalloc.Snapshot.load(str(self.trace_file)), nodes

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(10)


# ---- the clients ----------------------------------------------------------------------------

async def idle_connection(server: Server, key: asyncssh.SSHKey, name: str) -> Client:
    """A connection left idle where its kind leaves it: the floor's Static, the lobby, or a
    table of its own against a bot."""
    client, _ = await connect(server.port, key, name, 600.0 if server.traced else 30.0)
    if server.kind == "seat":
        await new_table(client)
        await at_table(client)
    elif server.kind == "infinities":
        await sit_down(client)
    return client


async def per_connection(server: Server, key: asyncssh.SSHKey, counts: list[int],
                         collect: bool = False) -> list[float]:
    """MiB of resident memory per idle connection, for each count (after a warm-up one)."""
    (await idle_connection(server, key, "warm-up")).close()
    await asyncio.sleep(1.0)
    rss = server.collected_rss if collect else server.rss_now
    base = await rss()
    clients, results = [], []
    for n in counts:
        while len(clients) < n:
            clients.append(await idle_connection(server, key, f"{server.kind}{len(clients)}"))
            if server.idle:  # (each has dropped its lines before the next comes)
                await asyncio.sleep(server.idle + 2.0)
            if collect:  # (and its garbage is collected: seats that come minutes apart)
                await server.collected_rss()
        await asyncio.sleep(1.0)
        results.append((await rss() - base) / 1024 / n)
    for client in clients:
        client.close()
    return results


async def traced(server: Server, key: asyncssh.SSHKey, n: int) -> tuple[tuple[Any, Counter[str]], ...]:
    (await idle_connection(server, key, "warm-up")).close()
    await asyncio.sleep(1.0)
    before = await server.snapshot()
    clients = [await idle_connection(server, key, f"t{i}") for i in range(n)]
    await asyncio.sleep(1.0 + (server.idle + 2.0 if server.idle else 0.0))
    after = await server.snapshot()
    for client in clients:
        client.close()
    return before, after


def library(filename: str) -> str:
    """'textual', 'rich', 'asyncssh', 'shards_tui' (with its subpackage), or 'python'."""
    parts = Path(filename).parts
    if "shards_tui" in parts:
        at = parts.index("shards_tui")
        return "/".join(parts[at:at + 3 if len(parts) > at + 3 else at + 2])
    for name in ("textual", "rich", "asyncssh", "pydantic", "cryptography"):
        if name in parts:
            return name
    return "python (stdlib)"


def ours(trace: tracemalloc.Trace) -> str:
    """The innermost line of our code under which a block was allocated, inside the callback of
    the server's loop that allocated it (``server/loop.py`` runs every callback: what lies under
    it names nothing). None: the libraries' own callbacks allocated it (Textual's message
    processing and painting, asyncssh's reading)."""
    for frame in reversed(trace.traceback):  # a traceback lists the innermost frame last
        if frame.filename.endswith(LOOP):
            break
        parts = Path(frame.filename).parts
        if "shards_tui" in parts:
            return f"{'/'.join(parts[parts.index('shards_tui'):])}:{frame.lineno}"
    return "(no frame of ours: the libraries' own callbacks)"


def where(before: tuple[Any, Counter[str]], after: tuple[Any, Counter[str]], n: int,
          top: int) -> list[tuple[str, str]]:
    """Rows: widgets and screens per connection, then KiB per connection by library and by our
    line, largest first."""
    (before, old_nodes), (after, new_nodes) = before, after
    nodes = new_nodes - old_nodes
    rows = [("  widgets and screens: total", f"{nodes.total() / n:,.0f} per connection"),
            ("    largest classes", ", ".join(f"{name} {count / n:g}"
                                              for name, count in nodes.most_common(top)))]

    def grouped(snapshot: tracemalloc.Snapshot, key) -> dict[str, int]:
        sizes: dict[str, int] = {}
        for trace in snapshot.traces:
            name = key(trace)
            sizes[name] = sizes.get(name, 0) + trace.size
        return sizes

    for title, key in (("by library (innermost frame)", lambda t: library(t.traceback[-1].filename)),
                       ("by our line above the allocation", ours)):
        old, new = grouped(before, key), grouped(after, key)
        growth = {k: (new.get(k, 0) - old.get(k, 0)) / n for k in set(old) | set(new)}
        total = sum(growth.values())
        rows.append((f"  {title}: total", f"{total / 1024:,.0f} KiB per connection"))
        for name, size in sorted(growth.items(), key=lambda kv: -kv[1])[:top]:
            rows.append((f"    {name}", f"{size / 1024:,.0f} KiB"))
    return rows


# ---- the table ------------------------------------------------------------------------------

def kinds(text: str) -> list[str]:
    chosen = [k.strip() for k in text.split(",") if k.strip()]
    if not chosen or any(k not in KINDS for k in chosen):
        raise argparse.ArgumentTypeError(f"choose kinds from {', '.join(KINDS)}, separated by "
                                         f"commas, not {text!r}")
    return chosen


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--serve"]:  # the server process this script starts
        return serve(argv[1], argv[2], argv[3:])
    intro = __doc__.split("\n\n")[0].replace("\n", " ")
    parser = argparse.ArgumentParser(description=intro)
    parser.add_argument("--seats", type=seat_counts, default=[1, 10, 30],
                        help="idle connection counts, separated by commas (default 1,10,30)")
    parser.add_argument("--kinds", type=kinds, default=list(KINDS),
                        help=f"what each connection is served (default {','.join(KINDS)})")
    parser.add_argument("--trace", type=int, default=0, metavar="N",
                        help="also trace Python's allocations over N connections of each kind")
    parser.add_argument("--top", type=int, default=12, help="lines of each traced grouping")
    parser.add_argument("--collect", action="store_true",
                        help="a full garbage collection after each connection and before "
                             "each reading (the server's collector makes one within minutes "
                             "of quiet: seats that come minutes apart)")
    parser.add_argument("--idle", type=float, default=0.0, metavar="S",
                        help="terminals drop their drawn lines after S seconds idle (the "
                             "server's IdleLines.AFTER; 0: the server's own, 30 s, which the "
                             "measure does not wait for), and each connection waits for it "
                             "before the next comes")
    args = parser.parse_args(argv)
    started = time.monotonic()
    load = os.getloadavg()
    rows: list[tuple[str, str]] = []
    with tempfile.TemporaryDirectory() as tmp:
        key = asyncssh.generate_private_key("ssh-ed25519")
        for kind in args.kinds:
            server = Server(kind, Path(tmp), key, connections=max(args.seats), idle=args.idle)
            try:
                per = asyncio.run(per_connection(server, key, args.seats, args.collect))
            finally:
                server.stop()
            for n, mib in zip(args.seats, per):
                rows.append((f"{kind}, {n} idle", f"{mib:.1f} MiB per connection"
                             + (f" (target <= {TARGET_MIB:g} MiB: "
                                f"{'yes' if mib <= TARGET_MIB else 'MISSED'})" if kind in ("seat", "infinities")
                                else "")))
            print(f"  [{time.monotonic() - started:4.0f} s] {kind}: "
                  f"{', '.join(f'{m:.1f}' for m in per)} MiB per connection", file=sys.stderr,
                  flush=True)
        for kind in args.kinds if args.trace else []:
            server = Server(kind, Path(tmp), key, trace=True, connections=args.trace,
                            idle=args.idle)
            try:
                before, after = asyncio.run(traced(server, key, args.trace))
            finally:
                server.stop()
            rows.append((f"traced: {kind}, {args.trace} idle", "Python memory per connection"))
            rows.extend(where(before, after, args.trace, args.top))
    width = max(len(r[0]) for r in rows)
    print(f"{'server memory per idle connection':<{width}}  result")
    print(f"{'-' * width}  {'-' * 30}")
    for name, value in rows:
        print(f"{name:<{width}}  {value}")
    end = os.getloadavg()
    print(f"\n(Python {sys.version.split()[0]}; {os.cpu_count()} cores; load average "
          f"{load[0]:.1f} at the start, {end[0]:.1f} at the end; "
          f"{time.monotonic() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
