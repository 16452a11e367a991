"""The messages every game's table widgets post: each names the widget that sent it, and most
a card."""

from __future__ import annotations

from textual.message import Message
from textual.widget import Widget


class SentBy(Message):
    """A message from ``widget`` (also its ``control``, so ``@on(..., "#id")`` selectors work).
    The widgets' messages derive from this, never from one another: an ``@on`` handler for a
    message class also receives its subclasses."""

    def __init__(self, widget: Widget) -> None:
        super().__init__()
        self.widget = widget

    @property
    def control(self) -> Widget:
        return self.widget


class CardMessage(SentBy):
    """A message about one card (``card``: its instance id), or about none (None)."""

    def __init__(self, widget: Widget, card: str | None) -> None:
        super().__init__(widget)
        self.card = card
