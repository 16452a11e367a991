"""Helpers for the Disco table screen's tests: an app that shows the table, a pilot settled
between keys, and positions the tests share (the action phase's pace is stepped by hand: see
the ``paced_by_hand`` fixture in conftest.py)."""

from __future__ import annotations

from contextlib import asynccontextmanager
from typing import Any, AsyncIterator

from textual.app import App

from shards_tui.ui.tables.disco.screen import DiscoTable
from tests.ui.tables.disco.disco_ui_support import disco


class TableApp(App[None]):
    def __init__(self, controller: Any, **kwargs: Any) -> None:
        super().__init__()
        self.controller, self.kwargs = controller, kwargs

    def on_mount(self) -> None:
        self.push_screen(DiscoTable(self.controller, **self.kwargs))


async def settle(pilot, times: int = 4) -> None:
    for _ in range(times):
        await pilot.pause()


@asynccontextmanager
async def at_table(ctl: Any, size: tuple[int, int], **options: Any) -> AsyncIterator[Any]:
    """The table for ``ctl`` (``options``: the table's) drawn in an app of ``size``: yields
    (app, pilot, table)."""
    app = TableApp(ctl, **options)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        yield app, pilot, app.screen


def five_in_row(**extra: Any):
    """Ana (first = Ben) places the sixth card; Ben holds a card for the next round."""
    setup: dict[str, Any] = dict(
        first=1, row=[{"card": "force_field", "seat": 1}, {"card": "lab_notes", "seat": 0},
                      {"card": "laser_show", "seat": 1}, {"card": "power_plant", "seat": 0},
                      {"card": "force_field", "seat": 1}],
        players=[{"name": "Ana", "hand": ["rocket", "spotlight"]},
                 {"name": "Ben", "hand": ["star_cannon"]}])
    setup.update(extra)
    return disco(**setup)


def won_in_space_6():
    """Ana's Rocket, placed last, takes Ben's last 3 shields when space 6 fires."""
    return disco(first=1, row=[{"card": "laser_show", "seat": 1}, {"card": "lab_notes", "seat": 0},
                               {"card": "laser_show", "seat": 1}, {"card": "power_plant", "seat": 0},
                               {"card": "laser_show", "seat": 1}],
                 players=[{"name": "Ana", "hand": ["rocket", "spotlight"]},
                          {"name": "Ben", "hand": ["star_cannon"], "shields": 3}])


def bot_fills_the_row(ana_first_card: str = "force_field", ana_hand: tuple[str, ...] = ("spotlight",)):
    """Ana placed first; Ben, a bot, is to place the sixth card: then Ana drafts first."""
    return disco(first=0, active=1,
                 row=[{"card": ana_first_card, "seat": 0}, {"card": "lab_notes", "seat": 1},
                      {"card": "laser_show", "seat": 0}, {"card": "power_plant", "seat": 1},
                      {"card": "force_field", "seat": 0}],
                 players=[{"name": "Ana", "hand": list(ana_hand)},
                          {"name": "Ben", "hand": ["star_cannon"]}])
