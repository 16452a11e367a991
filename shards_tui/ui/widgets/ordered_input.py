"""A text field whose editing keys take effect in the order they were typed.

Textual inserts a typed letter as soon as the field gets the key, but carries out the field's
own key bindings (backspace, ctrl+u, the arrows, Enter) only after the key has bubbled up to the
app. When keys arrive together (a paste, keys queued while the app was busy, a line over SSH)
the letters behind such a key were already in the field by then: ctrl+u erased the word typed
after it and backspace the wrong letter. ``OrderedInput`` runs its own bindings as the keys come.

``focus_now(widget)``: the same for a key that moves the focus to a field ('/' to search):
``Widget.focus()`` takes effect only after the keys already queued, so the word typed in the
same burst went to the widget that had the focus (where a letter may be a key of the screen).
"""

from __future__ import annotations

from textual import events
from textual.widget import Widget

from shards_tui.ui.textual_compat.keys import KeyFirstInput, bindings_for_key


def focus_now(widget: Widget) -> None:
    """Give ``widget`` the focus before the next key queued is handled."""
    widget.screen.set_focus(widget)


class OrderedInput(KeyFirstInput):
    async def key_first(self, event: events.Key) -> bool:
        if not event.is_printable:
            for binding in bindings_for_key(self, event.key):
                if binding.priority:  # (the app has run those already, as the key arrived)
                    continue
                event.stop()
                event.prevent_default()
                await self.run_action(binding.action)
                return True
        return False
