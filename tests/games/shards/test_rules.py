"""Rules that are easier to check in code than in a scenario file."""

from __future__ import annotations

from collections import Counter

import pytest

from shards_tui.core.errors import IllegalCommand, InvalidState
from shards_tui.core.registry import game
from shards_tui.games.shards.cards import card_of
from tests.conftest import new_shards, shards_scenario

ROW = ["reactor_drone", "nil_assassin", "kiln_drone", "command_seer", "spore_cleric", "data_heretic"]


def _two(ana: dict, ben: dict | None = None, **setup):
    ben = ben or {"hand": ["crystal", "crystal", "crystal", "crystal", "blaster"]}
    setup.setdefault("center_row", ROW)
    return shards_scenario(players=[{"name": "Ana", **ana}, {"name": "Ben", **ben}], **setup)


# --- setup ----------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(6))
def test_new_four_player_game(seed):
    ctl = new_shards(4, seed=seed)
    state = ctl.state
    first = state.flow.active
    for k in range(4):
        p = state.players[(first + k) % 4]
        assert p.mastery == k, "starting mastery is 0, 1, 2, 3 in turn order"
        assert p.health == 50
        assert len(p.hand) == 5 and len(p.deck) == 5
        assert not (p.discard or p.in_play or p.champions or p.banished)
        assert Counter(card_of(i) for i in p.hand + p.deck) == {
            "crystal": 7, "blaster": 1, "shard_reactor": 1, "infinity_shard": 1}
    assert len(state.center_row) == 6 and None not in state.center_row
    assert len(state.center_deck) == 82
    assert state.total_cards == 88 + 40
    assert len({p.character for p in state.players}) == 4


def test_first_player_can_be_chosen_and_names_characters():
    ctl = game("shards").controller.build({"kind": "new", "seed": 1, "first": 2, "players": [
        {"name": "A"}, {"name": "B", "character": "volos"}, {"name": "C"}]})
    assert ctl.state.flow.active == 2
    assert [p.mastery for p in ctl.state.players] == [1, 2, 0]
    assert ctl.state.players[1].character == "volos"


def test_same_seed_same_game():
    assert new_shards(3, seed=5).state_json() == new_shards(3, seed=5).state_json()
    assert new_shards(3, seed=5).state_json() != new_shards(3, seed=6).state_json()


@pytest.mark.parametrize("count", [1, 5])
def test_player_count_limits(count):
    with pytest.raises(ValueError, match="2 to 4 players"):
        game("shards").controller.build({"kind": "new", "seed": 1,
                                         "players": [{"name": f"P{i}"} for i in range(count)]})


# --- fast-play and the center deck ------------------------------------------------------------

def test_fast_played_mercenary_goes_to_the_bottom_of_the_center_deck():
    ctl = _two({"hand": ["crystal", "crystal"], "deck_top": ["crystal"] * 5})
    ctl.apply("play crystal")
    ctl.apply("play crystal")
    ctl.apply("fastplay spore_cleric")
    merc = ctl.state.turn.fast_played[0]
    ctl.apply("end")
    assert ctl.state.center_deck[-1] == merc
    assert merc not in ctl.state.players[0].discard
    assert all(merc not in getattr(ctl.state.players[0], z) for z in ("hand", "deck", "in_play"))


def test_the_log_gives_what_a_recruit_or_fast_play_cost_this_player():
    """Axia's discount and a champion that goes straight into play (Numeri Drones) included."""
    ctl = _two({"hand": ["crystal"], "champions": ["evokatus", "optio_crusher", "numeri_drones"]},
               sets=["base", "relics"], turn={"gems": 20},
               center_row=["axia", "nil_assassin", "kiln_drone", "evokatus", "spore_cleric",
                           "data_heretic"])
    ctl.apply("recruit axia")
    ctl.apply("exhaust numeri_drones")
    ctl.apply("recruit evokatus")
    ctl.apply("fastplay spore_cleric")
    lines = [e.text for e in ctl.view(0).log]
    assert "Ana recruits Axia for 4 gems." in lines  # 7, less 1 per Homodeus champion (3)
    assert "Ana recruits Evokatus for 4 gems, straight into play." in lines
    assert "Ana fast-plays Spore Cleric for 2 gems." in lines


