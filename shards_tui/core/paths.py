"""Where the data folders (cards/, rulesets/) and the user's save folder are."""

from __future__ import annotations

import os
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent


def data_dir(name: str) -> Path:
    """cards/ or rulesets/: beside the package in a checkout, inside it when installed."""
    for base in (_PACKAGE / "_data", _PACKAGE.parent):
        candidate = base / name
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"the {name}/ data folder is missing from this installation")


def save_dir() -> Path:
    """Where autosaves and saves go; SHARDS_TUI_HOME overrides it (tests use that)."""
    home = os.environ.get("SHARDS_TUI_HOME")
    if home:
        return Path(home)
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg) if xdg else Path.home() / ".local" / "share"
    return base / "shards-tui"
