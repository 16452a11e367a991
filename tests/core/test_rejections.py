"""Rejections are typed, carry a sentence, and never change the game."""

from __future__ import annotations

import pytest

from shards_tui.core.errors import (CommandRejected, GameOver, IllegalCommand, InvalidState,
                                    MalformedCommand, NotYourTurn)
from tests.conftest import new_shards, shards_scenario


def _assert_rejected(ctl, text, seat, kind, match=None):
    before_state, before_history = ctl.state_json(), list(ctl.history)
    with pytest.raises(kind, match=match) as info:
        ctl.apply(text, seat)
    assert str(info.value).strip(), "a rejection must say why"
    assert ctl.state_json() == before_state
    assert ctl.history == before_history
    return info.value


@pytest.mark.parametrize("text", ["xyzzy", "play", "recruit", "assign ben", "focus twice",
                                  "\u2603 snowman", "'unclosed"])
def test_gibberish_is_malformed(text):
    ctl = new_shards()
    _assert_rejected(ctl, text, ctl.who_must_act(), MalformedCommand)


def test_wrong_seat_is_not_your_turn():
    ctl = new_shards()
    active = ctl.who_must_act()
    other = 1 - active
    err = _assert_rejected(ctl, "end", other, NotYourTurn)
    assert ctl.seat_names()[active] in str(err)


@pytest.mark.parametrize("seat", [-1, 2, 99])
def test_seats_that_do_not_exist(seat):
    ctl = new_shards()
    _assert_rejected(ctl, "end", seat, NotYourTurn, "no seat")


def test_illegal_command_carries_the_reason():
    ctl = shards_scenario(
        players=[{"name": "Ana", "hand": ["crystal", "crystal"]}, {"name": "Ben", "hand": ["crystal"]}],
        center_row=["reactor_drone", "nil_assassin", "kiln_drone", "command_seer", "spore_cleric",
                    "data_heretic"])
    ctl.apply("play crystal")
    ctl.apply("play crystal")
    err = _assert_rejected(ctl, "recruit reactor_drone", 0, IllegalCommand)
    assert str(err) == "You have 2 gems; Reactor Drone costs 3."
    assert err.anchor == "recruit"


@pytest.mark.parametrize("text, match", [
    ("play zetta", "no 'zetta' in your hand"),
    ("recruit 9", "no card in center-row slot 9"),
    ("fastplay 1", "not a mercenary"),
    ("exhaust optio", "no champion 'optio'"),
    ("attack optio", "No opponent has a champion"),
    ("assign ben 3", "only after ending your play phase"),
    ("focus", "Focus costs 1 gem"),
    ("choose 1", "Nothing is being asked"),
])
def test_assorted_illegal_commands(text, match):
    ctl = shards_scenario(
        players=[{"name": "Ana", "hand": ["crystal"]}, {"name": "Ben", "hand": ["crystal"]}],
        center_row=["reactor_drone", "nil_assassin", "kiln_drone", "command_seer", "spore_cleric",
                    "data_heretic"])
    _assert_rejected(ctl, text, 0, IllegalCommand, match)


def test_game_over_rejects_everything():
    ctl = shards_scenario(
        players=[{"name": "Ana", "mastery": 30, "hand": ["infinity_shard"]},
                 {"name": "Ben", "hand": ["crystal"]}],
        center_row=["reactor_drone", "nil_assassin", "kiln_drone", "command_seer", "spore_cleric",
                    "data_heretic"])
    ctl.apply("play infinity_shard")
    ctl.apply("end")
    assert ctl.over and ctl.winners == [0]
    assert ctl.who_must_act() is None
    assert ctl.returns() == [1.0, 0.0]
    for seat in (0, 1):
        assert ctl.legal_commands(seat) == []
        _assert_rejected(ctl, "end", seat, GameOver)
    _assert_rejected(ctl, "play crystal", None, GameOver)


def test_rejection_hierarchy():
    for kind in (MalformedCommand, NotYourTurn, IllegalCommand, GameOver):
        assert issubclass(kind, CommandRejected)
    assert not issubclass(InvalidState, CommandRejected)


