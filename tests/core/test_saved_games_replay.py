"""Every game's saved games replay to exactly the state they were saved in, log included.

Each game keeps saves under ``tests/games/<id>/data/replay_*.json``, made by the engine of
an earlier version (bots playing through ``core/saves``): replaying their moves with today's
engine must give the very same state and log, so a refactor of the rules, or of anything
between the rules and a save, provably changes nothing a player could see. A save is a whole
game or a game saved while a question waits for its answer. If a rule is changed on purpose,
such a save no longer replays (it loads by going on from its saved state, ``core/saves.py``):
this test names the first difference, to be judged and the save made again.

- Shards (made at main 94e7841, before the one interpreter): ``replay_relics_3p`` (3 players,
  Relics of the Future with Mystery Relics, seed 2024, to the end), ``replay_nemesis_game``
  (the Nemesis Challenge, seed 10, to the end), ``replay_nemesis_asking`` (that game saved
  while the Nemesis waits for the player's choice).
- Disco Infinity, the Fractured Net, Infinities (made at main 817825c, before the table base
  was recomposed and the game registrations typed): seed 7, greedy against random, one game to
  the end and one saved at the first question after move 30. The Fractured Net's two were
  made again, same setups and moves, when main's forced moves came in (a pass a seat has no
  choice about now says why, 'Ana passes: no card in hand.'; the game and its end unchanged).
  Infinities' two were given their replayed state when the Roles ruling came in (a measured
  Role counts from where a leader began: each leader now keeps where it deployed,
  ``began_at``); the moves, the log and the game's end are unchanged.
- All nine were given their replayed state when a bot's note was folded into its move's own log
  line (issue 33: each bot move was logged twice): only the log, and the log positions a state
  keeps (Disco's marks, the Fractured Net's window), changed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from shards_tui.core.registry import game
from shards_tui.core.saves import SaveFile

GAMES = Path(__file__).resolve().parent.parent / "games"
SAVES = sorted(GAMES.glob("*/data/replay_*.json"))


def replayed(path: Path):
    """(the controller after replaying the save's moves, the state the save holds)."""
    doc = SaveFile.model_validate_json(path.read_text())
    cls = game(doc.game).controller
    ctl = cls.build(doc.setup)
    for entry in doc.history:
        ctl.apply(entry.text, entry.seat, note=entry.note)
    return ctl, cls.state_type.model_validate(doc.state)


def first_difference(a, b, path: str = "state") -> str:
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b)):
            if a.get(key) != b.get(key):
                return first_difference(a.get(key), b.get(key), f"{path}.{key}")
    if isinstance(a, list) and isinstance(b, list):
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return first_difference(x, y, f"{path}[{i}]")
        if len(a) != len(b):
            return f"{path}: replayed {len(a)} items but saved {len(b)}"
    return f"{path}: replayed {str(a)[:300]} but saved {str(b)[:300]}"


def test_every_game_keeps_saved_games():
    kept = {path.parent.parent.name for path in SAVES}
    assert {"shards", "disco", "fractured_net", "infinities"} <= kept


@pytest.mark.parametrize("path", SAVES, ids=lambda p: f"{p.parent.parent.name}-{p.stem}")
def test_a_saved_game_replays_to_its_saved_state_and_log(path: Path):
    ctl, saved = replayed(path)
    now, then = ctl.state.model_dump(mode="json"), saved.model_dump(mode="json")
    assert now == then, first_difference(now, then)
