"""Undo never goes back past a point where another seat was asked something or took over:
what that player saw, and any answer they gave, stay as they were."""

from __future__ import annotations

import pytest

from shards_tui.core.errors import IllegalCommand
from tests.conftest import new_shards, shards_scenario

ROW = ["reactor_drone", "nil_assassin", "kiln_drone", "mining_drones", "spore_cleric", "data_heretic"]


def _shield_question():
    """Ben (seat 1) ends his turn with 7 power; Ana holds Command Seer and is asked."""
    ctl = shards_scenario(
        active=1, center_row=ROW, turn={"power": 7},
        players=[{"name": "Ana", "hand": ["command_seer", "crystal"]},
                 {"name": "Ben", "hand": ["crystal"]}])
    ctl.apply("end")
    assert ctl.state.pending is not None and ctl.state.pending.seat == 0
    return ctl


def test_the_attacker_cannot_undo_once_the_defender_is_asked():
    ctl = _shield_question()
    before = ctl.state_json()
    assert not ctl.can_undo(1)
    with pytest.raises(IllegalCommand, match="^There is nothing to undo since Ana was asked"):
        ctl.undo(1)
    assert ctl.state_json() == before
    assert ctl.view(1).can_undo is False


def test_undo_still_works_within_ones_own_turn():
    ctl = shards_scenario(center_row=ROW, players=[{"name": "Ana", "hand": ["crystal", "crystal"]},
                                                   {"name": "Ben", "hand": ["crystal"]}])
    ctl.apply("play crystal")
    assert ctl.can_undo(0)
    ctl.undo(0)
    assert ctl.history == []


def test_a_bid_cannot_be_undone_once_the_next_bidder_is_asked():
    ctl = new_shards(players=2, seed=3, variants=["health_auction"])
    bidder = ctl.who_must_act()
    ctl.apply("choose 1", bidder)
    assert ctl.who_must_act() != bidder
    assert not ctl.can_undo(bidder)
    with pytest.raises(IllegalCommand, match="was asked"):
        ctl.undo(bidder)
