"""A Footer that rebuilds its keys only when they change.

Textual's Footer recomposes (unmounts and mounts a widget per key) whenever the screen's
bindings may have changed, which on the table is after nearly every key press and costs
more than the rest of the repaint. This one remembers what it shows and skips the rebuild
when the active bindings are the same.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.widgets import Footer


class SteadyFooter(Footer):
    """``moves``: actions whose keys get the class ``-move`` (a screen may hide them where
    another widget lists them already)."""

    def __init__(self, *args: Any, moves: frozenset[str] = frozenset(), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._shown: tuple | None = None
        self.moves = moves

    def _signature(self) -> tuple | None:
        try:
            active = self.screen.active_bindings
        except Exception:  # not on a screen yet
            return None
        # Only the keys it shows: moving the focus changes the hidden ones (a card's arrows
        # and Enter), and that must not rebuild the footer.
        keys = tuple((b.key, b.action, b.description, b.key_display, b.group, enabled, tooltip)
                     for _node, b, enabled, tooltip in active.values() if b.show)
        return (self._bindings_ready, self.compact, self.show_command_palette, keys)

    def compose(self) -> ComposeResult:
        self._shown = self._signature()
        for widget in super().compose():
            if getattr(widget, "action", None) in self.moves:  # a key (not a group of keys)
                widget.add_class("-move")
            yield widget

    async def recompose(self) -> None:
        if self._shown is not None and self.is_attached and self._signature() == self._shown:
            return
        await super().recompose()
