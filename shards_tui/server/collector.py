"""Full garbage collections in the SSH server, made when the players are quiet.

Every connection's app lives in the server's one process, so Python's automatic collector
sees all of them: each new app (a connection, a screen) makes tens of thousands of objects,
and every few of those the collector ran a full collection over the whole process, 135-340 ms
in which no session's key was drawn (measured while one login opened sessions over and over).
``QuietCollector`` leaves the young and middle collections to Python (a few milliseconds) and
makes the full ones itself: once ``EVERY`` seconds have passed and no session has sent input
for ``QUIET`` seconds, and at the latest after ``AT_MOST`` seconds. (``shards-tui serve`` also
freezes what the server holds once it has started, modules and rules data, out of every
collection.)
"""

from __future__ import annotations

import asyncio
import gc
import time
from typing import Callable

NEVER = 1_000_000_000  # a threshold the automatic collector never reaches


class QuietCollector:
    TICK = 0.25  # seconds between checks
    QUIET = 0.3  # seconds without input from any session before collecting
    EVERY = 60.0  # seconds between full collections, when quiet
    AT_MOST = 300.0  # seconds without one, quiet or not

    def __init__(self, last_input: Callable[[], float],
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.last_input = last_input
        self.clock = clock
        self.last_full = clock()
        self.collections = 0
        self._threshold: tuple[int, int, int] | None = None

    def start(self) -> None:
        """Take the full collections over from Python's collector."""
        if self._threshold is None:
            young, middle, full = gc.get_threshold()
            self._threshold = (young, middle, 10 if full == NEVER else full)
            gc.set_threshold(young, middle, NEVER)

    def stop(self) -> None:
        if self._threshold is not None:
            gc.set_threshold(*self._threshold)
            self._threshold = None

    def tick(self) -> bool:
        """Collect everything if it is time; whether it did."""
        now = self.clock()
        since = now - self.last_full
        quiet = now - self.last_input() >= self.QUIET
        if since >= self.AT_MOST or (since >= self.EVERY and quiet):
            gc.collect()
            self.last_full = self.clock()
            self.collections += 1
            return True
        return False

    async def run(self) -> None:
        """Check every ``TICK`` seconds, until cancelled (then Python collects as before)."""
        self.start()
        try:
            while True:
                await asyncio.sleep(self.TICK)
                self.tick()
        finally:
            self.stop()
