"""Shards of Infinity's typed view and its public JSON form (the paths scenario files read)."""

from __future__ import annotations

from shards_tui.core.view import QuestionView
from shards_tui.games.shards.commands import Attack, Exhaust, FastPlay, Recruit
from shards_tui.games.shards.view import ShardsPlayer, ShardsView
from tests.conftest import shards_scenario

ROW = ["axia", "nil_assassin", "kiln_drone", "command_seer", "spore_cleric", "data_heretic"]


def _game():
    return shards_scenario(
        players=[{"name": "Ana", "hand": ["crystal", "blaster"], "champions": ["evokatus", "optio_crusher"]},
                 {"name": "Ben", "hand": ["crystal"], "champions": ["numeri_drones"]}],
        center_row=ROW, turn={"gems": 6, "power": 5}, sets=["base", "relics"])


def test_the_typed_fields_say_what_the_seat_may_know():
    view = _game().view(0)
    assert isinstance(view.me, ShardsPlayer) and view.me.name == "Ana"
    assert [c.card for c in view.me.hand] == ["crystal", "blaster"]
    assert view.players[1].hand is None and view.players[1].hand_count == 1
    assert (view.this_turn.gems, view.this_turn.power) == (6, 5)
    assert view.center_row[0] is not None and view.center_row[0].slot == 1
    # Axia costs Ana less for each Homodeus champion she has (Evokatus): the view says so
    assert view.center_row[0].cost < _game().view(None).center_row[0].cost
    assert view.by_slug("ben") is view.players[1]
    owner, champion = view.champion(view.players[1].champions[0].id)
    assert owner.name == "Ben" and champion.defense == 5


def test_legal_moves_are_read_by_class():
    view = _game().view(0)
    assert {c.target for c in view.legal_of(Recruit)} == {"1", "2", "3", "4", "5", "6"}
    assert all(c.seat == 0 for c in view.legal_of(FastPlay))
    target = view.players[1].champions[0].id
    assert view.is_legal(Attack(seat=0, champion=target))
    assert not view.is_legal(Attack(seat=1, champion=target))  # the seat belongs to the move
    assert {c.champion for c in view.legal_of(Exhaust)} <= {c.id for c in view.me.champions}


def test_public_keeps_the_shape_scenarios_read():
    ctl = _game()
    view = ctl.view(0)
    data = view.public()
    assert data["turn"] == {"number": view.turn, "active": 0, "phase": "play", "gems": 6,
                            "power": 5, "infinite_power": False, "focused": False, "played": [],
                            "fast_played": [], "assigned": []}
    assert data["players"][0]["eliminated"] is False and "out" not in data["players"][0]
    assert "hand" in data["players"][0] and "hand" not in data["players"][1]
    assert data["center_row"][2] == {"id": view.center_row[2].id, "card": "kiln_drone", "slot": 3,
                                     "cost": view.center_row[2].cost}
    assert data["legal"] == [m.text for m in view.legal]
    assert ShardsView.model_validate(view.model_dump(exclude={"legal"})).players == view.players


def test_a_private_question_shows_its_options_to_its_seat_only():
    ctl = shards_scenario(players=[{"name": "Ana", "hand": ["nil_assassin"]},
                                   {"name": "Ben", "hand": ["command_seer", "crystal"]}])
    ctl.apply("play nil_assassin")
    ctl.apply("end")
    mine, theirs = ctl.view(1).pending, ctl.view(0).pending
    assert isinstance(mine, QuestionView) and ctl.view(1).my_question
    assert mine.options and theirs is not None and theirs.options is None
    assert "options" not in ctl.view(0).public()["pending"]
