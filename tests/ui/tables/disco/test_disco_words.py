"""The Disco table's words: the hand-off cover and the game-over summary, from public views."""

from __future__ import annotations

import random
import re

from shards_tui.core.rules_text import rule_title
from shards_tui.games.disco.controller import DiscoController
from shards_tui.ui.tables.disco.words import (QUESTION_ANCHORS, handoff_words, heading,
                                              move_words, palette_entries, question_anchor, summary)
from tests.games.disco.conftest import new_disco
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


def _shows_no_instance_id(text: str) -> bool:
    return re.search(r"[a-z_]+#\d", text) is None


def test_no_instance_id_reaches_a_player_in_whole_games():
    """The log, questions, option labels, the palette's moves and what the status line says
    of an answer never show an instance id ('finale_rocket#1'); the palette's answers are
    sent by position, and they are the legal moves."""
    answers = 0
    for seed in (1, 2, 3):
        ctl, rng = new_disco(seed=seed), random.Random(seed)
        while not ctl.over:
            seat = ctl.who_must_act()
            view = ctl.view(seat)
            seen = [line.text for line in view.log]
            if view.pending is not None:
                seen += [view.pending.prompt, *(o.label for o in view.pending.options or [])]
            for text, words in palette_entries(view):
                seen += [text, words]
                if text.startswith("choose"):
                    answers += 1
                    if text != "choose none":  # (a legal move of its own, for "or none")
                        ctl.state.pending.chosen_ids(text.split()[1:])  # sendable as it is
                    seen.append(move_words(view, text))
            for move in view.legal:
                seen.append(move_words(view, move.text))
            assert all(_shows_no_instance_id(t) for t in seen), [t for t in seen if not _shows_no_instance_id(t)]
            assert len(palette_entries(view)) == len(view.legal)
            ctl.apply(rng.choice(ctl.legal_commands(seat)), seat)
    assert answers > 20


def test_an_answer_that_logs_nothing_is_said_by_its_label():
    ctl = disco(first=0, active=0, row=[{"card": "force_field", "seat": 1}] * 3,
                players=[{"name": "Ana", "hand": ["disco_shuffle"]}, {"name": "Ben", "hand": ["rocket"]}])
    ctl.apply("place disco_shuffle 1", 0)
    view = ctl.view(0)
    assert move_words(view, "choose force_field#2") == \
        "You chose Force Field (Ben's card in space 3)."
    assert move_words(view, "choose 1") == "You chose Force Field (Ben's card in space 2)."
    entries = dict(palette_entries(view))
    assert entries["choose 3"] == "Choose Force Field (Ben's card in space 4)."[:-1]


def test_the_palette_says_where_a_placed_card_ends():
    ctl = disco(first=0, active=0, row=[{"card": "force_field", "seat": 1}],
                players=[{"name": "Ana", "hand": ["spin_move"]}, {"name": "Ben", "hand": ["rocket"]}])
    entries = dict(palette_entries(ctl.view(0)))
    assert entries == {"place spin_move 1": "Place Spin Move in space 1; it ends in space 2",
                       "place spin_move 2": "Place Spin Move in space 2"}
