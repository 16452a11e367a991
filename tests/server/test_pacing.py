"""The input pacer on a clock of its own: how much one session's input may make its app do."""

from __future__ import annotations

import asyncio

from textual import events
from shards_tui.ui.textual_compat.keys import XTermParser, parser_waits

from shards_tui.server import pacing
from shards_tui.server.pacing import BURST, CREDIT, KEYS_PER_SECOND, MAX_SHARE, InputPacer


class Harness:
    """A pacer, a parser, a fake clock and what reached the app; ticks are run by hand."""

    def __init__(self) -> None:
        self.now = 100.0
        self.busy = 0.0  # seconds this app has used the loop
        self.theirs = 0.0  # ...and every other app
        self.parser = XTermParser()
        self.got: list[object] = []
        self.floods: list[str] = []
        self.frames = 0  # what the app has drawn: each event handed over is drawn at once
        self.too_big: list[tuple[int, int]] = []
        self.pacer = InputPacer(self.parser.feed, self.parser.tick,
                                lambda: parser_waits(self.parser), self.handed,
                                self.floods.append, busy=lambda: self.busy,
                                all_busy=lambda: self.busy + self.theirs, clock=lambda: self.now,
                                frames=lambda: self.frames,
                                too_big=lambda w, h: self.too_big.append((w, h)))

    def handed(self, message: object) -> None:
        self.got.append(message)
        self.frames += 1

    def tick(self, seconds: float = 0.0) -> None:
        self.now += seconds
        if self.pacer._handle is not None:
            self.pacer._handle.cancel()
            self.pacer._handle = None
        self.pacer._tick()

    def keys(self) -> str:
        return "".join(e.character or "" for e in self.got if isinstance(e, events.Key))


async def test_a_flood_of_keys_reaches_the_app_at_the_pace_and_in_order() -> None:
    h = Harness()
    text = "abcdefghij" * 500  # 5,000 keys in one read
    h.pacer.feed(text)
    h.tick()
    assert h.pacer.delivered == BURST  # at once: a burst, not 5,000
    for _ in range(60):  # one second
        h.tick(1 / 60)
    assert h.pacer.delivered <= BURST + KEYS_PER_SECOND + 1
    assert h.keys() == text[:len(h.keys())]  # in the order typed
    assert not h.floods


async def test_a_paste_is_one_event_and_far_too_much_input_is_a_flood() -> None:
    h = Harness()
    h.pacer.feed("\x1b[200~" + "x" * 30_000 + "\x1b[201~")
    for _ in range(600):
        h.tick(1 / 60)
        if h.got:
            break
    assert [type(e) for e in h.got] == [events.Paste] and len(h.got[0].text) == 30_000
    h.pacer.feed("y" * (pacing.MAX_WAITING + 1))
    assert h.floods == ["more input than a player can send (a huge paste?)"]
    h.pacer.feed("z")
    h.tick(1)
    assert len(h.got) == 1 and len(h.floods) == 1  # closed: nothing more, said once


async def test_an_app_that_used_its_credit_waits_for_its_share_while_others_play() -> None:
    h = Harness()
    h.theirs = 0.5  # others are using the loop too
    h.tick()
    h.theirs, h.busy = 1.0, CREDIT + 1.0  # a key opened something that took CREDIT + 1 s
    h.pacer.feed("abc")
    h.tick()
    assert h.pacer.delivered == 0  # its input waits...
    for _ in range(9):
        h.theirs += 0.05  # (the others keep playing)
        h.tick(0.1 / MAX_SHARE)
    assert h.pacer.delivered == 0
    h.theirs += 0.05
    h.tick(0.2 / MAX_SHARE)  # ...until a second of credit has been earned back at its share
    assert h.keys() == "abc"


async def test_an_app_alone_on_the_loop_may_use_all_of_it() -> None:
    h = Harness()
    h.busy = 10 * CREDIT  # expensive, but nobody else wants the loop
    h.pacer.feed("abc")
    h.tick()
    assert h.keys() == "abc" and h.pacer.credit == 0.0  # and it owes nothing for it later


