"""Your hand: one row per card (name, faction initial, what it does); a line of text instead
when it is empty or hidden."""

from __future__ import annotations

from shards_tui.ui.widgets._tcss import tcss
from shards_tui.ui.tables.shards.card_rows import CardRows
from shards_tui.ui.tables.shards.describe import CardInfo
from shards_tui.ui.widgets.unchanged import set_border_title


class HandView(CardRows):
    """Shows the cards it is told, the selected one marked; scrolls when they do not fit."""

    DEFAULT_CSS = tcss(__file__)

    def show(self, cards: list[CardInfo], title: str = "Hand", note: str = "",  # type: ignore[override]
             selected: str | None = None) -> None:
        set_border_title(self, title,
                         f"{len(cards)} card{'s' if len(cards) != 1 else ''}" if cards else None)
        super().show(cards, selected, note)
