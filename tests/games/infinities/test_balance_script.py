"""benchmarks/infinities_balance.py runs at a tiny size (its figures are read in
docs/infinities_balance.md, never asserted here)."""

from __future__ import annotations

from benchmarks import infinities_balance
from shards_tui.games.infinities.content import content


def test_the_balance_script_prints_its_tables(capsys):
    assert infinities_balance.main(["--leader-games", "2", "--faction-games", "2", "--search-games", "1",
                                    "--greedy-games", "1", "--transitions", "20",
                                    "--search-iterations", "2", "--coverage-games", "1", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "| leader | faction | games | win % | SE | target 15-35% |" in out
    assert "| faction | games | win % | SE | target 40-60% |" in out
    assert "first in round 1's turn order" in out and "rounds" in out
    for match in ("| search vs greedy | 2 | 1 |", "| greedy vs random | 2 | 1 |",
                  "| 2 greedy vs 2 random | 4 | 1 |", "| 1 greedy vs 3 random | 4 | 1 |"):
        assert match in out
    assert "search moves:" in out and "floor: validating the whole state alone" in out
    c = content()
    assert f"| cards that entered play | {len(c.cards)} |" in out
    assert f"| Roles completed | {len(c.roles)} |" in out and f"| tiles placed | {len(c.tiles)} |" in out
    assert out.count("errors: 0") == 3
