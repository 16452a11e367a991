"""What a frame renders: each widget for the rows of the changes that overlap it (a patch of
``Compositor.render_partial_update`` and ``Compositor._get_renders``, Textual 8.2.8, made when
any part of this package is imported).

Textual renders a partial frame within the box around all the regions that changed, and every
widget that box overlaps gives all its rows in it, though only the rows of the changed regions
are written: a move that changes the map on the left and the log on the right made every
widget of the screen (some twenty, with the containers and scrollbars) give every row, each
found in its cache, filtered and cut. Here a widget gives only the rows from the first to the
last of those that a changed region overlapping it covers, and a widget that no changed region
overlaps gives none. What is written is the same: every cell of a changed region lies in a
widget that overlaps it (the screen at least), and that widget gives the cell's row; cells
outside the changed regions are not written (``frame_writes``). A full frame is as Textual's.
"""

from __future__ import annotations

from typing import Iterable

from textual._compositor import ChopsUpdate, Compositor
from textual.geometry import Region
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget

__all__ = ["Compositor", "changed_row_renders", "frame_now", "whole_now", "render_changed_rows"]

_textual_renders = Compositor._get_renders
# id(compositor) -> the regions its partial frame is rendering (set while it renders them; a
# compositor renders on its app's thread, and one at a time)
_CHANGED: dict[int, tuple[Region, ...]] = {}


def render_changed_rows(compositor: Compositor) -> ChopsUpdate | None:
    """``Compositor.render_partial_update``, the renders limited to the changed rows."""
    update_regions = compositor._dirty_regions.copy()
    compositor._dirty_regions.clear()
    if not update_regions:
        return None
    crop = Region.from_union(update_regions).intersection(compositor.size.region)
    spans = list(compositor._regions_to_spans(update_regions))
    is_rendered_line = {y for y, _, _ in spans}.__contains__
    _CHANGED[id(compositor)] = tuple(update_regions)
    try:
        chops = compositor._render_chops(crop, is_rendered_line)
    finally:
        del _CHANGED[id(compositor)]
    return ChopsUpdate(chops, spans, [cut_set[1:] for cut_set in compositor.cuts])


def changed_row_renders(compositor: Compositor, crop: Region | None = None
                        ) -> Iterable[tuple[Region, Region, list[Strip]]]:
    """``Compositor._get_renders``: within a partial frame, each widget overlapped by a
    changed region renders the rows from the first to the last that such regions cover
    (yielded with that band as its clip); others render nothing."""
    changed = _CHANGED.get(id(compositor))
    if changed is None or crop is None:
        yield from _textual_renders(compositor, crop)
        return
    boxes = [(x, y, x + width, y + height) for x, y, width, height in changed]
    for widget, (region, clip) in compositor.visible_widgets.items():
        x, y, width, height = region.intersection(clip)
        if not width or not height:
            continue
        right, bottom = x + width, y + height
        top, end = bottom, y
        for x1, y1, x2, y2 in boxes:
            if x1 < right and x < x2 and y1 < bottom and y < y2:
                top, end = min(top, max(y, y1)), max(end, min(bottom, y2))
        if top >= end:
            continue
        band = Region(x, top, width, end - top)
        yield region, band, widget.render_lines(
            Region(x - region.x, top - region.y, width, end - top))


def frame_now(screen: Screen) -> ChopsUpdate | None:
    """The partial frame a paint of ``screen`` would write now, its widgets' repaints taken
    in as a paint takes them (for a check against ``whole_now``)."""
    compositor = screen._compositor
    compositor.update_widgets(set(screen.walk_children(Widget)))
    update = compositor.render_update()
    return update if isinstance(update, ChopsUpdate) else None


def whole_now(screen: Screen) -> list[Strip]:
    """Every row of ``screen`` rendered afresh: where a frame writes, it must show this."""
    return screen._compositor.render_strips()


Compositor.render_partial_update = render_changed_rows  # type: ignore[method-assign]
Compositor._get_renders = changed_row_renders  # type: ignore[method-assign]
