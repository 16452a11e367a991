"""What the shared tests play of Disco Infinity (tests/fuzz/game_case.py): its setup, census
and policy, and its own words."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from tests.fuzz.game_case import GameCase


def _disco_setup(players: int, seed: int) -> dict[str, Any]:
    return {"kind": "new", "seed": seed, "players": [{"name": "Ana"}, {"name": "Ben"}][:players]}


def _disco_census(state) -> Counter:
    return Counter(state.all_cards())


def _disco_policy(rng: random.Random, legal: list) -> Any:
    """Random, but drafting more than passing, so decks grow and every card turns up."""
    drafts = [c for c in legal if c.text() == "draft"]
    return drafts[0] if drafts and rng.random() < 0.8 else rng.choice(legal)


CASES = [GameCase("disco", "disco", _disco_setup, (2,), _disco_census, _disco_policy, {2: 600},
                  seeds={2: (1, 2)})]

# Words that belong to Disco alone: its moves, zones and pieces (tests/test_layers.py).
WORDS = {"satellite", "satellites", "orbit", "orbits", "missile", "missiles", "action_row", "drift",
         "research"}
