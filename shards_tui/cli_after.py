"""After the game, and away from a terminal, from the command line: `shards-tui replay FILE
[--seat N]` opens a kept (or any saved) game in the replay viewer; `shards-tui stats GAME
[--json]` prints a game's statistics; `shards-tui web` serves the app to web browsers. Words
here stay game-agnostic.

Exit status: 0 done, 2 bad input (a broken file, a seat the game does not have, a port out of
range)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from shards_tui.cli_setup import UsageError
from shards_tui.core.errors import SaveFileError


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
    stats = sub.add_parser(
        "stats", help="print a game's statistics from your finished games (no TUI)",
        description="The numbers the Statistics screen shows, from the finished games kept in "
                    "the 'history' folder of the save folder: games played, wins by player, by "
                    "what each seat played as and by seat order, lengths, and every player's "
                    "rating over those games (and, for a game with ranked play, its ladder).")
    stats.add_argument("game", help="which game")
    stats.add_argument("--json", action="store_true", help="print it as JSON")
    stats.add_argument("--history", type=Path, metavar="DIR",
                       help="read the finished games in DIR (default: the save folder's history)")
    stats.set_defaults(run=cmd_stats)
    # Deferred (startup): a command imports only what it runs.
    from shards_tui.server.web import add_parser as add_web

    add_web(sub, whole)
    sub.choices["web"].set_defaults(run=cmd_web)


def _usage(message: str) -> Exception:
    return UsageError(message)


def open_replay(path: Path, seat: int | None) -> Any:
    """The replay of the save at ``path``, checked; UsageError (one sentence) if the file is
    broken or the seat is not one of its players'."""
    # Deferred (startup): a command imports only what it runs.
    from shards_tui.core.replay import Replay

    try:
        replay = Replay.load(path)
    except SaveFileError as exc:
        raise _usage(str(exc)) from None
    if seat is not None and not 1 <= seat <= len(replay.seats):
        raise _usage(f"--seat must be from 1 to {len(replay.seats)} for this game, not {seat}.")
    return replay


def cmd_replay(args: argparse.Namespace) -> int:
    # Deferred (startup): a command imports only what it runs.
    from shards_tui.ui.apps import ReplayApp

    replay = open_replay(args.file, args.seat)
    result = ReplayApp(replay, None if args.seat is None else args.seat - 1).run()
    return result if isinstance(result, int) else 0


def cmd_web(args: argparse.Namespace) -> int:
    # Deferred (startup): a command imports only what it runs.
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


def read_stats(game_id: str, folder: Path | None) -> tuple[Any, list[Any]]:
    """(the game's statistics from ``folder``'s kept games, its ranked ladder rows)."""
    # Deferred (startup): a command imports only what it runs.
    from shards_tui.core.game_stats import game_stats
    from shards_tui.core.history import entries, history_dir
    from shards_tui.core.ratings import Ratings, RatingsError
    from shards_tui.core.registry import game
    from shards_tui.core.stats_spec import spec_for

    try:
        info = game(game_id)
    except KeyError as exc:
        raise _usage(str(exc.args[0])) from None
    found = entries(folder if folder is not None else history_dir(), info.id)
    stats = game_stats(info.id, info.title, spec_for(info), found, info.length)
    ranked: list[Any] = []
    if info.listing.rated:
        try:
            ranked = Ratings().leaderboard(info.id)
        except RatingsError as exc:
            print(str(exc), file=sys.stderr)
    return stats, ranked


def cmd_stats(args: argparse.Namespace) -> int:
    # Deferred (startup): a command imports only what it runs.
    from shards_tui.core.game_stats import stats_lines

    if args.history is not None and not args.history.is_dir():
        raise _usage(f"There is no folder at {args.history}.")
    stats, ranked = read_stats(args.game, args.history)
    if args.json:
        data = stats.to_json()
        data["ranked"] = [{"rank": r.rank, "name": r.name, "kind": r.kind_label,
                           "rating": r.rating, "games": r.games, "wins": r.wins} for r in ranked]
        print(json.dumps(data, indent=2))
    else:
        print("\n".join(stats_lines(stats, ranked)))
    return 0
