"""benchmarks/fractured_net_balance.py at a tiny size, so that it never rots (the figures
themselves come from a long run: docs/fractured_net_balance.md)."""

from __future__ import annotations

from benchmarks.fractured_net_balance import main


def test_the_balance_benchmark_runs_at_a_tiny_size(capsys, tmp_path):
    out = tmp_path / "b.json"
    assert main(["--games", "2", "--pairings", "1", "--bot-games", "2", "--fuzz-games", "3", "--transitions", "30",
                 "--jobs", "1", "--search-iterations", "5", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    for words in ("Greedy vs greedy", "faction", "first player wins", "search vs greedy",
                  "greedy vs random", "slowest", "Random games: 3", "A validated transition"):
        assert words in printed
    assert out.exists() and "errors 0" in printed
