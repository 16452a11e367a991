"""The Disco table's words: the hand-off cover and the game-over summary, from public views."""

from __future__ import annotations

from shards_tui.core.rules_text import rule_title
from shards_tui.games.disco.controller import DiscoController
from shards_tui.ui.tables.disco.words import (QUESTION_ANCHORS, handoff_words, heading,
                                              question_anchor, summary)
from tests.ui.tables.disco.disco_ui_support import disco, mid_round


def test_the_cover_names_the_player_and_tells_only_public_facts():
    ctl = mid_round()
    since = max(line.seq for line in ctl.view(None).log) if ctl.view(None).log else -1
    ctl.apply("place lab_notes 1", 0)
    name, why, lines = handoff_words(ctl.view(None), 1, since)
    assert name == "Ben" and why == "Round 4. Place a card in the action row (3 of 6 are in it)."
    assert lines[0].startswith("Ben (Captain Blackstar): shields 20, research 0/10")
    assert lines[1].startswith("Ana (Dr. Blazimir Funkovich): shields 17, research 3/10")
    assert lines[-2:] == ["Since you last played:", "Ana places Lab Notes in space 1 of 3."]
    text = " ".join(lines)
    assert "Sparkle" not in text and "Star Cannon" not in text  # the hands stay hidden


def test_the_heading_says_whose_move_it_is():
    ctl = mid_round()
    assert heading(ctl.view(0), 0).startswith("Your move, Ana: Place a card")
    assert heading(ctl.view(1), 1) == "Waiting for Ana."


def test_the_summary_says_who_won_and_why():
    ctl = disco(first=1, row=[{"card": "force_field", "seat": 0}] * 5,
                players=[{"name": "Ana", "hand": ["rocket"]}, {"name": "Ben", "shields": 3}])
    ctl.apply("place rocket 6", 0)
    headline, lines = summary(ctl.view(None))
    assert headline == "Ana wins!"
    assert lines[0] == "Ana wins: Ben's shields are down."
    assert lines[2].startswith("Ben (") and "shields 0" in lines[2]


def test_f1_on_a_question_opens_a_rule_the_reference_has():
    kinds = [*QUESTION_ANCHORS, "select_shift", "select_swap", "select_to_end"]
    for kind in kinds:
        assert rule_title(DiscoController.game_id, question_anchor(kind)) is not None, kind
