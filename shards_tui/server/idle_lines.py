"""Idle terminals drop their drawn lines: the server's memory goes to the seats in play.

Every app keeps each line it drew, in several copies (each widget's lines with their borders
and styles, cropped, styled and recoloured for the terminal), so that the next frame draws
only what changed. A seat that waits for hours for its turn, or a spectator who walked away,
kept them all. ``IdleLines`` looks at every session each ``TICK`` seconds; one that has had
no input and no frame for ``AFTER`` seconds has its app's ``forget_drawn_lines()`` called
once (until it draws again). Its next frame draws what changed as before, and the lines
around it again from the widgets (a few milliseconds, once).
"""

from __future__ import annotations

import asyncio
import time
import weakref
from typing import Any, Callable, Iterable


class IdleLines:
    TICK = 5.0  # seconds between looks
    AFTER = 30.0  # seconds without input or a frame before a terminal's lines are dropped

    def __init__(self, sessions: Callable[[], Iterable[Any]],
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.sessions = sessions
        self.clock = clock
        self.dropped = 0  # how many times a terminal's lines were dropped
        # session -> ((frames, last input) when last seen changed, since when, dropped yet)
        self._seen: weakref.WeakKeyDictionary[Any, tuple[tuple[int, float], float, bool]] = \
            weakref.WeakKeyDictionary()

    def tick(self) -> int:
        """Drop the lines of the terminals idle long enough; how many."""
        now, count = self.clock(), 0
        for session in list(self.sessions()):
            driver, app = session.driver, session.app
            if driver is None or app is None or session.closed:
                continue
            mark = (driver.frames, session.last_input)
            seen = self._seen.get(session)
            if seen is None or seen[0] != mark:
                self._seen[session] = (mark, now, False)
                continue
            forget = getattr(app, "forget_drawn_lines", None)
            if not seen[2] and now - seen[1] >= self.AFTER and callable(forget):
                forget()
                self._seen[session] = (mark, seen[1], True)
                count += 1
        self.dropped += count
        return count

    async def run(self) -> None:
        """Look every ``TICK`` seconds, until cancelled."""
        while True:
            await asyncio.sleep(self.TICK)
            self.tick()
