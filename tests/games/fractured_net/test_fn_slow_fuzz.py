"""The long random-play run: 10,000 games of The Fractured Net (a third with random legal
decks), validated at every move, without one error. Marked slow and skipped unless asked for:

    SHARDS_SLOW=1 python -m pytest -m slow tests/games/fractured_net/test_fn_slow_fuzz.py

The default suite plays 200 such games (tests/fuzz/test_fuzz_run.py)."""

from __future__ import annotations

import os

import pytest

from benchmarks.fractured_net_balance import fuzz_part

GAMES = int(os.environ.get("SHARDS_SLOW_GAMES", "10000"))


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("SHARDS_SLOW"), reason="10,000 games: set SHARDS_SLOW=1")
def test_ten_thousand_random_games_end_without_errors():
    result = fuzz_part(GAMES, seed=1)
    assert result["error_count"] == 0, result["errors"][:5]
