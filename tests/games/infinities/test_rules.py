"""The Skirmish rules of Infinities, move by move (the rulings have their scenarios)."""

from __future__ import annotations

import pytest

from shards_tui.core.errors import IllegalCommand, MalformedCommand, NotYourTurn
from tests.games.infinities.helpers import new_game, position, to_first_turn


def test_a_new_game_reaches_its_first_action_check_with_deployed_leaders():
    ctl = to_first_turn(new_game(3))
    state = ctl.state
    assert state.round == 1 and state.flow.phase == "check"
    assert all(p.leader and p.at and p.at != "0,0" for p in state.players)
    assert len({p.at for p in state.players}) == 3  # one pawn per tile once setup is done
    assert all(len(p.hand) + len(p.group) >= 5 for p in state.players)
    assert state.order[0] == state.flow.active


def test_spending_is_limited_by_the_leaders_current_health():
    ctl = position([{"damage": 3, "gambit": 1, "hand": ["tide_adept"]}, {}], active=0,
                   dice=["power", "power", "power", "tide"])
    ctl.apply("damage ben")
    ctl.apply("damage ben")
    assert ctl.state.turn.spent == 2
    with pytest.raises(IllegalCommand, match="only 2 dice this turn"):
        ctl.apply("damage ben")
    with pytest.raises(IllegalCommand, match="only 2 dice"):
        ctl.apply("play tide_adept")


def test_a_blank_result_cannot_be_spent_and_results_must_match():
    ctl = position(active=0, dice=["blank", "tide", "tide", "tide"])
    with pytest.raises(IllegalCommand, match="Power result"):
        ctl.apply("damage ben")


def test_playing_a_card_costs_one_tide_per_point_and_units_raise_tracks():
    ctl = position([{"hand": ["flame_lancer"]}, {}], active=0, dice=["tide", "tide", "tide", "power"])
    ctl.apply("play flame_lancer")
    ana = ctl.view(0).players[0]
    assert ana.levels["power"] == 3 and ctl.state.turn.spent == 3
    assert ana.group[0].card == "flame_lancer"


def test_losing_a_unit_lowers_the_tracks_again():
    ctl = position([{"units": [{"card": "flame_lancer", "damage": 1}]}, {}], active=1, order=[1, 0],
                   dice=["power", "tide", "tide", "tide"])
    assert ctl.view(None).players[0].levels["power"] == 3
    ctl.apply("damage ana", 1)
    assert ctl.view(None).players[0].levels["power"] == 1 and not ctl.state.players[0].group


def test_a_fifth_unit_first_destroys_one_of_the_group():
    ctl = position([{"hand": ["tide_adept"], "units": ["gale_runner", "cinder_imp", "spine_sentinel",
                                                       "acolyte_of_embers"]}, {}],
                   active=0, dice=["tide", "tide", "tide", "tide"])
    ctl.apply("play tide_adept")
    assert ctl.state.pending.kind == "make_room"
    ctl.apply("choose cinder_imp#1")
    assert [u.card.split("#")[0] for u in ctl.state.players[0].group] == [
        "gale_runner", "spine_sentinel", "acolyte_of_embers", "tide_adept"]


def test_a_timeline_card_is_not_played_the_turn_it_was_prepared():
    ctl = position([{"hand": ["tidal_insight"], "timeline": ["foresight"]}, {}], active=0,
                   dice=["tide", "tide", "tide", "tide"])
    ctl.apply("prepare tidal_insight")
    with pytest.raises(IllegalCommand, match="prepared this turn"):
        ctl.apply("play t2")
    ctl.apply("play t1")  # prepared in an earlier turn: 1 Tide
    assert ctl.state.turn.spent == 2
    assert [c.split("#")[0] for c in ctl.state.decks["wardens"].discard] == ["foresight"]


def test_power_destroys_a_timeline_card_in_reach_and_cycles():
    ctl = position([{"hand": ["tide_adept"]}, {"timeline": ["data_harvest"]}], active=0,
                   dice=["power", "power", "tide", "tide"])
    ctl.apply("destroy ben t1")
    assert not ctl.state.players[1].timeline
    ctl.apply("cycle tide_adept")
    assert len(ctl.state.players[0].hand) == 1 and ctl.state.players[0].hand[0] != "tide_adept#1"


def test_walls_and_pawns_block_movement():
    ctl = position(active=0, dice=["fortitude", "fortitude", "tide", "tide"])
    with pytest.raises(IllegalCommand, match="a wall stands"):
        ctl.apply("move ne")  # the Gale Spire, turned 1, has walls ne and sw
    with pytest.raises(IllegalCommand, match="one pawn per tile"):
        ctl.apply("move n")
    ctl.apply("move s")  # into the Rift, free now
    assert ctl.state.players[0].at == "0,0"


