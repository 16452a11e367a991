"""The short CI version of benchmarks/fuzz.py: 200 random games for every game, variant and
player count, 50 for each pair of combined variants (SHARDS_FUZZ_GAMES changes the 200), no
errors allowed."""

from __future__ import annotations

import os

import pytest

from benchmarks.fuzz import SAVE_EVERY, play_one, runs
from shards_tui.core.registry import games

GAMES = int(os.environ.get("SHARDS_FUZZ_GAMES", "200"))
RUNS = list(runs([g.id for g in games()], None))


@pytest.mark.parametrize("info,variant,extra,players", RUNS,
                         ids=[f"{i.id}-{v}-{n}p" for i, v, _, n in RUNS])
def test_random_games_end_without_errors(info, variant, extra, players):
    errors = []
    for g in range(GAMES if "+" not in variant else max(1, GAMES // 4)):
        moves, error = play_one(info, extra, players, 10_000 + g, check_save=g % SAVE_EVERY == 0)
        assert moves > 0
        if error:
            errors.append(f"seed {10_000 + g}, move {moves}: {error}")
    assert not errors, errors[:5]


def test_a_broken_rule_is_reported_not_raised(monkeypatch):
    info, _variant, extra, players = RUNS[0]

    def broken(self, state, command):
        raise RuntimeError("boom")

    monkeypatch.setattr(info.controller, "execute", broken)
    moves, error = play_one(info, extra, players, 1, check_save=False)
    assert moves == 0 and error and "boom" in error
