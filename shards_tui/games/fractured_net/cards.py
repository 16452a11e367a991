"""The cards of The Fractured Net as data: cards/fractured_net/*.toml, validated on load.

A card's behaviour is a list of effects per trigger (``play`` for a spell, ``enter``,
``death``, ``attack``, ``start`` and ``end`` for what stays in play), one activated
``ability``, a passive ``aura`` and, for equipment that attaches, what it gives its creature
(``attach``). Effects are the small vocabulary of effects.py, which interpreter.py carries out
and text.py turns into the words a player reads.
"""

# No `from __future__ import annotations`: pydantic gets these models' annotations as types.

import tomllib
from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from shards_tui.core.instances import card_of  # noqa: F401  (re-exported)
from shards_tui.core.paths import data_dir
from shards_tui.games.fractured_net.effects import (KEYWORDS, TYPES, CardType,  # noqa: F401
                                                    Effect, Keyword, Token)

Faction = Literal["kernel", "rupture", "archive", "void", "autophage", "neutral"]
FACTIONS: tuple[str, ...] = ("kernel", "rupture", "archive", "void", "autophage")
FACTION_NAMES = {"kernel": "Kernel Orthodoxy", "rupture": "The Rupture",
                 "archive": "Archive Conclave", "void": "Void Network",
                 "autophage": "Autophage Protocol", "neutral": "Neutral"}
Rarity = Literal["common", "uncommon", "rare", "epic", "legendary", "token"]
RARITIES: tuple[str, ...] = ("common", "uncommon", "rare", "epic", "legendary")


