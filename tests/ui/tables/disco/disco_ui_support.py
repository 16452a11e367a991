"""Helpers for the Disco table widgets' tests: positions."""

from __future__ import annotations

from typing import Any

from shards_tui.core.registry import game


def disco(**setup: Any):
    """A Disco Infinity position from scenario fields (Ana and Ben unless named)."""
    setup.setdefault("players", [{"name": "Ana"}, {"name": "Ben"}])
    return game("disco").controller.build({"kind": "scenario", **setup})


def mid_round(**extra: Any):
    """Round 4, Ana to place: two cards in the row, satellites in both orbit rows."""
    setup: dict[str, Any] = dict(
        round=4, first=1, active=0, trash=["rocket", "space_mine"],
        players=[{"name": "Ana", "faction": "funkovich", "shields": 17,
                  "hand": ["lab_notes", "sparkle", "beaker_blaster"],
                  "research": [0, 2, 0, 0, 1, 0],
                  "orbit": [{"space": 2, "card": "research_satellite", "tokens": 3},
                            {"space": 2, "card": "bastion"}]},
                 {"name": "Ben", "faction": "blackstar", "hand": ["star_cannon"],
                  "deck_top": ["rocket"],
                  "orbit": [{"space": 5, "card": "dry_dock", "tokens": 4}]}],
        row=[{"card": "laser_show", "seat": 1, "tokens": 1}, {"card": "force_field", "seat": 0}])
    setup.update(extra)
    return disco(**setup)
