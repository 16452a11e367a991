"""The lesson engine: loading, waiting for the learner's move, explaining wrong ones."""

from __future__ import annotations

from pathlib import Path

import pytest

from shards_tui.core.lesson import Lesson, LessonError, lesson_files, lessons, load_lesson_file

HEADER = '''
title = "A small lesson"
game = "shards"
description = "Play, recruit, end."
[setup]
seed = 5
center_row = ["kiln_drone", "reactor_drone", "nil_assassin", "command_seer", "spore_cleric", "data_heretic"]
[[setup.players]]
name = "Ana"
hand = ["crystal", "shard_reactor", "crystal", "blaster", "crystal"]
deck_top = ["crystal", "crystal", "crystal", "crystal", "infinity_shard"]
[[setup.players]]
name = "Ben"
hand = ["crystal", "crystal", "crystal", "crystal", "blaster"]
'''

STEPS = '''
[[step]]
say = "Welcome."
[[step]]
do = "play shard_reactor"
say = "Play the Shard Reactor."
goal = "play the Shard Reactor"
hint = "Select it and press p."
expect = { "turn.gems" = 2 }
[[step]]
do = "play crystal"
say = "Play a Crystal."
expect = { "turn.gems" = 3 }
[[step]]
do = "recruit reactor_drone"
say = "Recruit Reactor Drone."
expect = { "players.0.discard.0.card" = "reactor_drone" }
[[step]]
do = "recruit kiln_drone"
expect_error = "costs 1"
say = "Try to recruit Kiln Drone with no gems left."
[[step]]
do = "end"
say = "End your turn."
[[step]]
do = "end"
auto = true
say = "Ben ends his turn at once."
expect = { "turn.active" = 0, "turn.number" = 3 }
'''


def write(tmp_path: Path, body: str = STEPS, name: str = "lesson.toml", top: str = "") -> Path:
    path = tmp_path / name
    path.write_text(top + HEADER + body, encoding="utf-8")
    return path


def test_a_lesson_runs_its_opening_steps_and_waits_for_the_learner(tmp_path):
    lesson = Lesson.load(write(tmp_path))
    assert lesson.narration == ["Welcome."]
    assert lesson.current_instruction == "Play the Shard Reactor."
    assert lesson.expected_command == "play shard_reactor"
    assert lesson.progress == (0, 5)
    assert not lesson.done


def test_the_right_command_advances_and_auto_steps_follow(tmp_path):
    lesson = Lesson.load(write(tmp_path))
    for text in ["play shard_reactor", "play crystal", "recruit reactor_drone"]:
        outcome = lesson.try_command(text)
        assert outcome.accepted, outcome
    assert lesson.progress == (3, 5)
    outcome = lesson.try_command("recruit kiln_drone")
    assert outcome.accepted and "costs 1" in outcome.message  # the refusal was the lesson
    outcome = lesson.try_command("end")
    assert outcome.accepted
    assert outcome.narration == ["Ben ends his turn at once."]
    assert lesson.done and lesson.progress == (5, 5)
    assert lesson.current_instruction == "Lesson complete."
    assert lesson.try_command("end").kind == "rejected"


def test_an_equivalent_command_counts(tmp_path):
    lesson = Lesson.load(write(tmp_path))
    assert lesson.try_command("play 2").accepted  # the Shard Reactor is card 2
    assert lesson.try_command("play crystal#3").accepted  # any Crystal will do
    assert lesson.try_command("recruit 2").accepted  # slot 2 is Reactor Drone
    assert lesson.controller.view(None).players[0].discard[0].card == "reactor_drone"


def test_a_legal_but_different_move_is_explained_and_changes_nothing(tmp_path):
    lesson = Lesson.load(write(tmp_path))
    before = lesson.controller.state_json()
    outcome = lesson.try_command("play crystal")
    assert outcome.kind == "not_this_step"
    assert outcome.message == ("That is a legal move, but this step asks you to play the "
                               "Shard Reactor.")
    assert outcome.hint == "Select it and press p."
    assert lesson.controller.state_json() == before
    assert lesson.controller.history == []
    assert lesson.progress == (0, 5)


def test_an_illegal_move_gets_the_rules_sentence_and_changes_nothing(tmp_path):
    lesson = Lesson.load(write(tmp_path))
    before = lesson.controller.state_json()
    outcome = lesson.try_command("recruit 2")
    assert outcome.kind == "rejected"
    assert outcome.message == "You have 0 gems; Reactor Drone costs 3."
    assert outcome.error is not None and outcome.error.anchor == "recruit"
    assert lesson.controller.state_json() == before
    malformed = lesson.try_command("fly away")
    assert malformed.kind == "rejected" and "not a command" in malformed.message


