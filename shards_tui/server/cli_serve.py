"""`shards-tui serve`: the SSH server's command line.

Defaults: listen on 127.0.0.1:2222, host key and tables in ``<save dir>/server/``, public
keys from ``~/.ssh/authorized_keys``; passwords only with ``--password-file``.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import logging
import os
import signal
import sys
import threading
from pathlib import Path
from typing import Any, Callable

from shards_tui.core.paths import save_dir


def add_parser(sub: Any, whole: Any, seconds: Any) -> None:
    serve = sub.add_parser(
        "serve", help="run an SSH server: a lobby of networked tables, each seat in its own terminal",
        description="Serve shards-tui over SSH. Players connect with 'ssh -t -p PORT NAME@HOST', "
        "log in with a key listed in the authorized_keys file (or a password from the password "
        "file, if one is given), and meet in a lobby. Listens on 127.0.0.1 unless --host says "
        "otherwise.")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=whole, default=2222, help="port (default 2222)")
    serve.add_argument("--host-key", type=Path, metavar="PATH",
                       help="the server's private host key, made on first run "
                            "(default <save dir>/server/host_key)")
    serve.add_argument("--authorized-keys", type=Path, metavar="PATH",
                       help="public keys allowed to log in (default ~/.ssh/authorized_keys)")
    serve.add_argument("--password-file", type=Path, metavar="PATH",
                       help="also allow passwords: lines 'user:password' (keep it private)")
    serve.add_argument("--data-dir", type=Path, metavar="PATH",
                       help="where tables are saved (default <save dir>/server)")
    serve.add_argument("--colors", choices=["auto", "truecolor", "256", "standard"],
                       default="auto",
                       help="colours sent to clients (default auto: 24-bit if the client's "
                            "COLORTERM says so, else 256)")
    serve.add_argument("--bot-pace", type=seconds, default=0.8, metavar="SECONDS",
                       help="seconds before each bot move at networked tables (default 0.8)")


def cmd_serve(args: argparse.Namespace, usage_error: type[Exception],
              app_factory: Any = None) -> int:
    """Serve until SIGTERM or ctrl+c. ``app_factory`` (a session -> an app) replaces the app
    each connection gets: benchmarks/ssh_memory.py serves a bare one to measure the floor."""
    # Deferred (startup): the server's modules load only for 'serve'.
    from shards_tui.server.auth import load_host_key
    from shards_tui.server.served_app import WATCH_PACE
    from shards_tui.server.server import ShardsServer, run_loop, served_app
    from shards_tui.server.shared_styles import share_parsed_styles
    from shards_tui.server.tables import Hub

    logging.basicConfig(level=logging.INFO, stream=sys.stderr,
                        format="%(asctime)s %(levelname)s %(message)s")
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    if not 0 < args.port < 65536:
        raise usage_error(f"The port must be from 1 to 65535, not {args.port}.")
    data = args.data_dir or save_dir() / "server"
    keys = args.authorized_keys or Path.home() / ".ssh" / "authorized_keys"
    if not keys.is_file():
        raise usage_error(f"There is no authorized_keys file at {keys}; give one with "
                          "--authorized-keys (one public key per line).")
    if args.password_file is not None and not args.password_file.is_file():
        raise usage_error(f"There is no password file at {args.password_file}.")
    try:
        host_key = load_host_key(args.host_key or data / "host_key")
    except (ValueError, OSError) as exc:
        raise usage_error(str(exc)) from None

    share_parsed_styles()  # every connection's app: about a megabyte less each

    async def main() -> int:
        hub = Hub(data, bot_pace=args.bot_pace, watch_pace=WATCH_PACE)
        restored = hub.restore()
        server = ShardsServer(hub, keys, args.password_file, args.colors,
                              app_factory=app_factory or served_app)
        try:
            await server.start(args.host, args.port, host_key)
        except OSError as exc:
            raise usage_error(f"Cannot listen on {args.host}:{args.port} "
                              f"({exc.strerror or exc}).") from None
        hub.start_bots()
        gc.freeze()  # what the server holds from its start stays out of every collection
        log = logging.getLogger("shards_tui.server")
        log.info("serving on %s:%d (%d saved table%s restored); connect with: "
                 "ssh -t -p %d NAME@%s (NAME: the player's name)", args.host, server.port, restored,
                 "" if restored == 1 else "s", server.port,
                 args.host if args.host not in ("0.0.0.0", "::") else "HOST")
        stop = asyncio.Event()
        stop_on_signals(asyncio.get_running_loop(), stop, hub.flush_saves)
        await stop.wait()
        log.info("shutting down")
        await server.shutdown()
        hub.save_all()  # and waits until the writer's thread has written every one
        log.info("stopped; %d table%s saved", len(hub.tables), "" if len(hub.tables) == 1 else "s")
        await asyncio.sleep(0.2)
        return 0

    return run_loop(main)


SHUTDOWN_GRACE = 15.0  # seconds a polite stop may take before the process ends anyway


def stop_on_signals(loop: asyncio.AbstractEventLoop, stop: asyncio.Event,
                    flush: Callable[[float], bool] = lambda _timeout: True) -> None:
    """SIGTERM and ctrl+c stop the server, always. The handlers are Python's own, which run
    between two steps of whatever the loop is doing, so even a loop busy with one long step
    hears them; the polite stop (each player's terminal given back, the tables saved) then
    has ``SHUTDOWN_GRACE`` seconds, after which (or at a second signal) the process ends
    anyway. Nothing is lost then either: every table is saved after every move, and the
    saves still waiting for the writer's thread (``flush``) get a few seconds more first."""
    log = logging.getLogger("shards_tui.server")
    signalled: list[int] = []

    def end_now(why: str) -> None:
        written = flush(3.0)
        log.warning("%s; ending now (%s)", why, "each table was saved after its last move"
                    if written else "saves were still being written")
        logging.shutdown()
        os._exit(1)

    def handler(signum: int, _frame: Any) -> None:
        signalled.append(signum)
        if len(signalled) > 1:
            end_now("a second signal came while stopping")
        loop.call_soon_threadsafe(stop.set)
        timer = threading.Timer(SHUTDOWN_GRACE, end_now,
                                (f"the server did not stop within {SHUTDOWN_GRACE:.0f} s",))
        timer.daemon = True
        timer.start()

    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, handler)
