"""The games that exist, by id. Games register themselves when imported."""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field

from shards_tui.core.controller import Controller
from shards_tui.core.variants import ExpansionInfo, VariantInfo


@dataclass(frozen=True)
class GameInfo:
    id: str
    title: str
    blurb: str
    min_players: int
    max_players: int
    controller: type[Controller]
    rules_file: str
    variants: tuple[VariantInfo, ...] = ()
    expansions: tuple[ExpansionInfo, ...] = field(default=())

    def default_sets(self, base: str = "base") -> list[str]:
        """The card sets of a new game when the player changes nothing."""
        return [base] + [e.id for e in self.expansions if e.default]


_GAMES: dict[str, GameInfo] = {}
_MODULES = {"shards": "shards_tui.games.shards"}


def register(info: GameInfo) -> None:
    _GAMES[info.id] = info


def games() -> list[GameInfo]:
    for module in _MODULES.values():
        importlib.import_module(module)
    return list(_GAMES.values())


def game(game_id: str) -> GameInfo:
    if game_id not in _MODULES:
        known = ", ".join(sorted(_MODULES))
        raise KeyError(f"There is no game called '{game_id}'; the games are: {known}.")
    importlib.import_module(_MODULES[game_id])
    return _GAMES[game_id]
