"""A Footer that rebuilds its keys only when they change, shows the keys a screen names first,
leaves out those its screen says do not apply now (``footer_hidden()``), uses short
descriptions on a narrow screen, and lets the keys it removed be freed.

Textual's Footer recomposes (unmounts and mounts a widget per key) whenever the screen's
bindings may have changed, which on the table is after nearly every key press and costs
more than the rest of the repaint. This one remembers what it shows and skips the rebuild
when the active bindings (and whether the screen is narrow) are the same.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from textual import events
from textual.app import ComposeResult
from textual.widgets import Footer

from shards_tui.ui.textual_compat.widgets import FooterKey, drop_closed_watchers, footer_ready


class SteadyFooter(Footer):
    """``first``: actions whose keys come first, in this order (the keys a player needs
    most); the others follow in the order of the bindings. ``short``: {action: description}
    used below ``narrow`` columns, so that the keys that matter fit."""

    def __init__(self, *args: Any, first: Sequence[str] = (), short: Mapping[str, str] | None = None,
                 narrow: int = 100, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._shown: tuple | None = None
        self.first = tuple(first)
        self.short = dict(short or {})
        self.narrow = narrow

    def _is_narrow(self) -> bool:
        try:
            width = self.screen.size.width
        except Exception:  # not on a screen yet
            return False
        return 0 < width < self.narrow

    def _signature(self) -> tuple | None:
        try:
            active = self.screen.active_bindings
        except Exception:  # not on a screen yet
            return None
        # Only the keys it shows: moving the focus changes the hidden ones (a card's arrows
        # and Enter), and that must not rebuild the footer.
        keys = tuple((b.key, b.action, b.description, b.key_display, b.group, enabled, tooltip)
                     for _node, b, enabled, tooltip in active.values() if b.show)
        return (footer_ready(self), self.compact, self.show_command_palette, self._is_narrow(),
                keys, self._hidden())

    def _hidden(self) -> frozenset[str]:
        """The actions the screen leaves out of the footer now (``footer_hidden()``: a
        table's move keys while the player may not move)."""
        try:
            hidden = getattr(self.screen, "footer_hidden", None)
        except Exception:  # not on a screen yet
            return frozenset()
        return frozenset(hidden()) if callable(hidden) else frozenset()

    def compose(self) -> ComposeResult:
        self._shown = self._signature()
        narrow = self._is_narrow()
        hidden = self._shown[-1] if self._shown is not None else frozenset()
        widgets = [widget for widget in super().compose()
                   if getattr(widget, "action", None) not in hidden]
        rank = {action: n for n, action in enumerate(self.first)}

        def place(widget: Any) -> int:
            return rank.get(getattr(widget, "action", None), len(rank))

        for widget in sorted(widgets, key=place):  # (stable: the rest keep their order)
            if narrow and isinstance(widget, FooterKey) and widget.action in self.short:
                widget.description = self.short[widget.action]
            yield widget

    async def recompose(self) -> None:
        if self._shown is not None and self.is_attached and self._signature() == self._shown:
            return
        await super().recompose()
        self._unbind_removed_keys()

    def _unbind_removed_keys(self) -> None:
        """Each key binds its ``compact`` to the footer's (Textual's Footer does so), and Textual
        drops such a binding only when ``compact`` changes, which it never does here: so every
        rebuild kept the removed keys alive, widgets, styles and all, as long as the footer
        (about 20 a connection while idle, more after each change of keys at a table)."""
        drop_closed_watchers(self)

    def on_resize(self, _event: events.Resize) -> None:
        if self._shown is not None and self._shown[3] != self._is_narrow():
            self.call_after_refresh(self.recompose)
