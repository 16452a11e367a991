"""A scrollbar that repaints only when what it draws changes.

Textual repaints a scrollbar, every row of it, whenever its position or the size of what it
scrolls changes. A log that gains a line after each move changes both, yet once the log is
longer than a few screens the thumb stays on the same cells: the repaint draws the same rows
again (a tenth of a millisecond a row, a quarter of the rows a move repaints). This one works
out the bar's cells as Textual would draw them, compares them with the cells it drew last, and
repaints only the rows that differ. Mirrors ``ScrollBar`` and ``Widget.vertical_scrollbar`` of Textual 8.2.8.
"""

from __future__ import annotations

from math import ceil

from textual.geometry import Region
from textual.scrollbar import ScrollBar
from textual.widget import Widget


class SteadyScrollBar(ScrollBar):
    _drawn: object = None  # what the bar looked like when last drawn (None: not drawn yet)

    def _looks(self) -> object:
        """What the bar would draw now: its cells (in its default colours), whether the mouse
        is over it or holds it, and its widget's styles (where its colours come from)."""
        size, thickness = self.size.height, self.size.width  # (as its renderer is given)
        if not self.vertical:
            size, thickness = thickness, size
        window = self.window_size if self.window_size < self.window_virtual_size else 0
        bar = self.renderer.render_bar(size=size, virtual_size=ceil(self.window_virtual_size),
                                       window_size=ceil(window), position=self.position,
                                       thickness=thickness, vertical=self.vertical)
        parent = self._parent
        styles = parent.styles._cache_key if isinstance(parent, Widget) else None
        return (size, self.mouse_over, self.grabbed, styles,
                [(segment.text, segment.style) for segment in bar.segments])

    def render(self):  # type: ignore[no-untyped-def]
        self._drawn = self._looks()
        return super().render()

    def refresh(self, *regions, repaint: bool = True, layout: bool = False,
                recompose: bool = False):  # type: ignore[override]
        """A whole repaint asked for repaints only the rows that would look different from
        what was last drawn (a vertical bar draws one segment a row); anything else as
        asked."""
        drawn = self._drawn
        if not regions and repaint and not layout and not recompose and self.vertical \
                and isinstance(drawn, tuple):
            looks = self._looks()
            if drawn[:4] == looks[:4] and len(drawn[4]) == len(looks[4]):  # type: ignore[arg-type,index]
                changed = [Region(0, y, self.size.width, 1) for y, (old, new)
                           in enumerate(zip(drawn[4], looks[4])) if old != new]  # type: ignore[index]
                return super().refresh(*changed) if changed else self
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)


def steady_vertical_scrollbar(widget: Widget) -> ScrollBar:
    """``widget``'s vertical scrollbar, made a ``SteadyScrollBar`` (as Textual makes its own,
    hidden until the widget's content overflows)."""
    if widget._vertical_scrollbar is None:
        bar = SteadyScrollBar(vertical=True, name="vertical",
                              thickness=widget.scrollbar_size_vertical)
        bar.display = False
        widget._vertical_scrollbar = bar
        widget.app._start_widget(widget, bar)
    return widget._vertical_scrollbar
