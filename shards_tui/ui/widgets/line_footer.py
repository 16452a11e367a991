"""A footer drawn as one line by one widget: the keys that apply now, as Textual's compact
Footer shows them (the key in bold, its description, a space between keys), without a widget
per key.

Textual's Footer (and ``SteadyFooter``) mounts a widget for each key and builds them all again
whenever the keys on offer change: at the Infinities table that is at every question (the
turn's End turn leaves the footer), and mounting a dozen widgets lays the whole screen out
again and paints each of them, half of a discovery key's time. Here a change of keys repaints
the one row; nothing is mounted and nothing is laid out (its height is one row, always). It
keeps the Footer's ways: the keys a screen names first come first, those the screen's
``footer_hidden()`` names are left out, short descriptions below ``narrow`` columns, a key
under the mouse is highlighted and shows its tooltip, a click presses it (a disabled key
rings the bell).
"""

from __future__ import annotations

from typing import Any, Mapping, NamedTuple, Sequence

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget


class FooterItem(NamedTuple):
    key: str  # what a click presses
    key_display: str  # as the footer writes it ('^s', '⏎')
    description: str
    action: str
    enabled: bool
    tooltip: str


class LineFooter(Widget, can_focus=False):
    """``first``: actions whose keys come first, in this order; ``short``: {action:
    description} used below ``narrow`` columns."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES = {"footer-key--key", "footer-key--description", "footer-key--hover"}
    # (the component styles are those of Textual's FooterKey, read against this widget)
    DEFAULT_CSS = """
    LineFooter {
        dock: bottom;
        height: 1;
        color: $footer-foreground;
        background: $footer-background;
        & > .footer-key--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        & > .footer-key--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        & > .footer-key--hover {
            background: $block-hover-background;
        }
    }
    """

    def __init__(self, *, first: Sequence[str] = (), short: Mapping[str, str] | None = None,
                 narrow: int = 100, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.first = tuple(first)
        self.short = dict(short or {})
        self.narrow = narrow
        self.items: tuple[FooterItem, ...] = ()
        self._spans: list[tuple[int, int]] = []  # each item's cells: (first, end)
        self._hover: int | None = None

    # ---- what it shows ---------------------------------------------------------------------

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)
        self.call_after_refresh(self.bindings_changed, self.screen)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def bindings_changed(self, screen: Screen) -> None:
        if self.is_attached and screen is self.screen:
            self.show_items(self._read_items())

    def on_resize(self, _event: events.Resize) -> None:
        self.show_items(self._read_items())  # (narrow or wide: the short descriptions)

    def _read_items(self) -> tuple[FooterItem, ...]:
        screen = self.screen
        hidden_of = getattr(screen, "footer_hidden", None)
        hidden = frozenset(hidden_of()) if callable(hidden_of) else frozenset()
        narrow = 0 < screen.size.width < self.narrow
        seen: dict[str, FooterItem] = {}
        for _node, binding, enabled, tooltip in screen.active_bindings.values():
            if not binding.show or binding.action in seen or binding.action in hidden:
                continue
            words = self.short.get(binding.action, binding.description) if narrow \
                else binding.description
            seen[binding.action] = FooterItem(binding.key, self.app.get_key_display(binding),
                                              words, binding.action, enabled, tooltip or "")
        rank = {action: n for n, action in enumerate(self.first)}
        return tuple(sorted(seen.values(), key=lambda item: rank.get(item.action, len(rank))))

    def show_items(self, items: tuple[FooterItem, ...]) -> None:
        """Show these keys (nothing is repainted when they are those shown)."""
        if items == self.items:
            return
        self.items = items
        self._spans, x = [], 0
        for item in items:
            width = cell_len(item.key_display) + (
                cell_len(item.description) + 2 if item.description else 1)
            self._spans.append((x, x + width))
            x += width
        self._hover = None
        self.tooltip = None
        self.refresh()

    @property
    def actions(self) -> list[str]:
        return [item.action for item in self.items]

    @property
    def text(self) -> str:
        return " ".join(f"{i.key_display} {i.description}".rstrip() for i in self.items)

    # ---- drawing ---------------------------------------------------------------------------

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        base = self.rich_style
        if y != 0:
            return Strip.blank(width, base)
        key_style = base + self.get_component_rich_style("footer-key--key")
        words_style = base + self.get_component_rich_style("footer-key--description")
        hover = self.get_component_rich_style("footer-key--hover")
        segments: list[Segment] = []
        for n, item in enumerate(self.items):
            if self._spans[n][1] > width + 1:  # (its closing space may fall off the edge)
                break  # a key that does not fit is left out whole: it stays under '?'
            key, words = key_style, words_style
            if n == self._hover:
                lit = Style(bgcolor=hover.bgcolor)
                key, words = key + lit, words + lit
            if not item.enabled:
                key, words = key + Style(dim=True), words + Style(dim=True)
            segments.append(Segment(item.key_display, key))  # (then its space, as the Footer)
            segments.append(Segment(f" {item.description} " if item.description else " ", words))
        return Strip(segments).crop_extend(0, width, base)

    # ---- the mouse -------------------------------------------------------------------------

    def _at(self, x: int) -> int | None:
        return next((n for n, (a, b) in enumerate(self._spans) if a <= x < b), None)

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self._hover_on(self._at(event.x))

    def on_leave(self, _event: events.Leave) -> None:
        self._hover_on(None)

    def _hover_on(self, n: int | None) -> None:
        if n == self._hover:
            return
        self._hover = n
        self.tooltip = self.items[n].tooltip or None if n is not None else None
        self.refresh()

    def on_mouse_down(self, event: events.MouseDown) -> None:
        n = self._at(event.x)
        if n is None:
            return
        if self.items[n].enabled:
            self.app.simulate_key(self.items[n].key)
        else:
            self.app.bell()
