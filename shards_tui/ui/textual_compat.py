"""Textual's internals, behind one door: the only module that uses Textual's private modules
and private names (Textual is pinned in pyproject.toml; this file is written against 8.2.8).

Everything else in the app, the server and the tests takes what it needs of them from here:
the running app and message pump (``textual._context``), the key parser and the key events'
clock, the footer's keys and the select's overlay (classes of private modules), the app's
thread, screen stacks and bindings, the border labels and scroll sizes set without a layout,
and the hooks Textual calls by private names, each turned into a public method of ours
(``HookedApp``, ``AfterSize``, ``KeyFirstInput``). ``OneFrame`` (one frame per change) is a
patch of Textual's refresh loop and lives here whole.

``PRIVATE_USES`` lists every private module and name used here; ``tests/ui/test_textual_compat.py``
checks that each is still where Textual had it (one test per use) and that no other module
reaches for one. Upgrading Textual is: this file, and that test run.
"""

from __future__ import annotations

import asyncio
import threading
from typing import Any, Callable, TypeVar

from rich.control import Control
from textual._compositor import ChopsUpdate
from textual._context import active_app, active_message_pump
from textual._time import get_time
from textual._xterm_parser import XTermParser
from textual.app import App
from textual.binding import Binding, BindingsMap, NoBinding
from textual.css.styles import RenderStyles
from textual.css.stylesheet import Stylesheet
from textual.driver import Driver
from textual import events
from textual.events import Key
from textual.geometry import Size
from textual.message_pump import MessagePump
from textual.reactive import Reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer, Input
from textual.widgets._footer import FooterKey

__all__ = ["AfterSize", "ChopsUpdate", "FooterKey", "HookedApp", "KeyFirstInput", "OneFrame",
           "XTermParser", "key_clock"]

# (where, name): every private module and private name of Textual this module uses. "where" is
# a module, or "module:Class" for a name of that class or of its instances.
PRIVATE_USES: list[tuple[str, str]] = [
    ("textual._compositor", "ChopsUpdate"),
    ("textual._compositor:ChopsUpdate", "render_segments"),
    ("textual._context", "active_app"),
    ("textual._context", "active_message_pump"),
    ("textual._time", "get_time"),
    ("textual._xterm_parser", "XTermParser"),
    ("textual._xterm_parser:XTermParser", "_parse_extended_key"),
    ("textual._xterm_parser:XTermParser", "_timeout_time"),
    ("textual.widgets._footer", "FooterKey"),
    ("textual.widgets._select", "SelectOverlay"),
    ("textual.app:App", "_thread_id"),
    ("textual.app:App", "_screen_stacks"),
    ("textual.app:App", "_batch_count"),
    ("textual.app:App", "_handle_exception"),
    ("textual.app:App", "_watch_app_focus"),
    ("textual.app:App", "_last_focused_on_app_blur"),
    ("textual.app:App", "_css_type_names"),
    ("textual.message_pump:MessagePump", "_message_queue"),
    ("textual.message_pump:MessagePump", "_closing"),
    ("textual.message_pump:MessagePump", "_closed"),
    ("textual.message_pump:MessagePump", "_parent"),
    ("textual.dom:DOMNode", "_bindings"),
    ("textual.reactive", "__watchers"),
    ("textual.widget:Widget", "_border_title"),
    ("textual.widget:Widget", "_border_subtitle"),
    ("textual.widget:Widget", "_scroll_update"),
    ("textual.widget:Widget", "_size_updated"),
    ("textual.widget:Widget", "_layout_required"),
    ("textual.widget:Widget", "_repaint_required"),
    ("textual.widget:Widget", "_repaint_regions"),
    ("textual.widget:Widget", "_layout_updates"),
    ("textual.widget:Widget", "_clear_arrangement_cache"),
    ("textual.widget:Widget", "_get_virtual_dom"),
    ("textual.widget:Widget", "_vertical_scrollbar"),
    ("textual.app:App", "_start_widget"),
    ("textual.widget:Widget", "_horizontal_scrollbar"),
    ("textual.screen:Screen", "_update_timer"),
    ("textual.screen:Screen", "_on_timer_update"),
    ("textual.screen:Screen", "_compositor"),
    ("textual.screen:Screen", "_compositor_refresh"),
    ("textual.screen:Screen", "_refresh_layout"),
    ("textual.screen:Screen", "_dirty_widgets"),
    ("textual.widget:Widget", "_is_mounted"),
    ("textual.widget:Widget", "_layout_cache"),
    ("textual.widget:Widget", "_set_dirty"),
    ("textual.widget:Widget", "_rich_style_cache"),
    ("textual.widget:Widget", "_refresh_styles_required"),
    ("textual.widget:Widget", "_scroll_required"),
    ("textual.css.styles:RenderStyles", "_cache_key"),
    ("textual.widgets:Footer", "_bindings_ready"),
    ("textual.widgets:Input", "_on_key"),
    ("textual.widgets:Input", "_suggestion"),
    ("textual.driver:Driver", "_app"),
    ("textual.driver:Driver", "_mouse"),
    ("textual.css.stylesheet:Stylesheet", "_parse_rules"),
    ("textual.css.stylesheet:Stylesheet", "_variables"),
]

