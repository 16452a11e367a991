"""The `shards-tui` command: the app, or headless rules, cards and scenarios.

Every bad input (unknown game, bad number, missing or corrupt file) prints one sentence to
stderr and exits with status 2; nothing here lets a traceback reach the user.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
from pathlib import Path
from typing import Any, NoReturn, Sequence

from shards_tui.cli_setup import (MAX_SEED, PROG, UsageError, _check_seed, _players_in_range,
                                  check_variants, parse_bots, sentence_of)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message[:1].upper()}{message[1:]} (see '{PROG} --help').")


def _version() -> str:
    try:
        # Deferred (startup): a command imports only what it runs.
        from importlib.metadata import version

        return version("shards-tui")
    except Exception:
        return "0.1.0"


class _VersionAction(argparse.Action):
    """--version, looked up only when asked for (importlib.metadata costs startup time)."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS,
                 default: Any = argparse.SUPPRESS, help: str | None = None) -> None:
        super().__init__(option_strings, dest=dest, default=default, nargs=0,
                         help=help or "show program's version number and exit")

    def __call__(self, parser: argparse.ArgumentParser, *_args: Any) -> None:
        parser._print_message(f"{PROG} {_version()}\n", sys.stdout)
        parser.exit()


def _whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a whole number, not '{text}'") from None


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a number of seconds, not '{text}'") from None
    if not 0 <= value <= 60:  # also refuses nan and inf
        raise argparse.ArgumentTypeError(f"must be from 0 to 60 seconds, not '{text}'")
    return value


def _console() -> Any:
    """stdout; when it is a file or a pipe, wide enough that tables do not wrap badly."""
    # Deferred (startup): a command imports only what it runs.
    from rich.console import Console

    console = Console()
    if not console.is_terminal and "COLUMNS" not in os.environ:
        console = Console(width=140)
    return console


