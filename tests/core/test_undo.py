"""Undo: back to the exact previous state, but never past information that was revealed."""

from __future__ import annotations

import pytest

from shards_tui.core.errors import IllegalCommand, NotYourTurn
from tests.conftest import shards_scenario

ROW = ["reactor_drone", "nil_assassin", "kiln_drone", "command_seer", "mining_drones", "data_heretic"]


def _game():
    return shards_scenario(
        players=[{"name": "Ana", "hand": ["crystal", "crystal", "crystal", "mining_drones", "blaster"],
                  "deck_top": ["crystal", "crystal", "crystal", "crystal", "crystal", "blaster"]},
                 {"name": "Ben", "hand": ["crystal"]}],
        center_row=ROW)


def test_undo_returns_to_the_exact_previous_state():
    ctl = _game()
    states = [ctl.state_json()]
    for text in ("play crystal", "play crystal", "play blaster", "focus"):
        ctl.apply(text)
        states.append(ctl.state_json())
    assert ctl.can_undo(0)
    for expected in reversed(states[:-1]):
        ctl.undo(0)
        assert ctl.state_json() == expected
    assert ctl.history == []
    with pytest.raises(IllegalCommand):
        ctl.undo(0)


def test_undo_then_play_on():
    ctl = _game()
    ctl.apply("play crystal")
    ctl.apply("play blaster")
    ctl.undo(0)
    assert [h.text for h in ctl.history] == ["play crystal"]
    ctl.apply("play crystal")
    assert ctl.state.turn.gems == 2 and ctl.state.turn.power == 0


def test_no_undo_after_a_draw():
    ctl = _game()
    ctl.apply("play crystal")
    ctl.apply("play mining_drones")  # draws a card: the top of the deck is now known
    assert not ctl.can_undo(0)
    before = ctl.state_json()
    with pytest.raises(IllegalCommand, match="nothing to undo since cards were last revealed"):
        ctl.undo(0)
    assert ctl.state_json() == before


def test_the_refusal_says_why_there_is_nothing_to_undo(tmp_path):
    from shards_tui.core import saves

    ctl = _game()
    with pytest.raises(IllegalCommand, match="^There is nothing to undo yet.$"):
        ctl.undo(0)
    ctl.apply("play crystal")
    path = tmp_path / "game.json"
    saves.save(ctl, path)
    loaded = saves.load(path)
    with pytest.raises(IllegalCommand, match="^There is nothing to undo since the game was loaded.$"):
        loaded.undo(0)  # not "since cards were last revealed": none were


def test_no_undo_after_a_refill():
    ctl = _game()
    for _ in range(3):
        ctl.apply("play crystal")
    ctl.apply("recruit 3")  # kiln drone; the refill shows a new center card
    with pytest.raises(IllegalCommand):
        ctl.undo(0)


def test_only_your_own_last_move():
    ctl = _game()
    ctl.apply("play crystal")
    assert not ctl.can_undo(1)
    with pytest.raises(NotYourTurn):
        ctl.undo(1)


def test_undo_notifies_listeners():
    ctl = _game()
    seen = []
    ctl.listeners.append(lambda c: seen.append(len(c.history)))
    ctl.apply("play crystal")
    ctl.undo(0)
    assert seen == [1, 0]
