"""Loads rulesets/disco_infinity.toml (the rules' numbers and the factions) and validates it."""

# No `from __future__ import annotations`: pydantic gets these models' annotations as types.

import tomllib
from functools import cache

from pydantic import BaseModel, ConfigDict, Field

from shards_tui.core.paths import data_dir

RULES_FILE = "disco_infinity.md"


class _Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Limits(_Strict):
    start_shields: int = Field(ge=1)
    max_shields: int = Field(ge=1)
    research_to_win: int = Field(ge=1)
    token_lead_to_win: int = Field(ge=1)
    hand_size: int = Field(ge=1)
    row_size: int = Field(ge=2)
    setup_drafts: int = Field(ge=0)
    offer_size: int = Field(ge=1)


class Faction(_Strict):
    id: str = Field(pattern=r"^[a-z_]+$")
    name: str
    blurb: str


class Ruleset(_Strict):
    limits: Limits
    factions: tuple[Faction, ...] = Field(min_length=2)

    def faction(self, faction_id: str) -> Faction:
        for f in self.factions:
            if f.id == faction_id:
                return f
        names = ", ".join(f.id for f in self.factions)
        raise KeyError(f"There is no faction '{str(faction_id)[:30]}'; choose one of {names}.")


@cache
def ruleset() -> Ruleset:
    path = data_dir("rulesets") / "disco_infinity.toml"
    return Ruleset.model_validate(tomllib.loads(path.read_text(encoding="utf-8")))
