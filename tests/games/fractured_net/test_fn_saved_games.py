"""Whole saved games (bots playing from the starter decks, written by core/saves): replaying
each one's moves must give exactly its saved state, the log included. Together the three games
use most of the effect vocabulary (targets, random targets, tokens, buffs, foresee, recall,
revive, discards, equipment), so a change in how any effect resolves shows here.

The first three were saved before the effect interpreter was rewritten (commit e2a09c0 replayed
them to the same state and log). Instance numbers then changed on main (a new game deals other
numbers, commit a31831c): an old setup no longer deals the cards its moves name, and such a save
goes on from its saved state (tests/core/test_instance_ids.py). These three were saved again
on the code of that merge, the same seats, decks and bots."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from shards_tui.core.registry import game
from shards_tui.core.saves import SaveFile

DATA = Path(__file__).parent / "data"
GAMES = sorted(p.name for p in DATA.glob("*_seed*.json"))


def test_the_saved_games_are_there():
    assert len(GAMES) == 3


@pytest.mark.parametrize("name", GAMES)
def test_a_saved_game_replays_to_its_saved_state(name):
    doc = SaveFile.model_validate(json.loads((DATA / name).read_text(encoding="utf-8")))
    ctl = game(doc.game).controller.build(doc.setup)
    for entry in doc.history:
        ctl.apply(entry.text, entry.seat, note=entry.note)
    assert ctl.over
    replayed = ctl.state.model_dump(mode="json")
    assert [e["text"] for e in replayed["log"]] == [e["text"] for e in doc.state["log"]]
    assert replayed == doc.state
