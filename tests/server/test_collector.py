"""The server's full garbage collections wait for a quiet moment (every session's key waits
while one runs: 135-340 ms were measured while a login opened sessions over and over), and
come at the latest after a while, quiet or not. On a clock of its own, counting collections."""

from __future__ import annotations

import gc

from shards_tui.server import collector
from shards_tui.server.collector import NEVER, QuietCollector


def test_full_collections_wait_for_a_quiet_moment(monkeypatch) -> None:
    made: list[int] = []
    monkeypatch.setattr(collector.gc, "collect", lambda *g: made.append(1) or 0)
    now, typed = [0.0], [0.0]
    quiet = QuietCollector(lambda: typed[0], clock=lambda: now[0])
    before = gc.get_threshold()
    quiet.start()
    try:
        assert gc.get_threshold()[2] == NEVER  # Python makes no full collection itself
        for _ in range(int(QuietCollector.EVERY / 0.25)):  # a minute of steady typing
            now[0] += 0.25
            typed[0] = now[0]
            quiet.tick()
        assert made == []  # not while keys come
        now[0] += QuietCollector.QUIET + 0.01  # a pause
        assert quiet.tick() and len(made) == 1
        while now[0] < QuietCollector.AT_MOST + 70:  # typing that never pauses
            now[0] += 0.25
            typed[0] = now[0]
            quiet.tick()
        assert len(made) == 2  # at the latest after AT_MOST seconds
    finally:
        quiet.stop()
    assert gc.get_threshold() == before
