"""No seat's view holds a card it may not see: the other hand, either deck, the other's secret
mulligan choice, the options of another player's private question, or another's drawn cards."""

from __future__ import annotations

import json
import random

from tests.games.fractured_net.fn_helpers import fn_game, fn_position, hidden_from


def _check(ctl, seat):
    view = ctl.view(seat)
    dumped = json.dumps(view.public())
    leaked = [i for i in hidden_from(ctl, seat) if json.dumps(i) in dumped]
    assert not leaked, f"seat {seat} sees {leaked[:3]}"
    for p in view.players:
        assert (p.hand is not None) == (p.seat == seat)
    pending = ctl.state.pending
    if pending is not None and pending.private and pending.seat != seat:
        assert view.pending.options is None
    for line in view.log:
        if " draws " in line.text and line.seat != seat and "opening hand" not in line.text \
                and "draws no card" not in line.text:
            assert line.text.rstrip(".").endswith(("card", "cards")), line.text


def test_views_stay_clean_through_random_games():
    for seed in (1, 2, 3):
        ctl = fn_game(seed=seed)
        rng = random.Random(seed)
        for step in range(400):
            if ctl.over:
                break
            if step % 4 == 0:
                for seat in (None, 0, 1):
                    _check(ctl, seat)
            ctl.apply(rng.choice(ctl.legal_commands(ctl.who_must_act())))


def test_a_mulligan_choice_is_secret_until_both_have_chosen():
    ctl = fn_game(seed=9)
    ctl.apply("mulligan", 0)
    assert ctl.view(0).players[0].mulligan == "mulligan"
    assert ctl.view(1).players[0].mulligan == "decided"
    assert ctl.view(None).players[0].mulligan == "decided"
    log = json.dumps(ctl.view(1).public()["log"])
    assert "shuffles their hand back" not in log and "keeps" not in log
    # the second choice can be either whatever the first was: both stay legal
    assert [c.text() for c in ctl.legal_commands(1)] == ["keep", "mulligan"]
    ctl.apply("keep", 1)
    assert ctl.view(1).players[0].mulligan == "mulligan"
    assert ctl.view(0).players[1].mulligan == "keep"


def test_a_private_question_shows_its_options_to_its_seat_only():
    ctl = fn_position({"hand": ["recompile"], "deck": ["scrap_golem", "flare", "net_wolf", "fuse_rat"]})
    ctl.apply("play recompile", 0)
    assert ctl.state.pending.kind == "foresee"
    assert [o.id for o in ctl.view(0).pending.options] == ["scrap_golem#2", "flare#3", "net_wolf#4"]
    assert ctl.view(1).pending.options is None and ctl.view(None).pending.options is None
    _check(ctl, 1)


def test_the_opponents_hand_is_a_count():
    ctl = fn_position({"hand": ["flare", "net_wolf"]}, {"hand": ["backlash"]})
    view = ctl.view(1)
    assert view.players[0].hand is None and view.players[0].hand_count == 2
    assert [h.card for h in view.players[1].hand] == ["backlash"]
    assert view.players[1].hand[0].playable is False  # not Ben's turn, no window
    assert "not a Response" not in view.players[1].hand[0].why_not


def test_blocks_reach_the_attacker_only_once_confirmed():
    """A blocker assigned and taken back is the defender's thinking: the attacker's and a
    spectator's data hold no trace of it, in the log or the combat; confirmed blocks are
    logged for everyone."""
    ctl = fn_position({"creatures": ["unstable_golem"]},
                      {"creatures": ["relay_courier", "scrap_golem"]})
    ctl.apply("attack all", 0)
    ctl.apply("pass", 1)
    before = {s: json.dumps(ctl.view(s).public()) for s in (0, None)}
    golem = ctl.state.players[1].creatures[1].id
    ctl.apply(f"block {golem} {ctl.state.combat.attackers[0]}", 1)
    for seat in (0, None):
        view = ctl.view(seat)
        assert view.combat.blocks == [] and view.combat.dies == [] and view.combat.hits == []
        assert "Scrap Golem" not in json.dumps([line.text for line in view.log])
    assert "(not yet confirmed)" in ctl.view(1).log[-1].text and ctl.view(1).combat.blocks
    ctl.apply(f"unblock {golem}", 1)
    assert {s: json.dumps(ctl.view(s).public()) for s in (0, None)} == before
    courier = ctl.state.players[1].creatures[0].id
    ctl.apply(f"block {courier} {ctl.state.combat.attackers[0]}", 1)
    ctl.apply("confirm", 1)
    text = [line.text for line in ctl.view(0).log]
    assert "Ben blocks Unstable Golem with Relay Courier." in text
    assert not any("Scrap Golem" in t for t in text)
    assert len(ctl.view(0).combat.blocks) == 1


def test_a_deck_picked_in_private_is_named_to_its_owner_only():
    from shards_tui.core.registry import game

    setup = {"kind": "new", "seed": 4, "players": [
        {"name": "Ana", "cards": {"null_stalker": 3, "void_leech": 3, "hollow_knight": 3},
         "deck_name": "ZZ Secret Ana Deck"}, {"name": "Ben", "deck": "void"}]}
    ctl = game("fractured_net").controller.build(setup)
    for seat, hidden in ((1, "ZZ Secret Ana Deck"), (None, "ZZ Secret Ana Deck"),
                         (0, "Void Network starter"), (None, "Void Network starter")):
        assert hidden not in json.dumps(ctl.view(seat).public()), (seat, hidden)
    assert ctl.view(0).players[0].deck == "ZZ Secret Ana Deck"
    assert ctl.view(1).players[1].deck == "Void Network starter"


def test_a_bot_s_reason_for_a_block_is_not_read_by_the_attacker_before_the_confirm():
    ctl = fn_position({"creatures": ["unstable_golem"]}, {"creatures": ["relay_courier"]})
    ctl.apply("attack all", 0)
    ctl.apply("pass", 1)
    courier = ctl.state.players[1].creatures[0].id
    ctl.apply(f"block {courier} {ctl.state.combat.attackers[0]}", 1, note="blocks it: a chump")
    assert not any("chump" in line.text for line in ctl.view(0).log + ctl.view(None).log)
    assert any("chump" in line.text for line in ctl.view(1).log)
