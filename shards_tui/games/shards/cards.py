"""Card definitions for Shards of Infinity, loaded from cards/shards/*.toml and validated."""

# No `from __future__ import annotations`: pydantic gets these models' annotations as types,
# not strings it must evaluate (about 20 ms of startup over the rules models).

import tomllib
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from shards_tui.core.instances import card_of  # noqa: F401 - the rules import it from here
from shards_tui.core.paths import data_dir
from shards_tui.games.shards.effects import CardType, Faction, Static, Step


class CardDef(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=r"^[a-z0-9_]+$")
    name: str
    set: str
    faction: Faction | None = None
    type: CardType
    cost: int | None = Field(default=None, ge=0)
    copies: int = Field(ge=1)
    defense: int | None = Field(default=None, ge=1)
    shield: int | None = Field(default=None, ge=1)
    shield_is_mastery: bool = False
    as_champion: bool = False  # a relic played as a champion (Praetorian-02)
    play: tuple[Step, ...] = ()
    exhaust: tuple[Step, ...] = ()
    statics: tuple[Static, ...] = ()
    confidence: str = "high"
    note: str = ""

    @model_validator(mode="after")
    def _consistent(self) -> "CardDef":
        if self.is_champion and self.defense is None:
            raise ValueError(f"champion {self.id} needs a defense")
        if self.as_champion and self.type != "relic":
            raise ValueError(f"{self.id}: only relics are played 'as a champion'")
        if not self.is_champion and self.exhaust:
            raise ValueError(f"{self.id}: only champions have exhaust steps")
        if self.type in ("ally", "mercenary", "champion") and self.cost is None:
            raise ValueError(f"{self.id}: center cards need a cost")
        if self.play and self.play[0].instead:
            raise ValueError(f"{self.id}: the first step cannot be an 'instead' step")
        return self

    @property
    def is_champion(self) -> bool:
        return self.type == "champion" or self.as_champion

    @property
    def is_ally(self) -> bool:
        """Allies for unify and similar counts: allies and mercenaries."""
        return self.type in ("ally", "mercenary")

    @property
    def has_shield(self) -> bool:
        return self.shield is not None or self.shield_is_mastery

    def groups(self, part: str) -> list[list[Step]]:
        """The step groups of the card's "play" or "exhaust" text (see ``group_steps``)."""
        return group_steps(self.play if part == "play" else self.exhaust)


def group_steps(steps: Sequence[Step]) -> list[list[Step]]:
    """Split steps into groups: a step followed by its ``instead`` alternatives (of which the
    last whose condition holds is the one carried out)."""
    groups: list[list[Step]] = []
    for step in steps:
        if step.instead and groups:
            groups[-1].append(step)
        else:
            groups.append([step])
    return groups


class CardSet(BaseModel):
    model_config = ConfigDict(extra="forbid")
    card: list[CardDef]


class CardDataError(Exception):
    """A card data file is malformed."""


def load_card_file(path: Path) -> list[CardDef]:
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
        return CardSet.model_validate(raw).card
    except (OSError, tomllib.TOMLDecodeError, ValidationError) as exc:
        raise CardDataError(f"{path.name}: {exc}") from exc


@cache
def card_db(sets: tuple[str, ...] = ("base",)) -> dict[str, CardDef]:
    """Every card of the given sets, by id."""
    cards: dict[str, CardDef] = {}
    for set_name in sets:
        for card in load_card_file(data_dir("cards") / "shards" / f"{set_name}.toml"):
            if card.id in cards:
                raise CardDataError(f"card id {card.id} is defined twice")
            cards[card.id] = card
    return cards