def test_the_log_says_what_focus_cost_and_names_several_fast_played_cards_in_the_plural():
    ctl = _two({"hand": ["crystal"], "deck_top": ["crystal"] * 5}, turn={"gems": 10},
               center_row=["spore_cleric", "nil_assassin", "kiln_drone", "cache_warden",
                           "reactor_drone", "data_heretic"])
    ctl.apply("focus")
    ctl.apply("fastplay spore_cleric")
    ctl.apply("fastplay nil_assassin")
    ctl.apply("end")
    ctl.apply("choose none", 1)  # Ben takes the hit
    lines = [e.text for e in ctl.view(0).log]
    assert "Ana gains 1 mastery from Focus, for 1 gem." in lines
    assert "Spore Cleric, Nil Assassin go to the bottom of the center deck." in lines
    assert "Ana's health is at the cap (50), so the 4 health from Spore Cleric is lost." in lines


def test_a_shield_bigger_than_the_attack_is_logged_as_blocking_the_attack():
    ctl = _two({"hand": []}, {"hand": ["command_seer"]}, turn={"power": 3})
    ctl.apply("end")
    ctl.apply("choose command_seer", 1)
    lines = [e.text for e in ctl.view(None).log]
    assert "Ben reveals Command Seer to block 3 (shield 5, more than the 3 power)." in lines
    assert "Ben takes 0 damage (50 health left)." in lines


def test_a_draw_that_runs_out_mid_way_is_logged_in_the_order_it_happened():
    ctl = _two({"hand": [], "deck_top": ["crystal", "blaster"],
                "discard": ["crystal", "crystal", "shard_reactor"]})
    ctl.apply("end")  # no power, no attack: Ana draws 5 with 2 cards in her deck
    public = [e.text for e in ctl.view(1).log]
    start = public.index("Ana draws 2 cards.")
    assert public[start:start + 3] == [
        "Ana draws 2 cards.", "Ana shuffles their discard pile to form a new deck.",
        "Ana draws 3 more cards."]
    assert len(ctl.view(0).players[0].hand) == 5


def test_returning_a_card_from_the_discard_pile_links_the_rule_on_playing_cards():
    ctl = _two({"hand": ["korvus_legionnaire"], "discard": ["optio_crusher"]})
    ctl.apply("play korvus_legionnaire")
    entry = ctl.view(0).log[-1]
    assert entry.text == "Ana returns Optio Crusher from discard to hand."
    assert entry.anchor == "playing-cards"  # it copies nothing


def test_an_effect_that_comes_to_nothing_is_logged_as_no_gain():
    ctl = _two({"hand": ["crystal"], "champions": ["additri_gaiamancer"]})
    ctl.apply("exhaust additri_gaiamancer")  # 2 power, and 2 per Undergrowth ally played: none
    lines = [e.text for e in ctl.view(0).log]
    assert "Ana gains 2 power from Additri, Gaiamancer." in lines
    assert "Ana gains no power from Additri, Gaiamancer." in lines


def test_fast_played_mercenary_cannot_be_recruited_or_fast_played_again():
    ctl = _two({"hand": ["crystal"]}, turn={"gems": 10})
    ctl.apply("fastplay nil_assassin")
    with pytest.raises(IllegalCommand):
        ctl.apply("recruit nil_assassin#1")
    assert ctl.state.turn.gems == 8


def test_only_mercenaries_can_be_fast_played():
    ctl = _two({"hand": ["crystal"]}, turn={"gems": 10})
    with pytest.raises(IllegalCommand, match="not a mercenary"):
        ctl.apply("fastplay reactor_drone")


def test_empty_center_deck_leaves_a_gap_until_a_mercenary_returns():
    ctl = _two({"hand": ["crystal"], "deck_top": ["crystal"] * 5}, turn={"gems": 2})
    state = ctl.state
    state.players[1].banished.extend(state.center_deck)  # park the deck; totals are unchanged
    state.center_deck.clear()
    ctl.apply("fastplay nil_assassin")
    assert ctl.state.center_row[1] is None
    assert "recruit 2" not in ctl.legal_texts(0)
    ctl.apply("end")
    assert ctl.state.pending.kind == "shields" and ctl.state.pending.seat == 1
    ctl.apply("choose none")
    assert None not in ctl.state.center_row and ctl.state.center_deck == []


# --- attack phase and shields ---------------------------------------------------------------

def _three_way(power: int, **cy):
    return shards_scenario(
        players=[{"name": "Ana", "hand": ["crystal"]},
                 {"name": "Ben", "hand": ["command_seer", "crystal"]},
                 {"name": "Cy", "hand": ["crystal"], **cy}],
        center_row=ROW, turn={"power": power})


