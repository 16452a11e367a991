"""What the shared tests play of SHARDS: The Fractured Net (tests/fuzz/game_case.py): its
setup, census and policy, and its own words."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from tests.fuzz.game_case import GameCase


def _fn_setup(players: int, seed: int) -> dict[str, Any]:
    """The Fractured Net: starter decks on odd seeds, random legal decks on even ones."""
    return {"kind": "new", "seed": seed, "players": [{"name": "Ana"}, {"name": "Ben"}],
            "random_decks": seed % 2 == 0}


def _fn_census(state) -> Counter:
    from shards_tui.games.fractured_net.zones import all_instances

    return Counter(all_instances(state))


def _fn_policy(rng: random.Random, legal: list) -> Any:
    """Random, but lively: play and attack more than pass or end."""
    busy = [c for c in legal if c.verb in ("play", "attack", "block", "activate", "choose")]
    return rng.choice(busy) if busy and rng.random() < 0.75 else rng.choice(legal)


CASES = [GameCase("fractured_net", "fractured_net", _fn_setup, (2,), _fn_census, _fn_policy, {2: 700},
                  seeds={2: (1, 2)})]

# Words that belong to the Fractured Net alone: its moves, zones and pieces (tests/test_layers.py).
WORDS = {"creature", "creatures", "mulligan", "unblock", "equipment", "blockers", "attackers"}
