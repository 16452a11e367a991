"""Every Fractured Net lesson loads, its moves are legal, and each leads where it says."""

from __future__ import annotations

from pathlib import Path

import pytest

from shards_tui.core.lesson import Lesson, lesson_files, lessons, load_lesson_file
from tests.core.lesson_checks import explain_other_moves, take_every_step

FILES = lesson_files("fractured_net")
TOPICS = {  # what the issue asks the lessons to teach, and words that show it is taught
    "energy and resources": ["power_cell", "capacity"],
    "creatures and summoning sickness": ["summoning sickness", "Swift"],
    "attacking and blocking": ["block ", "several may block"],
    "keywords: attacking": ["Vigilant", "Defender", "Reckless"],
    "keywords: damage": ["Drain", "Deathtouch", "Armored", "Stealth"],
    "keywords: in and out of play": ["Persistent", "Volatile", "Echo"],
    "Responses": ["Response window", "backlash"],
    "deck building": ["40 cards", "Legendary", "deck check"],
}


def test_the_lessons_cover_the_topics():
    assert len(FILES) >= 8 and FILES[0].name.startswith("01_")
    text = "\n".join(p.read_text(encoding="utf-8") for p in FILES)
    missing = [topic for topic, words in TOPICS.items() if not all(w in text for w in words)]
    assert not missing
    assert [info.game for info in lessons("fractured_net")] == ["fractured_net"] * len(FILES)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_lesson_can_be_finished(path: Path):
    spec = load_lesson_file(path)
    assert spec.game == "fractured_net" and spec.title.strip() and spec.description.strip()
    lesson = Lesson.load(path)
    assert 3 <= lesson.total <= 8, "a lesson asks for 3 to 8 moves"
    take_every_step(lesson)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_lesson_explains_other_moves_and_changes_nothing(path: Path):
    explain_other_moves(path, per_step=2)
