"""Per-game knowledge the bots use, registered by game id, so the bots stay game-agnostic."""

from __future__ import annotations

import importlib
import random
from dataclasses import dataclass
from typing import Any, Callable

from shards_tui.core.commands import Command


@dataclass(frozen=True)
class GameAdapter:
    game_id: str
    # Greedy: (score, reason) for each legal command, from the seat's view and its notes.
    scores: Callable[[dict, list[Command], int, dict], list[tuple[float, str]]]
    # Harness side: (real controller, seat) -> rng -> a sampled world the seat cannot tell apart.
    world_sampler: Callable[[Any, int], Callable[[random.Random], Any]]
    # Inside sampled worlds only:
    sim_step: Callable[[Any, Command], None]  # apply a legal command, fast
    sim_scores: Callable[[Any, int, list[Command]], list[float]]  # greedy scores for playouts
    evaluate: Callable[[Any], list[float]]  # each seat's estimated chance to win
    turn_of: Callable[[Any], int]  # a counter that grows by one each turn
    obvious: float | None = None  # greedy scores at least this high need no search


def _shards() -> GameAdapter:
    from shards_tui.games.shards import determinize as d
    from shards_tui.games.shards import heuristics as h

    return GameAdapter("shards", d.greedy_scores, d.world_sampler, d.sim_step, d.sim_scores,
                       d.evaluate, d.turn_of, obvious=h.EXHAUST - 100)


_ADAPTERS: dict[str, Callable[[], GameAdapter]] = {"shards": _shards}
_CACHE: dict[str, GameAdapter] = {}


def register(game_id: str, loader: Callable[[], GameAdapter]) -> None:
    _ADAPTERS[game_id] = loader
    _CACHE.pop(game_id, None)


def adapter(game_id: str) -> GameAdapter:
    if game_id not in _CACHE:
        if game_id not in _ADAPTERS:
            raise KeyError(f"There are no bots for the game '{game_id}' yet.")
        importlib.import_module("shards_tui.core.registry").game(game_id)
        _CACHE[game_id] = _ADAPTERS[game_id]()
    return _CACHE[game_id]
