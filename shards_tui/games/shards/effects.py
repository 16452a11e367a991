"""The Shards of Infinity effect vocabulary: every card's behaviour is a list of these steps.

A card lists steps in printed order. A step may carry a condition (``when``); a conditional
step with ``instead = true`` replaces the step group just before it when its condition holds
(mastery tiers such as Infinity Shard), otherwise a conditional step is an extra ("also").
This module is the vocabulary only: one small model per step kind and per condition kind.
``interpreter.py`` is the one place that carries steps out, for every seat (the players and
the Nemesis); ``text.py`` turns them into the card text a player reads.
"""

# No `from __future__ import annotations`: pydantic gets these models' annotations as types,
# not strings it must evaluate (about 20 ms of startup over the rules models).

from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field

Faction = Literal["homodeus", "order", "undergrowth", "wraethe"]
CardType = Literal["starter", "ally", "mercenary", "champion", "relic"]
Resource = Literal["gems", "power", "health", "mastery"]


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


# --- conditions ---------------------------------------------------------------------------

class MasteryAtLeast(_Frozen):
    kind: Literal["mastery"] = "mastery"
    at_least: int = Field(ge=1, le=30)


class Unify(_Frozen):
    """Another ally of this faction was played this turn (or one is revealed from hand)."""

    kind: Literal["unify"] = "unify"
    faction: Faction


class Dominion(_Frozen):
    """A Homodeus, an Undergrowth and a Wraethe card played this turn or revealed from hand."""

    kind: Literal["dominion"] = "dominion"


class Inspire(_Frozen):
    """You control a champion."""

    kind: Literal["inspire"] = "inspire"


class Echo(_Frozen):
    """A Wraethe card is in your discard pile."""

    kind: Literal["echo"] = "echo"


class FullHealth(_Frozen):
    kind: Literal["full_health"] = "full_health"


class ChampionCount(_Frozen):
    kind: Literal["champions"] = "champions"
    faction: Faction | None = None
    at_least: int = Field(ge=1)


class IsCharacter(_Frozen):
    kind: Literal["character"] = "character"
    character: str


class HighestMastery(_Frozen):
    kind: Literal["highest_mastery"] = "highest_mastery"


class AllOf(_Frozen):
    """Every one of these conditions holds (Panconscious Crown: Mastery 20 and Unify)."""

    kind: Literal["all"] = "all"
    of: tuple["Condition", ...] = Field(min_length=2)


Condition = Annotated[
    Union[MasteryAtLeast, Unify, Dominion, Inspire, Echo, FullHealth, ChampionCount,
          IsCharacter, HighestMastery, AllOf],
    Field(discriminator="kind"),
]
AllOf.model_rebuild()

# --- what "per" and card filters count ---------------------------------------------------

Counter = Literal[
    "homodeus_champions_you_control",
    "champions_you_control",
    "undergrowth_allies_played",
    "wraethe_cards_in_discard",
]


class CardFilter(_Frozen):
    """Which cards a step may pick: all given fields must match."""

    faction: Faction | None = None
    types: tuple[CardType, ...] = ()
    exclude_types: tuple[CardType, ...] = ()


# --- steps ---------------------------------------------------------------------------------

class _Step(_Frozen):
    when: Condition | None = None
    instead: bool = False


class Gain(_Step):
    do: Literal["gain"] = "gain"
    resource: Resource
    amount: int = Field(default=0, ge=0)
    per: Counter | None = None
    # Amounts computed as the step resolves.
    infinite: bool = False
    equal_to: Literal["current_power", "half_mastery_rounded_up", "mastery"] | None = None


class Draw(_Step):
    do: Literal["draw"] = "draw"
    count: int = Field(ge=1)


class Banish(_Step):
    """Banish up to N cards you choose from these zones (optional)."""

    do: Literal["banish"] = "banish"
    zone: Literal["hand", "discard", "hand_or_discard"]
    up_to: int = Field(ge=1)


class RecruitFree(_Step):
    """Take a center-row card of at most this cost without paying (mandatory if any fits)."""

    do: Literal["recruit_free"] = "recruit_free"
    max_cost: int
    to: Literal["discard", "hand"] = "discard"


class ReturnToHand(_Step):
    """Put a matching card from your discard pile into your hand (mandatory if any fits)."""

    do: Literal["return_to_hand"] = "return_to_hand"
    filter: CardFilter
    all: bool = False


class DestroyChampion(_Step):
    """Destroy an enemy champion you choose (or all of them); ignores defense and protections."""

    do: Literal["destroy_champion"] = "destroy_champion"
    all: bool = False


class OpponentLosesMastery(_Step):
    do: Literal["opponent_loses_mastery"] = "opponent_loses_mastery"
    amount: int = Field(ge=1)


class CopyPlayed(_Step):
    """Gain again the play effects of a card you played this turn (not playing it)."""

    do: Literal["copy_played"] = "copy_played"
    filter: CardFilter
    same_as_last_copy: bool = False


class CopyAlliesThisTurn(_Step):
    """Copy each ally of this faction you played this turn, and those you play later this turn."""

    do: Literal["copy_allies_this_turn"] = "copy_allies_this_turn"
    faction: Faction


TurnModifier = Literal[
    "next_homodeus_champion_enters_play",
    "ignore_shields",
    "power_per_health_gained",
    "draw_three_after_big_hit",
]


class ThisTurn(_Step):
    """Sets a modifier that lasts until the end of the turn."""

    do: Literal["this_turn"] = "this_turn"
    modifier: TurnModifier


Step = Annotated[
    Union[Gain, Draw, Banish, RecruitFree, ReturnToHand, DestroyChampion, OpponentLosesMastery,
          CopyPlayed, CopyAlliesThisTurn, ThisTurn],
    Field(discriminator="do"),
]


# --- passive properties of a card in play ------------------------------------------------

class Static(_Frozen):
    kind: Literal[
        "cannot_be_attacked",  # power can never target it (effects may still destroy it)
        "cannot_be_attacked_while_controlling",  # ... while its controller controls `card`
        "guards_controller",  # you and your other champions cannot be attacked
        # Relics of the Future (rules in relic_rules.py):
        "cannot_be_attacked_by_lower_mastery",  # attackers with less mastery than its owner
        "champions_defense_plus",  # in play: your champions have +`amount` defense
        "costs_less_per_homodeus_champion",  # in the center row: 1 gem less per one you control
        "returns_when_champion_played",  # in your discard pile: back to hand when you play a champion
        "shield_in_play",  # in play as a champion: blocks `amount` of each attack on you
    ]
    card: str | None = None
    amount: int | None = Field(default=None, ge=1)
    character: str | None = None  # only while its controller plays this character
    at_mastery: int | None = Field(default=None, ge=1)  # only from this mastery on

