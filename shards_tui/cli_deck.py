"""`shards-tui deck ...` and `shards-tui ladder GAME`: a game's decks and its ranked ladder
from the command line (no TUI). Words here stay game-agnostic: a game's decks are reached
through its registry entry.

Exit status: 0 done (for `deck check`: legal), 1 an illegal deck (with its reasons), 2 bad
input (an unknown deck, an unreadable file, a bad code).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from shards_tui.cli_setup import UsageError


def add_parsers(sub: Any) -> None:
    deck = sub.add_parser("deck", help="list, show, check, export and import decks (no TUI)",
                          description="A game's decks: the starter decks and your own, saved in "
                                      "the data folder. Exit status: 0 done or legal, 1 an illegal "
                                      "deck (reasons printed), 2 bad input.")
    deck.add_argument("--game", help="which game's decks (default: the only game that has decks)")
    deck.set_defaults(run=cmd_deck)
    actions = deck.add_subparsers(dest="deck_command", metavar="ACTION", required=True)
    actions.add_parser("list", help="every deck name, one a line, starters first")
    show = actions.add_parser("show", help="a deck's cards and whether it is legal")
    show.add_argument("name")
    check = actions.add_parser("check", help="exit 0 if legal, 1 with the reasons if not, 2 if unreadable")
    check.add_argument("deck", help="a deck name, or a deck file (.toml)")
    export = actions.add_parser("export", help="print a deck's code")
    export.add_argument("name")
    imp = actions.add_parser("import", help="save the deck a code stands for")
    imp.add_argument("code")
    imp.add_argument("--name", required=True, help="the name to save it under")
    ladder = sub.add_parser("ladder", help="print a game's ranked ladder (no TUI)")
    ladder.add_argument("game", help="which game")
    ladder.set_defaults(run=cmd_ladder)


def _usage(message: str) -> Exception:
    return UsageError(message)


def _library(args: argparse.Namespace) -> Any:
    # Deferred (startup): a command imports only what it runs.
    from shards_tui.core.decks import DeckLibrary, games_with_decks
    from shards_tui.core.registry import game

    with_decks = games_with_decks()
    game_id = args.game
    if game_id is None:
        if len(with_decks) != 1:
            raise _usage(f"Say which game's decks with --game ({', '.join(with_decks) or 'none has decks'}).")
        game_id = with_decks[0]
    try:
        info = game(game_id)
    except KeyError as exc:
        raise _usage(str(exc.args[0])) from None
    if info.decks is None:
        raise _usage(f"{info.title} has no decks; the games with decks: {', '.join(with_decks)}.")
    return DeckLibrary(info.id)


def cmd_deck(args: argparse.Namespace) -> int:
    # Deferred (startup): a command imports only what it runs.
    from shards_tui.core.decks import DeckError, read_deck_file

    library = _library(args)
    action = args.deck_command
    try:
        if action == "list":
            decks, broken = library.own()
            for deck in library.starters() + decks:
                print(deck.name)
            for sentence in broken:
                print(f"(skipped) {sentence}", file=sys.stderr)
            return 0
        if action == "show":
            return _show(library, library.find(args.name))
        if action == "check":
            path = Path(args.deck)
            deck = read_deck_file(path) if path.suffix == ".toml" or path.exists() \
                else library.find(args.deck)
            problems = library.rules.problems(deck.cards)
            for problem in problems:
                print(problem)
            if not problems:
                print(f"{deck.name} is legal.")
            return 1 if problems else 0
        if action == "export":
            print(library.export_code(args.name))
            return 0
        # Deferred (startup): a command imports only what it runs.
        from shards_tui.core.decks import decode

        try:
            decode(args.code, library.rules)
        except DeckError as exc:
            raise _usage(str(exc)) from None
        try:
            deck = library.import_code(args.code, args.name)
        except DeckError as exc:
            print(str(exc), file=sys.stderr)
            return 1 if "not legal" in str(exc) else 2
        print(f"Saved '{deck.name}' ({library.rules.describe(deck.cards)}).")
        return 0
    except DeckError as exc:
        raise _usage(str(exc)) from None


def _show(library: Any, deck: Any) -> int:
    rules = library.rules
    kind = "starter, read-only" if deck.starter else "your deck"
    if deck.short:
        kind += f"; '{deck.short}' for short"
    print(f"{deck.name} ({rules.describe(deck.cards)}; {kind})")
    cost = rules.cost_of
    for cid in sorted(deck.cards, key=lambda c: (cost(c) if cost else 0, rules.number_of(c) or 0)):
        copies = f"{deck.cards[cid]} x {rules.name_of(cid)}"
        print(f"cost {cost(cid):>2}  {copies}" if cost else f"{deck.cards[cid]:>3} x {rules.name_of(cid)}")
    problems = rules.problems(deck.cards)
    print("Legal." if not problems else "Not legal: " + " ".join(problems))
    return 0


def cmd_ladder(args: argparse.Namespace) -> int:
    # Deferred (startup): a command imports only what it runs.
    from shards_tui.core.ratings import Ratings, RatingsError, ladder_lines
    from shards_tui.core.registry import game

    try:
        info = game(args.game)
    except KeyError as exc:
        raise _usage(str(exc.args[0])) from None
    try:
        rows = Ratings().leaderboard(info.id)
    except RatingsError as exc:
        raise _usage(str(exc)) from None
    print("\n".join(ladder_lines(rows, info.title)))
    return 0
