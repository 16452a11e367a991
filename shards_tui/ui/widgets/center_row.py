"""The center row: six card boxes (keys 1-6) and the center deck count."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal

from shards_tui.ui.widgets._tcss import tcss
from shards_tui.ui.widgets.unchanged import set_border_title, unchanged
from shards_tui.ui.widgets.card_tile import CardTile
from shards_tui.ui.widgets.describe import CardInfo

SLOTS = 6


class CenterRow(Horizontal):
    """Shows what it is told: ``show(cards, deck_count)``; selecting posts CardTile messages."""

    DEFAULT_CSS = tcss(__file__)

    def compose(self) -> ComposeResult:
        for n in range(SLOTS):
            yield CardTile(box=True, id=f"center-{n + 1}", classes="center-card")

    def show(self, cards: list[CardInfo | None], deck_count: int,
             empty: str = "(empty)") -> None:
        """``empty`` is what an empty slot says (in the Nemesis turn, why it is empty)."""
        set_border_title(self, f"Center row (keys 1-6) · center deck: {deck_count} cards")
        for n, tile in enumerate(self.query_children(CardTile)):
            info = cards[n] if n < len(cards) else None
            if info is None and tile.empty_text != empty:
                tile.empty_text = empty
                tile.refresh()
            tile.info = info

    def tile(self, slot: int) -> CardTile:
        """The tile of slot 1-6."""
        return self.query_one(f"#center-{slot}", CardTile)
