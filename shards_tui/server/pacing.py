"""One session's input, handed to its app at a bounded pace, so that no session can take more
than its share of the event loop every session's app runs on.

What a client sends is decoded and kept. On each tick the session may spend at most
``PARSE_BUDGET`` seconds turning it into Textual events, and its app is handed at most
``KEYS_PER_SECOND`` events a second (keys, clicks, pastes, focus reports: every event counts;
``BURST`` at once after a pause; a person types 10 to 15 a second; a held key, which repeats
25 to 30 times, moves a little slower). And while other sessions need the loop too, none at
all while the app has used up its credit of the loop's time: ``CREDIT`` seconds at most,
earned back at ``MAX_SHARE`` of a second each second (``loop.py`` measures what each app
uses: a key that opens the rules costs far more than one typed into a box). A session alone
on the loop may use all of it. What comes faster waits its turn (mouse movements are merged,
the newest kept; focus reports too, and one that changes nothing is dropped), and a session
with more than ``MAX_WAITING`` characters waiting is closed as a flood.

A new window size, whether the client's window-change request or a size report typed in the
input (``ESC [ 48 ; h ; w ; ... t``), goes through one limiter: it is cut to ``MAX_SIZE``,
kept in one place (a newer size replaces one the app has not been handed yet, never queues
behind it), and handed on only once the app has drawn the last one, at most
``RESIZES_PER_SECOND`` a second, while others use the loop no sooner than the last one's cost
allows (``RESIZE_SHARE`` of the loop: a redraw of 100 ms, one every 2.5 s) and, like input, not
while the app is over its credit.

Together with the length limit of every input box this bounds what one session can make the
server do in a second, whatever it sends; ``benchmarks/ssh.py`` measures what it costs the
others.
"""

from __future__ import annotations

import asyncio
import contextvars
import math
import time
from collections import deque
from typing import Callable, Iterable

from textual import events
from textual.geometry import Size
from textual.message import Message

from shards_tui.core.untrusted import printable

KEYS_PER_SECOND = 20  # keys, clicks and pastes handed to one session's app a second
MAX_SHARE = 0.25  # of the loop's time one session's app may use, over time
CREDIT = 4.0  # seconds of the loop's time it may use at once (a new screen, a new game)
SHARED = 0.02  # seconds the others used over about the last second: then the loop is shared
BURST = 10  # handed over at once after a pause (a line typed ahead arrives in one read)
PARSE_BUDGET = 0.002  # seconds of parsing per session per tick
TICK = 1 / 60  # seconds between deliveries while input waits
MAX_WAITING = 64 * 1024  # characters waiting to be parsed: more is a flood
RESIZES_PER_SECOND = 4  # window sizes handed to one session's app a second, at most
RESIZE_SHARE = 0.04  # of the loop's time one session's resizes may use while others play
DRAW_WAIT = 1.0  # seconds a resize waits for the app to draw the last one, at most
MAX_SIZE = (400, 200)  # columns and rows a session's app is given, at most
SLICE = 32  # characters parsed at a time (a plain key costs the parser about 35 us)
FOCUS = (events.AppFocus, events.AppBlur)


def clamp_size(width: int, height: int) -> tuple[int, int]:
    """A terminal size the app may be given: at least 1x1, at most ``MAX_SIZE``."""
    return (min(MAX_SIZE[0], max(1, int(width or 1))), min(MAX_SIZE[1], max(1, int(height or 1))))


