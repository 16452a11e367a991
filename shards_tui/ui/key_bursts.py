"""Keys that arrive together stay on the screen the first of them met.

A terminal delivers a paste, a line sent at once over SSH, or keys typed while the app was busy
in one read: their events are made microseconds apart, while a person's keys are tens of
milliseconds apart. When such a burst changes the screen halfway (an Enter that opens a table
or waves a hand-off away, a command that ends a turn and brings up the next player's cover),
the rest of it was typed at the screen before: on the new one it would be taken as keys of the
next player or of a table not yet seen (an 'a' plays a whole hand). Those keys are dropped.
``key_in_burst`` tells a screen that the key being handled came with others (a hand-off cover
counts only a key of its own, not a space inside a typed sentence). A pop-up whose
``continues_burst`` is true takes the rest of a burst that opened it over the burst's screen
(':help' and a command typed on at once: the command list hands the typing to the command line).

``enter_series_began`` is when the series of Enters the key being handled belongs to began
(Enters each less than ``ENTER_SERIES_GAP`` after the one before, nothing between them): a
table takes no Enter of a series begun before the player's turn did (an Enter pressed twice
on a question or a cover must not play the card the turn's cursor has just landed on).
"""

from __future__ import annotations

from textual import events
from textual.screen import Screen


class KeyBursts:
    BURST_GAP = 0.01  # seconds between two keys of one burst (a person types far slower)
    ENTER_SERIES_GAP = 0.4  # seconds between two Enters of one series (a double press)
    key_in_burst = False
    enter_series_began: float | None = None  # (None: the key is not an Enter)
    enter_series_screen: Screen | None = None  # the screen the series began on
    _last_enter: float | None = None
    _burst_time = float("-inf")
    _burst_screen: Screen | None = None

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and not event.is_forwarded and self.stray_key(event):
            return
        await super().on_event(event)  # type: ignore[misc]

    def continue_burst_on(self, screen: Screen) -> None:
        """The rest of the burst under way belongs to ``screen`` (a pop-up that hands the
        typing to a field of the screen beneath it)."""
        self._burst_screen = screen

    def stray_key(self, key: events.Key) -> bool:
        """True for a key of a burst that began on another screen: drop it."""
        screen = self.screen  # type: ignore[attr-defined]
        if key.key != "enter":
            self.enter_series_began = self._last_enter = None
        else:
            if self._last_enter is None or key.time - self._last_enter >= self.ENTER_SERIES_GAP:
                self.enter_series_began = key.time
                self.enter_series_screen = screen
            self._last_enter = key.time
        self.key_in_burst = key.time - self._burst_time < self.BURST_GAP
        self._burst_time = key.time
        if not self.key_in_burst:
            self._burst_screen = screen
        if self._burst_screen is not screen and getattr(screen, "continues_burst", False) \
                and self._burst_screen in self.screen_stack:  # type: ignore[attr-defined]
            return False  # a pop-up the burst opened over its screen, and typed on to
        return self._burst_screen is not screen