async def test_mouse_moves_are_merged_and_resizes_too() -> None:
    h = Harness()
    moves = "".join(f"\x1b[<35;{x};5M" for x in range(1, 200))
    h.pacer.feed(moves + "\x1b[<0;7;5M")  # 199 moves, then a click
    for _ in range(120):
        h.tick(1 / 60)
    kinds = [type(e).__name__ for e in h.got]
    assert kinds.count("MouseMove") < 20 and kinds[-1] == "MouseDown"
    for width in range(50, 150):
        h.pacer.resize(width, 40)
        h.tick(0.001)
    for _ in range(30):
        h.tick(1 / 60)
    sizes = [e.size.width for e in h.got if isinstance(e, events.Resize)]
    assert len(sizes) <= 3 and sizes[-1] == 149  # few, and the last one always


async def test_a_lone_escape_arrives_once_its_sequence_timed_out() -> None:
    h = Harness()
    h.pacer.feed("\x1b")
    h.tick()
    assert not h.got and h.pacer._handle is not None  # it keeps ticking while the Esc waits
    await asyncio.sleep(0.3)  # (the parser's own timeout, on the real clock)
    h.tick(1 / 60)
    assert [e.key for e in h.got if isinstance(e, events.Key)] == ["escape"]


def _sizes(h: Harness) -> list[tuple[int, int]]:
    return [(e.size.width, e.size.height) for e in h.got if isinstance(e, events.Resize)]


async def test_focus_reports_use_up_the_pace_and_only_a_change_reaches_the_app() -> None:
    h = Harness()
    h.pacer.feed("\x1b[O\x1b[I" * 2_000)  # out, in: 4,000 reports in one read
    for _ in range(60):  # one second
        h.tick(1 / 60)
    focus = [e for e in h.got if isinstance(e, (events.AppFocus, events.AppBlur))]
    assert len(focus) <= BURST + KEYS_PER_SECOND + 1  # the pace, like keys
    assert all(type(a) is not type(b) for a, b in zip(focus, focus[1:]))  # each one a change
    for _ in range(600):
        h.tick(1 / 60)
    focus = [e for e in h.got if isinstance(e, (events.AppFocus, events.AppBlur))]
    assert not focus or isinstance(focus[-1], events.AppFocus)  # the last report holds
    h.pacer.feed("\x1b[I" * 500 + "k")  # focus-in while focused: nothing to tell the app
    before = len(h.got)
    for _ in range(60):
        h.tick(1 / 60)
    assert [type(e) for e in h.got[before:]] == [events.Key]
    assert h.pacer.delivered <= len(h.got)


async def test_a_size_beyond_the_maximum_is_cut_and_said_whatever_its_source() -> None:
    h = Harness()
    h.pacer.resize(2000, 1000)
    h.tick()
    h.pacer.feed("\x1b[48;3000;6000;0;0t")  # the same, as a size report in the input
    for _ in range(120):
        h.tick(1 / 60)
    assert _sizes(h) == [pacing.MAX_SIZE]  # (the second asked for the size it already has)
    assert h.too_big == [(2000, 1000), (6000, 3000)]  # (the driver says it once)
    h.pacer.feed("\x1b[48;40;120;0;0t")
    for _ in range(120):
        h.tick(1 / 60)
    assert _sizes(h)[-1] == (120, 40)


async def test_every_resize_goes_through_one_limiter_and_the_newest_replaces_a_waiting_one() -> None:
    h = Harness()
    h.frames = 0
    h.handed = h.got.append  # type: ignore[method-assign]  (this app draws only when told)
    h.pacer._deliver = h.got.append
    for i in range(90):  # sizes, alternating, from both sources, for most of a second
        if i % 2:
            h.pacer.resize(100 + i % 4, 40)
        else:
            h.pacer.feed(f"\x1b[48;40;{100 + i % 4};0;0t")
        h.tick(0.01)
    assert len(_sizes(h)) == 1  # the app has not drawn the first: nothing more reached it
    h.frames += 1  # now it has
    h.pacer.resize(130, 50)
    for _ in range(30):
        h.tick(1 / 60)
    assert _sizes(h) == [(100, 40), (130, 50)]  # the newest, not the ones in between
    h.frames += 1
    started, count = h.now, len(_sizes(h))
    for i in range(300):  # three seconds of a storm, each drawn at once
        h.pacer.resize(90 + i % 2, 30)
        h.tick(0.01)
        h.frames += 1
    assert len(_sizes(h)) - count <= 1 + (h.now - started) * pacing.RESIZES_PER_SECOND
