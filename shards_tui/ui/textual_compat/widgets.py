"""Widgets and screens: a screen's text, a node being taken off, border labels and scroll sizes
set without a layout, a widget's own scrollbar and style key, the footer's keys and readiness,
reactives' watchers of closed widgets, the select's overlay, and ``AfterSize`` (a hook once a
widget has its new size)."""

from __future__ import annotations

from typing import Any, Callable

from textual.css.styles import RenderStyles
from textual.geometry import Size
from textual.message_pump import MessagePump
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

__all__ = ["AfterSize", "FooterKey"]


def __getattr__(name: str) -> Any:
    if name == "SelectOverlay":  # (the tests read a select's list; the app never needs it)
        # Deferred (startup): the select's module is imported only by whoever asks for it.
        from textual.widgets._select import SelectOverlay

        return SelectOverlay
    raise AttributeError(name)


def screen_text(screen: Screen[Any]) -> str:
    """What the screen shows now, as plain text (a line per row)."""
    return "\n".join(strip.text for strip in screen._compositor.render_strips())


def is_closing(node: MessagePump) -> bool:
    """Whether ``node`` is being taken off, or was."""
    return bool(node._closing or node._closed)


def set_border_labels(widget: Widget, title: Any = ..., subtitle: Any = ...) -> None:
    """Store a border title and/or subtitle (as Textual's setter stores them) without the
    whole-widget repaint the setter asks for: the caller repaints the rows."""
    if title is not ...:
        widget._border_title = title
    if subtitle is not ...:
        widget._border_subtitle = subtitle


def scroll_update(widget: Widget, size: Size) -> None:
    """Update the scrollbars for a new virtual size (what the virtual size's setter does,
    without its layout)."""
    widget._scroll_update(size)


def own_vertical_scrollbar(widget: Widget, make: Callable[[], Any]) -> Any:
    """``widget``'s vertical scrollbar, made by ``make`` the first time it is asked for and
    started as Textual starts its own (hidden until the widget's content overflows)."""
    if widget._vertical_scrollbar is None:
        bar = make()
        bar.display = False
        widget._vertical_scrollbar = bar
        widget.app._start_widget(widget, bar)
    return widget._vertical_scrollbar


def style_key(styles: RenderStyles) -> int:
    """A key that changes whenever the widget's styles do."""
    return styles._cache_key  # type: ignore[no-any-return]


def footer_ready(footer: Footer) -> bool:
    """Whether the footer has read its screen's bindings yet."""
    return bool(footer._bindings_ready)


def drop_closed_watchers(node: Any) -> None:
    """Forget the watchers of ``node``'s reactives held for widgets already taken off (Textual
    drops one only when the watched value changes)."""
    for bound in getattr(node, "__watchers", {}).values():
        bound[:] = [(watcher, callback) for watcher, callback in bound
                    if not is_closing(watcher)]


class AfterSize:
    """A widget mixin (before the Textual class): ``size_updated`` once Textual has given the
    widget its new size, before the frame is painted."""

    def size_updated(self, changed: bool) -> None:
        """The widget's size was set (``changed``: it differs from before)."""

    def _size_updated(self, size: Size, virtual_size: Size, container_size: Size,
                      layout: bool = True) -> bool:
        changed = super()._size_updated(size, virtual_size, container_size,  # type: ignore[misc]
                                        layout)
        self.size_updated(changed)
        return changed  # type: ignore[no-any-return]
