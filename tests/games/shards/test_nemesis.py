"""Single Player Nemesis Challenge: setup, win conditions and the resumable Nemesis turn.

The Nemesis's turn rules are scenario files (scenarios/nemesis_*.toml); these are the rules that
are easier to check in code.
"""

from __future__ import annotations

from collections import Counter

import pytest

from shards_tui.core import saves
from shards_tui.core.errors import IllegalCommand, NotYourTurn, ScenarioError
from shards_tui.core.registry import game
from shards_tui.games.shards.cards import card_of
from tests.conftest import shards_scenario

ROW = ["undergrowth_aspirant", "cache_warden", "spore_cleric", "data_heretic", "kiln_drone", "reactor_drone"]
CRYSTALS = ["crystal"] * 5


def _new(seed: int = 3, character: str | None = None, sets=("base", "relics"), **extra):
    return game("shards").controller.build({
        "kind": "new", "seed": seed, "variants": ["nemesis"], "sets": list(sets),
        "players": [{"name": "Ann", "character": character}], **extra})


def _solo(nemesis: dict | None = None, ann: dict | None = None, **setup):
    setup.setdefault("center_row", ROW)
    return shards_scenario(variants=["nemesis"], players=[
        {"name": "Ann", "character": "volos", "hand": CRYSTALS, "deck_top": CRYSTALS * 2, **(ann or {})}],
        nemesis={"name": "Nemesis", "character": "decima", **(nemesis or {})}, **setup)


# --- setup -------------------------------------------------------------------------------------

@pytest.mark.parametrize("character,extra", [("decima", "limiter_drones"), ("ko_syn_wu", "pall_shades"),
                                             ("tetra", "cloud_oracles"), ("volos", "arach_devotees")])
def test_eleventh_starting_card_by_character(character, extra):
    state = _new(character=character).state
    ann, nemesis = state.players
    owned = Counter(card_of(i) for i in ann.hand + ann.deck)
    assert owned == {"crystal": 7, "blaster": 1, "shard_reactor": 1, "infinity_shard": 1, extra: 1}
    assert len(ann.hand) == 5 and len(ann.deck) == 6
    # The 11th card is one of the box's three copies: two are left among the center cards.
    center = [card_of(i) for i in state.center_deck + [c for c in state.center_row if c]]
    assert center.count(extra) == 2
    assert "11th card" in state.log[-1].text and state.log[-1].anchor == "variant-nemesis"


def test_setup_health_mastery_first_player_and_an_empty_nemesis():
    state = _new(seed=11).state
    ann, nemesis = state.players
    assert state.flow.active == 0 and state.flow.phase == "play"
    assert (ann.health, ann.mastery, nemesis.health, nemesis.mastery) == (50, 0, 50, 0)
    assert nemesis.nemesis and not ann.nemesis
    assert not (nemesis.hand or nemesis.deck or nemesis.discard or nemesis.champions)
    assert nemesis.character != ann.character
    assert state.total_cards == len(state.all_instances())


def test_nemesis_character_can_be_chosen_and_is_random_otherwise():
    assert _new(character="tetra", nemesis="volos").state.players[1].character == "volos"
    picked = {_new(seed=s, character="tetra").state.players[1].character for s in range(12)}
    assert "tetra" not in picked and len(picked) > 1


def test_without_the_relics_cards_there_is_no_eleventh_card():
    state = _new(sets=("base",)).state
    assert len(state.players[0].hand + state.players[0].deck) == 10
    assert "no 11th starting card" in state.log[-1].text


def test_same_seed_same_game():
    assert _new(seed=5).state_json() == _new(seed=5).state_json()


def test_nemesis_is_for_one_person():
    with pytest.raises(ValueError, match="for 1 player"):
        game("shards").controller.build({"kind": "new", "seed": 1, "variants": ["nemesis"],
                                         "players": [{"name": "A"}, {"name": "B"}]})


def test_a_scenario_nemesis_cannot_hold_cards():
    with pytest.raises(ScenarioError, match="no hand"):
        _solo(nemesis={"hand": ["crystal"]})


# --- the Nemesis never acts itself ----------------------------------------------------------------

