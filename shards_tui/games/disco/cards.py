"""Card definitions for Disco Infinity, loaded from cards/disco/*.toml and validated.

Each file holds either one faction's base cards (``faction = "felicity"`` at its top) or the
shared draft deck (no faction). A card is its numbers, its standing properties and its steps
per trigger in the effect vocabulary (effects.py); its text is generated (text.py).
"""

# No `from __future__ import annotations`: pydantic gets these models' annotations as types.

import tomllib
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from shards_tui.core.instances import card_of
from shards_tui.core.paths import data_dir
from shards_tui.games.disco.effects import TRIGGERS, Kind, Missile, Step
from shards_tui.games.disco.content import ruleset


class CardDef(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=r"^[a-z0-9_]+$", max_length=40)
    name: str = Field(min_length=1, max_length=40)
    faction: str | None = None  # None: a card of the shared draft deck
    kind: Kind
    copies: int = Field(default=1, ge=1, le=4)  # in its faction's base deck, or in the draft deck
    draft_copies: int = Field(default=0, ge=0, le=4)  # a faction card's copies in the draft deck too
    tech: int | None = Field(default=None, ge=1, le=5)  # alien tech value
    retain: bool = False  # unplayed at the end of the round, it stays in your hand
    # Satellites only:
    drift: bool = False  # moves one space downstream in the drift phase
    launch_to: Literal["own", "opponent"] = "own"
    protect: Literal["self", "stack"] | None = None  # cannot be selected by the opponent, in orbit
    guard: bool = False  # a missile hitting its stack destroys only this satellite
    boost: bool = False  # your missiles fired from this column deal double damage
    placement: tuple[Step, ...] = ()
    action: tuple[Step, ...] = ()
    start_of_round: tuple[Step, ...] = ()
    end_of_round: tuple[Step, ...] = ()
    after_drift: tuple[Step, ...] = ()
    on_selected: tuple[Step, ...] = ()
    note: str = ""  # a designer's note, never shown in play

    @model_validator(mode="after")
    def _consistent(self) -> "CardDef":
        satellite = self.kind == "satellite"
        orbit_only = {"drift": self.drift, "launch_to": self.launch_to != "own",
                      "protect": self.protect, "on_selected": self.on_selected, "guard": self.guard,
                      "boost": self.boost, "start_of_round": self.start_of_round,
                      "end_of_round": self.end_of_round, "after_drift": self.after_drift}
        wrong = [name for name, used in orbit_only.items() if used and not satellite]
        if wrong:
            raise ValueError(f"{self.id}: only satellites have {', '.join(wrong)}")
        if self.draft_copies and self.faction is None:
            raise ValueError(f"{self.id}: a draft card's copies are its 'copies'")
        if self.after_drift and not self.drift:
            raise ValueError(f"{self.id}: 'after_drift' steps need drift = true")
        if self.kind == "missile" and not any(isinstance(s, Missile) for s in self.action):
            raise ValueError(f"{self.id}: a missile card needs a missile step in its action")
        if not any(self.steps(t) for t in TRIGGERS) and not satellite:
            raise ValueError(f"{self.id}: a card that is not a satellite needs some effect")
        return self

    def steps(self, trigger: str) -> tuple[Step, ...]:
        return getattr(self, trigger)

    @property
    def is_satellite(self) -> bool:
        return self.kind == "satellite"


class CardFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    faction: str | None = None
    card: list[CardDef]


class CardDataError(Exception):
    """A card data file is malformed."""


def load_card_file(path: Path) -> list[CardDef]:
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
        data = CardFile.model_validate(raw)
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, ValidationError) as exc:
        raise CardDataError(f"{path.name}: {exc}") from exc
    for card in data.card:
        if card.faction != data.faction:
            raise CardDataError(f"{path.name}: {card.id} belongs to faction {data.faction!r}")
    return data.card


@cache
def card_db() -> dict[str, CardDef]:
    """Every card, by id: the factions' base cards and the draft deck."""
    factions = {f.id for f in ruleset().factions}
    cards: dict[str, CardDef] = {}
    for path in sorted((data_dir("cards") / "disco").glob("*.toml")):
        for card in load_card_file(path):
            if card.id in cards:
                raise CardDataError(f"card id {card.id} is defined twice")
            if card.faction is not None and card.faction not in factions:
                raise CardDataError(f"{card.id}: there is no faction {card.faction!r}")
            cards[card.id] = card
    for faction in factions:
        count = sum(c.copies for c in cards.values() if c.faction == faction)
        if count != 8:
            raise CardDataError(f"faction {faction} has {count} base cards, not 8")
    return cards


def base_cards(faction: str) -> list[str]:
    """A faction's 8 base cards (card ids, copies repeated), in file order."""
    return [c.id for c in card_db().values() if c.faction == faction for _ in range(c.copies)]


def draft_cards() -> list[str]:
    """The draft deck (card ids, copies repeated), in file order."""
    return [c.id for c in card_db().values()
            for _ in range(c.copies if c.faction is None else c.draft_copies)]


def card_def(instance: str) -> CardDef:
    return card_db()[card_of(instance)]
