"""Disco Infinity's rules, one test each: setup and drafting, the round's flow, drawing,
missiles, select, the three wins, invariants, and the same game from the same seed."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from shards_tui.core.errors import InvalidState
from shards_tui.games.disco.board import Board
from shards_tui.games.disco.cards import base_cards, card_of, draft_cards
from tests.games.disco.conftest import disco_scenario, new_disco, play_to_round

FILLER = [{"card": "force_field", "seat": 1}] * 5


# ---- setup ---------------------------------------------------------------------------------


def test_a_new_game_starts_with_the_setup_draft():
    ctl = new_disco(seed=3, factions=("felicity", "blackstar"), first=1)
    state = ctl.state
    assert state.flow.phase == "setup" and state.pending.kind == "draft" and state.pending.seat == 1
    assert [p.shields for p in state.players] == [20, 20]
    assert [p.faction for p in state.players] == ["felicity", "blackstar"]
    assert sorted(card_of(c) for c in state.players[0].deck) == sorted(base_cards("felicity"))
    assert len(state.offer) == 3 and len(state.draft_deck) == len(draft_cards()) - 3


def test_four_draft_cycles_each_make_a_twelve_card_deck():
    ctl = new_disco(seed=3)
    first = ctl.state.round.first
    order = []
    while ctl.state.flow.phase == "setup":
        order.append(ctl.who_must_act())
        ctl.apply("draft 1", order[-1])
    assert order == [first, 1 - first] * 4
    state = ctl.state
    assert state.flow.phase == "place" and state.flow.turn == 1 and state.flow.active == first
    for p in state.players:
        assert len(p.hand) == 5 and len(p.deck) == 7 and p.discard == []
    assert len(state.cycled) == 16


def test_unchosen_factions_are_picked_at_random_and_never_twice():
    seen = set()
    for seed in range(30):
        state = new_disco(seed=seed, factions=(None, "haxwell")).state
        a, b = (p.faction for p in state.players)
        assert b == "haxwell" and a != "haxwell"
        seen.add(a)
    assert len(seen) == 4


def test_the_first_player_is_picked_at_random():
    firsts = {new_disco(seed=s).state.round.first for s in range(20)}
    assert firsts == {0, 1}


def test_the_same_seed_and_moves_give_the_same_game():
    def play(seed):
        ctl, rng = new_disco(seed=seed), random.Random(1)
        while not ctl.over:
            ctl.apply(rng.choice(ctl.legal_commands(ctl.who_must_act())))
        return ctl.state_json(), [h.text for h in ctl.history]

    assert play(9) == play(9)
    assert play(9) != play(10)


# ---- drawing and the round ----------------------------------------------------------------


def test_drawing_reshuffles_the_discard_pile_only_when_the_draw_pile_is_empty():
    ctl = disco_scenario(players=[{"name": "Ana", "deck_top": ["rocket"], "discard": ["laser_show", "sparkle"]},
                                 {"name": "Ben"}])
    b = Board(ctl.state)
    assert [card_of(c) for c in b.draw(0, 1)] == ["rocket"]
    assert len(ctl.state.players[0].discard) == 2  # not shuffled early
    drawn = b.draw(0, 5)
    assert sorted(card_of(c) for c in drawn) == ["laser_show", "sparkle"]
    assert b.draw(0, 1) == []  # both empty: nothing happens


def test_placing_into_any_gap_shifts_the_cards_after_it():
    ctl = disco_scenario(players=[{"name": "Ana", "hand": ["rocket"]}, {"name": "Ben", "hand": ["sparkle"]}],
                         row=[{"card": "force_field", "seat": 1}, {"card": "lab_notes", "seat": 1}])
    ctl.apply("place rocket 2", 0)
    assert [card_of(s.card) for s in ctl.state.row] == ["force_field", "rocket", "lab_notes"]
    assert ctl.state.flow.active == 1
    legal = ctl.legal_texts(1)
    assert legal == [f"place sparkle {g}" for g in range(1, 5)]


def test_a_retained_copy_is_placed_last():
    ctl = disco_scenario(players=[{"name": "Ana", "hand": ["rocket", "rocket"], "retained": ["rocket"]},
                                 {"name": "Ben", "hand": ["sparkle"]}])
    kept = ctl.state.round.retained[0]
    ctl.apply("place rocket 1", 0)
    assert ctl.state.players[0].hand == [kept]


def test_the_action_phase_fires_every_card_once_in_space_order():
    ctl = disco_scenario(players=[{"name": "Ana", "hand": ["laser_show"]}, {"name": "Ben", "shields": 20}],
                         row=[{"card": "laser_show", "seat": 0}] * 5, active=0)
    ctl.apply("place laser_show 3", 0)
    fired = [e.text for e in ctl.state.log if " fires." in e.text]
    assert [t.split(":")[0] for t in fired] == [f"Space {k}" for k in range(1, 7)]
    assert ctl.state.players[1].shields == 2


def test_start_of_round_draws_five_each_before_satellite_effects():
    ctl = disco_scenario(phase="start", first=1,
                         players=[{"name": "Ana", "deck_top": ["rocket"] * 6, "orbit": [{"space": 1, "card": "signal_beacon"}]},
                                  {"name": "Ben", "deck_top": ["rocket"] * 5}])
    texts = [e.text_for(None) for e in ctl.state.log]
    assert texts.index("Ben draws 5 cards.") < texts.index("Ana draws 5 cards.") < texts.index("Ana draws 1 card.")
    assert len(ctl.state.players[0].hand) == 6 and ctl.state.flow.active == 1


def test_a_launched_satellite_keeps_its_tokens():
    ctl = disco_scenario(players=[{"name": "Ana", "hand": ["bastion"]}, {"name": "Ben", "shields": 30}],
                         row=[{"card": "sparkle", "seat": 0}] + FILLER[:4], active=0)
    ctl.apply("place bastion 2", 0)
    for _ in range(3):
        ctl.apply("choose bastion", 0)
    assert ctl.state.tokens == {ctl.state.players[0].orbit[1][0]: 4}  # 3 gained, 1 accumulated


# ---- missiles, select, tokens ---------------------------------------------------------------------


def test_a_missile_destroys_the_whole_stack_and_deals_nothing():
    ctl = disco_scenario(players=[{"name": "Ana", "hand": ["rocket"]},
                                 {"name": "Ben", "shields": 30, "orbit": [
                                     {"space": 1, "card": "power_plant", "tokens": 3},
                                     {"space": 1, "card": "groove_turret"}]}],
                         row=FILLER, active=0)
    ctl.apply("place rocket 1", 0)
    assert ctl.state.players[1].orbit[0] == [] and ctl.state.players[1].shields == 30
    assert sorted(card_of(c) for c in ctl.state.trash) == ["groove_turret", "power_plant"]


def test_select_spends_half_the_tokens_rounded_up():
    ctl = disco_scenario(players=[{"name": "Ana", "hand": ["demolition"]},
                                 {"name": "Ben", "shields": 30, "orbit": [{"space": 1, "card": "power_plant", "tokens": 5}]}],
                         row=FILLER, active=0)
    ctl.apply("place demolition 1", 0)
    assert ctl.state.pending.kind == "select_trash"
    ctl.apply("choose power_plant", 0)
    assert any("spends 3 power tokens (half of 5, rounded up)" in e.text for e in ctl.state.log)
    assert card_of(ctl.state.trash[-1]) == "power_plant" and ctl.state.tokens == {}


def test_tokens_on_row_cards_leave_with_them_at_cleanup():
    ctl = disco_scenario(players=[{"name": "Ana", "hand": ["stardust_loop", "rocket"]}, {"name": "Ben", "shields": 30}],
                         row=FILLER, active=0)
    ctl.apply("place stardust_loop 6", 0)
    assert any("Stardust Loop accumulates 2 power tokens" in e.text for e in ctl.state.log)
    assert ctl.state.tokens == {} and ctl.state.flow.phase == "draft"
    assert sorted(card_of(c) for c in ctl.state.players[0].discard) == ["rocket", "stardust_loop"]


# ---- the three wins --------------------------------------------------------------------------


def test_shields_at_zero_win_at_once():
    ctl = disco_scenario(players=[{"name": "Ana", "hand": ["laser_show"]}, {"name": "Ben", "shields": 3}],
                         row=FILLER, active=0)
    ctl.apply("place laser_show 1", 0)
    assert ctl.winners == [0] and ctl.state.players[1].shields == 0
    assert ctl.state.log[-1].text == "Ana wins: Ben's shields are down."


def test_ten_research_points_win_at_once():
    ctl = disco_scenario(players=[{"name": "Ana", "hand": ["lab_notes"], "research": [3, 3, 3, 0, 0, 0]},
                                 {"name": "Ben", "shields": 30}], row=FILLER, active=0)
    ctl.apply("place lab_notes 1", 0)
    assert ctl.winners == [0] and "10 research points" in ctl.state.log[-1].text


def test_fifteen_more_power_tokens_win_at_once():
    ctl = disco_scenario(players=[{"name": "Ana", "hand": ["stardust_loop"],
                                   "orbit": [{"space": 1, "card": "power_plant", "tokens": 13}]},
                                  {"name": "Ben", "shields": 30}], row=FILLER, active=0)
    ctl.apply("place stardust_loop 6", 0)
    assert ctl.winners == [0] and "15 more power tokens" in ctl.state.log[-1].text


def test_cleanup_can_end_the_game_when_row_tokens_leave():
    ctl = disco_scenario(players=[{"name": "Ana", "hand": ["force_field"], "orbit": [
                                      {"space": 1, "card": "power_plant", "tokens": 14}]},
                                  {"name": "Ben", "shields": 30}],
                         row=[{"card": "force_field", "seat": 1, "tokens": 2}] + FILLER[:4], active=0)
    ctl.apply("place force_field 6", 0)  # power plant 16 - Ben's 2: cleanup removes Ben's 2
    assert ctl.winners == [0]


# ---- invariants ----------------------------------------------------------------------------------


@pytest.mark.parametrize("breakage, message", [
    (lambda s: s.players[1].hand.__setitem__(0, s.players[0].hand[0]), "two places at once"),
    (lambda s: setattr(s.players[0], "shields", 31), "shields 31"),
    (lambda s: s.players[0].research.__setitem__(2, -1), "research points"),
    (lambda s: s.tokens.__setitem__("rocket#9", 2), "not in play"),
    (lambda s: s.players[0].orbit[0].append(s.players[0].hand.pop()), "not a satellite"),
    (lambda s: s.players[0].hand.clear(), "should exist"),
])
def test_a_broken_state_is_caught(breakage, message):
    ctl = disco_scenario(players=[{"name": "Ana", "hand": ["rocket", "sparkle"]}, {"name": "Ben", "hand": ["laser_show"]}])
    state = ctl.state.working_copy()
    breakage(state)
    with pytest.raises(InvalidState, match=message):
        ctl.validate(state)


def test_a_row_of_more_than_six_is_caught():
    ctl = disco_scenario(players=[{"name": "Ana", "hand": ["rocket"]}, {"name": "Ben"}], row=FILLER)
    state = ctl.state.working_copy()
    state.row.append(state.row[0].model_copy(update={"card": state.players[0].hand.pop()}))
    state.row.append(state.row[0].model_copy(update={"card": "rocket#77"}))
    state.total_cards += 1
    with pytest.raises(InvalidState):
        ctl.validate(state)


def test_every_card_is_in_exactly_one_place_through_a_game():
    ctl, rng = new_disco(seed=21), random.Random(21)
    census = Counter(ctl.state.all_cards())
    while not ctl.over:
        ctl.apply(rng.choice(ctl.legal_commands(ctl.who_must_act())))
        assert Counter(ctl.state.all_cards()) == census
    assert len(census) == 8 + 8 + len(draft_cards())


def test_play_to_round_helper_reaches_placement():
    ctl = play_to_round(new_disco(seed=2), 2)
    assert ctl.over or (ctl.state.flow.phase == "place" and ctl.state.flow.turn >= 2)


def test_the_log_says_why_a_satellite_in_the_row_neither_protects_nor_fires_when_selected():
    """Seen on screen: Ana selected Ben's Starlight Cradle ('your opponent cannot select this
    card') and swapped Decoy Balloon and Honey Pot ('When selected ...'), still in the row;
    the log said only that they were selected or swapped, as if the cards had failed."""
    ctl = disco_scenario(
        first=0, active=0,
        row=[{"card": "starlight_cradle", "seat": 1, "tokens": 2}, {"card": "decoy_balloon", "seat": 1},
             {"card": "honey_pot", "seat": 1}],
        players=[{"name": "Ana", "hand": ["gravity_well", "reorder_ray"]},
                 {"name": "Ben", "hand": ["rocket"], "deck_top": ["rocket", "rocket"]}])
    ctl.apply("place gravity_well 4", 0)
    ctl.apply("choose decoy_balloon honey_pot", 0)
    lines = [e.text for e in ctl.state.log]
    assert "Decoy Balloon has not launched yet: until it is in orbit it has no 'When selected' " \
           "effect." in lines
    assert any(t.startswith("Honey Pot has not launched yet") for t in lines)
    ctl.apply("place rocket 5", 1)
    ctl.apply("place reorder_ray 6", 0)
    ctl.apply("choose starlight_cradle gravity_well", 0)
    lines = [e.text for e in ctl.state.log]
    assert "Starlight Cradle has not launched yet: until it is in orbit it protects nothing." \
           in lines


def test_a_placement_with_too_few_cards_to_select_says_that_nothing_moves():
    """Seen vs the greedy bot: Reorder Ray placed beside one other card asked nothing and the
    log said nothing of its Placement (it selects two cards other than itself)."""
    ctl = disco_scenario(first=0, active=0, row=[{"card": "starlight_cradle", "seat": 1}],
                         players=[{"name": "Ana", "hand": ["reorder_ray"]},
                                  {"name": "Ben", "hand": ["rocket"]}])
    ctl.apply("place reorder_ray 2", 0)
    assert ctl.state.pending is None
    assert "Reorder Ray: the action row has not two other cards it may select, so nothing " \
           "moves." in [e.text for e in ctl.state.log]
