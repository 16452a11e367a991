"""A game's table as the shell finds it: its screen class (imported only when asked for), the
style sheet beside it, and the sentence for a game that has no table yet. The app, the
screens that open a table (a lesson, the demo, a replay) and the server ask here.
"""

from __future__ import annotations

from importlib.util import find_spec
from pathlib import Path
from typing import Any

from textual.screen import Screen

from shards_tui.core.registry import game, listing, load_named


def table_styles(game_id: str) -> list[Path]:
    """The style sheet of a game's table (the .tcss beside its screen's module), found
    without importing the table's module."""
    ref = game(game_id).table_screen
    if ref is None:
        return []
    module = ref.partition(":")[0]
    try:
        spec = find_spec(module)
    except ImportError:
        return []
    origin = Path(spec.origin) if spec is not None and spec.origin else None
    return [origin.with_suffix(".tcss")] if origin and origin.with_suffix(".tcss").exists() else []


def table_class(game_id: str) -> type[Screen[Any]] | None:
    """The table screen of a game (imported now), or None while the game has none."""
    ref = game(game_id).table_screen
    if ref is None:
        return None
    try:
        return load_named(ref)  # type: ignore[no-any-return]
    except (ImportError, AttributeError):
        return None


def no_table(game_id: str) -> str:
    """The sentence for a game that cannot be played at a table yet."""
    return (f"{listing(game_id).title} has no table to play it on yet; its rules, cards, bots "
            f"and scenarios work from the command line ('shards-tui --help').")