def test_a_wall_of_the_tile_entered_blocks_too():
    # The Tangle north-east of Ana, turned 1, has a wall on its south-west edge: Ana's side.
    ctl = position(active=0, dice=["fortitude", "tide", "tide", "tide"],
                   tiles=[{"hex": "0,-1", "tile": "sunken_steppe"}, {"hex": "0,-2", "tile": "moonpool"},
                          {"hex": "1,-2", "tile": "thornwood_tangle", "rot": 1}])
    with pytest.raises(IllegalCommand, match="a wall stands on that edge"):
        ctl.apply("move ne")


def test_power_reaches_along_clear_paths_only():
    ctl = position([{"units": ["acolyte_of_embers"]}, {"at": "1,-2"}], active=0,
                   dice=["power", "tide", "tide", "tide"],
                   tiles=[{"hex": "0,-1", "tile": "gale_spire", "rot": 0},  # walls n and s
                          {"hex": "1,-2", "tile": "sunken_steppe"}])
    assert ctl.view(None).players[0].reach == 2
    ctl.apply("damage ben")  # ne of Ana, no wall between
    assert ctl.state.players[1].damage == 1


def test_blocks_are_offered_for_abilities_but_never_for_dice_actions():
    ctl = position([{"hand": ["spinefire_bolt"]}, {"hand": ["overclock"]}], active=0,
                   dice=["tide", "tide", "power", "tide"])
    ctl.apply("damage ben")
    assert ctl.state.pending is None and ctl.state.players[1].damage == 1
    ctl.apply("play spinefire_bolt")
    # Ben's level-4 gambit and Fortitude make a block cost him 1 card, which he holds
    assert ctl.state.pending.kind == "block" and ctl.state.pending.seat == 1


def test_a_fated_ability_cannot_be_blocked():
    ctl = position([{"leader": "auditor_sol", "hand": ["memory_spike"]},
                    {"hand": ["tide_adept", "spine_sentinel", "gale_runner", "cinder_imp",
                              "tide_adept"], "leader": "orun_stonewarden"}],
                   active=0, dice=["tide", "tide", "tide", "tide"])
    ctl.apply("play memory_spike")
    assert ctl.state.pending.kind == "discard" and ctl.state.pending.seat == 1


def test_the_deck_is_reshuffled_from_its_discard_pile():
    ctl = position(active=0, dice=["fortitude", "tide", "tide", "tide"])
    deck = ctl.state.decks["wardens"]
    deck.discard.extend(deck.cards)
    deck.cards.clear()
    ctl.apply("move s")  # regroup draws 1 from an empty deck
    assert len(ctl.state.players[0].hand) == 1 and ctl.state.decks["wardens"].cards


def test_end_of_the_game_at_the_points_threshold():
    ctl = position([{"points": 4, "progress": {"pathfinder": 2}}, {}], active=1, order=[0, 1],
                   dice=["tide", "tide", "tide", "tide"])
    ctl.state.players[0].points = 5
    ctl.apply("end", 1)
    assert ctl.over and ctl.winners == [0]
    assert "reached 5 Points" in ctl.state.ended_by


def test_a_tie_through_every_tiebreaker_is_a_shared_win():
    ctl = position([{"at": "0,1"}, {"at": "1,0"}], active=1, order=[0, 1], round=10,
                   dice=["tide", "tide", "tide", "tide"],
                   tiles=[{"hex": "0,1", "tile": "sunken_steppe"}, {"hex": "1,0", "tile": "ash_wastes"}])
    ctl.apply("end", 1)  # Ash Wastes' End event: Ben takes 1 damage (no tiebreaker counts it)
    assert ctl.over and ctl.winners == [0, 1]


def test_teams_add_up_their_points_and_win_together():
    players = [{"points": 4}, {"at": "1,0"}, {"points": 4, "at": "0,1"}, {"at": "-1,0"}]
    ctl = position(players, teams="2v2", active=3, order=[0, 1, 2, 3], dice=["tide"] * 4,
                   tiles=[*[{"hex": h, "tile": t} for h, t in
                            (("0,-1", "sunken_steppe"), ("1,0", "lumen_market"),
                             ("0,1", "moonpool"), ("-1,0", "kingsroad_crossing"))]])
    ctl.apply("end", 3)
    assert ctl.over and ctl.winners == [0, 2]


