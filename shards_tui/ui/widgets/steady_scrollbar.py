"""A scrollbar that repaints only the rows whose cells change.

Textual repaints a scrollbar, every row of it, whenever its position or the size of what it
scrolls changes, and whenever its widget's styles are applied again (at each focus change of
the widget, though no colour of the bar changed). A log that gains a line after each move
changes both, yet the thumb moves by a cell or two, or not at all: the repaint draws the same
rows again (a tenth of a millisecond a row, a quarter of the rows a move repaints). This one
works out which cells the bar's renderer would draw, compares them with those it drew last,
and repaints only the rows that differ. Mirrors ``ScrollBar`` and
``ScrollBarRender.render_bar`` of Textual 8.2.8 (tests/ui/test_steady_scrollbar.py draws it
beside Textual's own); the widget is given it by ``textual_compat.widgets.own_vertical_
scrollbar``. A horizontal bar (``steady_horizontal_scrollbar``) is repainted whole, but only
when something it shows changed.

Drawing a row costs little once its look is known: Textual draws the whole bar again through
Rich whenever any row changes (half a millisecond for a log's ten rows, at every move once the
log overflows). Each row shows one of a few cells (above the thumb, the thumb, below it, an
eighth at either end), so the rows Textual drew are kept by the cell they show, and a row whose
cell was drawn before in the same look (size, colours, hover) is that row again.
"""

from __future__ import annotations

from math import ceil

from textual.geometry import Region
from textual.scrollbar import ScrollBar
from textual.strip import Strip
from textual.visual import Visual, visualize
from textual.widget import Widget

from shards_tui.ui.textual_compat.widgets import (own_horizontal_scrollbar, own_vertical_scrollbar,
                                                  style_key)


class SteadyScrollBar(ScrollBar):
    _drawn: object = None  # what the bar looked like when last drawn (None: not drawn yet)
    KEPT_LOOKS = 8  # looks whose rows are kept (then all are forgotten at once)

    def __init__(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
        super().__init__(*args, **kwargs)
        # look (all but where the thumb is) -> {cell: the row Textual drew for it}
        self._cell_rows: dict[object, dict[object, Strip]] = {}
        self._shown: tuple[object, list[object]] | None = None  # (look, cells) being drawn

    def _looks(self) -> object:
        """What the bar would draw now: its size, whether the mouse is over it or holds it,
        its colours and what each row shows."""
        size, thickness = self.size.height, self.size.width  # (as its renderer is given)
        if not self.vertical:
            size, thickness = thickness, size
        window = self.window_size if self.window_size < self.window_virtual_size else 0
        return ((size, thickness), self.mouse_over, self.grabbed, self._colours(),
                _rows(size, ceil(self.window_virtual_size), ceil(window), self.position,
                      len(self.renderer.VERTICAL_BARS if self.vertical
                          else self.renderer.HORIZONTAL_BARS)))

    def _colours(self) -> object:
        """The colours the bar is drawn in, picked as ``ScrollBar.render`` picks them (from its
        widget's styles: a restyle that leaves them, as a focus change does, changes no look)."""
        parent = self.parent
        if not isinstance(parent, Widget):
            return None
        styles = parent.styles
        if self.grabbed:
            background, color = styles.scrollbar_background_active, styles.scrollbar_color_active
        elif self.mouse_over:
            background, color = styles.scrollbar_background_hover, styles.scrollbar_color_hover
        else:
            background, color = styles.scrollbar_background, styles.scrollbar_color
        if background.a < 1:
            background = parent.background_colors[0] + background
        return background, color

    def render(self):  # type: ignore[no-untyped-def]
        self._drawn = self._looks()
        return super().render()

    def render_lines(self, crop: Region) -> list[Strip]:
        """The look is worked out once a paint, for the rows the paint draws."""
        if self.vertical and self.screen.styles.scrollbar_color.a:  # (else Textual's plain bar)
            looks = self._looks()
            self._drawn = looks
            self._shown = (looks, _cells(looks[4]))  # type: ignore[index]
        try:
            return super().render_lines(crop)
        finally:
            self._shown = None

    def render_line(self, y: int) -> Strip:
        shown = self._shown
        if shown is None:
            return super().render_line(y)
        looks, cells = shown
        if not 0 <= y < len(cells):
            return super().render_line(y)
        look = (*looks[:4], style_key(self.styles), self.app.theme)  # type: ignore[index]
        rows = self._cell_rows.get(look)
        if rows is None or cells[y] not in rows:
            if rows is None:
                if len(self._cell_rows) >= self.KEPT_LOOKS:
                    self._cell_rows.clear()
                rows = self._cell_rows[look] = {}
            width, height = self.size
            drawn = Visual.to_strips(self, visualize(self, self.render()), width, height,
                                     self.visual_style)  # (as Textual draws a widget)
            for cell, row in zip(cells, drawn):
                rows.setdefault(cell, row)
            if cells[y] not in rows:
                return super().render_line(y)
        return rows[cells[y]]

    def refresh(self, *regions, repaint: bool = True, layout: bool = False,
                recompose: bool = False):  # type: ignore[override]
        """A whole repaint asked for repaints only the rows that would look different from
        what was last drawn (a vertical bar draws one segment a row; a horizontal one is
        repainted whole if anything differs); anything else as asked."""
        drawn = self._drawn
        if not regions and repaint and not layout and not recompose and isinstance(drawn, tuple):
            looks = self._looks()
            if not self.vertical:
                return self if looks == drawn else super().refresh()
            if drawn[:4] == looks[:4]:  # type: ignore[index]
                cells = zip(_cells(drawn[4]), _cells(looks[4]))  # type: ignore[index]
                changed = [Region(0, y, self.size.width, 1)
                           for y, (old, new) in enumerate(cells) if old != new]
                return super().refresh(*changed) if changed else self
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)


