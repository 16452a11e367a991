"""Turning command-line options into a game setup: seats, bots, variants, card sets, seed.

Each function returns what it parsed or raises UsageError with the one sentence to print.
"""

from __future__ import annotations

from typing import Any

PROG = "shards-tui"
MAX_SEED = 2**63 - 1


class UsageError(Exception):
    """Bad input on the command line: the message is the one sentence to print."""


HUMAN = ("human", "-")


def sentence_of(exc: BaseException) -> str:
    """The one sentence to print for an error (a refused setup, an unknown name, ...)."""
    # Deferred (startup): pydantic is imported only once an error is to be worded.
    from pydantic import ValidationError

    if isinstance(exc, ValidationError):
        err = exc.errors()[0]
        where = " ".join(str(p) for p in err["loc"])
        return f"The game setup was refused ({where}: {err['msg']})."
    if isinstance(exc, KeyError) and exc.args:
        return str(exc.args[0])
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return text if text.endswith((".", "!", "?")) else text + "."


def _levels() -> tuple[str, ...]:
    # Deferred (startup): reading the options imports no rules before a game is set up.
    from shards_tui.bots.base import LEVELS

    return LEVELS


def parse_bots(text: str, *, humans: bool) -> list[str | None]:
    """'human,greedy' -> [None, 'greedy'] (None: a human seat); a UsageError if malformed."""
    if not text.strip():
        raise UsageError("--bots needs at least one level.")
    entries = [e.strip().lower() for e in text.split(",")]
    if any(not e for e in entries):
        raise UsageError("--bots needs a level between each pair of commas.")
    levels = _levels()
    out: list[str | None] = []
    for entry in entries:
        if entry in HUMAN:
            if not humans:
                raise UsageError("Every seat in the demo is a bot, so --bots takes only bot levels "
                                 f"({', '.join(levels)}); use 'play --bots' to sit in.")
            out.append(None)
        elif entry in levels:
            out.append(entry)
        else:
            choices = (["human", "-"] if humans else []) + list(levels)
            raise UsageError(f"There is no bot level '{entry}'; choose from {', '.join(choices)}.")
    return out


def count_error(info: Any, count: int, variants: bool = True) -> UsageError:
    """'Shards of Infinity is for 2 to 4 players, not 1', naming the variants for that many
    players, if any and if the command takes ``--variant`` ('; for 1 player: --variant
    nemesis (Single Player Nemesis Challenge)')."""
    fits = [v for v in info.variants if count in v.players] if variants else []
    also = ("; for " + ("1 player" if count == 1 else f"{count} players") + ": "
            + ", ".join(f"--variant {v.id} ({v.title})" for v in fits)) if fits else ""
    return UsageError(f"{info.title} is for {info.min_players} to {info.max_players} players, "
                      f"not {count}{also}.")


def _players_in_range(info: Any, count: int) -> int:
    """For the demo, which plays no variant."""
    if not info.min_players <= count <= info.max_players:
        raise count_error(info, count, variants=False)
    return count


def _check_seed(seed: int | None) -> int:
    if seed is None:
        # Deferred (startup): reading the options imports no rules before a game is set up.
        from shards_tui.core.rng import secret_seed

        seed = secret_seed()
    if not 0 <= seed <= MAX_SEED:
        raise UsageError(f"The seed must be a whole number from 0 to {MAX_SEED}.")
    return seed


def parse_variants(info: Any, entries: list[str] | None) -> list[str]:
    """['team', 'a,b'] -> ['team', 'a', 'b'], each one a variant the game has."""
    # Deferred (startup): reading the options imports no rules before a game is set up.
    from shards_tui.core.variants import VariantError, find

    out = [v.strip().lower().replace("-", "_") for e in entries or [] for v in e.split(",")]
    if any(not v for v in out):
        raise UsageError("--variant needs a variant name between each pair of commas.")
    try:
        for v in out:
            find(info.variants, v)
    except VariantError as exc:
        raise UsageError(str(exc)) from None
    return out


def check_variants(info: Any, variants: list[str], count: int, sets: list[str]) -> None:
    # Deferred (startup): reading the options imports no rules before a game is set up.
    from shards_tui.core.variants import VariantError, check_choice

    if not variants and not info.min_players <= count <= info.max_players:
        raise count_error(info, count)
    try:
        check_choice(info.variants, variants, count, sets, {e.id: e.title for e in info.expansions})
    except VariantError as exc:
        raise UsageError(str(exc)) from None


def play_setup(players: int | None, seed: int | None, names_text: str | None, info: Any,
               bots: list[str | None] | None = None, variants: list[str] | None = None,
               sets: list[str] | None = None) -> dict[str, Any]:
    """The setup for `play`, or a UsageError naming what is wrong. ``bots``: one entry per
    seat, a bot level or None for a human."""
    # Deferred (startup): reading the options imports no rules before a game is set up.
    from shards_tui.core.variants import player_counts

    variants = variants or []
    sets = sets if sets is not None else info.default_sets()
    allowed = player_counts(info.variants, variants, range(info.min_players, info.max_players + 1))
    names = [n.strip() for n in names_text.split(",")] if names_text is not None else None
    if names is not None and any(not n for n in names):
        raise UsageError("--names needs a non-empty name between each pair of commas.")
    fallback = min(allowed) if variants and allowed else info.min_players
    count = players if players is not None else (len(names) if names else len(bots) if bots else fallback)
    if bots is not None and players is None and names is None and not variants \
            and not info.min_players <= count <= info.max_players:
        raise UsageError(f"--bots needs one entry per seat ({info.min_players} to {info.max_players} "
                         f"seats), e.g. human,greedy; it lists {count}.")
    check_variants(info, variants, count, sets)
    if names is not None and len(names) != count:
        raise UsageError(f"--players is {count} but --names lists {len(names)} name{'s' if len(names) != 1 else ''}.")
    if bots is not None and len(bots) != count:
        raise UsageError(f"--bots needs one entry per seat ({count}), not {len(bots)}.")
    bots = bots or [None] * count
    names = names or [f"{bot.capitalize()} bot {i}" if bot else f"Player {i}"
                      for i, bot in enumerate(bots, start=1)]
    if any(len(n) > 24 for n in names):
        raise UsageError("Player names can be at most 24 characters long.")
    if len({n.casefold() for n in names}) != len(names):
        raise UsageError("Each player needs a different name.")
    seed = _check_seed(seed)
    seats = [{"name": n, **({"bot": b} if b else {})} for n, b in zip(names, bots)]
    return {"kind": "new", "players": seats, "seed": seed, "first": None, "sets": sets,
            "variants": variants}
