"""The typed view: what the battlefield shows, and what the shell reads of every game's view."""

from __future__ import annotations

from shards_tui.core.view import Move, SeatView
from shards_tui.games.fractured_net.commands import Attack, End
from shards_tui.games.fractured_net.view import FnPlayer, FnView
from tests.games.fractured_net.fn_helpers import fn_position


def test_the_view_is_typed_and_lists_moves_as_commands():
    ctl = fn_position({"hand": ["flare", "iron_bulwark"], "capacity": 3,
                       "creatures": ["net_wolf", {"card": "fuse_rat", "sick": True, "gear": ["arc_gauntlet"]}],
                       "resources": ["power_cell"]},
                      {"creatures": ["iron_bulwark"], "hand": ["flare"]})
    view = ctl.view(0)
    assert isinstance(view, FnView) and isinstance(view, SeatView)
    assert all(isinstance(p, FnPlayer) for p in view.players)
    assert all(isinstance(m, Move) for m in view.legal)
    assert view.legal_of(End) and view.is_legal(Attack(seat=0, creature="net_wolf#10"))
    me, them = view.players
    assert (me.health, me.capacity, me.energy, me.spent) == (30, 3, 4, 0)
    assert [h.card for h in me.hand] == ["flare", "iron_bulwark"]
    assert [h.playable for h in me.hand] == [True, False]
    assert me.hand[1].why_not == "You have 4 energy; Iron Bulwark costs 5."
    rat = me.creatures[1]
    assert (rat.power, rat.defense, rat.sick, rat.can_attack, rat.gear) == (5, 2, True, False,
                                                                           ["arc_gauntlet#12"])
    assert "reckless" in rat.keywords and "volatile" in rat.keywords
    assert them.creatures[0].armored == 1 and them.hand is None and them.hand_count == 1
    assert (me.deck_count, me.resources[0].card, view.acting, view.timer) == (6, "power_cell", [0], None)


def test_the_combat_shows_pairings_and_what_would_die():
    ctl = fn_position({"creatures": ["scrap_golem", "net_wolf"]}, {"creatures": ["wandering_blade"]})
    ctl.apply("attack all", 0)
    ctl.apply("pass", 1)
    ctl.apply("block wandering_blade scrap_golem", 1)
    combat = ctl.view(1).combat
    assert combat.attackers == ["scrap_golem#7", "net_wolf#8"]
    assert [(b.blocker, b.attacker) for b in combat.blocks] == [("wandering_blade#15", "scrap_golem#7")]
    assert combat.dies == ["wandering_blade#15"] and combat.to_player == 3
    assert ctl.view(1).window is None and ctl.view(1).phase == "block"


def test_public_data_round_trips_through_json():
    ctl = fn_position({"hand": ["flare"]})
    data = ctl.view(None).public()
    assert data["players"][0]["hand"] is None and data["players"][0]["health"] == 30
    assert data["legal"] == [] and data["game"] == "fractured_net"


def test_the_combat_forecast_lists_each_hit_of_each_pairing_and_changes_nothing():
    ctl = fn_position({"creatures": ["unstable_golem", "relay_courier"]},
                      {"creatures": ["relay_courier", "scrap_golem"]})
    for line in ("attack unstable_golem", "attack relay_courier", "confirm"):
        ctl.apply(line, 0)
    ctl.apply("pass", 1)
    ctl.apply("block relay_courier unstable_golem", 1)
    ctl.apply("block scrap_golem unstable_golem", 1)
    before = ctl.state_json()
    combat = ctl.view(1).combat
    assert ctl.state_json() == before
    hits = [(h.source, h.target, h.amount) for h in combat.hits]
    # the Golem's 5 power: 2 to the Courier (enough to destroy it), the other 3 to Scrap Golem;
    # each blocker hits back with its full power; the unblocked Courier hits Ben
    assert ("unstable_golem#7", "relay_courier#15", 2) in hits
    assert ("unstable_golem#7", "scrap_golem#16", 3) in hits
    assert ("relay_courier#15", "unstable_golem#7", 1) in hits
    assert ("relay_courier#8", "p1", 1) in hits
    assert combat.dies == ["relay_courier#15", "scrap_golem#16"] and combat.to_player == 1


def test_the_combat_names_only_creatures_still_in_play():
    """A blocked attacker returned to its owner's hand by a Response is no longer named in the
    combat (its instance id would follow the card into a hidden hand)."""
    ctl = fn_position({"creatures": ["scrap_golem"]},
                      {"creatures": ["wandering_blade"], "hand": ["deny_execution"], "energy": 5})
    ctl.apply("attack scrap_golem", 0)
    ctl.apply("confirm", 0)
    ctl.apply("pass", 1)
    ctl.apply("block wandering_blade scrap_golem", 1)
    ctl.apply("confirm", 1)
    ctl.apply("play deny_execution", 1)
    while ctl.state.pending is not None:
        ctl.apply(ctl.legal_commands(1)[0])
    assert ctl.state.players[0].hand == ["scrap_golem#7"]
    for seat in (0, 1, None):
        combat = ctl.view(seat).combat
        assert combat is None or (combat.attackers == [] and combat.blocks == [])