def build_parser(game_id: str | None = None) -> argparse.ArgumentParser:
    """The command line; ``game_id``: the game named after play, selfplay or demo, whose own
    flags are added to that command (no other game is imported)."""
    # Deferred (startup): a command imports only what it runs.
    from shards_tui.cli_games import add_game_flags, games_help

    games = games_help()
    info = _game(game_id) if game_id is not None else None
    parser = _Parser(prog=PROG, description="Play the infinity games in a terminal: hot-seat at "
                     "one keyboard, against bots, or over SSH ('serve'). With no command, opens "
                     "the title screen, which offers to resume an unfinished game. "
                     f"The games: {games}.")
    parser.add_argument("--version", action=_VersionAction)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    play = sub.add_parser("play", help="start a new game and go straight to the table",
                          epilog=f"The games: {games}. Each game's own options are listed by "
                                 f"'{PROG} play GAME --help'.")
    play.add_argument("game", help="which game")
    play.add_argument("--players", type=_whole, metavar="N", help="number of players (default 2, or one per name)")
    play.add_argument("--seed", type=_whole, metavar="S", help="seed for the shuffles (default: random)")
    play.add_argument("--names", metavar="A,B,...", help="player names, comma-separated")
    play.add_argument("--bots", metavar="WHO,WHO,...",
                      help="one entry per seat: human (or -) or a bot level "
                           "(random, greedy, search), e.g. human,greedy")
    play.add_argument("--bot-pace", type=_seconds, metavar="SECONDS",
                      help="pause after each bot move so you can follow it")
    if info is not None and game_id is not None:
        add_game_flags(play, info)

    load = sub.add_parser("load", help="continue a saved game")
    load.add_argument("file", type=Path, help="a save file (.json)")

    rules = sub.add_parser("rules", help="print a game's rules reference (no TUI)")
    rules.add_argument("game", help=f"which game: {games}")

    cards = sub.add_parser("cards", help="print a table of every card of a game (no TUI)")
    cards.add_argument("game", help=f"which game: {games}")

    selfplay = sub.add_parser("selfplay", help="bots play each other headless; prints win rates",
                              description="Play N games between bots without the TUI and print "
                              "games played, mean turns, wins per seat, per bot level and per "
                              "character, games per second and errors. Seats take the levels in "
                              "order, rotated by one seat each game. Exit status: 0 no errors, 1 "
                              "any game hit an engine or bot error, 2 bad input.")
    selfplay.add_argument("game", help=f"which game: {games}")
    selfplay.add_argument("--games", type=_whole, default=10, metavar="N",
                          help="how many games (default 10)")
    selfplay.add_argument("--seed", type=_whole, default=1, metavar="S",
                          help="seed of the first game; game k uses S+k (default 1)")
    selfplay.add_argument("--bots", required=True, metavar="LEVEL,LEVEL,...",
                          help="bot levels (random, greedy, search), one per seat or cycled")
    selfplay.add_argument("--players", type=_whole, metavar="N",
                          help="number of players (default: one per level, at least the minimum)")
    if info is not None:
        add_game_flags(selfplay, info, roles=False)
    selfplay.add_argument("--json", action="store_true", help="print the report as one JSON object")
    selfplay.add_argument("--search-iterations", type=_whole, metavar="N",
                          help="search bots: playouts per move")
    selfplay.add_argument("--search-seconds", type=_seconds, metavar="SECONDS",
                          help="search bots: time per move")

    demo = sub.add_parser("demo", help="watch bots play a whole game, with every rule explained",
                          description="Bots play a whole game at reading pace; a narration says "
                                      "what each move does and which rule applies. Keys: space "
                                      "pause, n step, + and - speed, F1 the rule, q back.")
    demo.add_argument("game", help=f"which game: {games}")
    demo.add_argument("--players", type=_whole, metavar="N", help="number of players (default 2)")
    demo.add_argument("--seed", type=_whole, metavar="S", help="seed for the shuffles (default: random)")
    demo.add_argument("--bots", metavar="LEVEL,LEVEL,...",
                      help="bot level per seat (random, greedy, search; default greedy)")
    demo.add_argument("--pace", type=_seconds, default=1.5, metavar="SECONDS",
                      help="seconds per move (default 1.5; 0 is as fast as possible)")

    scenario = sub.add_parser("scenario", help="run a scenario file headless and print each step",
                              description="Run a scenario (TOML) without the TUI: prints its narration "
                              "and each step. Exit status with --check: 0 all expectations pass, 1 a step "
                              "failed, 2 the file is malformed or names an unknown card.")
    scenario.add_argument("file", type=Path, help="a scenario file (.toml)")
    scenario.add_argument("--check", action="store_true",
                          help="exit 1 (naming the failing step) unless every expectation passes")
    scenario.add_argument("--dump", action="store_true",
                          help="print the final public view as JSON on stdout (the step report goes to stderr)")

    # Deferred (startup): a command imports only what it runs.
    from shards_tui.server.cli_serve import add_parser as add_serve

    add_serve(sub, _whole, _seconds)
    # Deferred (startup): a command imports only what it runs.
    from shards_tui.cli_deck import add_parsers as add_deck_parsers

    add_deck_parsers(sub)  # deck, ladder
    # Deferred (startup): a command imports only what it runs.
    from shards_tui.cli_after import add_parsers as add_after_parsers

    add_after_parsers(sub, _whole)  # replay, web
    from shards_tui.cli_campaign import add_parsers as add_campaign_parsers

    add_campaign_parsers(sub)  # chapters
    return parser


# ---- helpers ---------------------------------------------------------------------------------

def _game(game_id: str) -> Any:
    # Deferred (startup): a command imports only what it runs.
    from shards_tui.core.registry import game

    try:
        return game(game_id)
    except KeyError as exc:
        raise UsageError(str(exc.args[0])) from None


def _run_app(**kwargs: Any) -> int:
    # Deferred (startup): a command imports only what it runs.
    from shards_tui.ui.app import ShardsApp
    from shards_tui.ui.game_tables import no_table, table_class

    controller = kwargs.get("controller")
    if controller is not None and table_class(controller.game_id) is None:
        print(no_table(controller.game_id), file=sys.stderr)
        return 2

    app = ShardsApp(collect_when_idle=True, prepare_rules=True, **kwargs)
    result = app.run()  # main() gives the collector back
    words = app.parting_words()  # where an unfinished game was autosaved
    if words:
        print(words)
    return result if isinstance(result, int) else 0


def _run_demo(**kwargs: Any) -> int:
    # Deferred (startup): a command imports only what it runs.
    from shards_tui.ui.apps import DemoApp
    from shards_tui.ui.game_tables import no_table, table_class

    if table_class(kwargs["controller"].game_id) is None:
        print(no_table(kwargs["controller"].game_id), file=sys.stderr)
        return 2

    result = DemoApp(**kwargs).run()
    return result if isinstance(result, int) else 0


# ---- commands --------------------------------------------------------------------------------

