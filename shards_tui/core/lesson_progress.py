"""Which lessons the player has finished: a small JSON file in the save folder.

``{"shards": ["01_playing_and_recruiting.toml", ...]}``: lesson file names per game. It is a
nicety, so a file that cannot be read counts as no lesson finished (and is rewritten when the
next lesson is finished), and a file that cannot be written is left as it was.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from shards_tui.core.paths import save_dir

FILE_NAME = "lessons-finished.json"


def _path() -> Path:
    return save_dir() / FILE_NAME


def _read() -> dict[str, list[str]]:
    try:
        data = json.loads(_path().read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):  # RecursionError: JSON nested thousands deep
        return {}
    if not isinstance(data, dict):
        return {}
    return {game: [n for n in names if isinstance(n, str)]
            for game, names in data.items() if isinstance(game, str) and isinstance(names, list)}


def finished(game_id: str) -> set[str]:
    """The file names of the lessons of ``game_id`` finished at least once."""
    return set(_read().get(game_id, []))


def mark_finished(game_id: str, lesson_path: Path) -> bool:
    """Record that this lesson was finished; False if the file could not be written."""
    data = _read()
    names = data.setdefault(game_id, [])
    if lesson_path.name in names:
        return True
    names.append(lesson_path.name)
    names.sort()
    path = _path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".lessons-", suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(data, out, indent=1)
        os.replace(tmp, path)
    except OSError:
        return False
    return True
