"""benchmarks/fractured_net_stops.py at a tiny size, so that it never rots (the figures come
from a longer run: docs/benchmarks.md)."""

from __future__ import annotations

from benchmarks.fractured_net_stops import main, measure


def test_the_stops_benchmark_runs_and_forced_moves_save_hand_offs(capsys):
    assert main(["--games", "1", "--seed", "3"]) == 0
    printed = capsys.readouterr().out
    assert "every window asks" in printed and "hand-offs" in printed
    rows = dict(measure(1, 3))
    before, after = rows["every window asks"], rows["forced moves played"]
    assert before["turns"] == after["turns"] and after["handoffs"] < before["handoffs"]
