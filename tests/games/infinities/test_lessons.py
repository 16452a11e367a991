"""Every Infinities lesson loads, asks for moves that are legal where it asks for them, leads
where its narration says, and offers a command to type at each step (headless, through core)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from shards_tui.core.lesson import Lesson, lesson_files, lessons
from tests.core.lesson_checks import explain_other_moves, take_every_step

FILES = lesson_files("infinities")
TOPICS = {  # what the issue asks the lessons to teach, and words or commands that show it
    "dice checks and conversions": ["roll tide power power fortitude", "reroll 3", "convert 2 power",
                                    "Health"],
    "moving and discovering": ["move s", "wall", "discover lumen_market rot 0", "regroup"],
    "power and reach": ["damage ben u1", "not in your reach", "destroy ben t1", "reach"],
    "units and the timeline": ["play tide_adept", "play t1", "prepare blessing", "activate u1"],
    "blocks and the queue": ["block", "choose use", "queue", "auto = true"],
    "gambits": ["choose roll", "1-3", "4-6", "summit"],
    "roles": ["Pathfinder", "Points", "quickplay = true", "do = \"end\""],
}
OFFERED = re.compile(r"':([^']+)'")  # "type ':move s'"


def test_the_lessons_cover_the_topics_in_order() -> None:
    assert len(FILES) == len(TOPICS)
    for path, words in zip(FILES, TOPICS.values()):
        text = path.read_text(encoding="utf-8")
        assert all(w in text for w in words), (path.name, [w for w in words if w not in text])
    assert [i.path for i in lessons("infinities")] == FILES


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_lesson_is_completed_and_each_step_offers_its_command(path: Path) -> None:
    lesson = Lesson.load(path)
    assert lesson.narration, "a lesson opens by saying what the learner sees"

    def offered_to_type(step) -> None:
        offered = OFFERED.findall(f"{step.say or ''} {step.hint or ''}")
        assert step.do in offered, f"{path.name}: '{step.do}' is not offered to type"

    take_every_step(lesson, offered_to_type)


@pytest.mark.parametrize("path", FILES[:4], ids=[p.stem for p in FILES[:4]])
def test_lesson_explains_other_moves_and_changes_nothing(path: Path) -> None:
    assert explain_other_moves(path, per_step=2) >= 2
