"""What the widgets that show cards share: the messages they send up, and a cache of the rows
they have drawn.

A card widget (``CardRows``: your hand, champions; ``CenterRow``: the six boxes) draws its cards
itself, so that a move repaints only the rows that changed. It never keeps the selection: the
table tells it which card is selected and draws it, and the widget says what the mouse does.
"""

from __future__ import annotations

from typing import Callable, Hashable

from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from shards_tui.ui.tables.shards.describe import CardInfo
from shards_tui.ui.textual_compat.widgets import style_key

FACTIONS = ("homodeus", "order", "undergrowth", "wraethe")


def faction_class(prefix: str, info: CardInfo | None) -> str:
    """The component class of a card's faction colour: 'card-rows--order', '...--neutral'."""
    faction = info.faction if info is not None and info.faction in FACTIONS else "neutral"
    return f"{prefix}--{faction}"


class CardRegion:
    """Mixed into a card widget: its messages."""

    class Hovered(Message):
        """The mouse is over a card (``info``) or over none (None)."""

        def __init__(self, region: Widget, info: CardInfo | None) -> None:
            super().__init__()
            self.region = region
            self.info = info

    class Clicked(Message):
        """A card was clicked (``double``: twice, the card's main action)."""

        def __init__(self, region: Widget, info: CardInfo, double: bool) -> None:
            super().__init__()
            self.region = region
            self.info = info
            self.double = double


class DrawnRows:
    """Strips kept by what they show, for one widget: a row drawn once is drawn again only when
    the widget is restyled (new colours) or the cache grows past ``LIMIT``."""

    LIMIT = 512

    def __init__(self) -> None:
        self._strips: dict[Hashable, Strip] = {}
        self._style_key: object = None

    def get(self, widget: Widget, key: Hashable, draw: Callable[[], Strip]) -> Strip:
        styled = style_key(widget.styles)
        if styled != self._style_key or len(self._strips) > self.LIMIT:
            self._strips.clear()
            self._style_key = styled
        strip = self._strips.get(key)
        if strip is None:
            strip = self._strips[key] = draw()
        return strip
