"""Each game's knowledge for the bots, found through the registry (``GameInfo.bots``)."""

from __future__ import annotations

from shards_tui.core.bot_adapter import GameAdapter
from shards_tui.core.registry import game, load_named

_CACHE: dict[str, GameAdapter] = {}


def adapter(game_id: str) -> GameAdapter:
    if game_id not in _CACHE:
        _CACHE[game_id] = load_named(game(game_id).bots)()
    return _CACHE[game_id]
