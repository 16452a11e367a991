"""Building Infinities games for the tests."""

from __future__ import annotations

import random
from typing import Any

from shards_tui.core.registry import game

NAMES = ["Ana", "Ben", "Cy", "Di", "Eve", "Flo"]
# A small map: Ana north of the Rift on the Gale Spire (turned so its walls face ne and sw),
# Ben north of her on the Sunken Steppe.
MAP = [{"hex": "0,-1", "tile": "gale_spire", "rot": 1}, {"hex": "0,-2", "tile": "sunken_steppe"}]
QUIET_ROLES = ["pathfinder", "warlord", "headhunter", "strategist", "oracle", "iconoclast"]


def position(players: list[dict[str, Any]] | None = None, **setup: Any):
    """A scenario position: by default Ana (Orun, gambit 4) at 0,-1 and Ben (Warden-Unit IX,
    gambit 4) at 0,-2, next to each other; Ana to act with the given dice."""
    if players is None:
        players = [{}, {}]
    defaults = [{"name": "Ana", "leader": "orun_stonewarden", "gambit": 4, "at": "0,-1"},
                {"name": "Ben", "leader": "warden_unit_ix", "gambit": 4, "at": "0,-2"}]
    seats = [{**(defaults[i] if i < 2 else {"name": NAMES[i]}), **p} for i, p in enumerate(players)]
    full = {"kind": "scenario", "seed": 3, "tiles": MAP, "roles": QUIET_ROLES, "players": seats,
            **setup}
    return game("infinities").controller.build(full)


def new_game(players: int = 2, seed: int = 1, **extra: Any):
    return game("infinities").controller.build(
        {"kind": "new", "seed": seed, "players": [{"name": n} for n in NAMES[:players]], **extra})


def play_randomly(ctl, moves: int, seed: int = 1):
    rng = random.Random(seed)
    for _ in range(moves):
        if ctl.over:
            break
        ctl.apply(rng.choice(ctl.legal_commands(ctl.who_must_act())))
    return ctl


def to_first_turn(ctl, seed: int = 1):
    """Play setup (first tiles, leaders, deploys) with the first legal move each time, until
    the first action check."""
    while ctl.state.round == 0 or ctl.state.flow.phase != "check":
        seat = ctl.who_must_act()
        legal = ctl.legal_commands(seat)
        done = [c for c in legal if c.text() == "done"]
        ctl.apply(done[0] if done else legal[0])
    return ctl
