"""What the widgets that show cards share: the messages they send up, and a cache of the rows
they have drawn.

A card widget (``CardRows``: your hand, champions; ``CenterRow``: the six boxes) draws its cards
itself, so that a move repaints only the rows that changed. It never keeps the selection: the
table tells it which card is selected and draws it, and the widget says what the mouse does.
"""

from __future__ import annotations

from typing import Callable, Hashable, Sequence

from textual import events
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
    """Mixed into a card widget: its messages, and what the mouse does over its cards (the
    widget says which card is under the mouse: ``_card_at``; ``_cards[index]`` is that card,
    None for an empty place; its ``_update`` draws the hover)."""

    _cards: Sequence[CardInfo | None]
    _hover: int | None

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

    # ---- the mouse ------------------------------------------------------------------------------

    def _card_at(self, event: events.MouseEvent) -> int | None:
        """The index of the card under the mouse, if any."""
        raise NotImplementedError

    def _hover_at(self, index: int | None) -> None:
        if index == self._hover:
            return
        self._hover = index
        self._update()
        self.post_message(self.Hovered(self, self._cards[index] if index is not None else None))

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self._hover_at(self._card_at(event))

    def on_leave(self, event: events.Leave) -> None:
        if event.node is self:
            self._hover_at(None)

    def on_click(self, event: events.Click) -> None:
        index = self._card_at(event)
        card = self._cards[index] if index is not None else None
        if card is not None:
            event.stop()
            self.post_message(self.Clicked(self, card, double=event.chain >= 2))


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