def test_after_two_wrong_tries_the_command_is_spelled_out(tmp_path):
    lesson = Lesson.load(write(tmp_path))
    assert "The command is" not in (lesson.try_command("play blaster").hint or "")
    assert lesson.try_command("focus").hint == ("Select it and press p. "
                                                "The command is: play shard_reactor")
    assert lesson.try_command("play shard_reactor").accepted
    assert lesson.tries == 0


def test_a_refusal_step_needs_the_same_refusal(tmp_path):
    lesson = Lesson.load(write(tmp_path))
    for text in ["play shard_reactor", "play crystal", "recruit reactor_drone"]:
        lesson.try_command(text)
    before = lesson.controller.state_json()
    other = lesson.try_command("recruit 6")  # refused, but for another card
    assert other.kind == "rejected" and "Data Heretic" in other.message
    legal = lesson.try_command("play blaster")
    assert legal.kind == "not_this_step" and "refuse" in legal.message
    assert lesson.controller.state_json() == before
    assert lesson.try_command("recruit 1").accepted  # slot 1 is the Kiln Drone: same refusal
    assert lesson.current_instruction == "End your turn."


def test_a_failing_expectation_is_reported_as_a_lesson_bug(tmp_path):
    body = STEPS.replace('expect = { "turn.gems" = 3 }', 'expect = { "turn.gems" = 4 }')
    lesson = Lesson.load(write(tmp_path, body))
    lesson.try_command("play shard_reactor")
    with pytest.raises(LessonError, match=r"lesson\.toml, step 3 \('play crystal'\): "
                                          r"turn\.gems is 3, expected 4\.$"):
        lesson.try_command("play crystal")
    with pytest.raises(LessonError, match="expected 4"):  # it stays broken
        lesson.try_command("recruit reactor_drone")


def test_a_refused_automatic_step_is_a_lesson_bug(tmp_path):
    body = '''
[[step]]
do = "recruit 2"
auto = true
[[step]]
do = "end"
say = "End."
'''
    with pytest.raises(LessonError, match="was rejected: You have 0 gems"):
        Lesson.load(write(tmp_path, body))


@pytest.mark.parametrize("body, message", [
    ('[[step]]\ndo = "end"\n', "needs 'say'"),
    ('[[step]]\nsay = "x"\nauto = true\n[[step]]\ndo = "end"\nsay = "y"\n', "'auto' needs a 'do'"),
    ('[[step]]\ndo = "end"\nauto = true\nhint = "h"\n', "belong to a step the learner"),
    ('[[step]]\nsay = "only words"\n', "at least one step the learner performs"),
    ('[[step]]\ndo = "end"\nsay = "y"\nwhat = 1\n', "Extra inputs"),
])
def test_malformed_lessons_are_refused_with_a_reason(tmp_path, body, message):
    with pytest.raises(LessonError, match=message):
        load_lesson_file(write(tmp_path, body))


def test_unreadable_lesson_file(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text("title = ", encoding="utf-8")
    with pytest.raises(LessonError, match="bad.toml"):
        load_lesson_file(path)


def test_the_learner_may_play_another_seat(tmp_path):
    body = '''
[setup.turn]
power = 3
[[step]]
do = "end"
auto = true
say = "Ana ends at once."
[[step]]
do = "choose none"
say = "Reveal nothing."
'''
    lesson = Lesson.load(write(tmp_path, body, "seat1.toml", top="learner = 1\n"))
    assert lesson.learner == 1
    assert lesson.narration == ["Ana ends at once."]
    assert lesson.try_command("choose none").accepted
    assert lesson.done


def test_the_shipped_lessons_are_found():
    files = lesson_files("shards")
    assert files and files == sorted(files)
    assert all(p.parent.name == "shards" and p.parent.parent.name == "tutorials" for p in files)
    assert [info.path for info in lessons("shards")] == files
    assert lesson_files("no_such_game") == []


def test_a_named_copy_must_be_that_copy(tmp_path):
    body = '''
[[step]]
do = "play crystal#1"
say = "Play the first Crystal."
'''
    lesson = Lesson.load(write(tmp_path, body, "copy.toml"))
    assert lesson.try_command("play crystal#3").kind == "not_this_step"
    assert lesson.try_command("play 1").accepted
