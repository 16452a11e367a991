"""Skip redrawing what did not change.

Textual redraws a widget whole whenever it is updated, and a Static's update re-lays out the
screen, even when the new content equals the old. The table re-renders every region after each
move, so each widget first asks ``unchanged`` whether what it is told is what it shows.
"""

from __future__ import annotations

from typing import Any

from textual.widget import Widget

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
