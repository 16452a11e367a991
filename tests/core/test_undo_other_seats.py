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


def test_at_one_keyboard_a_response_is_undone_only_until_the_keyboard_passes():
    """The report's move at one keyboard: Ben answers Ana's attack with a Response. While he
    still holds the window nobody else has seen it (Ana is behind the hand-off cover); once he
    passes, the keyboard goes to Ana, who sees the result, and it stays."""
    from shards_tui.core.registry import game

    ctl = game("fractured_net").controller.build({"kind": "scenario", "players": [
        {"name": "Ana", "creatures": ["scrap_golem"], "deck": ["relay_courier"] * 4},
        {"name": "Ben", "hand": ["backlash", "backlash"], "deck": ["relay_courier"] * 4,
         "energy": 6}]})
    ctl.apply("attack scrap_golem", 0)
    ctl.apply("confirm", 0)
    ctl.apply("play backlash", 1)
    assert ctl.acting_seats() == [1] and ctl.can_undo(1)  # still Ben's keyboard
    ctl.undo(1)
    ctl.apply("play backlash", 1)
    ctl.apply("pass", 1)
    assert 1 not in ctl.acting_seats()  # the keyboard passed: Ana sees the Golem destroyed
    seen = ctl.view(0).public()
    with pytest.raises(IllegalCommand, match="^There is nothing to undo since"):
        ctl.undo(1)
    assert ctl.view(0).public() == seen


def test_after_the_other_seat_s_window_the_mover_is_told_that_seat_saw_the_move():
    """A play-through: Ana played a card, Ben's Response window passed, and Ana's undo said
    'since the turn passed to Ana' while it was her turn all along."""
    from shards_tui.core.registry import game

    ctl = game("fractured_net").controller.build({"kind": "scenario", "players": [
        {"name": "Ana", "hand": ["relay_courier"], "deck": ["relay_courier"] * 4, "energy": 3},
        {"name": "Ben", "hand": ["backlash"], "deck": ["relay_courier"] * 4, "energy": 6}]})
    ctl.apply("play relay_courier", 0)
    assert ctl.acting_seats() == [1]  # Ben's Response window
    ctl.apply("pass", 1)
    assert ctl.acting_seats() == [0]
    with pytest.raises(IllegalCommand, match="^There is nothing to undo since Ben saw your last move.$"):
        ctl.undo(0)
    assert ctl.undo_refusal(1) == "There is nothing to undo since the turn passed to Ana."
