"""A game's own command-line flags, made from its contract (``GameInfo``): its variants, its
expansions (``--no-<id>`` for one that is in by default), the seat role (``--characters``,
``--factions``, ``--decks``: one per seat) and its options (``SetupSpec.options``).

The flags of one game are added only when that game is named on the command line, so no game
is imported to parse a command that does not name it.
"""

from __future__ import annotations

import argparse
from typing import Any, Sequence

from shards_tui.cli_setup import UsageError, parse_variants, play_setup
from shards_tui.core.registry import game_ids, listings
from shards_tui.core.untrusted import printable

GAME_COMMANDS = ("play", "selfplay", "demo")  # the commands whose second word is a game


def named_game(argv: Sequence[str]) -> str | None:
    """The game a game command names ('play disco ...' -> 'disco'), if it is a known one."""
    words = [w for w in argv if not w.startswith("-")]
    if not words or words[0] not in GAME_COMMANDS:
        return None
    return next((w for w in words[1:] if w in game_ids()), None)


def games_help() -> str:
    """'shards (Shards of Infinity, 2-4 players), disco (...)': every game, none imported."""
    return ", ".join(f"{g.id} ({g.title}, {g.players_text})" for g in listings())


def _slug(text: str) -> str:
    return text.strip().lower().replace("-", "_").replace(" ", "_")


def _flag_dest(flag: str) -> str:
    return "game_" + flag.lstrip("-").replace("-", "_")


def add_game_flags(parser: argparse.ArgumentParser, info: Any, *, roles: bool = True) -> None:
    """The flags of ``info``'s game, under a heading of their own in --help."""
    group = parser.add_argument_group(f"{info.title} options")
    if info.variants:
        ids = ", ".join(v.id for v in info.variants)
        group.add_argument("--variant", action="append", metavar="NAME", dest="game_variant",
                           help=f"a rules variant ({ids}); repeat it or use commas to combine")
    for expansion in info.expansions:
        if expansion.default:
            flag = f"--no-{expansion.id.replace('_', '-')}"
            group.add_argument(flag, action="store_true", dest=_flag_dest(flag),
                               help=f"leave out the {expansion.title} expansion")
    spec = info.setup_spec()
    if roles and spec.role is not None:
        role = spec.role
        choices = ", ".join(c.id for c in role.choices)
        saved = ", or the name of a deck of yours ('shards-tui deck list')" if role.decks else ""
        group.add_argument(f"--{role.key.replace('_', '-')}s", metavar="A,B,...",
                           dest="game_roles",
                           help=f"one {role.label.lower()} per seat ({choices}{saved}; random "
                                "or - for a random one)")
    for option in spec.options:
        metavar = None if option.kind == "flag" else option.label.upper().replace(" ", "_")
        kwargs: dict[str, Any] = {"action": "store_true"} if option.kind == "flag" else {
            "metavar": metavar}
        group.add_argument(option.flag, dest=_flag_dest(option.flag), help=option.help, **kwargs)


def _variants(info: Any, args: argparse.Namespace) -> list[str]:
    return parse_variants(info, getattr(args, "game_variant", None))


def _sets(info: Any, args: argparse.Namespace) -> list[str]:
    sets = info.default_sets()
    for expansion in info.expansions:
        flag = f"--no-{expansion.id.replace('_', '-')}"
        if expansion.default and getattr(args, _flag_dest(flag), False):
            sets = [s for s in sets if s != expansion.id]
    return sets


def _roles(info: Any, args: argparse.Namespace) -> list[str | dict[str, Any] | None] | None:
    """Each seat's pick: a choice's id, None (at random), or for a role with decks a saved deck
    of the player's (or a starter) by its name, as the seat's setup entry."""
    text = getattr(args, "game_roles", None)
    if text is None:
        return None
    role = info.setup_spec().role
    known = {c.id for c in role.choices}
    out: list[str | dict[str, Any] | None] = []
    for raw in text.split(","):
        entry = _slug(raw)
        if entry in ("random", "", "_") and role.random_allowed:
            out.append(None)
        elif entry in known:
            out.append(entry)
        elif role.decks and (deck := _saved_deck(info, raw)) is not None:
            out.append(deck)
        else:
            decks = " or the name of one of your decks" if role.decks else ""
            raise UsageError(f"There is no {role.label.lower()} '{printable(raw.strip()[:30])}'; "
                             f"choose from {', '.join(sorted(known))}{decks}.")
    return out


def _saved_deck(info: Any, name: str) -> dict[str, Any] | None:
    """The seat's entry for the deck called ``name`` in the player's library, if there is one."""
    # Deferred (startup): a command imports only what it runs.
    from shards_tui.core.decks import DeckError, DeckLibrary, seat_entry

    try:
        return seat_entry(DeckLibrary(info.id).find(name.strip()[:60]))
    except DeckError:
        return None


def _options(info: Any, args: argparse.Namespace, variants: list[str]) -> dict[str, Any]:
    """The game's options the player set, checked against its setup questions."""
    out: dict[str, Any] = {}
    for option in info.setup_spec().options:
        value = getattr(args, _flag_dest(option.flag), None)
        if value in (None, False):
            continue
        if option.needs_variant and option.needs_variant not in variants:
            raise UsageError(f"{option.flag} is for the {option.needs_variant} variant; it "
                             f"needs --variant {option.needs_variant}.")
        if option.kind == "number":
            try:
                value = int(value)
            except ValueError:
                raise UsageError(f"{option.flag} must be a whole number, not '{value[:20]}'.") from None
            low, high = option.minimum, option.maximum
            if (low is not None and value < low) or (high is not None and value > high):
                raise UsageError(f"{option.flag} must be from {low} to {high}, not {value}.")
        elif option.kind == "choice":
            value = _slug(value)
        out[option.key] = value
    return out


def game_setup(info: Any, args: argparse.Namespace, players: int | None, seed: int | None,
               names: str | None, bots: list[str | None] | None) -> dict[str, Any]:
    """The setup of a new game of ``info`` from the command line, or a UsageError."""
    variants = _variants(info, args)
    setup = play_setup(players, seed, names, info, bots, variants, _sets(info, args))
    roles = _roles(info, args)
    role = info.setup_spec().role
    if roles is not None:
        if len(roles) != len(setup["players"]):
            raise UsageError(f"--{role.key}s needs one entry per seat ({len(setup['players'])}), "
                             f"not {len(roles)}.")
        for seat, choice in zip(setup["players"], roles):
            if isinstance(choice, dict):
                seat.update(choice)  # a saved deck: its cards and its name
            else:
                seat[role.key] = choice
    options = _options(info, args, variants)
    problem = info.setup_spec().players_problem(options, len(setup["players"]))
    if problem:
        raise UsageError(problem)
    setup.update(options)
    return setup


def selfplay_options(info: Any, args: argparse.Namespace
                     ) -> tuple[list[str], list[str], dict[str, Any]]:
    """(variants, card sets, the game's own options) of a selfplay run from the command line."""
    variants = _variants(info, args)
    return variants, _sets(info, args), _options(info, args, variants)