def test_an_internal_error_rolls_back(monkeypatch):
    """A rules bug surfaces as InvalidState and the game stays as it was."""
    ctl = new_shards()
    seat = ctl.who_must_act()
    before = ctl.state_json()

    def broken(self, state, command):
        state.players[0].health = 1
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(type(ctl), "execute", broken)
    with pytest.raises(InvalidState, match="internal error"):
        ctl.apply("end", seat)
    assert ctl.state_json() == before and ctl.history == []


def test_an_invalid_result_rolls_back(monkeypatch):
    """A transition that breaks an invariant is refused as a whole."""
    ctl = new_shards()
    seat = ctl.who_must_act()
    before = ctl.state_json()
    original = type(ctl).execute

    def duplicating(self, state, command):
        original(self, state, command)
        state.players[0].discard.append(state.players[1].deck[0])  # one card in two places

    monkeypatch.setattr(type(ctl), "execute", duplicating)
    with pytest.raises(InvalidState):
        ctl.apply("end", seat)
    assert ctl.state_json() == before


def _extra_card(state):
    state.players[0].discard.append("crystal#999")


def _card_twice(state):
    state.center_deck.pop()
    state.players[0].discard.append(state.center_row[0])


def _unknown_card(state):
    state.center_deck[-1] = "no_such_card#1"


def _take_a_crystal(player):
    for zone in (player.hand, player.deck, player.discard):
        for i in zone:
            if i.startswith("crystal#"):
                zone.remove(i)
                return i
    raise AssertionError("no crystal left to move")


def _exhausted_non_champion(state):
    state.players[0].exhausted.append(state.center_deck[0])


def _crystal_as_champion(state):
    state.players[0].champions.append(_take_a_crystal(state.players[0]))


def _crystal_as_relic(state):
    state.players[0].relics.append(_take_a_crystal(state.players[0]))


def _too_much_health(state):
    state.players[0].health = 99


def _eliminated_alive(state):
    state.players[1].eliminated = True


@pytest.mark.parametrize("spoil, message", [
    (_extra_card, "cards should exist but"),
    (_card_twice, "is in two places at once"),
    (_unknown_card, "no_such_card#1 is not a known card"),
    (_exhausted_non_champion, "has an exhausted card that is not a champion in play"),
    (_crystal_as_champion, "has a non-champion among their champions"),
    (_crystal_as_relic, "has a card set aside that is not a relic"),
    (_too_much_health, "health 99 is out of bounds"),
    (_eliminated_alive, "elimination does not match their health"),
])
def test_each_broken_invariant_is_named(monkeypatch, spoil, message):
    """The state invariants checked after every transition: every card is somewhere, once,
    and is a known card; champions, exhausted cards, relics and health are what they say."""
    ctl = new_shards()
    seat = ctl.who_must_act()
    ctl.apply("end", seat)  # every instance of the game has been checked once
    seat = ctl.who_must_act()
    before = ctl.state_json()
    original = type(ctl).execute

    def spoiling(self, state, command):
        original(self, state, command)
        spoil(state)

    monkeypatch.setattr(type(ctl), "execute", spoiling)
    with pytest.raises(InvalidState, match=message):
        ctl.apply(ctl.legal_commands(seat)[0])
    assert ctl.state_json() == before


def test_a_card_name_not_in_the_row_is_quoted_as_typed():
    ctl = new_shards()
    err = _assert_rejected(ctl, "recruit 1 2", ctl.who_must_act(), IllegalCommand)
    assert str(err) == "There is no '1 2' in the center row."


def test_a_choose_in_the_attack_phase_says_the_power_waits_to_be_assigned():
    """':choose foo' while the attack list was open said only 'Nothing is being asked right
    now.', though the game was waiting for the power to be shared out."""
    ctl = shards_scenario(
        players=[{"name": "Ana", "hand": []}, {"name": "Ben", "hand": ["crystal"]},
                 {"name": "Cid", "hand": ["crystal"]}], turn={"power": 3})
    ctl.apply("end", 0)
    assert ctl.state.flow.phase == "attack"
    error = _assert_rejected(ctl, "choose foo", 0, IllegalCommand, "Nothing is being asked")
    assert str(error).endswith("Finish assigning your 3 power first ('assign PLAYER N').")
