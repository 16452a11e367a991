"""The `shards-tui` command: the app, or headless rules, cards and scenarios.

Every bad input (unknown game, bad number, missing or corrupt file) prints one sentence to
stderr and exits with status 2; nothing here lets a traceback reach the user.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from pathlib import Path
from typing import Any, NoReturn, Sequence

PROG = "shards-tui"
MAX_SEED = 2**63 - 1


class UsageError(Exception):
    """Bad input on the command line: the message is the one sentence to print."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message[:1].upper()}{message[1:]} (see '{PROG} --help').")


def _version() -> str:
    try:
        from importlib.metadata import version

        return version("shards-tui")
    except Exception:
        return "0.1.0"


def _whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a whole number, not '{text}'") from None


def _console() -> Any:
    """stdout; when it is a file or a pipe, wide enough that tables do not wrap badly."""
    from rich.console import Console

    console = Console()
    if not console.is_terminal and "COLUMNS" not in os.environ:
        console = Console(width=140)
    return console


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog=PROG, description="Play Shards of Infinity (and, later, the other infinity "
                     "games) in a terminal, hot-seat at one keyboard. With no command, opens the "
                     "title screen, which offers to resume an unfinished game.")
    parser.add_argument("--version", action="version", version=f"{PROG} {_version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    play = sub.add_parser("play", help="start a new game and go straight to the table")
    play.add_argument("game", help="which game (e.g. shards)")
    play.add_argument("--players", type=_whole, metavar="N", help="number of players (default 2, or one per name)")
    play.add_argument("--seed", type=_whole, metavar="S", help="seed for the shuffles (default: random)")
    play.add_argument("--names", metavar="A,B,...", help="player names, comma-separated")

    load = sub.add_parser("load", help="continue a saved game")
    load.add_argument("file", type=Path, help="a save file (.json)")

    rules = sub.add_parser("rules", help="print a game's rules reference (no TUI)")
    rules.add_argument("game", help="which game (e.g. shards)")

    cards = sub.add_parser("cards", help="print a table of every card of a game (no TUI)")
    cards.add_argument("game", help="which game (e.g. shards)")

    scenario = sub.add_parser("scenario", help="run a scenario file headless and print each step",
                              description="Run a scenario (TOML) without the TUI: prints its narration "
                              "and each step. Exit status with --check: 0 all expectations pass, 1 a step "
                              "failed, 2 the file is malformed or names an unknown card.")
    scenario.add_argument("file", type=Path, help="a scenario file (.toml)")
    scenario.add_argument("--check", action="store_true",
                          help="exit 1 (naming the failing step) unless every expectation passes")
    scenario.add_argument("--dump", action="store_true",
                          help="print the final public view as JSON on stdout (the step report goes to stderr)")
    return parser


# ---- helpers ---------------------------------------------------------------------------------

def _game(game_id: str) -> Any:
    from shards_tui.core.registry import game

    try:
        return game(game_id)
    except KeyError as exc:
        raise UsageError(str(exc.args[0])) from None


def _sentence(exc: BaseException) -> str:
    from pydantic import ValidationError

    if isinstance(exc, ValidationError):
        err = exc.errors()[0]
        where = " ".join(str(p) for p in err["loc"])
        return f"The game setup was refused ({where}: {err['msg']})."
    if isinstance(exc, KeyError) and exc.args:
        return str(exc.args[0])
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return text if text.endswith((".", "!", "?")) else text + "."


def _run_app(**kwargs: Any) -> int:
    from shards_tui.ui.app import ShardsApp

    result = ShardsApp(**kwargs).run()
    return result if isinstance(result, int) else 0


# ---- commands --------------------------------------------------------------------------------

def play_setup(players: int | None, seed: int | None, names_text: str | None, info: Any) -> dict[str, Any]:
    """The setup for `play`, or a UsageError naming what is wrong."""
    names = [n.strip() for n in names_text.split(",")] if names_text is not None else None
    if names is not None and any(not n for n in names):
        raise UsageError("--names needs a non-empty name between each pair of commas.")
    count = players if players is not None else (len(names) if names else info.min_players)
    if not info.min_players <= count <= info.max_players:
        raise UsageError(f"{info.title} is for {info.min_players} to {info.max_players} players, not {count}.")
    if names is not None and len(names) != count:
        raise UsageError(f"--players is {count} but --names lists {len(names)} name{'s' if len(names) != 1 else ''}.")
    names = names or [f"Player {i}" for i in range(1, count + 1)]
    if any(len(n) > 24 for n in names):
        raise UsageError("Player names can be at most 24 characters long.")
    if len({n.casefold() for n in names}) != len(names):
        raise UsageError("Each player needs a different name.")
    if seed is None:
        seed = random.SystemRandom().randrange(1, 1_000_000_000)
    if not 0 <= seed <= MAX_SEED:
        raise UsageError(f"The seed must be a whole number from 0 to {MAX_SEED}.")
    return {"kind": "new", "players": [{"name": n, "character": None} for n in names],
            "seed": seed, "first": None}


def cmd_play(args: argparse.Namespace) -> int:
    from pydantic import ValidationError

    from shards_tui.core.errors import GameError

    info = _game(args.game)
    setup = play_setup(args.players, args.seed, args.names, info)
    try:
        controller = info.controller.build(setup)
    except (ValidationError, ValueError, KeyError, TypeError, GameError) as exc:
        raise UsageError(_sentence(exc)) from None
    return _run_app(controller=controller)


def cmd_load(args: argparse.Namespace) -> int:
    from shards_tui.core import saves
    from shards_tui.core.errors import SaveFileError

    try:
        controller = saves.load(args.file)
    except SaveFileError as exc:
        raise UsageError(_sentence(exc)) from None
    return _run_app(controller=controller)


def cmd_rules(args: argparse.Namespace) -> int:
    from rich.markdown import Markdown

    from shards_tui.ui.screens.rules import rules_text, strip_anchors

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
    from rich import box
    from rich.table import Table

    info = _game(args.game)
    if info.id != "shards":
        raise UsageError(f"There is no card list for {info.title} yet.")
    from shards_tui.games.shards.cards import card_db
    from shards_tui.games.shards.text import card_text

    cards = sorted(card_db().values(),
                   key=lambda c: (c.type != "starter", c.faction or "", c.cost or 0, c.name))
    console = _console()
    narrow = console.width < 110  # faction and type go under the name
    table = Table(title=f"{info.title}: {len(cards)} cards, {sum(c.copies for c in cards)} copies",
                  box=box.SIMPLE_HEAD, show_lines=True, pad_edge=False)
    columns = ["Name"] + ([] if narrow else ["Faction", "Type"]) + ["Cost", "Copies", "Defense",
                                                                    "Shield", "Text"]
    for column in columns:
        numeric = column in ("Cost", "Copies", "Defense", "Shield")
        table.add_column(column, justify="right" if numeric else "left",
                         no_wrap=column in ("Faction", "Type") or numeric,
                         ratio=(2 if column == "Text" else 1 if narrow and column == "Name" else None),
                         min_width=16 if narrow and column == "Name" else None)
    for c in cards:
        faction, kind = (c.faction or "—").capitalize(), c.type
        name = f"{c.name}\n[dim]{faction if c.faction else ''} {kind}[/dim]".replace("\n[dim] ", "\n[dim]")
        shield = "mastery" if c.shield_is_mastery else _num(c.shield)
        numbers = [_num(c.cost), str(c.copies), _num(c.defense), shield]
        row = [name] if narrow else [c.name, faction, kind]
        table.add_row(*row, *numbers, card_text(c))
    console.print(table)
    return 0


def _num(value: int | None) -> str:
    return "—" if value is None else str(value)


def cmd_scenario(args: argparse.Namespace) -> int:
    from shards_tui.core import scenario as scn
    from shards_tui.core.errors import GameError, ScenarioError

    report = sys.stderr if args.dump else sys.stdout
    try:
        story = scn.load_scenario(args.file)
        controller = scn.build(story)
        failures = _run_steps(scn, story, controller, report)
    except ScenarioError as exc:
        raise UsageError(_sentence(exc)) from None
    except GameError as exc:  # a rules bug (InvalidState), not the file's fault
        print(f"{PROG}: {args.file}: the game failed: {_sentence(exc)}", file=sys.stderr)
        return 1
    if args.dump:
        print(json.dumps(controller.view(None), indent=2, sort_keys=True, default=str))
    if failures:
        print(f"FAILED {args.file}: {failures[0]}" + (f" (and {len(failures) - 1} more)" if len(failures) > 1 else ""),
              file=sys.stderr if args.check else report)
        return 1 if args.check else 0
    print(f"ok {args.file}: every expectation passed.", file=report)
    return 0


def _run_steps(scn: Any, story: Any, controller: Any, out: Any) -> list[str]:
    """Run the steps one at a time (same rules as scenario.run), printing each as it goes."""
    print(f"# {story.title}", file=out)
    if story.description:
        print(story.description.strip(), file=out)
    failures: list[str] = []
    names = controller.seat_names()
    seen = _last_seq(controller)
    for number, step in enumerate(story.step, start=1):
        acting = step.seat if step.seat is not None else controller.who_must_act()
        one = story.model_copy(update={"step": [step]})
        result = scn.run(one, controller=controller)
        if step.say:
            print(f"\n  {step.say}", file=out)
        if step.do is not None:
            who = names[acting] if acting is not None and 0 <= acting < len(names) else None
            label = f"{who}: {step.do}" if who else step.do
            expect = f"  (expecting a refusal mentioning '{step.expect_error}')" if step.expect_error else ""
            print(f"[{number}] > {label}{expect}", file=out)
            if step.expect_error and not result.failures:
                print("      refused, as expected; nothing changed", file=out)
            for entry in controller.view(None).get("log", []):
                if entry.get("seq", -1) > seen and entry.get("text"):
                    print(f"      {entry['text']}", file=out)
            seen = _last_seq(controller)
        elif step.expect is not None:
            print(f"[{number}] check", file=out)
        step_failures = [_renumber(f, number) for f in result.failures]
        if step.expect is not None and not step_failures:
            print(f"      ok: {', '.join(scn.flatten(step.expect))}", file=out)
        for failure in step_failures:
            print(f"      FAILED {failure}", file=out)
        failures.extend(step_failures)
        if _aborted(step, result.failures):
            remaining = len(story.step) - number
            if remaining:
                print(f"      (stopped: {remaining} later step{'s' if remaining != 1 else ''} not run)", file=out)
            break
    return failures


def _last_seq(controller: Any) -> int:
    log = controller.view(None).get("log", [])
    return max((e.get("seq", -1) for e in log), default=-1)


def _renumber(failure: str, number: int) -> str:
    return f"step {number}{failure[len('step 1'):]}" if failure.startswith("step 1") else failure


def _aborted(step: Any, failures: list[str]) -> bool:
    """scenario.run stops at an unexpected refusal, or an expected refusal that did not happen."""
    if step.do is None:
        return False
    for failure in failures:
        if step.expect_error is None and failure.startswith("step 1 ('") and "rejected" in failure:
            return True
        if step.expect_error is not None and "but it was accepted" in failure:
            return True
    return False


COMMANDS = {"play": cmd_play, "load": cmd_load, "rules": cmd_rules, "cards": cmd_cards,
            "scenario": cmd_scenario}


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if args.command is None:
            return _run_app()
        return COMMANDS[args.command](args)
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
