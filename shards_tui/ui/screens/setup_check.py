"""Checking a New game form before anything is built: the seats' names, characters and bots,
the variants and expansions against the player count, and the seed (a chosen one is
allowed, with a warning that it can reveal hidden cards). Pure functions; no widget here."""

from __future__ import annotations

import random
from typing import Any


from shards_tui.core.registry import GameInfo, game
from shards_tui.core.rng import secret_seed
from shards_tui.core.variants import VariantError, check_choice


RANDOM = "random"
HUMAN = "human"
PLAYED_BY = [("Human", HUMAN), ("Random bot", "random"), ("Greedy bot", "greedy"),
             ("Search bot", "search")]
MAX_NAME = 24
MAX_SEED = 2**63 - 1


def characters_for(game_id: str) -> list[tuple[str, str]]:
    """(label, id) of each role a seat may pick (a character, a faction, a deck), for games
    whose SetupSpec names one."""
    role = game(game_id).setup_spec().role
    if role is None:
        return []
    return [(f"{c.title} ({c.blurb})" if c.blurb else c.title, c.id) for c in role.choices]


def new_seed() -> int:
    """A seed for a game nobody looks into (a demo): bots only, nothing hidden from a player."""
    return random.SystemRandom().randrange(1, 1_000_000_000)


SEED_NOTE = "Anyone who knows a chosen seed can work out the hidden cards: leave it empty for a secret one."


def variant_problem(info: GameInfo, variants: list[str], players: int, sets: list[str]) -> str | None:
    """One sentence if these variants, card sets and player count do not fit, else None."""
    try:
        check_choice(info.variants, variants, players, sets, {e.id: e.title for e in info.expansions})
    except VariantError as exc:
        return str(exc)
    return None


def validate_setup(names: list[str], characters: list[str | None], seed_text: str,
                   info: GameInfo, character_names: dict[str, str],
                   bots: list[str | None] | None = None, variants: list[str] | None = None,
                   sets: list[str] | None = None) -> tuple[dict[str, Any], None] | tuple[None, str]:
    """The setup dict for ``controller.build``, or one sentence saying what is wrong.

    ``bots``: per seat, the level of the bot that plays it, or None for a person; a bot seat's
    entry in the setup gets ``"bot": level`` (every seat may be a bot: the game plays itself).
    ``variants`` and ``sets`` (when given) go into the setup; a variant sets the player count.
    """
    n = len(names)
    if variants:
        problem = variant_problem(info, variants, n, sets if sets is not None else info.default_sets())
        if problem:
            return None, problem
    elif not info.min_players <= n <= info.max_players:
        return None, f"{info.title} needs {info.min_players} to {info.max_players} players."
    clean = [name.strip() for name in names]
    seen: dict[str, int] = {}
    for seat, name in enumerate(clean, start=1):
        if not name:
            return None, f"Player {seat} needs a name."
        if len(name) > MAX_NAME:
            return None, f"Player {seat}'s name is longer than {MAX_NAME} characters."
        key = name.casefold()
        if key in seen:
            return None, f"Players {seen[key]} and {seat} are both called {name}; names must differ."
        seen[key] = seat
    role = info.setup_spec().role
    chosen: dict[str, str] = {}
    for name, character in zip(clean, characters):
        if character is None or role is None or not role.distinct:
            continue
        if character in chosen:
            label = character_names.get(character, character)
            return None, (f"{chosen[character]} and {name} both chose {label}; each "
                          f"{role.label.lower()} can lead one player.")
        chosen[character] = name
    text = seed_text.strip()
    try:
        seed = int(text) if text else secret_seed()  # empty: random, and shown to nobody
    except ValueError:
        return None, "The seed must be a whole number, or empty for a random one."
    if not 0 <= seed <= MAX_SEED:
        return None, "The seed must be a whole number from 0 to 9223372036854775807."
    players: list[dict[str, Any]] = [{"name": name} for name in clean]
    if role is not None:
        for player, character in zip(players, characters):
            player[role.key] = character
    for player, level in zip(players, bots or []):
        if level is not None:
            player["bot"] = level
    setup: dict[str, Any] = {"kind": "new", "players": players, "seed": seed, "first": None}
    if variants is not None:
        setup["variants"] = list(variants)
    if sets is not None:
        setup["sets"] = list(sets)
    return setup, None
