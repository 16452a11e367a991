"""What the bots know of Infinities (core.bot_adapter.GameAdapter): a greedy score for each
legal move read from a seat's view, sampled worlds for the search bot (every card the seat
cannot see dealt again), and a quick estimate of each seat's chances.

Greedy (heuristics.py) chases the open Roles, spends every die, moves towards new tiles and
high Influence, hits the weakest enemy in reach and blocks when the hand can spare it.
"""

from __future__ import annotations

import math
import random
from typing import Any, Callable

from shards_tui.core.commands import Command
from shards_tui.core.rng import Rng
from shards_tui.games.infinities import adventure_bot, heuristics

OBVIOUS = 900.0  # a move scored this high is made without searching


def greedy_scores(view: Any, legal: list[Command], seat: int, notes: dict) -> list[tuple[float, str]]:
    if view.adventure is not None:
        return adventure_bot.scores(view, legal, seat)
    return [heuristics.score(view, seat, c) for c in legal]


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


def simulator(ctl: Any, state: Any) -> Any:
    sim = type(ctl)(state, ctl.setup)
    sim.validate_transitions = False
    sim.log_events = False
    return sim


def world_sampler(ctl: Any, seat: int) -> Callable[[random.Random], Any]:
    state = ctl.state
    return lambda rng: simulator(ctl, determinize(state, seat, rng))


def sim_step(sim: Any, command: Command) -> None:
    sim.execute(sim.state, command)


def sim_scores(sim: Any, seat: int, legal: list[Command]) -> list[float]:
    return [s for s, _ in greedy_scores(sim.view(seat), legal, seat, {})]


def turn_of(sim: Any) -> int:
    return sim.state.flow.turn


def evaluate(sim: Any) -> list[float]:
    """Each seat's chance to win, estimated from Points, Role progress, Health and units."""
    state = sim.state
    if state.chapter is not None:
        return adventure_bot.evaluate(state)
    n = len(state.players)
    if state.winners is not None:
        return [1.0 if s in state.winners else 0.0 for s in range(n)]
    worth = []
    for p in state.players:
        partial = sum(v for r, v in p.progress.items() if r not in p.scored)
        health = 5 - p.damage if p.status == "active" else 0
        worth.append(3.0 * p.points + 0.4 * partial + 0.2 * health + 0.3 * len(p.group))
    top = max(worth)
    exps = [math.exp(w - top) for w in worth]
    total = sum(exps)
    return [e / total for e in exps]
