"""The card pool: what the rulebook and the issue ask of it, checked on the data."""

from __future__ import annotations

from collections import Counter

import pytest

from shards_tui.games.fractured_net.cards import (FACTIONS, KEYWORDS, RARITIES, TYPES, CardDataError,
                                                  CardDef, card_db, collectible, starters)
from shards_tui.games.fractured_net.decks import deck_problems
from shards_tui.games.fractured_net.text import KEYWORD_TEXT, card_lines, card_text, glossary

CARDS = collectible()


def _in(faction: str) -> list[CardDef]:
    return [c for c in CARDS if c.faction == faction]


@pytest.mark.parametrize("faction", FACTIONS)
def test_each_faction_has_24_cards_of_every_type_and_rarity(faction):
    cards = _in(faction)
    assert len(cards) >= 24
    assert {c.type for c in cards} == set(TYPES)
    assert {c.rarity for c in cards} == set(RARITIES)
    assert any("response" in c.keywords for c in cards), "Responses in every faction"


def test_neutral_has_20_cards_and_the_pool_140():
    assert len(_in("neutral")) >= 20
    assert len(CARDS) >= 140


def test_every_keyword_is_on_at_least_three_cards():
    counts = Counter(k for c in CARDS for k in c.keywords)
    assert all(counts[k] >= 3 for k in KEYWORDS), {k: counts[k] for k in KEYWORDS}


def test_equipment_that_attaches_and_that_does_not():
    equipment = [c for c in CARDS if c.type == "equipment"]
    assert any(c.attaches for c in equipment) and any(not c.attaches for c in equipment)


def test_autophage_makes_tokens_and_the_rupture_is_random():
    def uses(faction, test):
        return [e for c in _in(faction) for t in ("play", "enter", "death", "attack", "start", "end",
                                                  "ability") for e in c.triggers(t) if test(e)]
    assert len(uses("autophage", lambda e: e.do == "token")) >= 5
    assert len(uses("rupture", lambda e: e.target.startswith("random"))) >= 5
    assert all(card_db()[e.card].is_token for e in uses("autophage", lambda e: e.do == "token"))


def test_legendaries_are_one_a_faction_and_unique_in_the_starters():
    for faction in FACTIONS:
        assert sum(c.rarity == "legendary" for c in _in(faction)) >= 1
    for deck in starters():
        assert sum(n for c, n in deck.cards.items() if card_db()[c].rarity == "legendary") == 1


@pytest.mark.parametrize("deck", starters(), ids=lambda d: d.id)
def test_each_starter_deck_is_legal_and_of_its_faction(deck):
    assert deck_problems(deck.cards) == []
    assert {card_db()[c].faction for c in deck.cards} <= {deck.faction, "neutral"}
    assert {d.faction for d in starters()} == set(FACTIONS)


def test_card_text_is_made_from_the_data():
    bolt = card_db()["bolt_of_static"]
    assert card_text(bolt) == "Deal 2 damage to an enemy creature or your opponent."
    queen = card_db()["the_autophage_queen"]
    assert card_lines(queen) == ["Enter: Make 3 Husk tokens (2/2).",
                                 "Start of your turn: Make a Replicant Drone token (1/1)."]
    assert card_text(card_db()["bastion_frame"]) == "Defender, Armored 2."
    assert "+1 energy each turn" in card_text(card_db()["power_cell"])
    for c in CARDS:
        text = card_text(c)
        assert ".." not in text and "  " not in text
        if c.type != "creature" or c.keywords or c.enter or c.death:
            assert text, c.id


def test_numbers_and_names_are_unique():
    assert len({c.no for c in card_db().values()}) == len(card_db())
    assert len({c.name for c in card_db().values()}) == len(card_db())


def test_a_card_that_breaks_the_data_rules_is_refused():
    with pytest.raises(ValueError, match="only spells have Response"):
        CardDef(id="x", no=999, name="X", faction="neutral", type="creature", rarity="common",
                cost=1, power=1, defense=1, keywords=("response",))
    with pytest.raises(ValueError, match="needs a target"):
        CardDef.model_validate({"id": "y", "no": 998, "name": "Y", "faction": "neutral",
                                "type": "spell", "rarity": "common", "play": [{"do": "damage"}]})
    assert issubclass(CardDataError, Exception)


def test_the_glossary_explains_every_keyword_a_card_has_or_gives():
    assert set(KEYWORD_TEXT) == set(KEYWORDS)
    assert [k for k, _ in glossary(card_db()["the_silent_net"])] == ["Stealth", "Deathtouch"]
    assert [k for k, _ in glossary(card_db()["blackout_reaver"])] == ["Stealth", "Drain"]
    assert [k for k, _ in glossary(card_db()["aegis_protocol"])] == ["Armored"]
    assert [k for k, _ in glossary(card_db()["overload"])] == ["Swift"]
