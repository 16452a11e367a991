"""Disco Infinity's cards: data validated on load, the decks the rules ask for, every glossary
term used at least twice, and card text generated from the effect data."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from shards_tui.games.disco.cards import (CardDataError, CardDef, base_cards, card_db,
                                         draft_cards, load_card_file)
from shards_tui.games.disco.content import ruleset
from shards_tui.games.disco.glossary import TERMS, terms_of
from shards_tui.games.disco.text import TRIGGER_NAMES, card_text, kind_text


def test_each_faction_has_eight_base_cards():
    for faction in ruleset().factions:
        assert len(base_cards(faction.id)) == 8, faction.id


def test_the_draft_deck_has_at_least_forty_cards_with_the_named_ones():
    deck = Counter(draft_cards())
    assert sum(deck.values()) >= 40
    names = {card_db()[c].name for c in deck}
    assert {"Space Mine", "Research Satellite"} <= names
    assert card_db()["space_mine"].drift and card_db()["space_mine"].after_drift


def test_names_are_unique():
    names = Counter(c.name for c in card_db().values())
    assert not [n for n, k in names.items() if k > 1]


def test_every_glossary_term_is_used_by_at_least_two_cards():
    uses = Counter(t for card in card_db().values() for t in terms_of(card))
    thin = {t: uses[t] for t in TERMS if uses[t] < 2}
    assert not thin, f"terms used by fewer than two cards: {thin}"


def test_alien_tech_cards_carry_a_value_and_cards_read_it():
    tech = [c for c in card_db().values() if c.tech]
    assert len(tech) >= 3 and all(1 <= c.tech <= 5 for c in tech)
    assert "alien tech 3" in kind_text(card_db()["warp_gate"])


@pytest.mark.parametrize("card_id", sorted(card_db()))
def test_card_text_is_generated_from_its_steps(card_id):
    card = card_db()[card_id]
    text = card_text(card)
    assert text and "None" not in text and "{" not in text and "  " not in text
    for trigger, name in TRIGGER_NAMES.items():
        assert (f"{name}:" in text) == bool(card.steps(trigger) or (trigger == "action" and card.is_satellite))
    if card.is_satellite:
        assert "Launch" in text


def test_the_text_follows_the_numbers():
    assert card_text(card_db()["finale_rocket"]) == "Action: Missile 2 (+3 in space 5 or 6)."
    assert "Spend exactly 3 power tokens from your cards. If you spent 3+: deal 8 damage." \
        in card_text(card_db()["supernova_solo"])
    assert card_text(card_db()["space_mine"]).startswith("Drift. It launches into your opponent's orbit row.")


@pytest.mark.parametrize("bad, message", [
    ('kind = "action"\ndrift = true\naction = [{ do = "draw", amount = 1 }]', "only satellites"),
    ('kind = "missile"\naction = [{ do = "draw", amount = 1 }]', "needs a missile step"),
    ('kind = "action"', "needs some effect"),
    ('kind = "action"\naction = [{ do = "draw", amount = 0 }]', "greater than or equal to 1"),
    ('kind = "action"\naction = [{ do = "explode" }]', "does not match any of the expected tags"),
    ('kind = "satellite"\ndrift = false\nafter_drift = [{ do = "detonate" }]', "need drift = true"),
])
def test_a_broken_card_is_refused_on_load(tmp_path: Path, bad: str, message: str):
    path = tmp_path / "broken.toml"
    path.write_text(f'[[card]]\nid = "oops"\nname = "Oops"\n{bad}\n', encoding="utf-8")
    with pytest.raises(CardDataError, match=message):
        load_card_file(path)


def test_a_card_in_the_wrong_faction_file_is_refused(tmp_path: Path):
    path = tmp_path / "x.toml"
    path.write_text('faction = "felicity"\n[[card]]\nid = "a"\nname = "A"\nkind = "satellite"\n',
                    encoding="utf-8")
    with pytest.raises(CardDataError, match="belongs to faction"):
        load_card_file(path)


def test_card_definitions_are_frozen():
    with pytest.raises(Exception):
        card_db()["rocket"].name = "Other"  # type: ignore[misc]
    assert isinstance(card_db()["rocket"], CardDef)


def test_the_card_table_lists_every_card():
    from shards_tui.core.registry import game

    table = game("disco").card_table()
    assert len(table.rows) == len(card_db())
    assert table.columns[0] == "Name" and any("Space Mine" == r[0] for r in table.rows)
