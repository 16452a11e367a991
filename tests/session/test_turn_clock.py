"""The turn timer: time spent only while a seat's clock runs, a full turn's time each turn, and
the seats whose time has run out (driven by a fake clock: no test waits)."""

from __future__ import annotations

import pytest

from shards_tui.session.turn_clock import TurnClock


class FakeTime:
    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


def test_time_is_spent_only_by_the_seats_whose_clock_runs():
    now = FakeTime()
    clock = TurnClock(60, now)
    clock.update(1, [0])
    now.t += 20
    assert (clock.remaining(0), clock.remaining(1)) == (40, 60)
    clock.update(1, [1])  # a Response window: the opponent's clock runs, the active player's waits
    now.t += 15
    assert (clock.remaining(0), clock.remaining(1)) == (40, 45)
    clock.update(1, [0])
    now.t += 39.5
    assert clock.remaining(0) == 1 and clock.expired() == []
    now.t += 0.5
    assert clock.remaining(0) == 0 and clock.expired() == [0]


def test_a_new_turn_gives_every_seat_its_full_time_again():
    now = FakeTime()
    clock = TurnClock(30, now)
    clock.update(4, [0, 1])  # both decide at once (a mulligan)
    now.t += 31
    assert clock.expired() == [0, 1]
    clock.update(5, [1])
    assert clock.remaining(0) == 30 and clock.remaining(1) == 30 and clock.running == (1,)


def test_a_clock_needs_seconds():
    with pytest.raises(ValueError):
        TurnClock(0)


def test_any_hashable_turn_starts_a_new_turn_s_time():
    now = FakeTime()
    clock = TurnClock(15, now)
    clock.update((1, 0, True), [0, 1])  # the opening hands, decided at once
    now.t += 15
    clock.update((1, 0, False), [0])  # the first turn, same number: its time is whole
    assert clock.remaining(0) == 15 and clock.expired() == []
