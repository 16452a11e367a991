"""benchmarks/adventure_balance.py runs at a tiny size, so that it never rots (its figures come
from a long run and are read in docs/infinities_adventure.md, never asserted here)."""

from __future__ import annotations

from benchmarks import adventure_balance


def test_the_adventure_balance_benchmark_prints_its_tables(capsys):
    assert adventure_balance.main(["--games", "1", "--jobs", "1",
                                   "--chapters", "cold_boot,the_broken_oath"]) == 0
    out = capsys.readouterr().out
    assert "DEVA's Reborn" in out and "The Oathbreaker" in out and "The Oathkeepers" in out
    assert "(nobody)" in out and "mean rounds" in out and "errors: 0" in out
