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
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._shown: tuple | None = None

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
        yield from super().compose()

    async def recompose(self) -> None:
        if self._shown is not None and self.is_attached and self._signature() == self._shown:
            return
        await super().recompose()
