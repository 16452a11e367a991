"""The base card data loads, matches the reference table, and reads as card text."""

from __future__ import annotations

import csv
from collections import Counter
from pathlib import Path

import pytest

from shards_tui.games.shards.cards import CardDef, card_db
from shards_tui.games.shards.text import card_summary, card_text, step_text

REFERENCE_TSV = (
    Path(__file__).resolve().parents[3].parent
    / "shared" / "reference" / "shards-of-infinity" / "cards.tsv"
)

FACTIONS = ("homodeus", "order", "undergrowth", "wraethe")


@pytest.fixture(scope="module")
def db() -> dict[str, CardDef]:
    return card_db(("base",))


def _center(db: dict[str, CardDef]) -> list[CardDef]:
    return [card for card in db.values() if card.type != "starter"]


def _optional_int(value: str) -> int | None:
    return int(value) if value.strip() else None


# --- loading and counts --------------------------------------------------------------------

def test_base_set_loads(db):
    assert db
    assert all(card.set == "base" for card in db.values())
    assert all(card_id == card.id for card_id, card in db.items())


def test_starters(db):
    starters = {card.id: card for card in db.values() if card.type == "starter"}
    assert {cid: card.copies for cid, card in starters.items()} == {
        "crystal": 7, "blaster": 1, "shard_reactor": 1, "infinity_shard": 1,
    }
    for card in starters.values():
        assert card.faction is None
        assert card.cost is None


def test_center_deck_counts(db):
    center = _center(db)
    assert len(center) == 45
    assert sum(card.copies for card in center) == 88
    per_faction = Counter()
    for card in center:
        assert card.faction in FACTIONS
        assert card.cost is not None
        per_faction[card.faction] += card.copies
    assert per_faction == {faction: 22 for faction in FACTIONS}


def test_champions_have_defense_and_others_do_not(db):
    for card in db.values():
        if card.type == "champion":
            assert card.defense is not None, card.id
            assert card.play or card.exhaust or card.statics, card.id
        else:
            assert card.defense is None, card.id
            assert not card.exhaust, card.id
            assert card.play, card.id


# --- agreement with the reference table ---------------------------------------------------

def test_matches_reference_table(db):
    if not REFERENCE_TSV.is_file():
        pytest.skip(f"reference table not found at {REFERENCE_TSV}")
    with REFERENCE_TSV.open(encoding="utf-8", newline="") as fh:
        rows = [row for row in csv.DictReader(fh, delimiter="\t") if row["set"] == "base"]
    assert len(rows) == 49
    assert {row["id"] for row in rows} == set(db)
    for row in rows:
        card = db[row["id"]]
        assert card.name == row["name"], row["id"]
        assert card.faction == (None if row["faction"] == "none" else row["faction"]), row["id"]
        assert card.type == row["type"], row["id"]
        assert card.cost == _optional_int(row["cost"]), row["id"]
        assert card.copies == int(row["copies"]), row["id"]
        assert card.defense == _optional_int(row["defense"]), row["id"]
        assert card.shield == _optional_int(row["shield"]), row["id"]
        assert card.confidence == row["confidence"], row["id"]
        if card.confidence != "high":
            assert card.note, row["id"]


# --- step structure -----------------------------------------------------------------------

@pytest.mark.parametrize("part", ["play", "exhaust"])
def test_instead_steps_follow_a_base_step(db, part):
    for card in db.values():
        steps = getattr(card, part)
        for index, step in enumerate(steps):
            if not step.instead:
                continue
            assert step.when is not None, f"{card.id}: an 'instead' step needs a condition"
            earlier = steps[:index]
            assert any(not s.instead for s in earlier), f"{card.id}: 'instead' with no base step"
            # Only other alternatives may sit between the base step and this one.
            base_at = max(i for i, s in enumerate(earlier) if not s.instead)
            assert all(s.instead for s in steps[base_at + 1:index]), card.id


# --- generated text -----------------------------------------------------------------------

def test_every_card_has_text(db):
    for card in db.values():
        text = card_text(card)
        assert text.strip(), card.id
        assert all(line.strip() for line in text.splitlines()), card.id
        summary = card_summary(card)
        assert summary and "\n" not in summary, card.id
        for step in (*card.play, *card.exhaust):
            assert step_text(step).endswith("."), card.id


def test_infinity_shard_text(db):
    assert card_text(db["infinity_shard"]).splitlines() == [
        "Gain 2 power.",
        "Mastery 10: gain 3 power instead.",
        "Mastery 20: gain 5 power instead.",
        "Mastery 30: gain infinite power instead.",
    ]


