"""Moves public facts leave no choice about are made at once, for every seat, when the game is
played through a session (one keyboard, SSH): a Response window for a defender who provably
cannot respond (no card in hand, no energy for the cheapest Response, no Response of the game
with a target), and the blocks of a defender with nothing that can block. Each says why in one
log line. Anything the defender might do keeps the window open, and only public facts decide
(the hand's cards never do). A scenario or a replay makes every move itself."""

from __future__ import annotations

from shards_tui.games.fractured_net import rules
from shards_tui.session.driver import Session
from tests.games.fractured_net.fn_helpers import fn_position


def _session(ana: dict, ben: dict):
    ctl = fn_position(ana, ben)
    Session.open(ctl, {}, forced_moves=True)
    return ctl


def test_an_attack_on_a_defender_with_no_energy_and_no_creature_resolves_at_once():
    ctl = _session({"creatures": ["scrap_golem"]}, {"hand": ["backlash"], "capacity": 0})
    ctl.apply("attack all", 0)
    assert ctl.state.flow.phase == "main" and ctl.state.players[1].health == 27
    log = [line.text for line in ctl.view(1).log]
    assert log.count("Ben passes: 0 energy, and a Response costs at least 1.") == 2
    assert "Ben has no untapped creature that can block, so nothing is blocked." in log
    assert [h.text for h in ctl.history] == ["attack all", "pass", "confirm", "pass"]
    assert [h.seat for h in ctl.history] == [0, 1, 1, 1]


def test_a_defender_who_might_respond_or_block_is_asked():
    ctl = _session({"creatures": ["scrap_golem"]}, {"hand": ["relay_courier"], "capacity": 1,
                                                    "creatures": ["wandering_blade"]})
    ctl.apply("attack all", 0)
    assert ctl.state.flow.phase == "response" and ctl.who_must_act() == 1
    ctl.apply("pass", 1)
    assert ctl.state.flow.phase == "block"


def test_only_public_facts_decide_never_the_cards_in_hand():
    # A hand of no Responses and the energy to pay for one: the window stays open (the table's
    # stops may pass it, at the player's choice); an empty hand is public: it passes.
    for hand, asked in ((["relay_courier"], True), ([], False)):
        ctl = _session({"creatures": ["scrap_golem"]}, {"hand": hand, "capacity": 3,
                                                        "creatures": ["wandering_blade"]})
        ctl.apply("attack all", 0)
        assert (ctl.state.flow.phase == "response") == asked
    ctl = fn_position({}, {"hand": ["relay_courier"], "capacity": 1})
    assert rules.no_response_reason(ctl.state, 1) == "no Response could be aimed now"


def test_without_a_session_every_move_is_made_by_its_player():
    ctl = fn_position({"creatures": ["scrap_golem"]}, {"hand": ["backlash"], "capacity": 0})
    ctl.apply("attack all", 0)
    assert ctl.state.flow.phase == "response"
    ctl.apply("pass", 1)  # the line says why, whoever passed
    assert ctl.view(0).log[-1].text == "Ben passes: 0 energy, and a Response costs at least 1."


def test_a_forced_move_is_no_step_of_its_own_for_undo():
    # Ben's window is passed for him (no energy); his block step is his: undo cannot take back
    # the pass made for him (nothing he chose), and no move of Ana's either
    ctl = _session({"creatures": ["scrap_golem"]}, {"hand": ["backlash"], "capacity": 0,
                                                    "creatures": ["relay_courier"]})
    ctl.apply("attack all", 0)
    assert ctl.state.flow.phase == "block" and [h.text for h in ctl.history][-1] == "pass"
    assert not ctl.can_undo(1) and not ctl.can_undo(0)
    # his own moves after it he may take back as ever
    courier = ctl.state.players[1].creatures[0].id
    ctl.apply(f"block {courier} {ctl.state.combat.attackers[0]}", 1)
    assert ctl.can_undo(1)
    ctl.undo(1)
    assert ctl.state.combat.blocks == [] and ctl.state.flow.phase == "block"
