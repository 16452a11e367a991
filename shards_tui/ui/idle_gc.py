"""Garbage collection in the pauses between keys, for a process that runs one app.

Drawing a frame makes tens of thousands of short-lived objects, so Python's automatic
collector ran during keys: a young collection most keys (about 1 ms) and, every ten or so, a
middle one of 5-12 ms, which set the slowest keys' latency. ``IdleCollector`` turns automatic
collection off and collects on a timer instead, once no key has come for ``QUIET`` seconds:
the young generations when ``YOUNG`` objects have piled up, everything once a minute. However
busy the app is, ``LIMIT`` objects are never left waiting.

Start-up makes about 90,000 lasting objects (Textual, the rules models, the first screens) and
under a thousand garbage ones, so the ``shards-tui`` command does not collect while it starts
(cli ``main``, about 35 ms saved) and ``start`` freezes what there is without collecting it (a
collection would take about 40 ms to free a few kilobytes).

Only the ``shards-tui`` command uses it (the collector is process-wide; the SSH server runs
many apps in one process and keeps Python's own).
"""

from __future__ import annotations

import gc
import time
from typing import Callable


class IdleCollector:
    TICK = 0.1  # seconds between checks
    QUIET = 0.15  # seconds without a key before collecting
    YOUNG = 10_000  # objects waiting before a young collection is worth making
    LIMIT = 100_000  # collect at this many, keys or not (about ten keys' worth)
    FULL_EVERY = 60.0  # seconds between full collections (made in a pause too)

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.last_input = self.last_full = clock()
        self.collections = 0

    def start(self) -> None:
        """Take over from the automatic collector. The objects made so far (modules, styles,
        the first screens) stay out of every later collection."""
        gc.freeze()
        gc.disable()

    def stop(self) -> None:
        gc.enable()

    def input_seen(self) -> None:
        self.last_input = self.clock()

    def tick(self) -> None:
        now = self.clock()
        waiting = gc.get_count()[0]
        quiet = now - self.last_input >= self.QUIET
        if quiet and now - self.last_full >= self.FULL_EVERY:
            gc.collect()
            self.last_full = now
        elif (quiet and waiting >= self.YOUNG) or waiting >= self.LIMIT:
            gc.collect(1)
        else:
            return
        self.collections += 1
