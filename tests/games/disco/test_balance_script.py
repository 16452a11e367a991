"""benchmarks/disco_balance.py runs (at a tiny size: its figures are read in docs/, never
asserted here), and its long random run of 10,000 games is a marked slow test. (The suite's
200 random Disco games are played by tests/fuzz/test_fuzz_run.py, as for every game.)"""

from __future__ import annotations

import pytest

from benchmarks import disco_balance


def test_the_balance_script_prints_its_tables(capsys):
    assert disco_balance.main(["--games", "1", "--search-games", "2", "--greedy-games", "2",
                               "--random-games", "4", "--search-iterations", "3",
                               "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "| faction | games | win % |" in out and "| felicity vs frankie | 1 |" in out
    assert "| search vs greedy | 2 |" in out and "| greedy vs random | 2 |" in out
    assert "| errors | 0 |" in out and "validated transition, mean processor time" in out
    assert "processor time mean" in out  # of the search moves


@pytest.mark.slow
def test_ten_thousand_random_games_end_without_errors():
    lines = disco_balance.randoms(10_000, 1, jobs=2)
    assert "| errors | 0 |" in lines, lines
