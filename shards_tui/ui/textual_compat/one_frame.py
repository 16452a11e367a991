"""``OneFrame``: a screen that paints one frame per change, a patch of Textual's refresh loop."""

from __future__ import annotations

import asyncio
from typing import Any, Callable

from textual.geometry import Size
from textual.reactive import Reactive
from textual.screen import Screen
from textual.widget import Widget


class OneFrame(Screen):  # type: ignore[type-arg]
    """A screen that paints one frame per change (mirrors ``Widget._check_refresh``).

    A widget asks for a repaint or a layout by setting a flag; it tells the screen only from
    its own message loop, when that loop next goes idle. The screen paints on a timer (at most
    60 times a second) as soon as it is idle itself, so after a move that updates a dozen
    regions some of them are often told to the screen only after the frame was painted: they
    cost a second layout and frame one timer tick (~17 ms) later, though the first frame
    already showed them (a layout reads the widgets as they are). And a layout that gives a
    widget a new size makes that widget ask for yet another layout, which changes nothing.

    This screen paints only once the requests already queued to it are handled, takes the
    flags still unsent in at the start of each paint, as the widgets' own loops would
    (clearing the cached arrangements above a widget that wants a layout), and drops the
    layout requests that the layout itself caused, unless a scrollbar came or went (then it
    arranges once more, in the same frame).
    """

    # Textual repaints the whole screen when the focus moves; the two widgets whose focus
    # changed repaint themselves (and their ancestors restyle), so that costs a second frame.
    focused: Reactive[Widget | None] = Reactive(None, repaint=False)

    # The screen's widgets as last walked, and what they were walked at: the count of changes
    # to the screen's children (Textual counts a change anywhere below the screen there) and
    # the number of widgets the app has started (a scrollbar is started, never mounted). The
    # check for messages still being told and both takings-in of refresh flags read them two
    # to four times a frame; a walk of a table's ninety widgets costs about a tenth of a
    # millisecond, and most frames mount and remove nothing.
    _walked: list[Widget] = []
    _walked_at: tuple[int, int] | None = None

    def _all_widgets(self) -> list[Widget]:
        """The screen's widgets and their scrollbars (which are not among their children)."""
        at = (self._nodes._updates, len(self.app._registry))
        if at == self._walked_at:
            return self._walked
        widgets: list[Widget] = []
        for widget in self.walk_children(Widget):
            widgets.append(widget)
            if widget._vertical_scrollbar is not None or widget._horizontal_scrollbar is not None:
                widgets.extend(widget._get_virtual_dom())
        self._walked, self._walked_at = widgets, at
        return widgets

    def _absorb_refreshes(self) -> None:
        for widget in self._all_widgets():
            if widget._closing or widget._parent is None:
                continue
            if widget._layout_required:
                widget._layout_required = False
                for ancestor in widget.ancestors:
                    if not isinstance(ancestor, Widget):
                        break
                    ancestor._clear_arrangement_cache()
                    ancestor._layout_updates += 1
                    if not ancestor.styles.auto_dimensions:
                        break
                self._layout_required = True
            if widget._repaint_required:
                widget._repaint_required = False
                if widget.display:
                    self._dirty_widgets.add(widget)

    _paint_queued = False
    _paint_waits = 0
    MAX_PAINT_WAITS = 16  # never hold a paint back for more than a few turns of the loop

    def _messages_pending(self, widgets: list[Widget]) -> bool:
        """True while the app, the screen or one of ``widgets`` has messages to handle (a
        refresh to report, a focus change, a widget's message to the screen)."""
        return not self._message_queue.empty() or not self.app._message_queue.empty() or any(
            not widget._message_queue.empty() for widget in widgets)

    def _on_timer_update(self) -> None:
        widgets = self._all_widgets()
        if not self._paint_queued and self._paint_waits < self.MAX_PAINT_WAITS \
                and self._messages_pending(widgets):
            # The change is still being told: paint after it, not in the middle of it.
            self._update_timer.pause()
            self._paint_queued = True
            self._paint_waits += 1
            # After one turn of the event loop: every waiting task gets to run first.
            asyncio.get_running_loop().call_soon(self._queued_paint)
            return
        self._paint_waits = 0
        if self.is_current and not self.app._batch_count:
            self._absorb_refreshes()
            if self._layout_required and self._repaint_required:
                # The whole screen (after a screen above it closed) in the layout's frame,
                # not in a second frame right after it.
                self._repaint_required = False
                self._dirty_widgets.add(self)
        super()._on_timer_update()
        self._remember_places()
        self.painted()

    # The places of the widgets on screen when the last frame was painted. Textual's scrolling
    # path arranges the visible widgets again and repaints those whose place changed, against
    # the places it kept; a look at any widget's region since (a focus, a scroll into view)
    # makes it work out every widget's place and drop the kept ones, and then every widget
    # counts as newly shown: the whole screen was painted again (a lower row swapping its
    # pages by a scroll sent 15 KB, not the row).
    _painted_places: dict | None = None
    _painted_from: object = None  # the compositor's map they were taken from

    def _remember_places(self) -> None:
        compositor = self._compositor
        if compositor._visible_map is not None:
            self._painted_places = compositor._visible_map
        elif not compositor._full_map_invalidated and compositor._full_map:
            if self._painted_from is compositor._full_map:
                return  # (the same arrangement as at the last frame)
            self._painted_from = compositor._full_map
            screen = compositor.size.region
            self._painted_places = {
                widget: places for widget, places in compositor._full_map.items()
                if screen.overlaps(places.region) and places.clip.overlaps(places.region)}
        else:
            self._painted_places = None

    def painted(self) -> None:
        """Called once the screen has drawn what changed (if anything did) and handed the
        frame to the terminal: runs what ``call_after_paint`` was given."""
        callbacks, self._after_paint = self._after_paint, None
        for callback in callbacks or ():
            callback()

    _after_paint: list[Callable[[], object]] | None = None

    def call_after_paint(self, callback: Callable[[], object]) -> None:
        """Run ``callback`` once the next frame has been drawn and handed to the terminal.
        (Textual's ``call_after_refresh`` may run it before: the screen learns of its widgets'
        repaints only as it paints.)"""
        if self._after_paint is None:
            self._after_paint = []
        self._after_paint.append(callback)
        self._update_timer.resume()

    def _queued_paint(self) -> None:
        self._paint_queued = False
        if self.is_attached and not self._closing:
            self._on_timer_update()

    def fit_after_layout(self) -> bool:
        """Called once a layout has given every widget its size, before it is painted: a
        screen may then set a size it can only work out from the others (True when it did;
        the screen is arranged again in the same frame)."""
        return False

    _fitting = False

    def _rearranged_to_fit(self) -> bool:
        if self._fitting or not self.fit_after_layout():
            return False
        self._fitting = True
        try:
            self._absorb_refreshes()
            super()._refresh_layout()
        finally:
            self._fitting = False
        return True

    def _compositor_refresh(self) -> None:
        if self._rearranged_for_scrollbars() or self._rearranged_to_fit():
            return  # painted by that arrangement
        # Repaints asked for since the paint began (by the layout's new sizes and scroll
        # positions) go into this frame too.
        if self.is_current:
            before = set(self._dirty_widgets)
            self._absorb_refreshes()
            if self._dirty_widgets - before:
                self._compositor.update_widgets(self._dirty_widgets - before)
        super()._compositor_refresh()

    _bars_before: list[tuple[bool, bool]] | None = None
    layouts = 0  # how many times the screen was laid out whole (not counting scrolls)

    def _refresh_layout(self, size: Size | None = None, scroll: bool = False) -> None:
        if scroll and (self._layout_required or self._layout_widgets):
            # A layout asked for in the frame of a scroll: Textual's scrolling path (the
            # visible widgets placed again from their kept arrangements) would skip it when
            # it was taken in from the widgets' flags (``_absorb_refreshes``).
            scroll = False
        if not scroll:
            self.layouts += 1
        elif self._compositor._visible_map is None and self._painted_places is not None:
            self._compositor._visible_map = self._painted_places  # (what it compares with)
        self._bars_before = None if scroll else self._scrollbars()
        sizes = {widget: widget.outer_size for widget in self._all_widgets()}
        # (a scroll places the widgets in sight alone: one it brings into sight is shown again)
        placed = set(self._compositor._visible_map or ()) if scroll else set(self._compositor.widgets)
        try:
            super()._refresh_layout(size, scroll)  # ends by painting: _compositor_refresh
        finally:
            self._bars_before = None
        for widget in self._all_widgets():
            # New sizes found by this layout made widgets ask for another one: it is done.
            widget._layout_required = False
            # A widget given a new size marks its area at the old size for a repaint, which
            # the layout's frame does not take (it paints the widget whole at its new size):
            # left, the mark repainted that old area at the widget's next change (the dice
            # tray's and the hand's top nine rows after a move, over SSH).
            before = sizes.get(widget)
            if before and before != widget.outer_size:
                widget._repaint_regions.discard(before.region)
            # A widget this layout (or scroll) showed again was painted whole by its frame:
            # the mark of its whole area (from being shown) was left for its next change (the
            # dice tray's eleven rows at the first move after a discovery). Only that mark
            # goes: clearing every mark of such a widget made Disco's draft stop updating now
            # and then.
            if widget not in placed and widget in self._compositor.widgets:
                widget._repaint_regions.discard(widget.outer_size.region)

    def _rearranged_for_scrollbars(self) -> bool:
        """Arrange once more (and paint) if the layout just made showed or hid a scrollbar:
        what sits beside it is now narrower or wider, which only another arrangement places
        (without it a hand of cards was left unplaced and blank)."""
        bars, self._bars_before = self._bars_before, None
        if bars is None or self._scrollbars() == bars:
            return False
        self._absorb_refreshes()
        super()._refresh_layout()
        return True

    def _scrollbars(self) -> list[tuple[bool, bool]]:
        return [(widget.show_vertical_scrollbar, widget.show_horizontal_scrollbar)
                for widget in self.walk_children(Widget) if widget.is_scrollable]
