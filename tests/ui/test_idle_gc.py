"""Garbage is collected between keys (the shards-tui command), never left to pile up."""

from __future__ import annotations

import gc

import pytest

from shards_tui.ui.app import ShardsApp
from shards_tui.ui.idle_gc import IdleCollector


@pytest.fixture
def collector():
    clock = [100.0]
    idle = IdleCollector(clock=lambda: clock[0])
    idle.start()
    try:
        yield idle, clock
    finally:
        idle.stop()
        gc.unfreeze()


def _litter(count: int) -> None:
    for _ in range(count):
        box: list[object] = []
        box.append(box)  # a cycle: only the collector frees it


def test_collects_in_a_pause_not_right_after_a_key(collector) -> None:
    idle, clock = collector
    assert not gc.isenabled()
    idle.input_seen()
    _litter(IdleCollector.YOUNG + 100)
    idle.tick()  # a key just came: nothing is collected yet
    assert idle.collections == 0 and gc.get_count()[0] >= IdleCollector.YOUNG
    clock[0] += IdleCollector.QUIET
    idle.tick()  # the pause: the young generations are collected
    assert idle.collections == 1 and gc.get_count()[0] < IdleCollector.YOUNG


def test_never_lets_more_than_the_limit_wait_however_busy(collector) -> None:
    idle, clock = collector
    idle.input_seen()
    _litter(IdleCollector.LIMIT + 100)
    idle.tick()
    assert idle.collections == 1 and gc.get_count()[0] < IdleCollector.YOUNG


def test_a_full_collection_once_a_minute_in_a_pause(collector, monkeypatch) -> None:
    idle, clock = collector
    made: list[tuple[int, ...]] = []
    monkeypatch.setattr(gc, "collect", lambda *generation: made.append(generation) or 0)
    clock[0] += IdleCollector.FULL_EVERY
    idle.input_seen()
    idle.tick()
    assert made == []  # busy: later
    clock[0] += IdleCollector.QUIET
    idle.tick()
    assert made == [()]  # every generation


async def test_the_app_collects_only_when_asked_and_gives_the_collector_back() -> None:
    assert gc.isenabled()
    async with ShardsApp(cursor_blink=False).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert gc.isenabled()  # tests, the SSH server: Python's own collector
    app = ShardsApp(cursor_blink=False, collect_when_idle=True)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert not gc.isenabled() and app.idle_gc is not None
            await pilot.press("down")
            assert app.idle_gc.last_input > app.idle_gc.last_full
        assert gc.isenabled()
    finally:
        gc.enable()
        gc.unfreeze()
