"""A Shards game saved while the Nemesis waits for the player's choice goes on to the end.

Every saved game of every game (this one's under data/) replays to its saved state in
``tests/core/test_saved_games_replay.py``; this is the Shards save taken mid-question, its
Nemesis card still resolving, played on from there.
"""

from __future__ import annotations

import random
from pathlib import Path

from tests.core.test_saved_games_replay import replayed

DATA = Path(__file__).parent / "data"


def test_the_nemesis_game_saved_mid_question_goes_on_to_the_end():
    ctl, _ = replayed(DATA / "replay_nemesis_asking.json")
    assert ctl.state.pending is not None and ctl.state.pending.kind == "nemesis_copy"
    rng = random.Random(5)
    for _ in range(400):
        if ctl.over:
            break
        seat = ctl.who_must_act()
        ctl.apply(rng.choice(ctl.legal_commands(seat)), seat)
    assert ctl.over
