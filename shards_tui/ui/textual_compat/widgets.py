"""Widgets and screens: a screen's text, a node being taken off, border labels and scroll sizes
set without a layout, a widget's own scrollbar and style key, the footer's keys and readiness,
reactives' watchers of closed widgets, the select's overlay, and ``AfterSize`` (a hook once a
widget has its new size)."""

from __future__ import annotations

from typing import Any, Callable

from textual.content import Content
from textual.css.styles import RenderStyles
from textual.geometry import NULL_SIZE, Region, Size
from textual.message_pump import MessagePump
from textual.screen import Screen
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.visual import RenderOptions
from textual.widget import Widget, _RenderCache
from textual.widgets import Footer, OptionList
from textual.widgets._footer import FooterKey

from shards_tui.ui.textual_compat.moved_rows import MovedRowsCache

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
    return _own_scrollbar(widget, "_vertical_scrollbar", make)


def own_horizontal_scrollbar(widget: Widget, make: Callable[[], Any]) -> Any:
    """``widget``'s horizontal scrollbar, made by ``make`` as ``own_vertical_scrollbar``."""
    return _own_scrollbar(widget, "_horizontal_scrollbar", make)


def _own_scrollbar(widget: Widget, attribute: str, make: Callable[[], Any]) -> Any:
    if getattr(widget, attribute) is None:
        bar = make()
        bar.display = False
        setattr(widget, attribute, bar)
        widget.app._start_widget(widget, bar)
    return getattr(widget, attribute)


FOCUS_PSEUDO_CLASSES = frozenset({"focus", "blur", "focus-within"})
_focus_styled: dict[tuple[int, int, frozenset[str]], bool] = {}


def styled_by_focus(widget: Widget) -> bool:
    """Whether a rule of the app's style sheet that could match the widget or one of its
    component classes depends on focus (``:focus``, ``:blur``, ``:focus-within``), read once
    for each style sheet and set of names."""
    sheet = widget.app.stylesheet.rules_map
    names = widget._selector_names | {f".{name}" for name in widget.COMPONENT_CLASSES}
    key = (id(sheet), len(sheet), frozenset(names))
    found = _focus_styled.get(key)
    if found is None:
        if len(_focus_styled) > 256:
            _focus_styled.clear()
        found = _focus_styled[key] = any(
            not rule.pseudo_classes.isdisjoint(FOCUS_PSEUDO_CLASSES)
            for name in sheet.keys() & names for rule in sheet[name])
    return found


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


def let_removed_children_go(screen: Screen[Any]) -> None:
    """After its children were removed, drop what a screen that is not shown still holds of
    them: the list of its shown children, its arrangement and its compositor's map, each kept
    from its last paint (Textual refreshes them at the next layout, which a covered screen
    never has) and the answers to its queries by id, each holding every removed widget alive
    with its styles and drawn lines. The screen's next layout makes them again."""
    _ = screen.displayed_children
    screen._query_one_cache.clear()
    screen._clear_arrangement_cache()
    screen._compositor.clear()


STRIP_CACHES = ("_divide_cache", "_crop_cache", "_style_cache", "_filter_cache",
                "_line_length_cache", "_crop_extend_cache", "_offsets_cache")


def forget_drawn_lines(screen: Screen[Any]) -> None:
    """Drop the lines the screen's widgets keep drawn (each widget's lines with its borders
    and styles, a text widget's wrapped lines, an option list's drawn options, and the
    cropped, styled and filtered copies of a line each line keeps), for a screen that has
    been idle a while: they are drawn again when next asked for, as after a change of
    theme. A widget's own rows (``drawn_strips()``, if it has it) keep their text and drop
    their copies."""
    for widget in screen.walk_children(Widget, with_self=True):
        cache = widget._styles_cache
        if isinstance(cache, MovedRowsCache):
            cache.forget()  # (its rows kept by what they show, too)
        else:
            cache.clear()
        if type(widget).render_line is Widget.render_line and widget._render_cache.lines:
            widget._render_cache = _RenderCache(NULL_SIZE, [])
            widget._dirty_regions.add(widget.outer_size.region)  # (made again when drawn)
        if isinstance(widget, OptionList):
            widget._option_render_cache.clear()
        own = getattr(widget, "drawn_strips", None)
        for strip in own() if callable(own) else ():
            for name in STRIP_CACHES:
                getattr(strip, name).clear()
            strip._render_cache = None


def drawn_lines_kept(screen: Screen[Any]) -> int:
    """How many drawn lines the screen's widgets keep (their styled lines and their text
    widgets' lines)."""
    return sum((cache.kept if isinstance(cache := widget._styles_cache, MovedRowsCache)
                else len(cache._cache)) + len(widget._render_cache.lines)
               for widget in screen.walk_children(Widget, with_self=True))


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


def set_option_prompt(options: OptionList, index: int, prompt: Any) -> None:
    """Give the option at ``index`` this prompt, of the same height, and repaint its rows
    alone. The option list's own ``replace_option_prompt_at_index`` forgets the drawn rows of
    every option and repaints the whole list (turning a discovery's tile drew each tile's row
    again, in four styles, for the one row that changed)."""
    option = options.get_option_at_index(index)
    option._set_prompt(prompt)
    cache = options._option_render_cache
    for key in [key for key in cache.keys() if key[0] is option]:
        cache.discard(key)
    line = options._index_to_line.get(index)
    if line is None:  # (not laid out yet: its rows are drawn when it is)
        options.refresh()
        return
    options.refresh(Region(0, line - round(options.scroll_offset.y),
                           options.scrollable_content_region.width, options._heights[index]))


def content_rows(widget: Widget, content: Content, width: int,
                 style: VisualStyle) -> list[Strip] | None:
    """``content`` word-wrapped into rows as ``Visual.to_strips`` makes them, for text without
    links on a widget with nothing selected and its content at the top left; None otherwise
    (make them the long way). ``to_strips`` works out the widget's link style from its
    ancestors for every paragraph, links or not: two fifths of a panel's line."""
    if widget.text_selection is not None or widget.styles.content_align != ("left", "top") \
            or not all(isinstance(span.style, str) and "@" not in span.style
                       for span in content.spans):
        return None
    return content.render_strips(width, None, style, RenderOptions(widget._get_style,
                                                                    widget.styles))
