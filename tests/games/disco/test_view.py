"""The typed seat view of Disco Infinity: everything the table shows, legal moves as commands."""

from __future__ import annotations

import json

from shards_tui.core.view import Move, SeatView
from shards_tui.games.disco.commands import Place
from shards_tui.games.disco.view import DiscoPlayerFacts, DiscoView
from tests.games.disco.conftest import disco_scenario, new_disco


def _position():
    return disco_scenario(
        round=4, first=1, active=0, trash=["rocket"],
        players=[{"name": "Ana", "faction": "funkovich", "hand": ["lab_notes", "sparkle"],
                  "research": [0, 2, 0, 0, 1, 0], "shields": 17,
                  "orbit": [{"space": 2, "card": "research_satellite", "tokens": 3},
                            {"space": 2, "card": "bastion"}]},
                 {"name": "Ben", "faction": "blackstar", "hand": ["star_cannon"], "deck_top": ["rocket"],
                  "orbit": [{"space": 5, "card": "dry_dock", "tokens": 4}]}],
        row=[{"card": "laser_show", "seat": 1, "tokens": 1}, {"card": "force_field", "seat": 0}])


def test_the_view_is_typed_and_holds_the_table():
    view = _position().view(0)
    assert isinstance(view, DiscoView) and isinstance(view, SeatView)
    ana, ben = view.players
    assert isinstance(ana, DiscoPlayerFacts)
    assert (view.round, view.turn, view.first, view.active, view.acting) == (4, 4, 1, 0, [0])
    assert (ana.faction_name, ana.shields, ana.research, ana.research_total) == \
        ("Dr. Blazimir Funkovich", 17, [0, 2, 0, 0, 1, 0], 3)
    assert (ana.tokens, ben.tokens) == (3, 5)  # Ben: 4 on his Dry Dock, 1 on his Laser Show
    assert [c.card for c in ana.orbit[1]] == ["research_satellite", "bastion"] and ana.orbit[1][0].tokens == 3
    assert [(c.card, c.space, c.seat, c.tokens) for c in view.row] == \
        [("laser_show", 1, 1, 1), ("force_field", 2, 0, 0)]
    assert [c.card for c in view.trash] == ["rocket"] and ben.deck_count == 1
    assert (view.goals.max_shields, view.goals.research_to_win, view.goals.token_lead_to_win) == (30, 10, 15)


def test_legal_moves_are_command_objects_with_their_text():
    view = _position().view(0)
    assert all(isinstance(m, Move) for m in view.legal)
    places = view.legal_of(Place)
    assert len(places) == 6 and Place(seat=0, card="sparkle", gap=3) in places
    assert view.is_legal(Place(seat=0, card="lab_notes", gap=1))
    assert "place sparkle 3" in view.public()["legal"]
    assert _position().view(1).legal == []


def test_the_view_is_plain_json_for_scenarios_and_the_network():
    view = _position().view(1)
    data = view.public()
    assert json.loads(json.dumps(data)) == data
    assert data["players"][1]["hand"][0]["card"] == "star_cannon" and data["players"][0]["hand"] is None


def test_the_firing_space_is_shown_while_a_card_asks():
    ctl = disco_scenario(players=[{"name": "Ana", "hand": ["sparkle"]}, {"name": "Ben"}],
                         row=[{"card": "force_field", "seat": 1}] * 5, active=0)
    ctl.apply("place sparkle 4", 0)
    view = ctl.view(0)
    assert view.phase == "action" and view.firing == 4 and view.pending.kind == "token"
    assert view.row[0].fired and not view.row[4].fired


def test_the_log_follows_the_seat():
    ctl = new_disco(seed=6)
    seat = ctl.who_must_act()
    mine = [line.text for line in ctl.view(seat).log]
    theirs = [line.text for line in ctl.view(1 - seat).log]
    assert len(mine) == len(theirs) and mine != theirs


def test_the_view_keeps_the_row_as_the_last_action_phase_began():
    """The row is cleaned up within the move that fills it; the table shows it fire from this."""
    ctl = disco_scenario(first=1, row=[{"card": "force_field", "seat": 1},
                                       {"card": "force_field", "seat": 0, "tokens": 2},
                                       {"card": "research_satellite", "seat": 1},
                                       {"card": "lab_notes", "seat": 0},
                                       {"card": "force_field", "seat": 1}],
                         players=[{"name": "Ana", "hand": ["rocket"]}, {"name": "Ben"}])
    assert ctl.view(None).action_row == []
    ctl.apply("place rocket 1", 0)
    view = ctl.view(None)
    assert view.row == [] and view.phase == "draft"
    fired = [(c.id, c.seat, c.space, c.tokens) for c in view.action_row]
    assert fired == [("rocket@1", 0, 1, 0), ("force_field@2", 1, 2, 0), ("force_field@3", 0, 3, 2),
                     ("research_satellite@4", 1, 4, 0), ("lab_notes@5", 0, 5, 0),
                     ("force_field@6", 1, 6, 0)]
    assert view.action_row == ctl.view(1).action_row  # public: the same for every seat
