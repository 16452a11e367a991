"""What the bots know of Infinities (core.bot_adapter.GameAdapter): a greedy score for each
legal move read from a seat's view, sampled worlds for the search bot (every card the seat
cannot see dealt again), and a quick estimate of each seat's chances.

Greedy (heuristics.py) chases the open Roles, reads the map (bot_map.py) to walk towards the
tiles they ask for and keep enemies in reach, spends the dice worth spending, hits the leader
ahead and blocks when the hand can spare it.
"""

from __future__ import annotations

import math
import random
from typing import Any

from shards_tui.core.bot_adapter import world_sampler_for
from shards_tui.core.commands import Command
from shards_tui.core.rng import Rng
from shards_tui.games.infinities import adventure_bot, heuristics
from shards_tui.games.infinities.content import content
from shards_tui.games.infinities.view import build_view

OBVIOUS = 900.0  # a move scored this high is made without searching
SHARPNESS = 2.5  # how surely a Point ahead wins, in the search's estimate
# A turn is many moves (the roll, rerolls, each die spent): the search looks to the end of the
# mover's own turn, where measured Roles are read, and keeps well inside 2 s a move.
SEARCH = {"horizon": 1, "seconds": 1.5, "iterations": 200}


def greedy_scores(view: Any, legal: list[Command], seat: int, notes: dict) -> list[tuple[float, str]]:
    if view.adventure is not None:
        return adventure_bot.scores(view, legal, seat)
    aims = heuristics.Aims(view, seat)
    return [heuristics.score(view, seat, c, aims) for c in legal]


# ---- search: sampled worlds -----------------------------------------------------------------

def _shuffled(cards: list[str], rng: random.Random) -> list[str]:
    out = sorted(cards)
    rng.shuffle(out)
    return out


def determinize(state: Any, seat: int, rng: random.Random) -> Any:
    """The cards ``seat`` cannot see dealt again: each deck's draw pile with the hands of the
    other leaders who draw from it (hand sizes kept). The game's rng is reseeded."""
    world = state.working_copy()
    world.log = []
    for deck_id, deck in world.decks.items():
        holders = [p for s, p in enumerate(world.players) if s != seat and p.deck == deck_id]
        pool = list(deck.cards) + [c for p in holders for c in p.hand]
        dealt = _shuffled(pool, rng)
        for p in holders:
            n = len(p.hand)
            p.hand, dealt = dealt[:n], dealt[n:]
        deck.cards = dealt
    world.rng = Rng.from_seed(rng.getrandbits(64))
    return world


world_sampler = world_sampler_for(determinize, log_events=False)  # no log in sampled worlds (speed)


def sim_scores(sim: Any, seat: int, legal: list[Command]) -> list[float]:
    return [s for s, _ in greedy_scores(build_view(sim, seat, legal), legal, seat, {})]


def turn_of(sim: Any) -> int:
    return sim.state.flow.turn


def evaluate(sim: Any) -> list[float]:
    """Each seat's chance to win, from its side's worth in Points: its Points, part of a Point
    for each Role's progress, and a little for Health, units, cards and gambit."""
    state = sim.state
    if state.chapter is not None:
        return adventure_bot.evaluate(state)
    n = len(state.players)
    if state.winners is not None:
        return [1.0 if s in state.winners else 0.0 for s in range(n)]
    roles = content().roles
    cards = content().cards
    side: dict[int, float] = {}
    for p in state.players:
        worth = float(p.points)
        worth += sum(0.6 * v / roles[r].goal.need for r, v in p.progress.items() if r not in p.scored)
        if p.status == "active":
            worth += 0.04 * (5 - p.damage) + 0.06 * sum(cards[u.card.split("#")[0]].cost for u in p.group)
            worth += 0.03 * (len(p.hand) + len(p.timeline)) + 0.05 * (p.gambit - 1)
        else:
            worth -= 0.3  # a lost turn, and the cards that went with the defeat
        side[p.team] = side.get(p.team, 0.0) + worth
    top = max(side.values())
    exps = {team: math.exp(SHARPNESS * (w - top)) for team, w in side.items()}
    total = sum(exps.values())
    return [exps[p.team] / total for p in state.players]