def cmd_play(args: argparse.Namespace) -> int:
    # Deferred (startup): a command imports only what it runs.
    from pydantic import ValidationError

    # Deferred (startup): a command imports only what it runs.
    from shards_tui.core.errors import GameError

    # Deferred (startup): a command imports only what it runs.
    from shards_tui.cli_games import game_setup

    info = _game(args.game)
    seats = parse_bots(args.bots, humans=True) if args.bots is not None else None
    if args.bot_pace is not None and not any(seats or []):
        raise UsageError("--bot-pace needs at least one bot seat in --bots.")
    setup = game_setup(info, args, args.players, args.seed, args.names, seats)
    try:
        controller = info.controller.build(setup)
    except (ValidationError, ValueError, KeyError, TypeError, GameError) as exc:
        raise UsageError(sentence_of(exc)) from None
    bots = {seat: level for seat, level in enumerate(seats or []) if level}
    if not bots:
        return _run_app(controller=controller)
    extra = {} if args.bot_pace is None else {"bot_pace": args.bot_pace}
    return _run_app(controller=controller, bots=bots, **extra)


def cmd_selfplay(args: argparse.Namespace) -> int:
    # Deferred (startup): a command imports only what it runs.
    from shards_tui.bots.selfplay import format_report, run_selfplay

    # Deferred (startup): a command imports only what it runs.
    from shards_tui.core.variants import player_counts

    # Deferred (startup): a command imports only what it runs.
    from shards_tui.cli_games import selfplay_options

    info = _game(args.game)
    variants, sets, options = selfplay_options(info, args)
    levels = [lv for lv in parse_bots(args.bots, humans=False) if lv]
    allowed = player_counts(info.variants, variants, range(info.min_players, info.max_players + 1))
    fallback = min(allowed) if variants and allowed else info.min_players
    players = args.players if args.players is not None else max(len(levels), fallback)
    check_variants(info, variants, players, sets)
    problem = info.setup_spec().players_problem(options, players)
    if problem:
        raise UsageError(problem)
    if len(levels) > players:
        raise UsageError(f"--bots lists {len(levels)} levels but there are {players} players; "
                         "give at most one level per seat.")
    if not 1 <= args.games <= 1_000_000:
        raise UsageError(f"--games must be from 1 to 1000000, not {args.games}.")
    seed = _check_seed(args.seed)
    if seed + args.games - 1 > MAX_SEED:
        raise UsageError(f"The seed must be at most {MAX_SEED - args.games + 1} for {args.games} games.")
    budget = {k: v for k, v in (("iterations", args.search_iterations),
                                ("seconds", args.search_seconds)) if v is not None}
    if args.search_iterations is not None and args.search_iterations < 1:
        raise UsageError("--search-iterations must be at least 1.")
    progress = _progress(args.games)
    try:
        report = run_selfplay(info.id, args.games, seed, levels, players,
                              budgets={"search": budget} if budget else None, on_game=progress,
                              variants=variants, sets=sets, options=options)
    except ValueError as exc:
        raise UsageError(sentence_of(exc)) from None
    finally:
        if progress is not None:
            print("\r\033[K", end="", file=sys.stderr, flush=True)
    print(report.to_json() if args.json else format_report(report))
    if report.errors:
        failed = len({e["game"] for e in report.errors})
        print(f"{PROG}: {failed} of {args.games} game{'s' if args.games != 1 else ''} hit an error "
              f"(first: game {report.errors[0]['game']}, seed {report.errors[0]['seed']}: "
              f"{report.errors[0]['error']}).", file=sys.stderr)
        return 1
    return 0


def _progress(games: int) -> Any:
    """A 'game 3/100' counter on stderr when it is a terminal and the run is long enough."""
    if games < 2 or not sys.stderr.isatty():
        return None

    def show(g: int, report: Any) -> None:
        print(f"\rgame {g + 1}/{games}, errors {len(report.errors)}", end="", file=sys.stderr,
              flush=True)

    return show


def cmd_demo(args: argparse.Namespace) -> int:
    # Deferred (startup): a command imports only what it runs.
    from pydantic import ValidationError

    # Deferred (startup): a command imports only what it runs.
    from shards_tui.core.errors import GameError
    from shards_tui.ui.screens.demo import DEFAULT_LEVEL, demo_game

    info = _game(args.game)
    levels = parse_bots(args.bots, humans=False) if args.bots is not None else None
    if levels is not None and len(levels) == 1:  # one level for every seat
        levels = levels * (args.players if args.players is not None else info.min_players)
    count = _players_in_range(info, args.players if args.players is not None
                              else len(levels) if levels else info.min_players)
    if levels is not None and len(levels) != count:
        raise UsageError(f"--bots needs one level per seat ({count}), or one level for all, "
                         f"not {len(levels)}.")
    levels = levels or [DEFAULT_LEVEL] * count
    seed = _check_seed(args.seed)
    try:
        controller = demo_game(info.id, levels, seed)
    except (ValidationError, ValueError, KeyError, TypeError, GameError) as exc:
        raise UsageError(sentence_of(exc)) from None
    return _run_demo(controller=controller, levels=levels, pace=args.pace)