def test_the_nemesis_seat_never_has_a_move_and_only_the_player_answers():
    ctl = _solo(ann={"champions": ["systema_ai", "numeri_drones"]}, center_deck_top=["nil_assassin"])
    assert ctl.legal_commands(1) == []
    ctl.apply("end")
    assert ctl.state.pending.kind == "nemesis_target" and ctl.who_must_act() == 0
    assert ctl.legal_commands(1) == []
    with pytest.raises(NotYourTurn):
        ctl.apply("choose systema_ai#1", seat=1)
    with pytest.raises(IllegalCommand, match="not one of the choices"):
        ctl.apply("choose crystal#1")
    assert {c.text() for c in ctl.legal_commands(0)} == {"choose systema_ai#1", "choose numeri_drones#1"}


def test_the_nemesis_turn_resumes_after_a_save_and_load():
    ctl = _solo(ann={"champions": ["systema_ai", "numeri_drones"]}, center_deck_top=["nil_assassin"])
    ctl.apply("end")
    loaded = saves.from_json(saves.to_json(ctl))
    assert loaded.state.nemesis_turn is not None and loaded.state.nemesis_turn.step == "champions"
    loaded.apply("choose systema_ai#1")  # 5 power: 4 for Systema A.I., the last 1 at Ann
    assert loaded.state.pending.kind == "shields"
    loaded.apply("choose none")
    assert loaded.state.flow.active == 0 and loaded.state.nemesis_turn is None
    assert [card_of(c) for c in loaded.state.players[0].champions] == ["numeri_drones"]
    assert loaded.state.players[0].health == 49


def test_every_nemesis_step_is_logged_with_the_variant_anchor():
    ctl = _solo(center_deck_top=["shardwood_guardian"])
    start = len(ctl.state.log)
    ctl.apply("end")
    texts = [(e.anchor, e.text) for e in ctl.state.log[start:]]
    nemesis = [t for a, t in texts if a == "variant-nemesis"]
    assert any("reveals Shardwood Guardian" in t for t in nemesis)
    assert any("instead of drawing 1" in t for t in nemesis)
    assert any("ignores the Unify text" in t for t in nemesis)


def test_you_choose_what_its_copy_effect_copies():
    row = ["undergrowth_aspirant", "ojas_genesis_druid", "command_seer", "data_heretic", "kiln_drone",
           "reactor_drone"]
    ctl = _solo(nemesis={"health": 30}, center_row=row, center_deck_top=["spore_cleric"])
    ctl.apply("end")
    d = ctl.state.pending
    assert d.kind == "nemesis_copy" and d.seat == 0
    assert [card_of(o.id) for o in d.options] == ["spore_cleric", "undergrowth_aspirant"]
    ctl.apply("choose spore_cleric#1")
    assert ctl.state.players[1].health == 30 + 4 + 3 + 4


# --- the Nemesis's third way to win, and its empty-deck ruling ----------------------------------

def _thin_center_deck(ctl, keep: int) -> None:
    """Set the center deck aside (into the Nemesis's banished pile, keeping every card counted)."""
    state = ctl.state
    state.players[1].banished.extend(state.center_deck[keep:])
    del state.center_deck[keep:]
    ctl.check_invariants(state)


def test_nemesis_wins_when_the_row_cannot_be_refilled():
    ctl = _solo(center_deck_top=["fungal_hermit"])
    _thin_center_deck(ctl, keep=1)
    ctl.apply("end")  # reveals Fungal Hermit, plays the two Undergrowth row cards: two gaps, no deck
    assert ctl.state.over and ctl.state.winners == [1]
    assert "cannot fill it" in ctl.state.log[-1].text


def test_a_gap_left_in_your_turn_ends_the_game_at_its_turn():
    ctl = _solo(center_deck_top=["fungal_hermit"], turn={"gems": 5})
    _thin_center_deck(ctl, keep=0)
    ctl.apply("recruit 2")
    assert ctl.state.center_row[1] is None and not ctl.state.over
    ctl.apply("end")
    assert ctl.state.winners == [1] and "could not fill it" in ctl.state.log[-1].text


def test_an_empty_center_deck_at_its_reveal_is_a_nemesis_win():
    ctl = _solo()
    _thin_center_deck(ctl, keep=0)
    ctl.apply("end")
    assert ctl.state.winners == [1] and "no card to reveal" in ctl.state.log[-1].text


