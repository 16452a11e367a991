"""Every shipped Shards of Infinity lesson can be finished, and explains wrong moves."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from shards_tui.core.lesson import Lesson, lesson_files, load_lesson_file
from tests.core.lesson_checks import explain_other_moves, take_every_step

FILES = lesson_files("shards")
TOPICS = {  # what the issue asks the lessons to teach, and a command or card that shows it
    "playing and recruiting": ["play crystal", "recruit"],
    "focus and mastery thresholds": ["focus", "infinity_shard", "mastery"],
    "mercenaries and fast-play": ["fastplay"],
    "champions, exhausting and attacking them": ["exhaust", "attack"],
    "shields": ["command_seer#1"],
    "unify": ["Unify"], "dominion": ["Dominion"], "echo": ["Echo"], "inspire": ["Inspire"],
    "banishing": ["shadow_apostle", "umbral_scourge", "banish"],
    "relics": ["relic ", "need 10 mastery", "only one per game"],
}


def test_the_lessons_cover_the_topics():
    assert len(FILES) >= 7
    assert FILES[0].name.startswith("01_")
    text = "\n".join(p.read_text(encoding="utf-8") for p in FILES)
    missing = [topic for topic, words in TOPICS.items() if not all(w in text for w in words)]
    assert not missing


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_lesson_can_be_finished(path: Path):
    spec = load_lesson_file(path)
    assert spec.game == "shards" and spec.title.strip() and spec.description.strip()
    lesson = Lesson.load(path)
    assert 3 <= lesson.total <= 8, "a lesson asks for 3 to 8 moves"
    take_every_step(lesson)
    assert not lesson.controller.over


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_lesson_explains_other_moves_and_changes_nothing(path: Path):
    """At every step, a legal move the step does not ask for is explained (or, if it has the
    same effect, accepted); nothing changes until the right move comes."""
    assert explain_other_moves(path, per_step=2) >= 1


def test_an_illegal_move_in_a_lesson_gets_the_rules_sentence():
    lesson = Lesson.load(FILES[0])
    before = lesson.controller.state_json()
    outcome = lesson.try_command("recruit reactor_drone")
    assert outcome.kind == "rejected"
    assert outcome.message == "You have 0 gems; Reactor Drone costs 3."
    assert lesson.controller.state_json() == before


def test_the_shield_lesson_waits_for_the_reveal():
    lesson = Lesson.load(next(p for p in FILES if "shield" in p.name))
    view = lesson.controller.view(0)
    assert view.pending.kind == "shields" and view.pending.seat == 0
    outcome = lesson.try_command("choose none")
    assert outcome.kind == "not_this_step" and "reveal Command Seer" in outcome.message
    assert lesson.try_command("choose command_seer#1").accepted
    assert lesson.controller.view(None).players[0].health == 48


def test_the_banishing_lesson_shows_why_a_played_card_cannot_be_banished():
    lesson = Lesson.load(next(p for p in FILES if "banish" in p.name))
    for text in ["play crystal", "play shard_reactor", "fastplay 1"]:
        assert lesson.try_command(text).accepted
    outcome = lesson.try_command("choose crystal#1")
    assert outcome.accepted and "not one of the choices" in outcome.message
    assert "play area" in outcome.narration[0]


def test_the_relic_lesson_takes_one_relic_at_10_mastery_and_no_second():
    lesson = Lesson.load(next(p for p in FILES if "relic" in p.name))
    me = lesson.controller.view(0).players[0]
    assert [r.card for r in me.relics] == ["datic_robes", "terminal_crescents"]
    assert me.mastery == 9 and "relic" not in " ".join(lesson.controller.legal_texts(0))
    outcome = lesson.try_command("relic datic_robes")  # refused alike: either relic will do
    assert outcome.accepted and outcome.message == "You need 10 mastery to recruit a relic; you have 9."
    for text in ["play crystal", "focus"]:
        assert lesson.try_command(text).accepted
    assert lesson.try_command("relic datic_robes").kind == "not_this_step"
    assert lesson.try_command("relic terminal").accepted  # a name's start is enough
    me = lesson.controller.view(0).players[0]
    assert [c.card for c in me.discard] == ["terminal_crescents"] and me.relic_recruited
    outcome = lesson.try_command("relic datic_robes")
    assert outcome.accepted and "only one per game" in outcome.message
    assert lesson.done
    assert [r.card for r in lesson.controller.view(0).players[0].relics] == ["datic_robes"]


OFFERED = re.compile(r"':([^']+)'")  # "type ':play crystal#1'"
SIDEWAYS = re.compile(r"\b((left|right)most|(left|right) (one|card)|(on|to) the (left|right))\b",
                      re.IGNORECASE)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_a_step_offers_commands_that_it_accepts_and_names_the_copy_it_needs(path: Path):
    done: list[str] = []
    lesson = Lesson.load(path)
    while not lesson.done:
        step = lesson.step
        assert step is not None and step.do
        for text in OFFERED.findall(f"{step.say or ''} {step.hint or ''}"):
            trial = Lesson.load(path)
            for earlier in done:
                assert trial.try_command(earlier).accepted
            outcome = trial.try_command(text)
            assert outcome.accepted, f"step '{step.do}' offers ':{text}': {outcome.message}"
        copy = step.do.split()[-1]
        if "#" in copy:  # one copy asked for, others in hand: the text gives the form to type
            seat = lesson.seat_of(step)
            hand = lesson.controller.view(seat).players[seat].hand or []
            card = copy.split("#")[0]
            if sum(1 for c in hand if c.card == card) > 1:
                assert any(text.split()[-1] == copy
                           for text in OFFERED.findall(step.say or "")), step.say
        assert lesson.try_command(step.do).accepted
        done.append(step.do)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_no_lesson_places_a_card_left_or_right(path: Path):
    """The hand, the play area and the question panel are lists from top to bottom, and the
    center row has slot numbers: a lesson names a card by its place from the top or its slot."""
    spec = load_lesson_file(path)
    for step in spec.step:
        for text in (step.say, step.goal, step.hint):
            found = SIDEWAYS.search(text or "")
            assert found is None, f"{path.name}: '{found.group(0)}' in: {text}"
