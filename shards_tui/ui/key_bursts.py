"""Keys that arrive together stay on the screen the first of them met.

A terminal delivers a paste, a line sent at once over SSH, or keys typed while the app was busy
in one read: their events are made microseconds apart, while a person's keys are tens of
milliseconds apart. When such a burst changes the screen halfway (an Enter that opens a table
or waves a hand-off away, a command that ends a turn and brings up the next player's cover),
the rest of it was typed at the screen before: on the new one it would be taken as keys of the
next player or of a table not yet seen (an 'a' plays a whole hand). Those keys are dropped.
``key_in_burst`` tells a screen that the key being handled came with others (a hand-off cover
counts only a key of its own, not a space inside a typed sentence).
"""

from __future__ import annotations

from textual import events
from textual.screen import Screen


class KeyBursts:
    BURST_GAP = 0.01  # seconds between two keys of one burst (a person types far slower)
    key_in_burst = False
    _burst_time = float("-inf")
    _burst_screen: Screen | None = None

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and not event.is_forwarded and self.stray_key(event):
            return
        await super().on_event(event)  # type: ignore[misc]

    def stray_key(self, key: events.Key) -> bool:
        """True for a key of a burst that began on another screen: drop it."""
        screen = self.screen  # type: ignore[attr-defined]
        self.key_in_burst = key.time - self._burst_time < self.BURST_GAP
        self._burst_time = key.time
        if not self.key_in_burst:
            self._burst_screen = screen
        return self._burst_screen is not screen
