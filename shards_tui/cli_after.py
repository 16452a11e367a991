"""After the game, and away from a terminal, from the command line: `shards-tui replay FILE
[--seat N]` opens a kept (or any saved) game in the replay viewer; `shards-tui web` serves the
app to web browsers. Words here stay game-agnostic.

Exit status: 0 done, 2 bad input (a broken file, a seat the game does not have, a port out of
range)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any


def add_parsers(sub: Any, whole: Any) -> None:
    replay = sub.add_parser(
        "replay", help="watch a finished (or saved) game again, move by move",
        description="Open a save in the replay viewer: arrows step a move, [ and ] a turn, "
                    "space plays at a pace, v chooses whose view (a player's own, the public "
                    "one, or every hand once the game is over), j jumps to a turn, q leaves. "
                    "Finished games are kept in the 'history' folder of the save folder.")
    replay.add_argument("file", type=Path, help="a save file (.json)")
    replay.add_argument("--seat", type=int, metavar="N",
                        help="watch from player N's own view (1 is the first player; default: "
                             "the public view)")
    replay.set_defaults(run=cmd_replay)
    from shards_tui.server.web import add_parser as add_web

    add_web(sub, whole)
    sub.choices["web"].set_defaults(run=cmd_web)


def _usage(message: str) -> Exception:
    from shards_tui.cli_setup import UsageError

    return UsageError(message)


def open_replay(path: Path, seat: int | None) -> Any:
    """The replay of the save at ``path``, checked; UsageError (one sentence) if the file is
    broken or the seat is not one of its players'."""
    from shards_tui.core.errors import SaveFileError
    from shards_tui.core.replay import Replay

    try:
        replay = Replay.load(path)
    except SaveFileError as exc:
        raise _usage(str(exc)) from None
    if seat is not None and not 1 <= seat <= len(replay.seats):
        raise _usage(f"--seat must be from 1 to {len(replay.seats)} for this game, not {seat}.")
    return replay


def cmd_replay(args: argparse.Namespace) -> int:
    from shards_tui.ui.screens.replay_view import ReplayApp

    replay = open_replay(args.file, args.seat)
    result = ReplayApp(replay, None if args.seat is None else args.seat - 1).run()
    return result if isinstance(result, int) else 0


def cmd_web(args: argparse.Namespace) -> int:
    from shards_tui.server.web import serve

    if not 0 < args.port < 65536:
        raise _usage(f"--port must be from 1 to 65535, not {args.port}.")
    if args.max_sessions < 1:
        raise _usage("--max-sessions must be at least 1.")
    if args.host in ("0.0.0.0", "::", "") and not args.public_url:
        raise _usage("Listening on every address needs --public-url, the address browsers "
                     "reach the server at.")
    try:
        serve(args.host, args.port, args.public_url, args.max_sessions)
    except OSError as exc:
        raise _usage(f"Could not listen on {args.host}:{args.port} ({exc.strerror or exc}).") from None
    return 0