key_clock: Callable[[], float] = get_time  # the clock key events are stamped with


def __getattr__(name: str) -> Any:
    if name == "SelectOverlay":  # (the tests read a select's list; the app never needs it)
        # Deferred (startup): the select's module is imported only by whoever asks for it.
        from textual.widgets._select import SelectOverlay

        return SelectOverlay
    raise AttributeError(name)


# ---- the app and its loop ----------------------------------------------------------------------

def current_app() -> App[Any] | None:
    """The app whose code is running now (a task, a callback, a handler of it), if any."""
    return active_app.get(None)


def current_pump() -> MessagePump | None:
    """The app, screen or widget whose message is being handled now, if any."""
    return active_message_pump.get(None)


def on_app_thread(app: App[Any]) -> bool:
    """Whether the caller runs on the thread ``app`` runs on."""
    return threading.get_ident() == app._thread_id


def screen_is_open(app: App[Any], screen: Screen[Any]) -> bool:
    """Whether ``screen`` is on one of the app's screen stacks (any mode's)."""
    return any(screen in stack for stack in app._screen_stacks.values())


def input_queued(pump: MessagePump) -> bool:
    """Whether a key, a click or a paste waits in ``pump``'s queue of messages (Textual's
    queue keeps them in ``values``; a queue without it reports none)."""
    waiting = getattr(pump._message_queue, "values", ())
    return any(isinstance(m, (events.Key, events.MouseDown, events.MouseUp, events.Click,
                              events.Paste)) for m in waiting)


def last_focused_on_blur(app: App[Any]) -> Any:
    """The widget Textual gives the focus back to when the terminal has it again."""
    return app._last_focused_on_app_blur


def set_last_focused_on_blur(app: App[Any], widget: Any) -> None:
    app._last_focused_on_app_blur = widget


def css_type_names(app: App[Any]) -> set[str]:
    """The type names of every widget class the app's styles may select."""
    return set(app._css_type_names)


ReturnT = TypeVar("ReturnT")


class HookedApp(App[ReturnT]):
    """Textual's private hooks of an app, as public methods an app of ours overrides."""

    def error_ignored(self, error: Exception) -> bool:
        """An error raised in a handler: True to log it and go on (default: it is fatal)."""
        return False

    def app_focus_changed(self, focus: bool) -> bool:
        """The terminal gained or lost the focus: True when dealt with (default: Textual's
        way, which restyles the whole screen)."""
        return False

    def _handle_exception(self, error: Exception) -> None:
        if self.error_ignored(error):
            return
        super()._handle_exception(error)

    def _watch_app_focus(self, focus: bool) -> None:
        if not self.app_focus_changed(focus):
            super()._watch_app_focus(focus)


# ---- bindings and keys ------------------------------------------------------------------------

def bindings_of(node: Any) -> BindingsMap:
    """The bindings a screen or widget runs (its own and its classes', as merged)."""
    return node._bindings  # type: ignore[no-any-return]


def set_bindings(node: Any, bindings: BindingsMap) -> None:
    node._bindings = bindings


def key_bound(node: Any, key: str) -> bool:
    """Whether ``node`` binds ``key`` itself."""
    return key in node._bindings.key_to_bindings


def bindings_for_key(node: Any, key: str) -> list[Binding]:
    """The bindings of ``node`` for ``key`` (none: an empty list)."""
    try:
        return list(node._bindings.get_bindings_for_key(key))
    except NoBinding:
        return []


class KeyFirstInput(Input):
    """An input that sees each key before Textual's own handling of it."""

    async def key_first(self, event: Key) -> bool:
        """A key reached the input: True when dealt with (Textual's handling is skipped)."""
        return False

    async def _on_key(self, event: Key) -> None:
        if not await self.key_first(event):
            await super()._on_key(event)

    @property
    def suggestion(self) -> str:
        """The completion the input's suggester offers now ('' if none)."""
        return self._suggestion


def forget_parsed_keys() -> None:
    """Forget the key parser's memoised sequences (kept per parser, each parser kept by it)."""
    cached = getattr(XTermParser._parse_extended_key, "cache_clear", None)
    if cached is not None:
        cached()


def parsed_keys_kept() -> int:
    """How many parsed key sequences the parser's memo holds."""
    return XTermParser._parse_extended_key.cache_info().currsize  # type: ignore[no-any-return]


def parser_waits(parser: XTermParser) -> bool:
    """Whether the parser holds a lone Esc, waiting to see whether a sequence follows."""
    return getattr(parser, "_timeout_time", None) is not None


def driver_app(driver: Driver) -> App[Any]:
    """The app a driver draws."""
    return driver._app


def driver_mouse(driver: Driver) -> bool:
    """Whether the driver was asked for mouse reports."""
    return bool(driver._mouse)


# ---- widgets ----------------------------------------------------------------------------------

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


# ---- what a frame writes -----------------------------------------------------------------------

