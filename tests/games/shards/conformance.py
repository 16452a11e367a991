"""What the shared tests play of Shards of Infinity (tests/fuzz/game_case.py): its setups
(every variant and the rich positions), its census and policy, and its own words."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Callable

from tests.fuzz.game_case import GameCase


def _shards_setup(players: int, seed: int) -> dict[str, Any]:
    names = ["Ana", "Ben", "Cy", "Di"]
    return {"kind": "new", "seed": seed, "players": [{"name": n} for n in names[:players]]}


def _shards_census(state) -> Counter:
    return Counter(state.all_instances())


def _shards_policy(rng: random.Random, legal: list) -> Any:
    """Random, but lively: play cards more than ending the turn, and hit hard, so games end."""
    if legal[0].text().startswith("assign"):
        biggest = max(legal, key=lambda c: c.amount)
        return biggest if rng.random() < 0.8 else rng.choice(legal)
    busy = [c for c in legal if c.text() != "end"]
    plays = [c for c in busy if c.text().startswith(("play", "exhaust", "attack"))]
    roll = rng.random()
    if plays and roll < 0.6:
        return rng.choice(plays)
    if busy and roll < 0.9:
        return rng.choice(busy)
    return rng.choice(legal)


def _shards_rich_setup(players: int, seed: int) -> dict[str, Any]:
    """A scenario position with random center cards in every zone and random mastery, so
    random play reaches the rare effects (thresholds at 10/15/20/30, copies, destroys)."""
    from shards_tui.games.shards.cards import card_db

    cards = card_db(("base",))
    center = sorted(c.id for c in cards.values() if c.type != "starter")
    champions = sorted(c.id for c in cards.values() if c.type == "champion")
    r = random.Random(seed)
    seats = []
    for name in ["Ana", "Ben", "Cy", "Di"][:players]:
        seats.append({"name": name, "mastery": r.choice([0, 5, 9, 10, 14, 15, 19, 20, 29, 30]),
                      "health": r.randint(10, 50),
                      "hand": [r.choice(center) for _ in range(5)],
                      "deck_top": [r.choice([*center, "crystal", "infinity_shard"]) for _ in range(8)],
                      "discard": [r.choice(center) for _ in range(r.randint(0, 4))],
                      "champions": r.sample(champions, r.randint(0, 2))})
    return {"kind": "scenario", "seed": seed, "players": seats, "active": r.randrange(players),
            "turn": {"gems": r.randint(0, 8)}}


def _relics_setup(variants: list[str]) -> Callable[[int, int], dict[str, Any]]:
    """Relics of the Future, with a relic variant (or none)."""
    return lambda players, seed: {**_shards_setup(players, seed), "sets": ["base", "relics"],
                                  "variants": variants}


def _relics_rich_setup(players: int, seed: int) -> dict[str, Any]:
    """A rich position with the expansion's cards everywhere and relics near at hand."""
    from shards_tui.games.shards.cards import card_db

    setup = _shards_rich_setup(players, seed)
    cards = card_db(("base", "relics"))
    extra = sorted(c.id for c in cards.values() if c.set == "relics" and c.type != "relic")
    champions = sorted(c.id for c in cards.values() if c.set == "relics" and c.type == "champion")
    r = random.Random(seed * 7 + 1)
    for seat in setup["players"]:
        seat["hand"] = seat["hand"][:3] + [r.choice(extra) for _ in range(2)]
        seat["deck_top"] = seat["deck_top"][:5] + [r.choice(extra) for _ in range(3)]
        seat["champions"] = [c for c in seat["champions"][:1]] + r.sample(champions, 1)
        seat["mastery"] = r.choice([9, 10, 19, 20])
    return {**setup, "sets": ["base", "relics"]}


def _shards_variant(*variants: str) -> Callable[[int, int], dict[str, Any]]:
    """A new game under Relics of the Future variants (Team Attack, Bloodbath, Health Auction)."""
    return lambda players, seed: {**_shards_setup(players, seed), "variants": list(variants)}


def _shards_nemesis_setup(players: int, seed: int) -> dict[str, Any]:
    """Single Player Nemesis Challenge: one person (the engine adds the Nemesis seat)."""
    return {**_shards_setup(players, seed), "variants": ["nemesis"], "sets": ["base", "relics"]}


def _shards_nemesis_rich_setup(players: int, seed: int) -> dict[str, Any]:
    """A rich position against a Nemesis with random mastery (both sides of 15), health and champions."""
    from shards_tui.games.shards.cards import card_db

    r = random.Random(seed * 7 + 1)
    champions = sorted(c.id for c in card_db(("base",)).values() if c.type == "champion")
    setup = {**_shards_rich_setup(players, seed), "variants": ["nemesis"], "active": 0}
    setup["nemesis"] = {"name": "Nemesis", "mastery": r.choice([0, 9, 14, 15, 20, 28]),
                        "health": r.randint(10, 50), "champions": r.sample(champions, r.randint(0, 3))}
    return setup


CASES = [
    GameCase("shards", "shards", _shards_setup, (2, 3, 4), _shards_census, _shards_policy, {4: 650},
             seeds={2: (1, 2), 3: (1, 2)}),
    GameCase("shards-rich", "shards", _shards_rich_setup, (2, 3, 4), _shards_census, _shards_policy),
    GameCase("shards-relics", "shards", _relics_setup([]), (2, 3, 4), _shards_census, _shards_policy,
             {4: 650}),
    GameCase("shards-relic-draft", "shards", _relics_setup(["relic_draft"]), (2, 3, 4), _shards_census,
             _shards_policy, {4: 650}),
    GameCase("shards-mystery-relics", "shards", _relics_setup(["mystery_relics"]), (2, 3, 4),
             _shards_census, _shards_policy, {4: 650}),
    GameCase("shards-relics-rich", "shards", _relics_rich_setup, (2, 3, 4), _shards_census, _shards_policy),
    GameCase("shards-team", "shards", _shards_variant("team"), (4,), _shards_census, _shards_policy, {4: 650}),
    GameCase("shards-bloodbath", "shards", _shards_variant("bloodbath"), (3,), _shards_census, _shards_policy),
    GameCase("shards-auction", "shards", _shards_variant("health_auction"), (2, 3, 4), _shards_census,
             _shards_policy, {4: 650}),
    GameCase("shards-auction-bloodbath", "shards", _shards_variant("health_auction", "bloodbath"), (3,),
             _shards_census, _shards_policy),
    GameCase("shards-nemesis", "shards", _shards_nemesis_setup, (1,), _shards_census, _shards_policy,
             seeds={1: (1, 2)}),
    GameCase("shards-nemesis-rich", "shards", _shards_nemesis_rich_setup, (1,), _shards_census, _shards_policy),
]

# Words that belong to Shards alone: its moves, zones and pieces (tests/test_layers.py).
WORDS = {"recruit", "fastplay", "exhaust", "mastery", "champion", "champions", "relic", "relics",
         "nemesis", "gems", "banish", "center_row", "mercenary", "health_auction"}
