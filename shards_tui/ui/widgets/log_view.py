"""The game log from the view, newest last, word-wrapped to the panel and kept scrolled down.

It draws its own lines (a ScrollView): each entry is wrapped once per width and kept, only the
rows in sight are drawn, and it scrolls to the newest line in the same frame as the new text
arrives, so a move repaints the log once instead of re-wrapping the whole game's log and
scrolling one frame later.
"""

from __future__ import annotations

from rich.text import Text
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.visual import Visual, visualize

from shards_tui.ui.widgets._tcss import tcss
from shards_tui.ui.widgets.unchanged import set_border_title


def _bold(line: str) -> bool:
    return line.startswith(("Turn ", "A new game"))


class LogView(ScrollView, can_focus=False):
    DEFAULT_CSS = tcss(__file__)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._shown: list[tuple[int, str]] = []
        self._rows: list[Strip] = []
        self._wrapped: dict[tuple[str, int], list[Strip]] = {}  # (entry, width) -> its rows
        self._style_key: object = None
        self._signature: tuple[object, ...] = ()

    def show(self, entries: list[tuple[int, str]]) -> None:
        """``entries`` are (sequence number, text) pairs, oldest first."""
        set_border_title(self, "Log")
        entries = [(seq, text) for seq, text in entries if text]
        if entries == self._shown:
            return
        self._shown = entries
        self._layout_rows()

    def _size_updated(self, size: Size, virtual_size: Size, container_size: Size,
                      layout: bool = True) -> bool:
        """The panel grew or shrank (the card panel above changed, a decision came or went, the
        terminal changed): scroll to the newest line before this frame is drawn, not after."""
        changed = super()._size_updated(size, virtual_size, container_size, layout)
        if changed:
            self._layout_rows()
        return changed

    def _wrap(self, line: str, width: int) -> list[Strip]:
        key = (line, width)
        rows = self._wrapped.get(key)
        if rows is None:
            visual = visualize(self, Text(line, style="bold" if _bold(line) else ""), markup=False)
            rows = Visual.to_strips(self, visual, width, None, self.visual_style)
            self._wrapped[key] = rows
        return rows

    def _rows_at(self, width: int) -> list[Strip]:
        return [row for _, line in self._shown for row in self._wrap(line, width)]

    def _layout_rows(self) -> None:
        """Wrap the entries to the text width (less the scrollbar when they overflow), size the
        scrollable area to them and show the newest line (not ``anchor()``: it pushes a log
        shorter than the panel down to the bottom)."""
        width, height = self.content_size
        if width <= 0 or height <= 0:
            return
        if self._style_key != self.styles._cache_key or len(self._wrapped) > 4 * len(self._shown) + 64:
            self._style_key = self.styles._cache_key  # new colours (or many old widths): wrap afresh
            self._wrapped.clear()
        rows = self._rows_at(width)
        if len(rows) > height and self.styles.scrollbar_size_vertical:
            width -= self.styles.scrollbar_size_vertical
            rows = self._rows_at(width)
        signature = (self._shown, width, self._style_key)
        if signature != self._signature:  # other entries, width or colours: new rows to draw
            self._signature = signature
            self._rows = rows
            self.refresh()
        if self.virtual_size != (size := Size(width, len(rows))):
            self.virtual_size = size
            self._scroll_update(size)  # the scrollbar, now (this may run during a layout)
        self.scroll_to(y=max(0, len(rows) - height), animate=False, immediate=True, force=True)

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        style = self.visual_style.rich_style
        index = round(self.scroll_offset.y) + y
        row = self._rows[index] if 0 <= index < len(self._rows) else Strip.blank(width, style)
        return row.crop_extend(0, width, style)

    @property
    def lines_text(self) -> list[str]:
        return [text for _, text in self._shown]
