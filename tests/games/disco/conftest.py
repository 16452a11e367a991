"""Building Disco Infinity games for the tests."""

from __future__ import annotations

from typing import Any

from shards_tui.core.registry import game


def new_disco(seed: int = 7, factions: tuple[str | None, str | None] = (None, None), **extra: Any):
    """A new game between Ana and Ben, in the setup draft."""
    players = [{"name": n, "faction": f} for n, f in zip(("Ana", "Ben"), factions)]
    return game("disco").controller.build({"kind": "new", "seed": seed, "players": players, **extra})


def disco_scenario(**setup: Any):
    """A Disco Infinity position from scenario setup fields (players default to Ana and Ben)."""
    setup.setdefault("players", [{"name": "Ana"}, {"name": "Ben"}])
    return game("disco").controller.build({"kind": "scenario", **setup})


def play_to_round(ctl, round_number: int = 1):
    """Draft the first offered card until the placement phase of that round begins."""
    while not ctl.over and not (ctl.state.flow.phase == "place" and ctl.state.pending is None
                                and ctl.state.flow.turn >= round_number):
        seat = ctl.who_must_act()
        ctl.apply(ctl.legal_commands(seat)[0])
    return ctl
