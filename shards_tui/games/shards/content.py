"""Loads rulesets/shards_of_infinity.toml (rules constants) and validates it."""

# No `from __future__ import annotations`: pydantic gets these models' annotations as types,
# not strings it must evaluate (about 20 ms of startup over the rules models).

import tomllib
from functools import cache

from pydantic import BaseModel, ConfigDict

from shards_tui.core.paths import data_dir
from shards_tui.core.variants import ExpansionInfo, VariantInfo
from shards_tui.games.shards.effects import Faction


class _Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class GameInfoData(_Strict):
    id: str
    title: str
    min_players: int
    max_players: int


class Limits(_Strict):
    starting_health: int
    max_health: int
    max_mastery: int
    hand_size: int
    center_row_size: int
    focus_cost_gems: int
    focus_gain_mastery: int
    starting_mastery_step: int


class Character(_Strict):
    id: str
    name: str
    faction: Faction
    relics: tuple[str, ...] = ()  # Relics of the Future: the two relics set aside for them
    nemesis_card: str | None = None  # Nemesis Challenge: the 11th card of their starting deck


class Ruleset(_Strict):
    game: GameInfoData
    limits: Limits
    starting_deck: dict[str, int]
    characters: list[Character]
    expansions: tuple[ExpansionInfo, ...] = ()
    variants: tuple[VariantInfo, ...] = ()

    def character(self, char_id: str) -> Character:
        for c in self.characters:
            if c.id == char_id:
                return c
        names = ", ".join(c.id for c in self.characters)
        raise KeyError(f"There is no character '{char_id}'; choose one of {names}.")


RULES_FILE = "shards_of_infinity.md"


@cache
def ruleset() -> Ruleset:
    path = data_dir("rulesets") / "shards_of_infinity.toml"
    return Ruleset.model_validate(tomllib.loads(path.read_text(encoding="utf-8")))