class InputPacer:
    """Takes a session's decoded input with ``feed``; calls ``deliver`` with each event when
    its turn comes, and ``flood`` (once) if the session sends far more than it may.
    ``frames()`` counts the frames the app has written (a resize is drawn once it grows), and
    ``too_big(width, height)`` hears of each size asked for beyond ``MAX_SIZE``."""

    def __init__(self, parse: Callable[[str], Iterable[Message]],
                 timeouts: Callable[[], Iterable[Message]], waiting: Callable[[], bool],
                 deliver: Callable[[Message], None], flood: Callable[[str], None],
                 busy: Callable[[], float] = lambda: 0.0,
                 all_busy: Callable[[], float] = lambda: 0.0,
                 clock: Callable[[], float] = time.monotonic,
                 frames: Callable[[], int] = lambda: 0,
                 too_big: Callable[[int, int], None] = lambda _w, _h: None) -> None:
        self._parse = parse  # the key parser's feed
        self._timeouts = timeouts  # what the parser delivers when a lone Esc times out
        self._waiting = waiting  # whether the parser waits for such a timeout
        self._deliver = deliver
        self._flood = flood
        self._clock = clock
        self._busy = busy  # seconds of the loop the app has used so far
        self._all_busy = all_busy  # ...and every app together
        self._busy_seen = 0.0
        self._all_seen = all_busy()
        self.credit = CREDIT  # seconds of the loop's time the app may still use
        self.others = 0.0  # seconds the other apps used, lately (decaying over a second)
        # Ticks run in the context this pacer was made in (its app's), so that the loop
        # counts their parsing as that app's time.
        self._context = contextvars.copy_context()
        self._text: deque[str] = deque()
        self._text_size = 0
        self._events: deque[Message] = deque()
        self._tokens = float(BURST)
        self._last = clock()
        self._handle: asyncio.Handle | None = None
        self._frames = frames
        self._too_big = too_big
        self._resize: tuple[int, int] | None = None  # the newest size not handed on yet
        self.size: tuple[int, int] | None = None  # the size the app was given last
        self._resized_at = -math.inf  # when the last one was handed on...
        self._resized_busy = 0.0  # ...the app's loop time then...
        self._resized_frames = 0  # ...and its frames written then
        self._drawn_cost: float | None = 0.0  # what drawing the last one cost (None: not drawn)
        self._focus: Message | None = None  # the newest focus report not handed on yet
        self._focused = True  # what the app was last told (it starts focused)
        self.closed = False
        self.delivered = 0  # events handed to the app so far (keys, clicks, pastes, focus)
        self.resizes = 0  # sizes handed to the app so far

    # ---- what comes in --------------------------------------------------------------------

    def feed(self, text: str) -> None:
        if self.closed or not text:
            return
        if self._text_size + len(text) > MAX_WAITING:
            self.close()
            self._flood("more input than a player can send (a huge paste?)")
            return
        self._text.append(text)
        self._text_size += len(text)
        self._soon()

    def resize(self, width: int, height: int) -> None:
        """A new window size (from any source): cut to ``MAX_SIZE``, and handed on when its
        turn comes, replacing any size still waiting."""
        size = clamp_size(width, height)
        if size != (max(1, width), max(1, height)):
            self._too_big(width, height)
        self._resize = size
        self._soon()

    def close(self) -> None:
        self.closed = True
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None
        self._text.clear()
        self._events.clear()

    # ---- the ticks ---------------------------------------------------------------------------

    def _soon(self, delay: float = 0.0) -> None:
        if self._handle is None and not self.closed:
            loop = asyncio.get_running_loop()
            self._handle = (loop.call_soon(self._tick, context=self._context) if delay <= 0
                            else loop.call_later(delay, self._tick, context=self._context))

    def _tick(self) -> None:
        self._handle = None
        if self.closed:
            return
        now = self._clock()
        self._tokens = min(float(BURST), self._tokens + (now - self._last) * KEYS_PER_SECOND)
        self._count_loop_time(now)
        self._parse_some(now)
        if self.credit > 0 or not self.shared():  # (else its input waits for its credit)
            self._hand_over()
            self._resize_if_due(now)
        if (self._text or self._events or self._waiting() or self._resize is not None
                or self._focus is not None):
            self._soon(TICK)

    def shared(self) -> bool:
        """Whether other sessions have used the loop lately."""
        return self.others > SHARED

    def _count_loop_time(self, now: float) -> None:
        busy, every = self._busy(), self._all_busy()
        mine, elapsed = busy - self._busy_seen, now - self._last
        self.others = self.others * math.exp(-elapsed) + max(0.0, every - self._all_seen - mine)
        self.credit = min(CREDIT, self.credit + elapsed * MAX_SHARE) - mine
        if not self.shared():
            self.credit = max(self.credit, 0.0)  # alone, it owes nobody
        self._busy_seen, self._all_seen, self._last = busy, every, now

    def _parse_some(self, started: float) -> None:
        """Turn waiting text into events, for at most PARSE_BUDGET seconds, and no further
        than the app can be handed soon (the rest of a flood stays text, which is cheap)."""
        try:
            while self._text and len(self._events) < 2 * BURST:
                for message in self._parse(self._take(SLICE)):
                    if isinstance(message, events.Paste):  # never an escape into a text field
                        message = events.Paste(printable(message.text, keep="\n\t"))
                    if isinstance(message, events.Resize):  # a size report typed in the input
                        self.resize(message.size.width, message.size.height)
                    elif isinstance(message, FOCUS):
                        self._focus = message  # the last one says where the focus is
                    else:
                        self._events.append(message)
                if self._clock() - started > PARSE_BUDGET:
                    return
            if not self._text and self._waiting():
                self._events.extend(self._timeouts())
        except Exception as exc:  # the parser gave up on this stream: this connection only
            self.close()
            self._flood(f"unreadable input ({type(exc).__name__})")

    def _take(self, size: int) -> str:
        head = self._text.popleft()
        if len(head) > size:
            self._text.appendleft(head[size:])
            head = head[:size]
        self._text_size -= len(head)
        return head

    def _hand_over(self) -> None:
        waiting = self._events
        while waiting:
            message = waiting[0]
            if isinstance(message, events.MouseMove) and len(waiting) > 1 \
                    and isinstance(waiting[1], events.MouseMove):
                waiting.popleft()  # a newer position follows: this one is old news
                continue
            if self._tokens < 1:
                return
            waiting.popleft()
            self._tokens -= 1
            self.delivered += 1
            self._deliver(message)
            if self.closed:
                return
        focus = self._focus
        if focus is not None and self._tokens >= 1:
            self._focus = None
            if isinstance(focus, events.AppFocus) != self._focused:  # (else: nothing changes)
                self._focused = not self._focused
                self._tokens -= 1
                self.delivered += 1
                self._deliver(focus)

    def _resize_if_due(self, now: float) -> None:
        """Hand on the waiting size if its turn has come: the app has drawn the last one (or
        took too long to), enough time has passed for the pace, and for the last one's cost."""
        since = now - self._resized_at
        if self._drawn_cost is None:
            if self._frames() > self._resized_frames or since >= DRAW_WAIT:
                self._drawn_cost = self._busy() - self._resized_busy
        if self._resize == self.size:
            self._resize = None  # (back to the size the app has: nothing to do)
        if self._resize is None or self._drawn_cost is None:
            return
        spacing = self._drawn_cost / RESIZE_SHARE if self.shared() else 0.0
        if since < max(1 / RESIZES_PER_SECOND, spacing):
            return  # a later tick hands on the newest size
        self.size, self._resize = self._resize, None
        size = Size(*self.size)
        self._resized_at, self._resized_busy = now, self._busy()
        self._resized_frames, self._drawn_cost = self._frames(), None
        self.resizes += 1
        self._deliver(events.Resize(size, size))