def steady_vertical_scrollbar(widget: Widget) -> ScrollBar:
    """``widget``'s vertical scrollbar, made a ``SteadyScrollBar`` (hidden, as Textual makes
    its own, until the widget's content overflows)."""
    return own_vertical_scrollbar(widget, lambda: SteadyScrollBar(
        vertical=True, name="vertical", thickness=widget.scrollbar_size_vertical))


def steady_horizontal_scrollbar(widget: Widget) -> ScrollBar:
    """``widget``'s horizontal scrollbar, made a ``SteadyScrollBar`` (hidden until needed)."""
    return own_horizontal_scrollbar(widget, lambda: SteadyScrollBar(
        vertical=False, name="horizontal", thickness=widget.scrollbar_size_horizontal))


def _rows(size: int, virtual_size: int, window_size: int, position: float,
          steps: int) -> tuple[object, ...]:
    """What each row (cell) of a bar shows, as ``ScrollBarRender.render_bar`` places it: above
    the thumb, the thumb's first cell (its eighth), the thumb, its last cell, below it; or no
    thumb. Worked out without making the styled segments (a tenth of a millisecond)."""
    if not (window_size and size and virtual_size and size != virtual_size):
        return ("none", size)
    thumb = max(1, window_size / (virtual_size / size))
    at = (size - thumb) * (position / (virtual_size - window_size))
    start = int(at * steps)
    end = start + ceil(thumb * steps)
    start_index, start_step = divmod(max(0, start), steps)
    end_index, end_step = divmod(max(0, end), steps)
    return (size, start_index, start_step, end_index, end_step)


def _cells(rows: tuple) -> list[object]:  # type: ignore[type-arg]
    """What each cell of the bar shows, from ``_rows``: above, thumb or below, or the eighth
    drawn at the thumb's first or last cell."""
    if rows[0] == "none":
        return ["none"] * rows[1]
    size, start_index, start_step, end_index, end_step = rows
    cells: list[object] = ["above" if y < start_index else "thumb" if y < end_index else "below"
                           for y in range(size)]
    if start_index < size and start_step:
        cells[start_index] = ("first", start_step)
    if end_index < size and end_step:
        cells[end_index] = ("last", end_step)
    return cells
