"""The CI version of benchmarks/fuzz.py: random legal moves to the end of games for every
game, variant and player count, no errors allowed. The default suite plays 10 games a run
(SHARDS_FUZZ_QUICK_GAMES changes it), and at least 25 for each game however few runs it has, so
that its time does not grow with every variant added. Measured with coverage on six runs
(2026-11-29): a run's first 10 games reach all but 0.2-0.7% of the rules lines its first 25
reach, except Disco's only run (2%), which is why a game with few runs keeps 25 games in all;
game 0, the one saved and loaded back, is played either way. The long run, 200 games a run and
50 for each pair of combined variants (SHARDS_FUZZ_GAMES changes the 200), is marked slow:
``python -m pytest --run-slow tests/fuzz``.

Each run plays in its own process with a 2 GiB memory cap, so a runaway game is reported as a
failed run with its seed instead of taking the whole test session down.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks.fuzz import play_one, runs
from shards_tui.core.registry import games
from tests.fuzz.game_case import contract

GAMES = int(os.environ.get("SHARDS_FUZZ_GAMES", "200"))
QUICK = int(os.environ.get("SHARDS_FUZZ_QUICK_GAMES", "10"))
PER_GAME = 25  # the default suite's least number of games for each game, over all its runs
RUNS = list(runs([g.id for g in games()], None))


def quick_games(game_id: str) -> int:
    """Games a run of this game plays in the default suite (a game's tests/games/<id>/
    conformance.py may ask for more with QUICK_FUZZ_GAMES: its issue's count)."""
    count = sum(1 for info, *_ in RUNS if info.id == game_id)
    asked = getattr(contract(game_id), "QUICK_FUZZ_GAMES", 0)
    return max(QUICK, asked, -(-PER_GAME // count))


CASES = [pytest.param(info, variant, extra, players, quick_games(info.id),
                      id=f"{info.id}-{variant}-{players}p")
         for info, variant, extra, players in RUNS]
CASES += [pytest.param(info, variant, extra, players, GAMES, marks=[pytest.mark.slow],
                       id=f"{info.id}-{variant}-{players}p-{GAMES}games")
          for info, variant, extra, players in RUNS]
ROOT = Path(__file__).resolve().parents[2]

RUNNER = """
import json, resource, sys
resource.setrlimit(resource.RLIMIT_AS, (2 * 2**30, 2 * 2**30))
sys.path.insert(0, {root!r})
from benchmarks.fuzz import SAVE_EVERY, play_one, runs
name, players, games = {name!r}, {players}, {games}
info, _, extra, n = next(r for r in runs([{game!r}], [players]) if r[1] == name)
errors = []
for g in range(games):
    seed = 10_000 + g
    print(json.dumps({{"seed": seed}}), flush=True)
    try:
        moves, error = play_one(info, extra, n, seed, check_save=g % SAVE_EVERY == 0)
    except MemoryError:
        moves, error = -1, "ran out of memory (over 2 GiB)"
    if error:
        errors.append(f"seed {{seed}}, move {{moves}}: {{error}}")
print(json.dumps({{"errors": errors}}), flush=True)
"""


@pytest.mark.parametrize("info,variant,extra,players,games", CASES)
def test_random_games_end_without_errors(info, variant, extra, players, games):
    games = games if "+" not in variant else max(1, games // 4)
    code = RUNNER.format(root=str(ROOT), name=variant, players=players, games=games, game=info.id)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=900)
    lines = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    last_seed = next((d["seed"] for d in reversed(lines) if "seed" in d), None)
    assert done.returncode == 0, f"the run died at seed {last_seed}: {done.stderr[-500:]}"
    assert lines and "errors" in lines[-1], f"the run stopped at seed {last_seed}"
    assert not lines[-1]["errors"], lines[-1]["errors"][:5]


def test_a_broken_rule_is_reported_not_raised(monkeypatch):
    info, _variant, extra, players = RUNS[0]

    def broken(self, state, command):
        raise RuntimeError("boom")

    monkeypatch.setattr(info.controller, "execute", broken)
    moves, error = play_one(info, extra, players, 1, check_save=False)
    assert moves == 0 and error and "boom" in error