def test_all_power_must_be_assigned():
    ctl = _three_way(5)
    ctl.apply("end")
    assert ctl.state.flow.phase == "attack"
    assert set(ctl.legal_texts(0)) == {f"assign {p} {k}" for p in ("ben", "cy") for k in range(1, 6)}
    for text, match in [("end", "Finish assigning"), ("play crystal", "Finish assigning"),
                        ("assign ben 6", "only 5 power"), ("assign ana 1", "cannot attack yourself"),
                        ("assign zed 1", "no player called")]:
        with pytest.raises(IllegalCommand, match=match):
            ctl.apply(text)
    ctl.apply("assign ben 2")
    ctl.apply("assign ben 1")
    assert ctl.state.flow.phase == "attack"
    ctl.apply("assign cy 2")
    assert ctl.state.pending is not None and ctl.state.pending.seat == 2  # Cy may shield 2
    ctl.apply("choose none")
    assert ctl.state.pending is not None and ctl.state.pending.seat == 1  # Ben, who plays next,
    ctl.apply("choose none")  # is asked last
    assert ctl.state.players[1].health == 47 and ctl.state.players[2].health == 48


def test_players_by_seat_alias():
    ctl = _three_way(4)
    ctl.apply("end")
    ctl.apply("assign p3 4")
    assert ctl.state.pending.kind == "shields" and ctl.state.pending.seat == 2
    ctl.apply("choose none")
    assert ctl.state.players[2].health == 46


def test_no_power_no_attack():
    ctl = _three_way(0)
    ctl.apply("end")
    assert ctl.state.flow.active == 1 and ctl.state.flow.phase == "play"


def test_players_without_a_shield_are_still_asked():
    """Anyone with cards in hand is asked, so being asked reveals nothing about the hand."""
    ctl = _three_way(6)
    ctl.apply("end")
    ctl.apply("assign cy 6")
    pending = ctl.state.pending
    assert pending is not None and pending.kind == "shields" and pending.seat == 2
    assert pending.options == [] and ctl.state.players[2].health == 50
    public = ctl.view(None).pending
    assert public.kind == "shields" and public.seat == 2 and public.options is None
    assert ctl.view(0).pending.options is None
    assert ctl.legal_texts(2) == ["choose none"]
    ctl.apply("choose none")
    assert ctl.state.pending is None and ctl.state.players[2].health == 44


def test_zetta_shields_from_hand_only():
    """Zetta's printed shield 5 works when it is revealed from hand, like any shield card."""
    ctl = _two({"hand": ["nil_assassin", "blaster", "blaster"]}, {"hand": ["zetta_the_encryptor"]})
    ctl.apply("play all")
    ctl.apply("end")
    assert ctl.state.pending.kind == "shields"
    ctl.apply("choose zetta_the_encryptor#1")
    assert ctl.state.players[1].health == 48 and ctl.state.players[1].champions == []


def test_infinite_power_skips_zetta_protected_players():
    ctl = shards_scenario(
        players=[{"name": "Ana", "mastery": 30, "hand": ["infinity_shard"]},
                 {"name": "Ben", "hand": ["crystal"], "champions": ["zetta_the_encryptor"]},
                 {"name": "Cy", "hand": ["cryptofist_monk"]}],
        center_row=ROW)
    ctl.apply("play infinity_shard")
    ctl.apply("end")
    assert ctl.state.players[2].eliminated and not ctl.state.players[1].eliminated
    assert ctl.state.flow.active == 1 and not ctl.over


def test_infinite_power_destroys_zetta_then_everything():
    ctl = shards_scenario(
        players=[{"name": "Ana", "mastery": 30, "hand": ["infinity_shard"]},
                 {"name": "Ben", "hand": ["crystal"],
                  "champions": ["zetta_the_encryptor", "general_decurion"]}],
        center_row=ROW)
    ctl.apply("play infinity_shard")
    assert ctl.legal_texts(0).count("attack zetta_the_encryptor#1") == 1
    assert not any(t.startswith("attack general") for t in ctl.legal_texts(0))
    ctl.apply("attack zetta")
    ctl.apply("attack general_decurion")
    ctl.apply("end")
    assert ctl.over and ctl.winners == [0]


