"""Skip redrawing and laying out what did not change.

Textual redraws a widget whole whenever it is updated, and a Static's update re-lays out the
screen, even when the new content equals the old. The table re-renders every region after each
move, so each widget first asks ``unchanged`` whether what it is told is what it shows, and
updates its text with ``steady_update``, which lays the screen out again only when the new
text needs another height. A new border label repaints its border row only
(``set_border_title``), and a widget that draws its own rows sets its scrollable size without
a layout (``set_virtual_size``).
"""

from __future__ import annotations

from typing import Any

from textual.content import Content
from textual.geometry import Region, Size
from textual.visual import VisualType
from textual.widget import Widget
from textual.widgets import Static

from shards_tui.ui.textual_compat.widgets import scroll_update, set_border_labels

_SHOWN = "_shards_shown"


def unchanged(widget: Widget, part: str, *value: Any) -> bool:
    """True when ``widget`` already shows ``value`` for ``part``; else remember it, False."""
    shown: dict[str, tuple[Any, ...]] = widget.__dict__.setdefault(_SHOWN, {})
    if part in shown and shown[part] == value:
        return True
    shown[part] = value
    return False


def set_display(widget: Widget, display: bool) -> None:
    """Show or hide ``widget``, touching nothing (and laying nothing out) when it already is so."""
    if widget.display != display:
        widget.display = display


def set_border_title(widget: Widget, title: str | None, subtitle: str | None = None) -> None:
    """Set the border title and subtitle, leaving them (and the frame) alone when equal. A new
    label repaints its border row only (Textual's own setter repaints the whole widget)."""
    rows = []
    if not unchanged(widget, "border-title", title):
        set_border_labels(widget, title=_border_label(widget, title))
        rows.append(0)
    if not unchanged(widget, "border-subtitle", subtitle):
        set_border_labels(widget, subtitle=_border_label(widget, subtitle))
        rows.append(widget.outer_size.height - 1)
    if rows:
        refresh_rows(widget, *rows)


def _border_label(widget: Widget, label: str | None) -> Content | None:
    """A label as Textual's border title setter stores it (markup, tabs expanded, one line).
    Mirrors ``_BorderTitle.__set__`` of Textual 8.2.8."""
    return None if label is None else widget.render_str(label).expand_tabs(4).split()[0]


def refresh_rows(widget: Widget, *rows: int) -> None:
    """Repaint these rows of the widget (counted from the top of its border); the whole
    widget while it has no size yet."""
    width, height = widget.outer_size
    if width <= 0 or height <= 0:
        widget.refresh()
        return
    left, top = widget.content_offset
    widget.refresh(*(Region(-left, row - top, width, 1) for row in rows if 0 <= row < height))


def steady_update(static: Static, content: VisualType) -> None:
    """``static.update(content)``, asking for a layout only when the widget's size may change:
    a repaint is enough when its width is set by its parent and its height stays the same,
    because the new content is as many lines high as the one shown or because a min-height or
    max-height holds it (most moves change numbers and names, not heights)."""
    shown = static.content_size
    static.update(content, layout=False)
    styles = static.styles
    width, height = styles.width, styles.height
    if shown.width <= 0 or (width is not None and width.is_auto) or (
            (height is None or height.is_auto)
            and held_height(styles, static.visual.get_height(styles, shown.width)) != shown.height):
        static.refresh(layout=True)


def held_height(styles: Any, lines: int) -> int | None:
    """The content height a widget of auto height gets for ``lines`` of text, within its
    min-height and max-height (None when they are not in cells: only a layout knows)."""
    gutter = styles.gutter.height
    outer = lines + gutter
    for limit, pick in ((styles.min_height, max), (styles.max_height, min)):
        if limit is None:
            continue
        if not limit.is_cells:
            return None
        outer = pick(outer, int(limit.value))
    return outer - gutter


def set_virtual_size(widget: Widget, size: Size) -> None:
    """Set a scrolling widget's virtual size without a layout (Textual's setter asks for one,
    though a widget that draws its own rows keeps its own size): the scrollbars are updated,
    and a scrollbar that comes or goes still lays the screen out (its reactive does)."""
    before = widget.virtual_size
    if before == size:
        return
    widget.set_reactive(Widget.virtual_size, size)
    # Text that fitted and still fits shows no scrollbar either way, and is not scrolled:
    # nothing for the scrollbars to update (a card panel's text, a status line: most moves).
    room = widget.container_size
    if not (widget.show_vertical_scrollbar or widget.show_horizontal_scrollbar) and room and \
            max(before.width, size.width) <= room.width and \
            max(before.height, size.height) <= room.height and not widget.scroll_offset:
        return
    scroll_update(widget, size)


def look_key(widget: Widget) -> tuple:
    """A key that changes whenever the way a widget draws text may (its colours and text
    style, its text's alignment, wrapping and overflow, the theme), and not when a style that
    cannot change its rows does (its display, its border's colour with the focus): Textual's
    own key (``style_key``) changes with any style, so a part shown again would repaint every
    row at its next change."""
    styles = widget.styles
    return (widget.visual_style, styles.text_align, styles.text_overflow, styles.text_wrap,
            styles.line_pad, styles.content_align, widget.app.theme if widget.is_attached else None)