def cmd_load(args: argparse.Namespace) -> int:
    # Deferred (startup): a command imports only what it runs.
    from shards_tui.core import saves
    from shards_tui.core.errors import SaveFileError

    try:
        controller = saves.load(args.file)
    except SaveFileError as exc:
        raise UsageError(sentence_of(exc)) from None
    return _run_app(controller=controller)


def cmd_rules(args: argparse.Namespace) -> int:
    # Deferred (startup): a command imports only what it runs.
    from rich.markdown import Markdown

    # Deferred (startup): a command imports only what it runs.
    from shards_tui.core.rules_text import rules_text, strip_anchors

    _game(args.game)
    try:
        text = rules_text(args.game)
    except OSError as exc:
        raise UsageError(f"The rules reference could not be read ({exc.strerror or exc}).") from None
    console = _console()
    if not console.is_terminal and "COLUMNS" not in os.environ:
        console.width = 88  # prose reads best narrow
    console.print(Markdown(strip_anchors(text)))
    return 0


def cmd_cards(args: argparse.Namespace) -> int:
    # Deferred (startup): a command imports only what it runs.
    from rich import box
    from rich.markup import escape
    from rich.table import Table

    info = _game(args.game)
    cards = info.card_table()
    console = _console()
    # Columns marked '#' hold numbers; below 110 columns the second and third go under the name.
    narrow = console.width < 110 and len(cards.columns) > 3
    table = Table(title=cards.title, box=box.SIMPLE_HEAD, show_lines=True, pad_edge=False)
    shown = [c for n, c in enumerate(cards.columns) if not (narrow and n in (1, 2))]
    for column in shown:
        numeric = column.startswith("#")
        table.add_column(column.lstrip("#"), justify="right" if numeric else "left",
                         no_wrap=numeric, ratio=2 if column == shown[-1] else None,
                         min_width=16 if narrow and column == shown[0] else None)
    for row in cards.rows:
        if narrow:
            under = " ".join(x for x in row[1:3] if x and x != "—")
            row = (f"{escape(row[0])}\n[dim]{escape(under)}[/dim]", *row[3:])
        else:
            row = (escape(row[0]), *row[1:])
        table.add_row(*row)
    console.print(table)
    return 0


def cmd_scenario(args: argparse.Namespace) -> int:
    # Deferred (startup): a command imports only what it runs.
    from shards_tui.cli_scenario import run_scenario_command

    return run_scenario_command(args)


def cmd_serve(args: argparse.Namespace) -> int:
    # Deferred (startup): a command imports only what it runs.
    from shards_tui.server.cli_serve import cmd_serve as serve

    return serve(args, UsageError)


# The commands that run one full-screen app in this process: no garbage is collected while it
# starts (about 35 ms of a cold start), then its IdleCollector collects in the pauses.
APP_COMMANDS = (None, "play", "load")

COMMANDS = {"serve": cmd_serve, "play": cmd_play, "load": cmd_load, "rules": cmd_rules, "cards": cmd_cards,
            "scenario": cmd_scenario, "selfplay": cmd_selfplay, "demo": cmd_demo}


def main(argv: Sequence[str] | None = None) -> int:
    collecting = gc.isenabled()
    try:
        # Deferred (startup): a command imports only what it runs.
        from shards_tui.cli_games import named_game

        argv = list(sys.argv[1:] if argv is None else argv)
        args = build_parser(named_game(argv)).parse_args(argv)
        if args.command in APP_COMMANDS:
            gc.disable()
        if args.command is None:
            return _run_app()
        return (COMMANDS.get(args.command) or args.run)(args)
    except UsageError as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 2
    except SystemExit as exc:  # --help and --version
        return exc.code if isinstance(exc.code, int) else 0
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # Output piped into something that stopped reading (e.g. `| head`): not an error.
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        return 0
    except Exception as exc:  # a bug, not bad input: still no traceback unless asked for
        if os.environ.get("SHARDS_TUI_DEBUG"):
            raise
        print(f"{PROG}: internal error ({type(exc).__name__}: {exc}); "
              "set SHARDS_TUI_DEBUG=1 to see the traceback.", file=sys.stderr)
        return 1
    finally:
        if collecting:
            gc.enable()
