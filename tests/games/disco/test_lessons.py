"""Every Disco Infinity lesson loads, its moves are legal where it asks for them, and they lead
where its narration says (headless, through core)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from shards_tui.core.lesson import Lesson, lesson_files, lessons, load_lesson_file
from tests.core.lesson_checks import explain_other_moves, take_every_step

FILES = lesson_files("disco")
TOPICS = {  # what the issue asks the lessons to teach, and words or commands that show it
    "placement and spaces": ["gap", "place opening_salvo 1", "space 5 or 6"],
    "satellites and orbits": ["launch", "stack", "Drift", "end-of-round", "place power_plant"],
    "missiles and columns": ["column", "Guard", "absorb", "place rocket 4"],
    "power tokens and select": ["choose starlight_cradle#1", "choose power_plant#1", "half its"],
    "research points": ["research point", "place brainstorm 6", "10"],
    "drafting": ["draft 2", "do = \"draft\"", "cycled deck", "do = \"pass\""],
}


def test_the_lessons_cover_the_topics_in_order():
    assert [p.stem for p in FILES] == ["01_placement_and_spaces", "02_satellites_and_orbits",
                                       "03_missiles_and_columns", "04_power_tokens_and_select",
                                       "05_research_points", "06_drafting"]
    for path, words in zip(FILES, TOPICS.values()):
        text = path.read_text(encoding="utf-8")
        assert all(w in text for w in words), (path.name, [w for w in words if w not in text])


def test_the_menu_lists_them_for_disco():
    infos = lessons("disco")
    assert [i.path for i in infos] == FILES
    assert all(i.game == "disco" and i.title and i.description for i in infos)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_lesson_can_be_finished(path: Path):
    spec = load_lesson_file(path)
    assert spec.game == "disco" and spec.learner == 0
    lesson = Lesson.load(path)
    assert lesson.narration, "a lesson opens by saying what the learner sees"
    assert 3 <= lesson.total <= 8, "a lesson asks for 3 to 8 moves"

    def legal_for_the_learner(step) -> None:
        ctl = lesson.controller
        assert ctl.who_must_act() == lesson.learner
        wanted = ctl.parse(step.do, lesson.learner)
        legal = ctl.legal_commands(lesson.learner)
        assert wanted in legal or any(_same_choice(wanted, c) for c in legal), step.do

    take_every_step(lesson, legal_for_the_learner)


def _same_choice(wanted, legal) -> bool:
    """A 'choose' naming one copy matches the legal answer that lists that copy."""
    return getattr(wanted, "options", None) == getattr(legal, "options", ()) and \
        type(wanted) is type(legal)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_lesson_explains_other_moves_and_changes_nothing(path: Path):
    assert explain_other_moves(path, per_step=3) >= 3


OFFERED = re.compile(r"':([^']+)'")  # "type ':place rocket 2'"


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_a_step_accepts_the_command_it_offers(path: Path):
    done: list[str] = []
    lesson = Lesson.load(path)
    while not lesson.done:
        step = lesson.step
        assert step is not None and step.do
        offered = OFFERED.findall(f"{step.say or ''} {step.hint or ''}")
        assert offered, f"{path.name}: '{step.do}' offers no command to type"
        for text in offered:
            trial = Lesson.load(path)
            for earlier in done:
                assert trial.try_command(earlier).accepted
            outcome = trial.try_command(text)
            assert outcome.accepted, f"step '{step.do}' offers ':{text}': {outcome.message}"
        assert lesson.try_command(step.do).accepted
        done.append(step.do)


def test_the_placement_lesson_moves_cards_along_as_it_says():
    lesson = Lesson.load(FILES[0])
    outcome = lesson.try_command("place laser_show 1")
    assert outcome.accepted and "space 2" in outcome.narration[0]
    row = lesson.controller.view(0).row
    assert [c.card for c in row] == ["force_field", "laser_show"]
    wrong = lesson.try_command("place finale_rocket 1")  # legal, but not the lesson's gap
    assert wrong.kind == "not_this_step" and "gap 3" in wrong.message
    assert lesson.try_command("place 1 3").accepted  # by hand position: Finale Rocket
    assert [c.card for c in lesson.controller.view(0).row][-1] == "finale_rocket"


def test_an_illegal_gap_gets_the_rules_sentence():
    lesson = Lesson.load(FILES[0])
    before = lesson.controller.state_json()
    outcome = lesson.try_command("place laser_show 4")
    assert outcome.kind == "rejected"
    assert outcome.message == "The row has 0 cards, so a card goes in space 1, not 4."
    assert lesson.controller.state_json() == before


def test_the_token_lesson_asks_for_each_token_and_takes_half_on_select():
    lesson = Lesson.load(FILES[3])
    assert lesson.try_command("place glow_burst 6").accepted
    view = lesson.controller.view(0)
    assert view.pending is not None and view.pending.kind == "token"
    assert lesson.try_command("choose power_plant").kind == "not_this_step"
    for text in ["choose starlight_cradle", "choose starlight", "choose glow_burst",
                 "choose power_plant"]:
        assert lesson.try_command(text).accepted, text
    assert lesson.try_command("choose space5").accepted
    ben = lesson.controller.view(None).players[1]
    assert ben.tokens == 4 and ben.shields == 17  # 5 - 3 when selected, + 2 at round's end


def test_the_research_lesson_ends_in_a_research_win():
    lesson = Lesson.load(FILES[4])
    for text in ["place funky_theorem 2", "place lab_notes 4", "place brainstorm 6"]:
        assert lesson.try_command(text).accepted
    assert lesson.done and lesson.controller.over
    assert lesson.controller.view(None).winners == [0]


def test_the_draft_lesson_keeps_the_drafted_cards_out_of_bens_view():
    lesson = Lesson.load(FILES[5])
    assert lesson.try_command("place talent_scout 6").accepted
    ben = lesson.controller.view(1)
    assert ben.offer is None and ben.players[0].discard is None
    mine = lesson.controller.view(0)
    assert [c.card for c in mine.offer or []] == ["rocket", "power_plant", "brainstorm"]
    for text in ["draft 2", "draft", "draft 2"]:
        assert lesson.try_command(text).accepted
    me = lesson.controller.view(0).players[0]
    assert {"power_plant", "space_mine"} <= {c.card for c in me.discard or []}


def test_either_copy_will_do_but_only_in_the_gap_asked_for():
    """Two Rockets in hand: the other copy is the same move; the same card in another gap
    leaves the same cards in the row in another order, and is not."""
    lesson = Lesson.load(FILES[2])
    before = lesson.controller.state_json()
    assert lesson.try_command("place rocket#2 1").kind == "not_this_step"
    assert lesson.controller.state_json() == before
    assert lesson.try_command("place rocket#2 2").accepted
    assert lesson.controller.view(0).row[1].id == "rocket#2"
