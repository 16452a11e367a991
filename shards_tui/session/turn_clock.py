"""A turn timer for any game that has one: each seat's time for a turn, spent only while that
seat's clock runs (while it may act), and the seats whose time has run out.

The clock does not act on the game: the ``Session`` that owns it (``session.tick``) calls
``update`` with the turn (``controller.clock_turn()``: anything hashable that changes when a new
turn's time begins; for The Fractured Net the turn number, the active seat and whether the
opening hands are being decided) and the seats whose clock runs (``controller.clock_seats()``)
after every move and on a steady tick, and sends the game's timeout move for each seat
``expired`` names. Time comes from ``now`` (a
monotonic clock by default), so tests drive it with a fake one and never wait.
"""

from __future__ import annotations

import time
from typing import Callable, Hashable, Iterable


class TurnClock:
    def __init__(self, seconds: int, now: Callable[[], float] = time.monotonic) -> None:
        if seconds <= 0:
            raise ValueError("A turn timer needs a positive number of seconds.")
        self.seconds = seconds
        self._now = now
        self._turn: Hashable = None
        self._left: dict[int, float] = {}  # this turn's time left, per seat
        self._running: tuple[int, ...] = ()
        self._since = now()

    def _charge(self) -> None:
        now = self._now()
        spent = max(0.0, now - self._since)
        for seat in self._running:
            self._left[seat] = max(0.0, self._left.get(seat, float(self.seconds)) - spent)
        self._since = now

    def update(self, turn: Hashable, running: Iterable[int]) -> None:
        """The game now stands at ``turn`` with these seats' clocks running: charge the time
        since the last update to the seats that were running, and give every seat a full turn's
        time when the turn changes."""
        self._charge()
        if turn != self._turn:
            self._turn = turn
            self._left = {}
        self._running = tuple(running)

    def remaining(self, seat: int) -> int:
        """Whole seconds left for ``seat`` this turn (rounded up, so 0 means run out)."""
        self._charge()
        left = self._left.get(seat, float(self.seconds))
        return int(-(-left // 1))

    def expired(self) -> list[int]:
        """The running seats whose time has run out."""
        return [s for s in self._running if self.remaining(s) <= 0]

    @property
    def running(self) -> tuple[int, ...]:
        return self._running