def test_acting_out_of_turn_and_malformed_lines_are_refused():
    ctl = position(active=0, dice=["tide", "tide", "tide", "tide"])
    before = ctl.state_json()
    with pytest.raises(NotYourTurn):
        ctl.apply("end", 1)
    with pytest.raises(MalformedCommand):
        ctl.apply("roll")
    with pytest.raises(MalformedCommand):
        ctl.apply("move up")
    with pytest.raises(IllegalCommand, match="once your dice are locked|before you roll"):
        ctl.apply("roll tide tide tide tide")
    assert ctl.state_json() == before


def test_triggers_go_to_the_current_player_then_in_turn_order():
    # Ana (active) steps next to Ben and Cy, whose Sentinel Turrets both watch enemies enter.
    tiles = [{"hex": "0,-1", "tile": "sunken_steppe"}, {"hex": "0,-2", "tile": "kingsroad_crossing"},
             {"hex": "1,-3", "tile": "lumen_market"}, {"hex": "-1,-2", "tile": "ash_wastes"}]
    players = [{"leader": "orun_stonewarden"},
               {"leader": "warden_unit_ix", "at": "1,-3", "units": ["sentinel_turret"]},
               {"leader": "kaida_vex", "gambit": 4, "at": "-1,-2", "units": ["sentinel_turret"]}]
    ctl = position(players, active=0, order=[0, 2, 1], dice=["fortitude"] * 4, tiles=tiles)
    ctl.apply("move n")
    assert ctl.state.pending.kind == "trigger" and ctl.state.pending.seat == 2  # Cy comes first
    ctl.apply("choose use", 2)
    assert ctl.state.players[0].damage == 1
    assert ctl.state.pending.kind == "trigger" and ctl.state.pending.seat == 1  # then Ben
    ctl.apply("choose skip", 1)
    assert ctl.state.players[0].damage == 1


def test_a_multi_step_mechanic_lets_triggers_happen_between_its_steps():
    # Spinefire Bolt deals 2 damage one at a time; Ben's Grove Warden heals after the first.
    ctl = position([{"hand": ["spinefire_bolt"]}, {"leader": "kethra_beastcaller", "gambit": 4,
                                                   "units": ["grove_warden"]}],
                   active=0, dice=["tide", "tide", "tide", "tide"])
    ctl.apply("play spinefire_bolt")  # its only unit takes the first point (units before leader)
    assert ctl.state.players[1].group[0].damage == 1 and ctl.state.players[1].damage == 0
    assert ctl.state.pending.kind == "trigger" and ctl.state.pending.seat == 1
    assert ctl.state.queue[0].sub == 1  # the Bolt is half way through
    ctl.apply("choose use", 1)  # healed before the second point, which then hits it again
    assert ctl.state.players[1].group[0].damage == 1 and not ctl.state.queue
    assert "heals 1 damage" in ctl.state.log[-2].text


def test_a_gambit_at_level_4_is_a_lasting_bonus():
    ctl = position([{"leader": "vessa_emberborn", "gambit": 4}, {}], active=0, dice=["tide"] * 4)
    facts = ctl.view(None).players[0]
    assert facts.levels["power"] == 2 and facts.reach == 3  # +1 Power level, +1 reach
    assert ctl.state.players[0].gambit == 4


def test_a_win_on_a_tiebreaker_says_which_one_decided_it():
    # level Points and Role progress; Ana's Grove Warden (cost 3) is in play, Ben has nothing
    ctl = position([{"at": "0,1", "units": ["grove_warden"]}, {"at": "1,0"}], active=1,
                   order=[0, 1], round=10, dice=["tide", "tide", "tide", "tide"],
                   tiles=[{"hex": "0,1", "tile": "sunken_steppe"}, {"hex": "1,0", "tile": "kingsroad_crossing"}])
    ctl.apply("end", 1)
    assert ctl.over and ctl.winners == [0]
    assert "tied on Points, ahead on the cost of cards in play: 3 to 0" in ctl.state.log[-1].text


def test_a_push_with_no_open_way_says_so_and_moves_nobody():
    # Ben on the Sunken Steppe: Ana's pawn south of him, empty spaces every other way (a
    # pushed leader does not discover). The card resolves; the log says why nothing moved.
    ctl = position([{"hand": ["spine_gale"]}, {}], active=0, dice=["tide", "tide", "tide", "tide"])
    ctl.apply("play spine_gale")
    while ctl.state.pending is not None and ctl.state.pending.seat == 1:
        ctl.apply("choose allow", 1)
    assert ctl.state.players[1].at == "0,-2" and ctl.state.pending is None
    said = [line.text for line in ctl.view(0).log]
    assert any("cannot move Ben" in line for line in said[-2:]), said[-3:]
