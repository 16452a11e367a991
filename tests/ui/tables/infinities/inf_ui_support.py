"""Helpers for the Infinities table's tests: positions, the app that shows the table, and
waiting for it to settle."""

from __future__ import annotations

from typing import Any

from shards_tui.core.registry import game
from shards_tui.ui.app import ShardsApp
from shards_tui.ui.tables.infinities.screen import InfinitiesTable
from tests.ui.part_app import screen_text  # noqa: F401  (the tests import it from here)

# Ana on the Gale Spire north of the Rift (turned so its walls face ne and sw), Ben on the
# Sunken Steppe north of her, the Lumen Market south of the Rift.
MAP = [{"hex": "0,-1", "tile": "gale_spire", "rot": 1}, {"hex": "0,-2", "tile": "sunken_steppe"},
       {"hex": "0,1", "tile": "lumen_market"}]
ROLES = ["pathfinder", "warlord", "headhunter", "strategist", "oracle", "iconoclast"]


def position(ana: dict[str, Any] | None = None, ben: dict[str, Any] | None = None,
             more: list[dict[str, Any]] | None = None, **setup: Any):
    """Ana (Orun, seat 0, human) to act; Ben (Kaida Vex, seat 1) a greedy bot unless told."""
    seats = [{"name": "Ana", "leader": "orun_stonewarden", "at": "0,-1", **(ana or {})},
             {"name": "Ben", "leader": "kaida_vex", "at": "0,-2", "bot": "greedy", **(ben or {})},
             *(more or [])]
    return game("infinities").controller.build({"kind": "scenario", "seed": 3, "tiles": MAP,
                                                "roles": ROLES, "players": seats, **setup})


def new_game(players: int = 2, seed: int = 3, **extra: Any):
    """Ana human, the others greedy bots."""
    names = ["Ana", "Ben", "Cy", "Di", "Eve", "Flo"][:players]
    seats = [{"name": n, **({"bot": "greedy"} if k else {})} for k, n in enumerate(names)]
    return game("infinities").controller.build({"kind": "new", "seed": seed, "players": seats,
                                                **extra})


def app_for(ctl, pace: float = 30) -> ShardsApp:
    """The app showing this game at its table; bots wait ``pace`` seconds before moving."""
    return ShardsApp(ctl, cursor_blink=False, bot_pace=pace)


def table(app: ShardsApp) -> InfinitiesTable:
    screen = app.screen
    assert isinstance(screen, InfinitiesTable), type(screen).__name__
    return screen


async def settle(pilot, times: int = 3) -> None:
    for _ in range(times):
        await pilot.pause()


def said(app: ShardsApp) -> str:
    from shards_tui.ui.widgets.key_hints import StatusLine

    return table(app).query_one(StatusLine).message
