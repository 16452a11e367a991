"""What each game gives the shared tests about itself, so that a new game adds no line to them.

Every registered game has a module ``tests/games/<id>/conformance.py`` holding:

- ``CASES``: the ``GameCase`` list the conformance fuzz plays (tests/fuzz/test_conformance.py):
  a setup factory per way to play, the player counts, and optionally a census of what no move
  may create or destroy, a livelier policy than uniform random choice, and longer games;
- ``WORDS``: the words that belong to the game alone (its moves, zones and pieces), which no
  module of the shell may use (tests/test_layers.py).
"""

from __future__ import annotations

import importlib
import random
from collections import Counter
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Callable

from shards_tui.core.controller import Controller
from shards_tui.core.registry import game


@dataclass(frozen=True)
class GameCase:
    name: str
    game_id: str
    setup: Callable[[int, int], dict[str, Any]]  # (players, seed) -> setup
    player_counts: tuple[int, ...]
    census: Callable[[Any], Counter] | None = None  # what no move may create or destroy
    policy: Callable[[random.Random, list], Any] | None = None  # how to pick a legal command
    max_moves: dict[int, int] | None = None  # per player count, instead of the test's default
    seeds: dict[int, tuple[int, ...]] = field(default_factory=dict)  # per player count; (1,) if none

    def build(self, players: int, seed: int) -> Controller:
        return game(self.game_id).controller.build(self.setup(players, seed))

    def seeds_for(self, players: int) -> tuple[int, ...]:
        return self.seeds.get(players, (1,))


def contract(game_id: str) -> ModuleType:
    """The game's ``tests/games/<id>/conformance.py`` module."""
    return importlib.import_module(f"tests.games.{game_id}.conformance")


def cases(game_id: str) -> list[GameCase]:
    return list(contract(game_id).CASES)


def words(game_id: str) -> set[str]:
    return set(contract(game_id).WORDS)
