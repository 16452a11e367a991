"""Relics of the Future setup: character relics, recruiting, Relic Draft and Mystery Relics."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from shards_tui.core.errors import IllegalCommand, NotYourTurn
from shards_tui.games.shards.cards import card_of
from shards_tui.games.shards.content import ruleset
from shards_tui.games.shards.determinize import determinize
from shards_tui.games.shards.relic_draft import draft_order
from tests.conftest import new_shards

RELICS = ["base", "relics"]


def _relic_ids(instances: list[str]) -> list[str]:
    return [card_of(i) for i in instances]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_player_sets_aside_their_characters_relics(players):
    ctl = new_shards(players, seed=3, sets=RELICS)
    state = ctl.state
    for p in state.players:
        assert _relic_ids(p.relics) == list(ruleset().character(p.character).relics)
        assert not p.relic_recruited
    assert state.total_cards == 88 + 24 + 10 * players + 8
    assert len(state.center_deck) + 6 == 112
    assert len(state.set_aside) == 8 - 2 * players  # other characters' relics, out of the game


def test_relics_follow_a_change_of_character():
    """For variants that settle characters after setup (Health Auction)."""
    from shards_tui.games.shards.relic_setup import match_relics_to_characters

    ctl = new_shards(2, seed=3, sets=RELICS)
    state = ctl.state
    taken = {p.character for p in state.players}
    other = next(c.id for c in ruleset().characters if c.id not in taken)
    state.players[0].character = other
    match_relics_to_characters(state, ruleset())
    assert _relic_ids(state.players[0].relics) == list(ruleset().character(other).relics)
    assert len(state.set_aside) == 4
    ctl.check_invariants(state)


def test_base_game_has_no_relics_and_old_setups_still_build():
    ctl = new_shards(2, seed=3)  # NewGame's own default is the base set (old saves)
    assert ctl.state.sets == ["base"]
    assert all(not p.relics for p in ctl.state.players)
    assert "relic" not in " ".join(ctl.legal_texts(ctl.state.flow.active))


def test_relic_command_is_legal_only_from_10_mastery():
    ctl = new_shards(2, seed=3, sets=RELICS)
    seat = ctl.state.flow.active
    assert not [t for t in ctl.legal_texts(seat) if t.startswith("relic")]
    with pytest.raises(IllegalCommand, match="need 10 mastery"):
        ctl.apply(f"relic {card_of(ctl.state.players[seat].relics[0])}", seat)
    ctl.state.players[seat].mastery = 10
    relics = [t for t in ctl.legal_texts(seat) if t.startswith("relic")]
    assert relics == [f"relic {card_of(i)}" for i in ctl.state.players[seat].relics]
    ctl.apply(relics[1], seat)
    me = ctl.state.players[seat]
    assert me.relic_recruited and len(me.relics) == 1 and card_of(me.discard[-1]) == relics[1].split()[1]
    assert not [t for t in ctl.legal_texts(seat) if t.startswith("relic")]


def test_relic_command_has_usage_and_summary():
    from shards_tui.games.shards.commands import COMMANDS

    cls = COMMANDS.by_verb["relic"]
    assert cls.usage == "relic NAME" and "10 mastery" in cls.summary


# --- Relic Draft ---------------------------------------------------------------------------

def test_draft_order_snakes_back():
    assert draft_order(0, 2) == [0, 1, 1, 0]
    assert draft_order(1, 3) == [1, 2, 0, 0, 2, 1]
    assert draft_order(3, 4) == [3, 0, 1, 2, 2, 1, 0, 3]


def _draft(players: int, seed: int, pick=lambda options: options[0]):
    ctl = new_shards(players, seed=seed, sets=RELICS, variants=["relic_draft"])
    drafters = []
    while ctl.state.flow.phase == "setup":
        d = ctl.state.pending
        assert d.kind == "relic_draft" and not d.private
        drafters.append(d.seat)
        for other in range(players):
            assert (ctl.legal_commands(other) != []) == (other == d.seat)
        ctl.apply(f"choose {pick(d.option_ids())}", d.seat)
    return ctl, drafters


@pytest.mark.parametrize("players", [2, 3, 4])
def test_relic_draft(players):
    ctl, drafters = _draft(players, seed=10 + players)
    state = ctl.state
    first_drafter = drafters[0]
    order = draft_order(first_drafter, players)
    assert drafters == order[:-1], "the last pick is made for the last drafter"
    first = order[players - 1]
    assert state.flow.active == first and state.flow.phase == "play" and state.pending is None
    for seat, p in enumerate(state.players):
        assert len(p.relics) == 2
        assert p.mastery == (seat - first) % players, "starting mastery counts from the first player"
    assert len(state.set_aside) == 8 - 2 * players
    assert state.total_cards == len(state.all_instances())
    texts = [e.text for e in state.log]
    assert any("Relic Draft:" in t and "face up" in t for t in texts)
    assert sum(" drafts " in t and "drafts first" not in t for t in texts) == 2 * players
    assert any("goes first" in t and "drafted last" in t for t in texts)


def test_relic_draft_picks_are_really_picks():
    ctl = new_shards(3, seed=4, sets=RELICS, variants=["relic_draft"])
    d = ctl.state.pending
    other = (d.seat + 1) % 3
    with pytest.raises(NotYourTurn):
        ctl.apply(f"choose {d.option_ids()[0]}", other)
    with pytest.raises(IllegalCommand):
        ctl.apply("choose crystal#1", d.seat)
    with pytest.raises(IllegalCommand):
        ctl.apply("end", d.seat)
    wanted = d.option_ids()[-1]
    ctl.apply(f"choose {wanted}", d.seat)
    assert ctl.state.players[d.seat].relics == [wanted]
    assert wanted not in ctl.state.pending.option_ids()


def test_relic_draft_same_seed_same_draft():
    a, _ = _draft(3, seed=8)
    b, _ = _draft(3, seed=8)
    assert a.state_json() == b.state_json()


# --- Mystery Relics ----------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_mystery_relics_dealt_at_random(players):
    ctl = new_shards(players, seed=5, sets=RELICS, variants=["mystery_relics"])
    state = ctl.state
    dealt = [i for p in state.players for i in p.relics]
    assert all(len(p.relics) == 2 for p in state.players)
    assert len(state.set_aside) == 8 - 2 * players
    assert Counter(_relic_ids(dealt + state.set_aside)) == Counter(
        r for c in ruleset().characters for r in c.relics)
    assert state.total_cards == len(state.all_instances())


def test_mystery_relics_differ_from_character_pairs_somewhere():
    mismatched = 0
    for seed in range(10):
        state = new_shards(2, seed=seed, sets=RELICS, variants=["mystery_relics"]).state
        mismatched += any(sorted(_relic_ids(p.relics)) != sorted(ruleset().character(p.character).relics)
                          for p in state.players)
    assert mismatched >= 5


def test_mystery_relics_are_secret_in_views():
    ctl = new_shards(3, seed=5, sets=RELICS, variants=["mystery_relics"])
    for viewer in (None, 0, 1, 2):
        view = ctl.view(viewer)
        for entry in view.players:
            assert entry.relic_count == 2
            assert (entry.relics is not None) == (entry.seat == viewer)


def test_determinize_redeals_mystery_relics():
    ctl = new_shards(3, seed=5, sets=RELICS, variants=["mystery_relics"])
    state = ctl.state
    unknown = sorted(i for s in (1, 2) for i in state.players[s].relics) + sorted(state.set_aside)
    seen = set()
    for k in range(30):
        world = determinize(state, 0, random.Random(k))
        assert world.players[0].relics == state.players[0].relics
        pool = sorted(i for s in (1, 2) for i in world.players[s].relics) + sorted(world.set_aside)
        assert sorted(pool) == sorted(unknown)
        assert all(len(world.players[s].relics) == 2 for s in (1, 2))
        seen.add(tuple(world.players[1].relics))
    assert len(seen) > 3, "the hidden relics are really re-dealt"


def test_determinize_keeps_public_relics():
    ctl = new_shards(3, seed=5, sets=RELICS)
    world = determinize(ctl.state, 0, random.Random(1))
    assert [p.relics for p in world.players] == [p.relics for p in ctl.state.players]


def test_relic_anchors_are_in_the_rules_reference():
    from shards_tui.core.rules_text import rules_anchors

    anchors = rules_anchors("shards")
    for anchor in ("relics", "relic-cards", "card-notes-relics", "variant-relic-draft", "variant-mystery-relics"):
        assert anchor in anchors
    for v in ruleset().variants:
        if v.id in ("relic_draft", "mystery_relics"):
            assert v.anchor in anchors


def test_every_relics_card_note_is_in_the_reference():
    from pathlib import Path

    from shards_tui.games.shards.cards import card_db

    text = (Path(__file__).parents[3] / "rulesets" / "shards_of_infinity.md").read_text(encoding="utf-8")
    notes = text[text.index('<a id="card-notes-relics">'):]
    for card in card_db(("base", "relics")).values():
        if card.set == "relics" and card.confidence != "high":
            assert f"**{card.name.split(',')[0]}" in notes, card.name


def test_only_relics_may_be_set_aside():
    from shards_tui.core.errors import InvalidState

    ctl = new_shards(2, seed=3, sets=RELICS)
    bad = ctl.state.model_copy(deep=True)
    bad.players[0].relics.append(bad.players[0].hand.pop())
    with pytest.raises(InvalidState, match="not a relic"):
        ctl.check_invariants(bad)


def test_recruiting_a_mystery_relic_cannot_be_undone():
    ctl = new_shards(2, seed=3, sets=RELICS, variants=["mystery_relics"])
    seat = ctl.state.flow.active
    ctl.state.players[seat].mastery = 10
    ctl.apply(f"relic {card_of(ctl.state.players[seat].relics[0])}", seat)
    assert not ctl.can_undo(seat)


def test_no_starting_mastery_until_the_draft_decides_the_order():
    ctl = new_shards(3, seed=4, sets=RELICS, variants=["relic_draft"])
    assert [p.mastery for p in ctl.state.players] == [0, 0, 0]


def test_old_saves_without_relic_fields_still_load():
    import json

    from shards_tui.core import saves

    ctl = new_shards(2, seed=3)
    ctl.apply("play all", ctl.state.flow.active)
    data = json.loads(saves.to_json(ctl))
    data["state"].pop("set_aside", None)
    for p in data["state"]["players"]:
        p.pop("relics", None)
        p.pop("relic_recruited", None)
    data["setup"].pop("sets", None)
    loaded = saves.from_json(json.dumps(data))
    assert loaded.state.sets == ["base"] and loaded.state.players[0].relics == []


# --- relic effects in the log ----------------------------------------------------------------

def _talons(health: int):
    from tests.conftest import shards_scenario

    ctl = shards_scenario(sets=RELICS, seed=4, players=[
        {"name": "Ann", "character": "volos", "health": health, "mastery": 20,
         "hand": ["entropic_talons", "arach_devotees", "spore_cleric"], "deck_top": ["crystal"] * 5},
        {"name": "Ben", "hand": ["crystal"]}])
    seen = len(ctl.state.log)
    ctl.apply("play entropic_talons")
    ctl.apply("play arach_devotees")
    return [e.text for e in ctl.state.log[seen:]]


def test_entropic_talons_names_itself_once_and_the_health_lost_is_the_players():
    lines = _talons(50)
    assert "Ann's health is at the cap (50), so the 10 health from Entropic Talons is lost." in lines
    assert "Ann gains 10 power from Entropic Talons." in lines
    assert "Ann gains 3 power from Entropic Talons (for the health from Arach Devotees)." in lines
    assert not any("Talons's" in line or "(Entropic Talons)" in line for line in lines)


def test_health_partly_over_the_cap_says_how_much_is_lost():
    lines = _talons(45)
    assert "Ann gains 5 health from Entropic Talons (the cap is 50, so 5 health is lost)." in lines


@pytest.mark.parametrize("variants", [[], ["mystery_relics"]], ids=["public", "mystery"])
def test_every_view_names_the_recruited_relic_once_it_is_recruited(variants):
    """The panels read 'one recruited; X out of the game': which one was taken (the log says
    so when it happens) was not in any view."""
    ctl = new_shards(2, seed=5, sets=RELICS, variants=variants)
    seat = ctl.who_must_act()
    assert all(e.relic_taken is None for v in (None, 0, 1) for e in ctl.view(v).players)
    ctl.state.players[seat].mastery = 10
    taken = card_of(ctl.state.players[seat].relics[0])
    ctl.apply(f"relic {taken}", seat)
    for viewer in (None, 0, 1):
        entry = ctl.view(viewer).players[seat]
        assert entry.relic_taken == taken
        assert (entry.relics is not None) == (not variants or viewer == seat)  # the other stays secret