def test_kiln_drone_text(db):
    assert card_text(db["kiln_drone"]) == "Gain 2 gems.\nInspire: gain 4 gems instead."
    assert card_summary(db["kiln_drone"]) == (
        "Homodeus ally · cost 1 · Gain 2 gems. Inspire: gain 4 gems instead."
    )


def test_portal_monk_text(db):
    assert card_text(db["portal_monk"]).splitlines() == [
        "Recruit a card costing 6 or less from the center row for free.",
        "Mastery 15: recruit a card costing 6 or less from the center row into your hand"
        " for free instead.",
    ]


def test_li_hin_text(db):
    assert card_text(db["li_hin_the_shattered"]).splitlines() == [
        "Exhaust: gain 1 power.",
        "This champion cannot be attacked (card effects can still destroy it).",
        "Defense 1.",
    ]


def test_assorted_step_texts(db):
    assert card_text(db["reactor_drone"]) == "Gain 3 gems."
    assert card_text(db["mining_drones"]) == "Gain 1 gem.\nDraw a card."
    assert card_text(db["undergrowth_aspirant"]) == "Gain 3 health.\nUnify: gain 5 power."
    assert card_text(db["command_seer"]) == "Gain 2 gems.\nShield 5."
    assert "Dominion: gain 2 mastery." in card_text(db["order_initiate"])
    assert card_text(db["evokatus"]).splitlines()[1] == (
        "Exhaust: gain 1 power for each Homodeus champion you control."
    )
    assert card_text(db["primus_pilus"]).splitlines()[0] == (
        "Exhaust: if you control 3 or more Homodeus champions: draw 2 cards."
    )
    assert "If you are at full health: gain 6 power." in card_text(db["furrowing_elemental"])
    assert "Mastery 10: you may banish up to 2 cards from your hand or discard pile." in (
        card_text(db["zara_ra_soulflayer"])
    )
    assert card_text(db["drakonarius"]).splitlines()[1] == (
        "This champion cannot be attacked while you control General Decurion."
    )


def test_a_choice_with_nothing_to_choose_from_says_so_in_the_log():
    from tests.conftest import shards_scenario

    ctl = shards_scenario(players=[{"name": "Ana", "hand": ["shadebound_sentry"], "discard": ["crystal"]},
                                   {"name": "Ben", "hand": ["crystal"]}])
    seen = len(ctl.state.log)
    ctl.apply("play shadebound_sentry")
    assert ctl.state.pending is None and ctl.state.turn.power == 3
    lines = [e.text for e in ctl.state.log[seen:]]
    assert lines[-1] == ("Shadebound Sentry: there is no mercenary in Ana's discard pile, so "
                         "that part does nothing.")


def test_a_condition_not_met_is_said_in_the_log():
    from tests.conftest import shards_scenario

    ctl = shards_scenario(players=[{"name": "Ana", "hand": ["undergrowth_aspirant"]},
                                   {"name": "Ben", "hand": ["crystal"]}])
    ctl.apply("play undergrowth_aspirant")
    assert ctl.state.log[-1].text == ("Undergrowth Aspirant: “Unify” is not met, so that part "
                                      "does nothing.")


@pytest.mark.parametrize(("card", "gain", "keyword"), [
    ("wraethe_skirmisher", "Ana gains 2 power from Wraethe Skirmisher.", "Echo"),
    ("kiln_drone", "Ana gains 2 gems from Kiln Drone.", "Inspire"),
    ("leshai_knight", "Ana gains 3 power from Le'shai Knight.", "Unify"),
])
def test_an_instead_condition_not_met_is_said_like_any_other(card, gain, keyword):
    from tests.conftest import shards_scenario

    ctl = shards_scenario(players=[{"name": "Ana", "hand": [card]},
                                   {"name": "Ben", "hand": ["crystal"]}])
    seen = len(ctl.state.log)
    ctl.apply(f"play {card}")
    name = card_db(("base",))[card].name
    assert [e.text for e in ctl.state.log[seen + 1:]] == [
        gain, f"{name}: “{keyword}” is not met, so that part does nothing."]


def test_a_mastery_tier_not_reached_stays_quiet():
    from tests.conftest import shards_scenario

    ctl = shards_scenario(players=[{"name": "Ana", "hand": ["infinity_shard"]},
                                   {"name": "Ben", "hand": ["crystal"]}])
    seen = len(ctl.state.log)
    ctl.apply("play infinity_shard")
    assert not any("is not met" in e.text for e in ctl.state.log[seen:])
