"""Typed rejections (one sentence, state unchanged), the gate with several acting seats,
concede and timeouts at the gate, the stop helpers, and same seed + same moves = same game."""

from __future__ import annotations

import random

import pytest

from shards_tui.core.errors import (GameOver, IllegalCommand, MalformedCommand, NotYourTurn,
                                    UnknownVerb)
from shards_tui.games.fractured_net.commands import COMMANDS
from tests.games.fractured_net.fn_helpers import fn_game, fn_position, past_mulligan


def refused(ctl, text: str, seat: int, kind: type, words: str) -> None:
    before, history = ctl.state_json(), list(ctl.history)
    with pytest.raises(kind) as info:
        ctl.apply(text, seat)
    sentence = str(info.value)
    assert words in sentence and sentence.endswith((".", "'")) and "\n" not in sentence
    assert ctl.state_json() == before and ctl.history == history


def test_paying_what_you_cannot():
    ctl = fn_position({"hand": ["iron_bulwark"], "capacity": 3})
    refused(ctl, "play iron_bulwark", 0, IllegalCommand, "You have 3 energy; Iron Bulwark costs 5.")


def test_attacking_with_a_sick_creature():
    ctl = fn_position({"creatures": [{"card": "scrap_golem", "sick": True}]})
    refused(ctl, "attack scrap_golem", 0, IllegalCommand, "summoning sickness")


def test_blocking_with_a_tapped_creature_and_a_stealth_attacker():
    ctl = fn_position({"creatures": ["null_stalker", "scrap_golem"]},
                      {"creatures": [{"card": "iron_bulwark", "tapped": True}, "wandering_blade"]})
    ctl.apply("attack all", 0)
    ctl.apply("pass", 1)
    refused(ctl, "block iron_bulwark scrap_golem", 1, IllegalCommand, "is tapped; only untapped")
    refused(ctl, "block wandering_blade null_stalker", 1, IllegalCommand, "has Stealth")


def test_a_second_resource_in_a_turn():
    ctl = fn_position({"hand": ["power_cell", "power_cell"]})
    ctl.apply("play power_cell", 0)
    refused(ctl, "play power_cell", 0, IllegalCommand, "already played a resource this turn")


def test_acting_out_of_turn():
    ctl = fn_position({"hand": ["flare"]}, {"hand": ["flare"]})
    refused(ctl, "end", 1, NotYourTurn, "It is Ana's turn.")
    refused(ctl, "play flare", 1, NotYourTurn, "It is Ana's turn.")


def test_malformed_lines():
    ctl = fn_position()
    refused(ctl, "dance", 0, UnknownVerb, "'dance' is not a command here")
    refused(ctl, "block onlyone", 0, MalformedCommand, "'block' takes 2 names")
    refused(ctl, "play", 0, MalformedCommand, "'play' takes one name")
    refused(ctl, "end now", 0, MalformedCommand, "takes no words after it")
    refused(ctl, "x" * 300, 0, MalformedCommand, "too long")


def test_other_refusals_are_sentences():
    ctl = fn_position({"hand": ["flare"], "creatures": ["null_sentry"]})
    refused(ctl, "play nothing_here", 0, IllegalCommand, "You have no 'nothing_here' in your hand.")
    refused(ctl, "pass", 0, IllegalCommand, "There is no Response window")
    refused(ctl, "confirm", 0, IllegalCommand, "nothing to confirm")
    refused(ctl, "choose p1", 0, IllegalCommand, "Nothing is being asked")
    refused(ctl, "timeout", 0, IllegalCommand, "no turn timer")
    ctl.apply("concede", 1)
    refused(ctl, "end", 0, GameOver, "The game is over")


def test_a_new_game_deals_two_opening_hands_of_seven():
    ctl = fn_game(seed=3, decks=("void", "kernel"))
    assert [(len(p.hand), len(p.deck)) for p in ctl.state.players] == [(7, 33), (7, 33)]
    assert ctl.view(0).players[0].hand_count == 7 and ctl.view(0).players[1].deck_count == 33