def render_from_the_change(update: ChopsUpdate, console: Any) -> str:
    """``ChopsUpdate.render_segments`` (Textual 8.2.8), but each widget's part of a line written
    from the first of its segments that the repaint reaches: Textual writes it from the
    widget's left edge, so a map's row changed at its right went out whole (over SSH, every
    byte of it). Cut at a segment's start, never inside one (a wide character stays whole)."""
    sequences: list[str] = []
    append = sequences.append
    move_to = Control.move_to
    chops, chop_ends = update.chops, update.chop_ends
    last_y = update.spans[-1][0]
    for y, x1, x2 in update.spans:
        for end, (x, strip) in zip(chop_ends[y], chops[y].items()):
            if strip is None or x > x2 or end <= x1:
                continue
            if x2 > x >= x1 and end <= x2:
                append(move_to(x, y).segment.text)
                append(strip.render(console))
                continue
            start = 0
            if x < x1:
                for segment in strip:
                    if start + segment.cell_length > x1 - x:
                        break
                    start += segment.cell_length
            append(move_to(x + start, y).segment.text)
            append(strip.crop(start, min(end, x2) - x).render(console))
        if y != last_y:
            append("\n")
    return "".join(sequences)


ChopsUpdate.render_segments = render_from_the_change  # type: ignore[method-assign]


# ---- style sheets -------------------------------------------------------------------------------

def stylesheet_parser() -> Callable[..., Any]:
    """Textual's own parse of a style sheet's rules (``Stylesheet._parse_rules``)."""
    return Stylesheet._parse_rules


def set_stylesheet_parser(parse: Callable[..., Any]) -> None:
    Stylesheet._parse_rules = parse  # type: ignore[method-assign]


def stylesheet_variables(sheet: Stylesheet) -> dict[str, str]:
    """The variables a style sheet is parsed with."""
    return sheet._variables


# ---- one frame per change ------------------------------------------------------------------------

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

    # The widgets found for a paint by its first walk: the check for messages still being
    # told and both takings-in of refresh flags use it (a walk of a table's ninety widgets
    # costs a few tenths of a millisecond). A layout may add scrollbars: it walks afresh.
    _frame_widgets: list[Widget] | None = None

    def _all_widgets(self) -> list[Widget]:
        """The screen's widgets and their scrollbars (which are not among their children)."""
        if self._frame_widgets is not None:
            return self._frame_widgets
        widgets: list[Widget] = []
        for widget in self.walk_children(Widget):
            widgets.append(widget)
            if widget._vertical_scrollbar is not None or widget._horizontal_scrollbar is not None:
                widgets.extend(widget._get_virtual_dom())
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
        self._frame_widgets = None
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
        self._frame_widgets = widgets
        try:
            if self.is_current and not self.app._batch_count:
                self._absorb_refreshes()
                if self._layout_required and self._repaint_required:
                    # The whole screen (after a screen above it closed) in the layout's frame,
                    # not in a second frame right after it.
                    self._repaint_required = False
                    self._dirty_widgets.add(self)
            super()._on_timer_update()
        finally:
            self._frame_widgets = None
        self.painted()

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

    def _refresh_layout(self, size: Size | None = None, scroll: bool = False) -> None:
        self._frame_widgets = None  # (it may add scrollbars)
        self._bars_before = None if scroll else self._scrollbars()
        sizes = {widget: widget.outer_size for widget in self._all_widgets()}
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


# ---- a repaint goes straight to the frame --------------------------------------------------------

_widget_refresh = Widget.refresh


def _refresh_into_frame(self: Widget, *regions: Any, repaint: bool = True, layout: bool = False,
                        recompose: bool = False) -> Widget:
    """``Widget.refresh`` for a repaint alone of a widget on the current ``OneFrame`` screen.

    Textual's refresh sets the widget's repaint flag and posts a message to the widget's own
    loop, which, once it turns, posts another to the screen, which then starts its paint
    timer: two messages and two turns of the event loop for each widget a move changes
    (eight to ten at a table, about a millisecond a key). A ``OneFrame`` paint takes every
    widget's flag in itself (``_absorb_refreshes``), so here the flag is set as Textual sets
    it and the screen's paint timer is started at once. A layout, a recompose, a widget not
    yet mounted or not on the current ``OneFrame``, and one whose loop has styles or a scroll
    to see to, go Textual's way."""
    if layout or recompose or not repaint or not self._is_mounted or self._closing \
            or self._parent is None or self._layout_required or self._refresh_styles_required \
            or self._scroll_required:
        return _widget_refresh(self, *regions, repaint=repaint, layout=layout,
                               recompose=recompose)
    node = self._parent
    while node is not None and not isinstance(node, Screen):
        node = node._parent
    if not isinstance(node, OneFrame) or not node.is_current or node._closing:
        return _widget_refresh(self, *regions, repaint=repaint)
    self._layout_cache.clear()
    self._set_dirty(*regions)
    self.clear_cached_dimensions()
    self._rich_style_cache.clear()
    self._repaint_required = True
    node._update_timer.resume()
    return self


Widget.refresh = _refresh_into_frame  # type: ignore[method-assign]
