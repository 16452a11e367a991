"""A few settings of whoever sits at this terminal, kept between runs in one small JSON file:
the turn bell over SSH, the last New game settings of each game.

At one keyboard the file is in the save folder; over SSH in the login's own folder on the
server (the app's ``save_folder``), so players never share settings. A file that is missing,
too big or broken reads as no settings (and is written afresh on the next change); a failed
write loses only that setting. Values are plain JSON data, bounded on the way in.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from shards_tui.core.paths import save_dir

MAX_BYTES = 64 * 1024  # the whole file
FILE_NAME = "preferences.json"
TURN_BELL = "turn_bell"  # over SSH, the bell rings when your turn begins (default: on)


class Preferences:
    def __init__(self, path: Path | None) -> None:
        """``path``: the file (None: kept in memory only)."""
        self.path = path
        self._values: dict[str, Any] | None = None

    def _read(self) -> dict[str, Any]:
        if self._values is None:
            self._values = {}
            if self.path is not None:
                try:
                    if self.path.stat().st_size <= MAX_BYTES:
                        data = json.loads(self.path.read_text(encoding="utf-8"))
                        if isinstance(data, dict):
                            self._values = data
                except (OSError, ValueError):
                    pass
        return self._values

    def get(self, key: str, default: Any = None) -> Any:
        return self._read().get(key, default)

    def set(self, key: str, value: Any) -> bool:
        """Keep ``value`` (plain JSON data) under ``key``; False if it could not be written (it
        is still kept for this run) or is too big to keep."""
        values = dict(self._read())
        values[key] = value
        text = json.dumps(values, ensure_ascii=False, sort_keys=True)
        if len(text.encode("utf-8")) > MAX_BYTES:
            return False
        self._values = values
        if self.path is None:
            return True
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            spare = self.path.with_name(self.path.name + ".new")
            spare.write_text(text, encoding="utf-8")
            os.replace(spare, self.path)
        except OSError:
            return False
        return True


def app_preferences(app: Any) -> Preferences:
    """The preferences of whoever sits at ``app`` (made once per app): in its ``save_folder``
    over SSH (the login's own), else in the save folder."""
    found = getattr(app, "_preferences", None)
    if isinstance(found, Preferences):
        return found

    folder = getattr(app, "save_folder", None)
    path = (folder if isinstance(folder, Path) else save_dir()) / FILE_NAME
    made = Preferences(path)
    try:
        app._preferences = made
    except AttributeError:
        pass
    return made
