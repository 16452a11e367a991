"""A fixed-height stack of pages with one in sight, changed by scrolling, never by a layout.

A part of a screen that shows one thing or another (a table's lower row: the dice and the
hand, or a list to choose from) would swap its widgets by their ``display``; every such change
makes Textual lay the whole screen out and paint it again (tens of milliseconds a key on a
big table). Here the pages sit one under the other, each as tall as the stack, and the stack
scrolls to the one wanted: Textual's scrolling path arranges the visible widgets again from
their kept arrangements and repaints the stack's rows alone. Nothing else moves.

Attributes down: ``show_page(widget)``: one of the widgets the stack was made with. The
pages out of sight keep their state and their updates but not the keys: their widgets leave
the focus chain (Tab skips them), and nobody's wheel or keys scroll the stack.
"""

from __future__ import annotations

from textual.containers import Vertical
from textual.widget import Widget


class _Page(Vertical):
    """One page: as tall as the stack; its widgets take the focus only while it is in sight."""

    DEFAULT_CSS = "_Page { height: 100%; width: 1fr; }"

    def allow_focus_children(self) -> bool:
        parent = self.parent
        return not isinstance(parent, ScrolledPages) or parent.current is self


class ScrolledPages(Widget):
    DEFAULT_CSS = """
    ScrolledPages { layout: vertical; overflow: hidden hidden; height: 1fr; }
    """

    def __init__(self, *pages: Widget, **kwargs) -> None:
        super().__init__(*(_Page(page) for page in pages), **kwargs)
        self._index = 0

    @property
    def current(self) -> Widget | None:
        """The page in sight (its wrapper)."""
        children = self.children
        return children[self._index] if 0 <= self._index < len(children) else None

    @property
    def page(self) -> Widget | None:
        """The widget in sight, as it was given."""
        current = self.current
        return current.children[0] if current is not None and current.children else None

    def showing(self, widget: Widget) -> bool:
        return self.page is widget

    def show_page(self, widget: Widget) -> None:
        wrapper = widget.parent
        if wrapper is None or wrapper.parent is not self:
            raise ValueError(f"{widget!r} is not a page of {self!r}")
        index = list(self.children).index(wrapper)
        if index == self._index:
            return
        self._index = index
        self._scroll()

    def _scroll(self) -> None:
        self.scroll_to(y=self._index * self.scrollable_content_region.height, animate=False,
                       force=True, immediate=True)
        # The whole stack is painted again: Textual's scrolling path repaints the widgets whose
        # place changed since the places it kept, and a page shown again in the place it had
        # when last painted (the hand back after a discovery at 120x40) was left as the other.
        self.refresh()

    def on_resize(self) -> None:
        self._scroll()  # (the pages' height changed: the page in sight starts elsewhere)
