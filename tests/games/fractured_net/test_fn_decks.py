"""The Fractured Net's deck rules, one sentence per problem (rulings r-legendary and
r-casual-decks), the curve and the collection filters, starter codes, and decks in a setup."""

from __future__ import annotations

import pytest

from shards_tui.core.decks import DeckLibrary, decode, encode
from shards_tui.core.registry import game
from shards_tui.games.fractured_net.cards import starters
from shards_tui.games.fractured_net.decks import (curve, deck_problems, describe, deck_rules, faction_of,
                                                  filter_cards)


def _void() -> dict[str, int]:
    return dict(next(d for d in starters() if d.id == "void").cards)


def test_a_starter_is_legal():
    assert deck_problems(_void()) == []
    assert faction_of(_void()) == "void"


def test_each_broken_rule_is_one_sentence():
    cards = _void()
    cards["null_stalker"] = 4  # 41 cards, 4 copies
    problems = deck_problems(cards)
    assert problems == ["A deck has exactly 40 cards; this one has 41.",
                        "At most 3 copies of a card: Null Stalker."]


def test_r_legendary_one_legendary_in_total():
    cards = _void()
    cards["void_conduit"] -= 1
    cards["the_wanderer"] = 1  # a second Legendary (neutral)
    assert deck_problems(cards) == ["A deck may hold one Legendary card; this one has 2."]


def test_one_primary_faction_plus_neutral():
    cards = _void()
    cards["void_conduit"] -= 1
    cards["flare"] = 1
    assert deck_problems(cards) == ["A deck has one primary faction plus Neutral cards; this one "
                                    "mixes The Rupture and Void Network."]
    neutral_only = {"scrap_golem": 3, "net_wolf": 3, "power_cell": 3, "relay_courier": 3,
                    "wandering_blade": 3, "gate_warden": 3, "iron_bulwark": 3, "blood_circuit": 3,
                    "old_reliable": 3, "grave_mote": 3, "fuse_rat": 3, "twin_signal": 3,
                    "wild_striker": 3, "bolt_of_static": 1}
    assert deck_problems(neutral_only) == [] and faction_of(neutral_only) == "neutral"


def test_tokens_and_unknown_cards_are_not_deck_cards():
    assert deck_problems({"replicant_drone": 40})[0].startswith("These are not cards")


def test_r_casual_decks_any_size_in_casual_legal_only_in_ranked():
    seats = [{"name": "Ana", "cards": {"scrap_golem": 10}}, {"name": "Ben", "deck": "void"}]
    ctl = game("fractured_net").controller.build({"kind": "new", "seed": 1, "players": seats})
    assert len(ctl.state.players[0].deck) + len(ctl.state.players[0].hand) == 10
    with pytest.raises(ValueError, match="Ranked games need legal decks"):
        game("fractured_net").controller.build({"kind": "new", "seed": 1, "players": seats,
                                                "mode": "ranked"})
    with pytest.raises(ValueError, match="a casual deck needs 8 to 200"):
        game("fractured_net").controller.build(
            {"kind": "new", "seed": 1, "players": [{"name": "A", "cards": {"flare": 3}}, seats[1]]})


def test_ranked_turns_the_timer_on():
    ctl = game("fractured_net").controller.build(
        {"kind": "new", "seed": 1, "mode": "ranked",
         "players": [{"name": "Ana", "deck": "void"}, {"name": "Ben", "deck": "kernel"}]})
    assert ctl.state.ranked and ctl.state.timer == 90
    assert ctl.view(0).timer == 90 and ctl.view(0).on_clock == [0, 1]


def test_curve_counts_copies_by_cost_and_resources_apart():
    bars = dict(curve({"spark_imp": 3, "net_wolf": 2, "leyline_colossus": 1, "the_fracture_itself": 1,
                       "power_cell": 3}))
    assert list(bars) == ["0", "1", "2", "3", "4", "5", "6", "7+", "res"]
    assert bars == {"0": 0, "1": 3, "2": 0, "3": 2, "4": 0, "5": 0, "6": 0, "7+": 2, "res": 3}


def test_filters_narrow_the_collection():
    void_spells = filter_cards(faction="void", type="spell")
    assert void_spells and all(c.faction == "void" and c.type == "spell" for c in void_spells)
    assert {c.id for c in filter_cards(keyword="stealth", faction="void")} >= {"null_stalker", "night_veil"}
    randoms = filter_cards(text="RANDOM enemy")
    assert len(randoms) >= 5 and {c.faction for c in randoms} == {"rupture"}
    assert all(c.cost >= 7 for c in filter_cards(cost=7))
    assert all(c.rarity == "legendary" for c in filter_cards(rarity="legendary"))
    assert filter_cards(text="zzzz") == []


def test_every_starter_survives_a_code_round_trip():
    rules = deck_rules()
    for deck in starters():
        code = encode(deck.cards, rules)
        assert code.startswith("FN-") and len(code) < 120
        assert decode(code, rules) == deck.cards
        assert decode(code.lower(), rules) == deck.cards  # typed in lower case


def test_the_library_lists_the_starters_read_only(tmp_path):
    library = DeckLibrary("fractured_net", folder=tmp_path)
    names = [d.name for d in library.all()]
    assert names[:5] == [d.name for d in starters()]
    assert library.find("void network starter").starter


def test_the_pick_says_a_deck_that_breaks_the_rules_is_for_casual_games_only():
    from shards_tui.core.decks import DeckLibrary
    from shards_tui.core.registry import game
    from shards_tui.ui.screens.private_pick import role_entries

    library = DeckLibrary("fractured_net")
    library.save("Half Void", {"null_stalker": 3, "void_leech": 3, "hollow_knight": 3})
    entries, _ = role_entries("fractured_net", game("fractured_net").setup_spec().role, library)
    half = next(e for e in entries if e.title == "Half Void")
    assert "casual games only" in half.note and "exactly 40 cards" in half.problem
    starter = next(e for e in entries if e.title == "Void Network starter")
    assert "casual" not in starter.note and not starter.problem
    # and casual games do accept it, ranked ones do not
    setup = {"kind": "new", "seed": 1, "players": [{"name": "Ana", "cards": {"hollow_knight": 3, "null_stalker": 3,
             "void_leech": 3}}, {"name": "Ben"}]}
    assert game("fractured_net").controller.build(setup).state.players[0].deck_name == "Own deck"


def test_a_deck_too_small_for_any_game_is_not_said_to_be_for_casual_games():
    """Found in the deck builder at 80x24: a saved 6-card deck was listed as 'casual games
    only', and a casual game then refused it (a casual deck needs 8 to 200 cards)."""
    small, half = {"kernel_node": 2, "parity_warden": 2, "verified_cache": 2}, {"flare": 10}
    assert "casual games only" not in describe(small)
    assert describe(small).endswith("6 cards; not playable (a casual deck needs 8 to 200)")
    assert describe(half).endswith("; casual games only")
    with pytest.raises(ValueError, match="a casual deck needs 8 to 200"):
        game("fractured_net").controller.build(
            {"kind": "new", "seed": 1, "players": [{"name": "A", "cards": small}, {"name": "B"}]})