class _Data(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Ability(_Data):
    """An activated ability, used in your main phase, once a turn."""

    cost: int = Field(default=0, ge=0, le=10)
    tap: bool = False  # a creature taps to use it
    effects: tuple[Effect, ...]


class Aura(_Data):
    """What a card gives other creatures while it is in play."""

    who: Literal["your_creatures", "your_tokens", "your_other_creatures"] = "your_creatures"
    power: int = 0
    defense: int = 0
    keywords: tuple[Keyword, ...] = ()


class Attach(_Data):
    """What an attaching equipment gives the creature it is attached to."""

    power: int = 0
    defense: int = 0
    keywords: tuple[Keyword, ...] = ()
    armored: int = Field(default=0, ge=0, le=5)


class CardDef(_Data):
    id: str = Field(pattern=r"^[a-z0-9_]+$", max_length=40)
    no: int = Field(ge=1, le=9999)  # collector number: stable, used by deck codes
    name: str = Field(max_length=40)
    faction: Faction
    type: CardType
    rarity: Rarity
    cost: int = Field(default=0, ge=0, le=10)
    power: int = Field(default=0, ge=0, le=20)
    defense: int = Field(default=0, ge=0, le=20)
    keywords: tuple[Keyword, ...] = ()
    armored: int = Field(default=0, ge=0, le=5)
    play: tuple[Effect, ...] = ()
    enter: tuple[Effect, ...] = ()
    death: tuple[Effect, ...] = ()
    attack: tuple[Effect, ...] = ()
    start: tuple[Effect, ...] = ()
    end: tuple[Effect, ...] = ()
    ability: Ability | None = None
    aura: Aura | None = None
    attach: Attach | None = None
    flavor: str = Field(default="", max_length=160)

    @model_validator(mode="after")
    def _consistent(self) -> "CardDef":
        creature = self.type == "creature"
        if creature and self.defense < 1:
            raise ValueError(f"{self.id}: a creature needs a defense of at least 1")
        if not creature and (self.power or self.defense or self.armored):
            raise ValueError(f"{self.id}: only creatures have power, defense and Armored")
        if ("armored" in self.keywords) != (self.armored > 0):
            raise ValueError(f"{self.id}: Armored needs its number (armored = X) and the keyword")
        if self.type == "spell" and (self.enter or self.death or self.attack or self.start
                                     or self.end or self.ability or self.aura):
            raise ValueError(f"{self.id}: a spell only has 'play' effects")
        if self.type != "spell" and self.play:
            raise ValueError(f"{self.id}: only spells have 'play' effects; use 'enter'")
        if "response" in self.keywords and self.type != "spell":
            raise ValueError(f"{self.id}: only spells have Response")
        if self.attach is not None and self.type != "equipment":
            raise ValueError(f"{self.id}: only equipment attaches")
        if self.type == "resource" and self.cost:
            raise ValueError(f"{self.id}: resources are free")
        if not creature and set(self.keywords) - {"response"}:
            raise ValueError(f"{self.id}: creature keywords belong on creatures")
        if (self.attack or self.death) and not creature:
            raise ValueError(f"{self.id}: only creatures attack and die")
        return self

    @property
    def attaches(self) -> bool:
        return self.attach is not None

    @property
    def is_token(self) -> bool:
        return self.rarity == "token"

    def triggers(self, name: str) -> tuple[Effect, ...]:
        if name == "ability":
            return self.ability.effects if self.ability else ()
        return getattr(self, name)


class Limits(_Data):
    starting_health: int
    max_health: int
    opening_hand: int
    max_hand: int
    max_capacity: int
    max_energy: int
    deck_size: int
    max_copies: int
    max_legendary: int
    timeouts_to_lose: int
    mulligans: int


class CardFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    card: list[CardDef]


class StarterDeck(_Data):
    id: str = Field(pattern=r"^[a-z0-9_]+$")
    name: str
    faction: Faction
    cards: dict[str, int]


class StarterFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    deck: list[StarterDeck]


class CardDataError(Exception):
    """A card data file is malformed."""


FILES = ("kernel", "rupture", "archive", "void", "autophage", "neutral", "tokens")


def _load(path, model):
    try:
        return model.model_validate(tomllib.loads(path.read_text(encoding="utf-8")))
    except (OSError, tomllib.TOMLDecodeError, ValidationError) as exc:
        raise CardDataError(f"{path.name}: {exc}") from exc


@cache
def card_db() -> dict[str, CardDef]:
    """Every card and token, by id, checked whole (unique ids and numbers, known tokens)."""
    cards: dict[str, CardDef] = {}
    numbers: set[int] = set()
    for name in FILES:
        for card in _load(data_dir("cards") / "fractured_net" / f"{name}.toml", CardFile).card:
            if card.id in cards or card.no in numbers:
                raise CardDataError(f"card {card.id} (no. {card.no}) is defined twice")
            if (name == "tokens") != card.is_token:
                raise CardDataError(f"{card.id}: tokens live in tokens.toml, and only tokens")
            if card.faction != name and name != "tokens":
                raise CardDataError(f"{card.id} is in {name}.toml but says {card.faction}")
            cards[card.id] = card
            numbers.add(card.no)
    for card in cards.values():
        for effect in (e for t in ("play", "enter", "death", "attack", "start", "end", "ability")
                       for e in card.triggers(t)):
            if isinstance(effect, Token) and effect.card not in cards:
                raise CardDataError(f"{card.id} makes an unknown token '{effect.card}'")
    return cards


def collectible() -> list[CardDef]:
    """The cards a deck may hold (tokens left out), in collector-number order."""
    return sorted((c for c in card_db().values() if not c.is_token), key=lambda c: c.no)


@cache
def limits() -> Limits:
    path = data_dir("rulesets") / "fractured_net.toml"
    try:
        return Limits.model_validate(tomllib.loads(path.read_text(encoding="utf-8"))["limits"])
    except (OSError, KeyError, tomllib.TOMLDecodeError, ValidationError) as exc:
        raise CardDataError(f"{path.name}: {exc}") from exc


@cache
def starters() -> tuple[StarterDeck, ...]:
    decks = _load(data_dir("cards") / "fractured_net" / "starters.toml", StarterFile).deck
    db = card_db()
    for deck in decks:
        unknown = [c for c in deck.cards if c not in db or db[c].is_token]
        if unknown:
            raise CardDataError(f"starter {deck.id} names unknown cards: {', '.join(unknown)}")
    return tuple(decks)




_BY_INSTANCE: dict[str, CardDef] = {}


def card(instance_or_id: str) -> CardDef:
    """The card of an instance id ('flare#3') or of a card id."""
    found = _BY_INSTANCE.get(instance_or_id)
    if found is None:
        found = card_db()[card_of(instance_or_id)]
        if len(_BY_INSTANCE) < 100_000:
            _BY_INSTANCE[instance_or_id] = found
    return found
