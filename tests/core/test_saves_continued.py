"""A save made by another version of shards-tui whose rules or cards differ: its moves may
no longer replay to its state, and its game goes on from the saved state instead of being
lost. The same mismatch in a save this version made means the file was edited (test_saves.py:
test_edited_health_is_detected)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from shards_tui.core import saves
from shards_tui.core.errors import SaveFileError
from tests.core.test_saves import _played

OLDER_CARDS = Path(__file__).parent / "data" / "fn_saved_with_older_cards.json"


def _from_another_version(doc: dict) -> str:
    doc["made_with"] = "0" * 16
    return json.dumps(doc)


def test_every_save_says_which_rules_and_cards_made_it():
    doc = json.loads(saves.to_json(_played(10)))
    assert doc["made_with"] == saves.made_with() and len(doc["made_with"]) == 16


def test_a_save_of_another_version_goes_on_from_its_saved_state():
    ctl = _played(30)
    doc = json.loads(saves.to_json(ctl))
    doc["state"]["players"][1]["health"] -= 5  # as if a card had dealt more in the old version
    loaded = saves.from_json(_from_another_version(doc))
    assert loaded.state.players[1].health == ctl.state.players[1].health - 5
    assert loaded.state.log[-1].text == saves.CONTINUED
    assert loaded.history == [] and loaded.setup["kind"] == "continued"
    assert loaded.seat_names() == ctl.seat_names()
    assert not loaded.can_undo(loaded.who_must_act())


def test_a_continued_game_plays_on_saves_and_replays_exactly():
    doc = json.loads(saves.to_json(_played(30)))
    doc["state"]["players"][0]["health"] -= 3
    loaded = saves.from_json(_from_another_version(doc))
    for _ in range(20):
        if loaded.over:
            break
        loaded.apply(loaded.legal_commands(loaded.who_must_act())[0])
    again = saves.from_json(saves.to_json(loaded))
    assert again.state_json() == loaded.state_json() and again.history == loaded.history


def test_a_move_the_new_rules_refuse_continues_the_game_too():
    doc = json.loads(saves.to_json(_played(30)))
    doc["history"].insert(0, {"seat": 0, "text": "dance"})
    assert saves.from_json(_from_another_version(doc)).state.log[-1].text == saves.CONTINUED
    with pytest.raises(SaveFileError, match="does not replay"):
        saves.from_json(json.dumps({**doc, "made_with": saves.made_with()}))


def test_a_saved_state_this_version_cannot_play_is_refused_with_a_sentence():
    doc = json.loads(saves.to_json(_played(30)))
    doc["state"]["players"][1]["health"] -= 5
    doc["state"]["players"][0]["hand"] = ["no_such_card#1"]
    with pytest.raises(SaveFileError, match="cannot go on under this version's rules"):
        saves.from_json(_from_another_version(doc))


def test_a_fractured_net_game_saved_before_its_cards_were_retuned_resumes():
    """A real autosave, written before the November tuning of the Fractured Net's cards (and
    before saves said what made them): the replay now gives another state."""
    text = OLDER_CARDS.read_text()
    assert "made_with" not in json.loads(text)
    loaded = saves.from_json(text, source="autosave.json")
    assert loaded.game_id == "fractured_net" and loaded.state.log[-1].text == saves.CONTINUED
    assert saves.check(saves.to_json(loaded)) is not None