def test_the_mulligan_is_decided_by_both_seats_at_once():
    ctl = fn_game(seed=3)
    assert ctl.acting_seats() == [0, 1] and ctl.state.flow.phase == "mulligan"
    assert [c.text() for c in ctl.legal_commands(1)] == ["keep", "mulligan"]
    refused(ctl, "end", 0, IllegalCommand, "First keep your opening hand or mulligan.")
    ctl.apply("keep", 1)
    assert ctl.acting_seats() == [0] and ctl.legal_commands(1) == []
    ctl.apply("mulligan", 0)
    assert ctl.state.flow.phase == "main" and ctl.acting_seats() == [ctl.state.first]


def test_concede_is_accepted_from_either_seat_at_any_time():
    ctl = fn_game(seed=4)
    ctl.apply("concede", 1)  # during the mulligan
    assert ctl.over and ctl.winners == [0]
    ctl = fn_position({"creatures": ["scrap_golem"]})
    ctl.apply("attack all", 0)
    ctl.apply("concede", 0)  # while it is the other player who must act
    assert ctl.winners == [1] and ctl.legal_commands(0) == ctl.legal_commands(1) == []


def test_timeouts_only_for_a_seat_on_the_clock():
    ctl = fn_position(timer=30)
    assert ctl.clock_seats() == [0] and ctl.view(1).on_clock == [0]
    refused(ctl, "timeout", 1, NotYourTurn, "Ben's clock is not running.")
    ctl.apply("timeout", 0)
    assert ctl.state.flow.active == 1 and ctl.state.players[0].timeouts == 1


def test_has_response_tells_whether_a_window_would_matter():
    ctl = fn_position({"creatures": ["scrap_golem"]}, {"hand": ["backlash"], "energy": 1})
    assert not ctl.has_response(1)  # Backlash costs 2
    ctl = fn_position({"creatures": ["scrap_golem"]}, {"hand": ["backlash"], "energy": 2})
    assert not ctl.has_response(1)  # no attacker to target yet
    ctl.apply("attack all", 0)
    assert ctl.has_response(1) and ctl.view(1).can_respond and ctl.view(0).can_respond is False


def test_same_seed_and_moves_give_the_same_game():
    def play(seed: int) -> tuple[str, list[str]]:
        ctl = fn_game(seed=seed)
        rng = random.Random(seed)
        for _ in range(300):
            if ctl.over:
                break
            ctl.apply(rng.choice(ctl.legal_commands(ctl.who_must_act())))
        return ctl.state_json(), [h.text for h in ctl.history]
    assert play(11) == play(11)
    assert play(11)[0] != play(12)[0]


def test_every_command_text_parses_back():
    ctl = fn_game(seed=5)
    past_mulligan(ctl)
    rng = random.Random(5)
    for _ in range(200):
        if ctl.over:
            break
        seat = ctl.who_must_act()
        for cmd in ctl.legal_commands(seat):
            assert COMMANDS.parse(cmd.text(), seat) == cmd
        ctl.apply(rng.choice(ctl.legal_commands(seat)))


def test_undo_steps_back_a_block_but_not_past_a_draw():
    ctl = fn_position({"creatures": ["scrap_golem"]}, {"creatures": ["wandering_blade"]})
    ctl.apply("attack all", 0)
    ctl.apply("pass", 1)
    ctl.apply("block wandering_blade scrap_golem", 1)
    ctl.undo(1)
    assert ctl.state.combat.blocks == []


def test_nobody_acts_once_the_game_is_over():
    """A conceded game names no seat to act (the bots and the tables ask who_must_act)."""
    ctl = fn_position()
    ctl.apply("concede", 1)
    assert ctl.over and ctl.acting_seats() == [] and ctl.who_must_act() is None