def test_random_nemesis_games_finish_cleanly():
    import random

    for seed in range(8):
        ctl = _new(seed=seed)
        rng = random.Random(seed)
        for _ in range(3000):
            if ctl.state.over:
                break
            seat = ctl.who_must_act()
            assert seat == 0
            ctl.apply(rng.choice(ctl.legal_commands(seat)))
        assert ctl.state.over


def test_the_end_is_logged_as_a_nemesis_win_or_a_player_win():
    ctl = _solo(ann={"health": 3}, center_deck_top=["nil_assassin"])
    ctl.apply("end")
    ctl.apply("choose none")
    assert ctl.state.winners == [1]
    assert ctl.state.log[-1].text == "The Nemesis wins: Ann's health reached 0."
    ctl = _solo(nemesis={"health": 5}, ann={"hand": ["nil_assassin"]})
    ctl.apply("play nil_assassin")
    ctl.apply("end")
    assert ctl.state.winners == [0]
    assert ctl.state.log[-1].text == "Ann brings the Nemesis to 0 health and wins!"
    assert ctl.state.log[-1].anchor == "variant-nemesis"


def test_its_champions_exhaust_after_the_row_and_their_copies_work():
    row = ["undergrowth_aspirant", "cache_warden", "spore_cleric", "data_heretic", "nil_assassin",
           "command_seer"]
    ctl = _solo(nemesis={"mastery": 20, "champions": ["general_decurion"]}, center_row=row,
                center_deck_top=["kiln_drone"])
    deck = len(ctl.state.center_deck)
    ctl.apply("end")
    # Kiln Drone: Inspire met (20 mastery) -> 4 gems -> 4 banished. Decurion: 3 gems -> 3 banished,
    # and at 20 mastery it copies the Homodeus ally played this turn: 4 more.
    nemesis = ctl.state.players[1]
    assert deck - len(ctl.state.center_deck) == 1 + 4 + 3 + 4
    assert len(nemesis.banished) == 4 + 3 + 4 + 1 and card_of(nemesis.banished[-1]) == "kiln_drone"
    texts = [e.text for e in ctl.state.log]
    exhaust = next(n for n, t in enumerate(texts) if "exhausts General Decurion" in t)
    assert exhaust > next(n for n, t in enumerate(texts) if "plays Kiln Drone" in t)
    assert any("copies the effects of Kiln Drone" in t for t in texts[exhaust:])
    assert ctl.state.flow.active == 0


def test_the_nemesis_and_the_player_have_different_characters():
    with pytest.raises(ValueError, match="character other than yours"):
        _new(character="volos", nemesis="volos")
    for seed in range(10):
        ann, nemesis = _new(seed=seed, nemesis="tetra").state.players
        assert nemesis.character == "tetra" and ann.character != "tetra"


def test_the_log_says_why_an_exhaust_does_nothing_and_that_no_power_means_no_attack():
    """Primus Pilus draws only with 3 Homodeus champions; the Nemesis has 1, so the log says why
    nothing came of the exhaust, and a turn without power says Ann is not attacked."""
    ctl = _solo(nemesis={"champions": ["primus_pilus"]}, center_deck_top=["kiln_drone"])
    seen = len(ctl.state.log)
    ctl.apply("end")
    lines = [e.text for e in ctl.state.log[seen:]]
    assert "The Nemesis exhausts Primus Pilus." in lines
    assert ("Primus Pilus: “If you control 3 or more Homodeus champions” is not true for the "
            "Nemesis, so that part does nothing.") in lines
    assert "The Nemesis has no power this turn: Ann is not attacked." in lines


def test_power_short_of_lethal_says_where_it_goes():
    ctl = _solo(ann={"champions": ["systema_ai"]}, center_deck_top=["nil_assassin"])
    seen = len(ctl.state.log)
    ctl.apply("end")
    text = " ".join(e.text for e in ctl.state.log[seen:])
    assert "so it goes for Ann's champions first, the costliest it can destroy." in text
    ctl = _solo(center_deck_top=["nil_assassin"])
    seen = len(ctl.state.log)
    ctl.apply("end")
    text = " ".join(e.text for e in ctl.state.log[seen:])
    assert "with no champions in the way it all goes at Ann." in text
