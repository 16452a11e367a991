"""Skip redrawing what did not change.

Textual redraws a widget whole whenever it is updated, and a Static's update re-lays out the
screen, even when the new content equals the old. The table re-renders every region after each
move, so each widget first asks ``unchanged`` whether what it is told is what it shows, and
updates its text with ``steady_update``, which lays the screen out again only when the new
text needs another height.
"""

from __future__ import annotations

from typing import Any

from textual.visual import VisualType
from textual.widget import Widget
from textual.widgets import Static

_SHOWN = "_shards_shown"


def unchanged(widget: Widget, part: str, *value: Any) -> bool:
    """True when ``widget`` already shows ``value`` for ``part``; else remember it, False."""
    shown: dict[str, tuple[Any, ...]] = widget.__dict__.setdefault(_SHOWN, {})
    if part in shown and shown[part] == value:
        return True
    shown[part] = value
    return False


def set_border_title(widget: Widget, title: str | None, subtitle: str | None = None) -> None:
    """Set the border title and subtitle, leaving them (and the frame) alone when equal."""
    if not unchanged(widget, "border-title", title):
        widget.border_title = title
    if not unchanged(widget, "border-subtitle", subtitle):
        widget.border_subtitle = subtitle


def steady_update(static: Static, content: VisualType) -> None:
    """``static.update(content)``, asking for a layout only when the widget's size may change:
    a repaint is enough when its width is set by its parent and the new content is as many
    lines high as the one shown (most moves change numbers and names, not heights)."""
    shown = static.content_size
    static.update(content, layout=False)
    styles = static.styles
    width, height = styles.width, styles.height
    if shown.width <= 0 or (width is not None and width.is_auto) or (
            (height is None or height.is_auto)
            and static.visual.get_height(styles, shown.width) != shown.height):
        static.refresh(layout=True)
