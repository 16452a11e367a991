"""Your play zone: the cards played this turn (one line) and your champions (selectable)."""

from __future__ import annotations

from typing import Awaitable

from textual.containers import Grid, Vertical
from textual.content import Content
from textual.widgets import Static

from shards_tui.ui.widgets._tcss import tcss
from shards_tui.ui.widgets.unchanged import set_border_title, steady_update, unchanged
from shards_tui.ui.widgets.card_tile import CardTile, shown_tiles, sync_tiles
from shards_tui.ui.widgets.describe import CardInfo


class PlayZone(Vertical):
    DEFAULT_CSS = tcss(__file__)

    def compose(self):
        yield Static("", classes="played")
        yield Grid(classes="champions")

    def show(self, played: str, champions: list[CardInfo], title: str = "In play",
             phase: str = "") -> list[Awaitable[object]]:
        set_border_title(self, title)
        if not unchanged(self, "played", played, phase):
            lead = f"{phase} · " if phase else ""
            steady_update(self.query_one(".played", Static),
                          Content(lead + (f"Played: {played}" if played else "Played: nothing yet")))
        grid = self.query_one(".champions", Grid)
        grid.display = bool(champions)
        return sync_tiles(grid, champions, classes="champion-card")

    def tiles(self) -> list[CardTile]:
        return shown_tiles(self)
