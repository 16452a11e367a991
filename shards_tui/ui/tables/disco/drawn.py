"""The base of the Disco widgets that draw their own lines (the rows, the draft, the meters).

Such a widget says what it shows (``shown``) and how to draw it (``draw``); its lines are
drawn all at once, and again only when what it shows, its size, its focus or its colours
change. It also keeps the place under the mouse (``hover``), which it draws highlighted.
"""

from __future__ import annotations

from typing import Hashable

from rich.style import Style
from textual import events
from textual.strip import Strip
from textual.widget import Widget

from shards_tui.ui.textual_compat.widgets import style_key


class DrawnLines(Widget):
    PREFIX = ""  # of its component classes: 'action-row' for 'action-row--mine'

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._drawn_for: object = None
        self._lines: list[Strip] = []
        self._hover: Hashable = None

    def shown(self) -> Hashable:
        """What the widget shows now, besides its size, focus and colours."""
        raise NotImplementedError

    def draw(self, width: int, height: int) -> list[Strip]:
        raise NotImplementedError

    def render_line(self, y: int) -> Strip:
        width, height = self.content_size
        key = (self.shown(), self._hover, self.has_focus, width, height, style_key(self.styles))
        if key != self._drawn_for:
            self._drawn_for = key
            self._lines = self.draw(width, height) if width > 0 and height > 0 else []
        return self._lines[y] if 0 <= y < len(self._lines) else Strip.blank(width)

    def style_of(self, *names: str) -> Style:
        """The widget's style with these component classes ('mine' for '<PREFIX>--mine')."""
        return self.get_visual_style(*(f"{self.PREFIX}--{n}" for n in names)).rich_style

    @property
    def hover(self) -> Hashable:
        return self._hover

    @hover.setter
    def hover(self, place: Hashable) -> None:
        if place != self._hover:
            self._hover = place
            self.refresh()

    def on_leave(self, event: events.Leave) -> None:
        self.hover = None
