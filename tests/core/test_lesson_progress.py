"""Finished lessons are remembered in the save folder; a damaged file counts as none."""

from __future__ import annotations

from pathlib import Path

from shards_tui.core import lesson_progress


def test_finished_lessons_are_remembered(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("SHARDS_TUI_HOME", str(tmp_path / "home"))
    assert lesson_progress.finished("shards") == set()
    assert lesson_progress.mark_finished("shards", Path("/x/02_b.toml"))
    assert lesson_progress.mark_finished("shards", Path("/x/01_a.toml"))
    assert lesson_progress.mark_finished("shards", Path("/x/01_a.toml"))
    assert lesson_progress.finished("shards") == {"01_a.toml", "02_b.toml"}
    assert lesson_progress.finished("other") == set()


def test_a_damaged_file_counts_as_no_lesson_finished(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("SHARDS_TUI_HOME", str(tmp_path))
    (tmp_path / lesson_progress.FILE_NAME).write_text("{not json", encoding="utf-8")
    assert lesson_progress.finished("shards") == set()
    assert lesson_progress.mark_finished("shards", Path("01_a.toml"))
    assert lesson_progress.finished("shards") == {"01_a.toml"}
    (tmp_path / lesson_progress.FILE_NAME).write_text('["a list"]', encoding="utf-8")
    assert lesson_progress.finished("shards") == set()
    (tmp_path / lesson_progress.FILE_NAME).write_text("[" * 3000 + "]" * 3000, encoding="utf-8")
    assert lesson_progress.finished("shards") == set()  # nested too deep to read
