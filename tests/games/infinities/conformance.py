"""What the shared tests play of Infinities (tests/fuzz/game_case.py): new games for 2 to 6
players, the three team modes, Quickplay and separate decks; the census of its cards; its own
words."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Callable

from tests.fuzz.game_case import GameCase

NAMES = ["Ana", "Ben", "Cy", "Di", "Eve", "Flo"]


def _setup(**extra: Any) -> Callable[[int, int], dict[str, Any]]:
    return lambda players, seed: {"kind": "new", "seed": seed,
                                  "players": [{"name": n} for n in NAMES[:players]], **extra}


def _teams(players: int, seed: int) -> dict[str, Any]:
    return _setup(teams={4: "2v2", 6: "3v3"}[players])(players, seed)


def _census(state) -> Counter:
    return Counter(state.all_cards())


def _policy(rng: random.Random, legal: list) -> Any:
    """Random, but spending dice more often than ending the turn, so games get busy."""
    busy = [c for c in legal if c.verb not in ("end", "done", "allow")]
    return rng.choice(busy) if busy and rng.random() < 0.85 else rng.choice(legal)


CASES = [
    GameCase("infinities", "infinities", _setup(), (2, 3, 4, 5, 6), _census, _policy,
             {2: 400, 3: 300, 4: 300, 5: 300, 6: 300}, seeds={2: (1, 2)}),
    GameCase("infinities-teams", "infinities", _teams, (4, 6), _census, _policy, {4: 300, 6: 300}),
    GameCase("infinities-2v2v2", "infinities", _setup(teams="2v2v2"), (6,), _census, _policy, {6: 300}),
    GameCase("infinities-quickplay", "infinities", _setup(quickplay=True), (3,), _census, _policy,
             {3: 300}),
    # Separate decks are made as leaders are chosen, so the cards in the game grow then: the
    # invariants check them (every card made is somewhere), not a census from the first move.
    GameCase("infinities-separate", "infinities", _setup(decks="separate"), (2,), None, _policy,
             {2: 300}),
]

# Random games a run plays in the default suite (tests/fuzz/test_fuzz_run.py): 25 for each of
# its 11 setups, the "few hundred" issue 35 asks of the default suite (the 10,000 a setup are
# benchmarks/fuzz.py's, on its ledger; 200 a setup are the slow tests').
QUICK_FUZZ_GAMES = 25

# Words that belong to Infinities alone: its moves, zones and pieces (tests/test_layers.py).
WORDS = {"gambit", "gambits", "timeline", "fortitude", "worldspine", "reroll", "rift", "respawn"}
