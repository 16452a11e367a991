"""The New game screen remembers, per game, the settings it last started a game with: the
players (names, who plays each seat, their picks), the variants and expansions, the game's own
options (a mode, a turn timer). Never the seed: a remembered seed would let a player who saw
it once work out every hidden card of the next game.

Kept in the player's preferences (``ui.preferences``: at one keyboard the save folder's, over
SSH the login's own). What is read back is checked against the game as it is now: a name is
cleaned and cut, a bot level, a pick, a variant or an option that no longer exists is left out,
so a hand-edited or old file never sets anything the form could not.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from shards_tui.core.registry import GameInfo
from shards_tui.core.untrusted import one_line
from shards_tui.ui.preferences import app_preferences
from shards_tui.ui.screens.setup_check import MAX_NAME, PLAYED_BY

MAX_SEATS = 8  # more than any game seats


@dataclass
class SeatMemory:
    name: str
    bot: str | None = None  # a bot level, or None for a person
    role: str | None = None  # a pick shown on the form (None: random, or picked in private)


@dataclass
class SetupMemory:
    seats: list[SeatMemory] = field(default_factory=list)
    variants: list[str] = field(default_factory=list)
    sets: list[str] = field(default_factory=list)
    options: dict[str, str] = field(default_factory=dict)  # option key: the form's value

    def as_data(self) -> dict[str, Any]:
        return {"seats": [{"name": s.name, "bot": s.bot, "role": s.role} for s in self.seats],
                "variants": list(self.variants), "sets": list(self.sets),
                "options": dict(self.options)}


def _key(game_id: str) -> str:
    return f"new_game.{game_id}"


def remember(app: Any, game_id: str, memory: SetupMemory) -> None:
    """Keep these settings for the next New game of ``game_id`` (a failed write is silent:
    only the convenience is lost)."""
    app_preferences(app).set(_key(game_id), memory.as_data())


def recall(app: Any, info: GameInfo, roles: set[str]) -> SetupMemory | None:
    """The settings last started for this game, checked against it; None if there are none.
    ``roles``: the picks the form offers a seat."""
    data = app_preferences(app).get(_key(info.id))
    if not isinstance(data, dict):
        return None
    levels = {value for _label, value in PLAYED_BY}
    seats = []
    for entry in data.get("seats", [])[:MAX_SEATS] if isinstance(data.get("seats"), list) else []:
        if not isinstance(entry, dict):
            continue
        name = one_line(str(entry.get("name", "")), MAX_NAME)
        bot = entry.get("bot")
        role = entry.get("role")
        seats.append(SeatMemory(name or f"Player {len(seats) + 1}",
                                bot if isinstance(bot, str) and bot in levels else None,
                                role if isinstance(role, str) and role in roles else None))
    known_variants = {v.id for v in info.variants}
    known_sets = {"base", *(e.id for e in info.expansions)}
    variants = [v for v in _strings(data.get("variants")) if v in known_variants]
    sets = [s for s in _strings(data.get("sets")) if s in known_sets]
    options = {}
    raw = data.get("options")
    spec = info.setup_spec()
    for option in spec.options:
        value = raw.get(option.key) if isinstance(raw, dict) else None
        if isinstance(value, str) and len(value) <= 40 and value.isprintable():
            options[option.key] = value
    if not seats:
        return None
    return SetupMemory(seats, variants, sets, options)


def _strings(value: Any) -> list[str]:
    return [v for v in value if isinstance(v, str)][:32] if isinstance(value, list) else []