def test_eliminated_players_are_skipped_and_lose_their_champions():
    ctl = shards_scenario(
        players=[{"name": "Ana", "hand": ["crystal"]},
                 {"name": "Ben", "health": 2, "hand": ["crystal"], "champions": ["systema_ai"]},
                 {"name": "Cy", "hand": ["crystal"]}],
        center_row=ROW, turn={"power": 2})
    ctl.apply("end")
    ctl.apply("assign ben 2")
    assert ctl.state.pending.kind == "shields" and ctl.state.pending.seat == 1
    ctl.apply("choose none")
    ben = ctl.state.players[1]
    assert ben.eliminated and ben.health == 0 and ben.champions == [] and ben.discard
    assert ctl.state.flow.active == 2
    ctl.apply("end")
    assert ctl.state.flow.active == 0
    ctl.apply("end")
    assert ctl.state.flow.active == 2
    assert all(not t.startswith("assign ben") for t in ctl.legal_texts(2))


# --- card effects not shown in scenarios -----------------------------------------------------

def test_decurion_below_20_mastery_copies_nothing():
    ctl = _two({"mastery": 19, "hand": ["reactor_drone", "reactor_drone"],
                "champions": ["general_decurion"]})
    ctl.apply("play reactor_drone")
    ctl.apply("exhaust general_decurion")
    ctl.apply("play reactor_drone")
    assert ctl.state.turn.gems == 9


def test_venator_without_a_champion_drains_nothing_and_mastery_stops_at_zero():
    ctl = _two({"hand": ["venator_of_the_wastes", "systema_ai"]}, {"mastery": 1, "hand": ["crystal"]},
               center_row=["venator_of_the_wastes", *ROW[1:]], turn={"gems": 4})
    ctl.apply("play venator")
    assert ctl.state.pending is None and ctl.state.players[1].mastery == 1
    ctl.apply("play systema_ai")
    ctl.apply("fastplay venator")  # one opponent: no question asked
    assert ctl.state.players[1].mastery == 0 and ctl.state.turn.power == 8


def test_korvus_without_a_champion_in_discard_returns_nothing():
    ctl = _two({"hand": ["korvus_legionnaire"], "discard": ["crystal"]})
    ctl.apply("play korvus")
    assert ctl.state.pending is None and ctl.state.players[0].hand == []


def test_ojas_with_nothing_to_copy():
    ctl = _two({"mastery": 20, "hand": ["ojas_genesis_druid"]})
    ctl.apply("play ojas")
    assert ctl.state.pending is None and ctl.state.turn.gems == 0 and ctl.state.turn.power == 0


def test_thorn_zealot_without_enemy_champions():
    ctl = _two({"hand": ["thorn_zealot", "spore_cleric"], "deck_top": ["crystal"]})
    ctl.apply("play spore_cleric")
    ctl.apply("play thorn_zealot")
    assert ctl.state.pending is None


def test_portal_monk_with_no_affordable_card():
    ctl = _two({"hand": ["portal_monk"]},
               center_row=["the_grand_architect", "root_of_the_forest", "general_decurion",
                           "zen_chi_set_godkiller", "the_grand_architect", "root_of_the_forest"])
    ctl.apply("play portal_monk")
    assert ctl.state.pending is None and ctl.state.players[0].discard == []


def test_unify_reveal_is_logged_and_the_card_stays_in_hand():
    ctl = _two({"hand": ["leshai_knight", "spore_cleric"]})
    ctl.apply("play leshai_knight")
    assert ctl.state.turn.power == 6
    assert any("reveals Spore Cleric" in e.text for e in ctl.state.log)
    assert card_of(ctl.state.players[0].hand[0]) == "spore_cleric"


def test_copied_cards_do_not_count_as_played():
    ctl = _two({"hand": ["ojas_genesis_druid", "crystal", "additri_gaiamancer"]})
    ctl.apply("play crystal")
    ctl.apply("play ojas")
    assert [card_of(i) for i in ctl.state.turn.played] == ["crystal", "ojas_genesis_druid"]
    ctl.apply("play additri")
    ctl.apply("exhaust additri")
    assert ctl.state.turn.power == 4  # 2 + 2 for Ojas, the one Undergrowth ally played


def test_play_all_stops_at_a_question():
    ctl = _two({"hand": ["crystal", "korvus_legionnaire", "crystal", "blaster"],
                "discard": ["systema_ai", "optio_crusher"]})
    ctl.apply("play all")
    assert ctl.state.pending is not None and ctl.state.pending.kind == "return"
    assert len(ctl.state.players[0].hand) == 2
    ctl.apply("choose systema_ai#1")
    ctl.apply("play all")
    assert [card_of(i) for i in ctl.state.players[0].champions] == ["systema_ai"]


