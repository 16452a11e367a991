"""Finished games for the replay, history and statistics tests: greedy bots play each
registered game to its end (a fraction of a second each), once per test session."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from shards_tui.bots.base import act, make_bot
from shards_tui.core import saves
from shards_tui.core.registry import game


@lru_cache(maxsize=None)
def finished_save(game_id: str, seed: int = 3, names: tuple[str, ...] = ("Ana", "Ben")) -> str:
    """The save (JSON text) of a whole game of ``game_id`` between greedy bots."""
    ctl = played(game_id, seed, names)
    assert ctl.over
    return saves.to_json(ctl)


def played(game_id: str, seed: int = 3, names: tuple[str, ...] = ("Ana", "Ben"),
           moves: int | None = None, **setup: Any) -> Any:
    """A game of ``game_id`` played by greedy bots to its end (or for ``moves`` moves)."""
    ctl = game(game_id).controller.build({"kind": "new", "seed": seed, **setup,
                                          "players": [{"name": n} for n in names]})
    bots = [make_bot("greedy", game_id, seed=seed * 16 + s) for s in range(len(names))]
    made = 0
    while not ctl.over and (moves is None or made < moves):
        seat = ctl.who_must_act()
        ctl.apply(act(bots[seat], ctl, seat).command)
        made += 1
    return ctl
