"""Your hand: one row per card (name, faction initial, what it does). Up/down select."""

from __future__ import annotations

from typing import Awaitable

from textual.containers import VerticalScroll
from textual.widgets import Static

from shards_tui.ui.widgets._tcss import tcss
from shards_tui.ui.widgets.unchanged import set_border_title, steady_update, unchanged
from shards_tui.ui.widgets.card_tile import CardTile, shown_tiles, sync_tiles
from shards_tui.ui.widgets.describe import CardInfo


class HandView(VerticalScroll, can_focus=False):
    """Shows the cards it is told; an empty or hidden hand shows a line of text instead."""

    DEFAULT_CSS = tcss(__file__)

    def compose(self):
        yield Static("", classes="hand-note")

    def show(self, cards: list[CardInfo], title: str, note: str = "") -> list[Awaitable[object]]:
        set_border_title(self, title,
                         f"{len(cards)} card{'s' if len(cards) != 1 else ''}" if cards else None)
        if not unchanged(self, "note", note):
            label = self.query_one(".hand-note", Static)
            steady_update(label, note)
            label.display = bool(note)
        # Spare rows stay (blank) while the cards fit the panel: a card played lays out nothing.
        return sync_tiles(self, cards, classes="hand-card",
                          rows_kept=self.scrollable_content_region.height)

    def tiles(self) -> list[CardTile]:
        return shown_tiles(self)