def test_play_by_position():
    ctl = _two({"hand": ["crystal", "blaster"]})
    ctl.apply("play 2")
    assert ctl.state.turn.power == 1
    with pytest.raises(IllegalCommand, match="no card 2"):
        ctl.apply("play 2")


def test_mastery_gain_is_capped_in_the_log_too():
    ctl = _two({"mastery": 29, "hand": ["crystal"]}, center_row=["shard_abstractor", *ROW[1:]],
               turn={"gems": 3})
    ctl.apply("fastplay shard_abstractor")
    assert ctl.state.players[0].mastery == 30
    assert "gains 1 mastery" in ctl.state.log[-1].text


# --- invariants ------------------------------------------------------------------------------

@pytest.mark.parametrize("breakage, match", [
    (lambda s: s.players[0].hand.__setitem__(1, s.players[0].hand[0]), "two places"),
    (lambda s: s.players[0].hand.pop(), "should exist"),
    (lambda s: setattr(s.players[0], "health", 51), "health"),
    (lambda s: setattr(s.players[0], "mastery", 31), "mastery"),
    (lambda s: setattr(s.players[0], "eliminated", True), "elimination"),
    (lambda s: s.players[0].exhausted.append("crystal#1"), "exhausted"),
    (lambda s: (s.center_deck.insert(0, s.center_row[0]), s.center_row.__setitem__(0, None)), "gap"),
    (lambda s: s.center_row.append(None), "slots"),
    (lambda s: s.players[0].hand.__setitem__(0, "no_such_card#1"), "no_such_card#1 is not a known"),
    (lambda s: s.center_deck.__setitem__(0, "crystal#999"), None),  # a known card: no error
])
def test_invariants_catch_broken_states(breakage, match):
    ctl = _two({"hand": ["crystal", "crystal"]})
    state = ctl.state.model_copy(deep=True)
    ctl.check_invariants(state)  # (the good state first: ids already seen are not looked up again)
    breakage(state)
    if match is None:
        ctl.check_invariants(state)
        return
    with pytest.raises(InvalidState, match=match):
        ctl.check_invariants(state)


# --- a safety net -----------------------------------------------------------------------------

def test_effects_that_never_stop_are_undone_with_a_sentence(monkeypatch):
    """If card effects ever started each other without end, the move is undone and reported
    (the game is kept) instead of running until memory runs out."""
    from shards_tui.games.shards import interpreter

    ctl = _two({"hand": ["crystal", "crystal", "crystal", "crystal", "blaster"]})
    before = ctl.state_json()
    monkeypatch.setattr(interpreter, "MAX_STEPS_PER_MOVE", 0)
    with pytest.raises(InvalidState, match="internal error.*kept triggering each other"):
        ctl.apply("play crystal")
    assert ctl.state_json() == before
    monkeypatch.setattr(interpreter, "MAX_STEPS_PER_MOVE", 5_000)
    ctl.apply("play crystal")


def test_a_dead_position_goes_on_without_a_draw():
    """Ruling: the rulebook has no draw. Players who have banished their decks down to one card
    that deals no damage can never finish each other; the game goes on, every turn legal, until
    they stop playing (the long fuzz met such a game by random play)."""
    dear = ["cryptofist_monk", "zetta_the_encryptor", "drakonarius", "omnius_the_all_knowing",
            "general_decurion", "root_of_the_forest"]
    ctl = _two({"hand": ["crystal"], "deck_top": []}, {"hand": ["crystal"], "deck_top": []},
               center_row=dear)
    for _ in range(40):  # twenty rounds: each plays its Crystal, focuses, and ends the turn
        seat = ctl.who_must_act()
        assert set(ctl.legal_texts(seat)) >= {"play crystal", "end"}, ctl.legal_texts(seat)
        ctl.apply("play crystal", seat)
        ctl.apply("focus", seat)
        ctl.apply("end", seat)
    view = ctl.view(None)
    assert not ctl.over and [p.health for p in view.players] == [50, 50]
    assert [p.mastery for p in view.players] == [20, 20]


def test_draining_a_player_with_no_mastery_says_so():
    ctl = _two({"hand": ["venator_of_the_wastes"], "champions": ["systema_ai"]},
               {"mastery": 0, "hand": ["crystal"]})
    ctl.apply("play venator")
    assert ctl.state.players[1].mastery == 0
    assert ctl.state.log[-1].text.endswith("has no mastery to lose.")
