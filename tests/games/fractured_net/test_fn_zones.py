"""Every card is always in exactly one zone: a draw that empties the deck and loses the game
still puts the cards it drew in the hand, and the state check refuses a card in no zone."""

from __future__ import annotations

import pytest

from shards_tui.core.errors import InvalidState
from tests.games.fractured_net.fn_helpers import fn_position


def test_a_draw_that_empties_the_deck_and_loses_keeps_the_drawn_card_in_hand():
    ctl = fn_position({"hand": ["study"], "capacity": 2, "deck": ["flare"]})
    ctl.apply("play study", 0)  # draws 2 from a deck of 1
    assert ctl.over and ctl.winners == [1]
    hand = [i.split("#")[0] for i in ctl.state.players[0].hand]
    assert hand == ["flare"]
    assert any("draws Flare" in e.text for e in ctl.state.log)


def test_the_state_check_refuses_a_card_in_no_zone():
    ctl = fn_position({"hand": ["flare"]})
    broken = ctl.state.model_copy(deep=True)
    broken.players[0].hand = []
    with pytest.raises(InvalidState, match="in no zone: flare#"):
        ctl.check_invariants(broken)
    ctl.check_invariants(ctl.state)
