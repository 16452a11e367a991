"""The Fractured Net's effect vocabulary: every card's behaviour is lists of these effects.

One small model per kind of effect, told apart by ``do`` (the word a card file uses), so a
card file names only what its kind of effect takes. ``interpreter.py`` is the one place that
carries them out; ``text.py`` turns them into the card text a player reads.

Words used below. "You" is the player the effect works for (who played the card, or controls
it). ``target`` says what the effect acts on: a player, one creature the player picks (a
pending question), each creature of a kind, one at random, or "it" (the previous effect's
target). Every effect may be done several ``times`` (a random target drawn anew each time) and
may need ``if_creatures``: you control at least that many creatures when its turn comes.
"""

# No `from __future__ import annotations`: pydantic gets these models' annotations as types.

from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, model_validator

Keyword = Literal["swift", "vigilant", "defender", "reckless", "drain", "deathtouch",
                  "persistent", "volatile", "stealth", "echo", "armored", "response"]
KEYWORDS: tuple[str, ...] = ("swift", "vigilant", "defender", "reckless", "drain", "deathtouch",
                             "persistent", "volatile", "stealth", "echo", "armored", "response")
CardType = Literal["creature", "spell", "resource", "equipment"]
TYPES: tuple[str, ...] = ("creature", "spell", "resource", "equipment")

# What an effect that takes a target may act on ("it": the previous effect's target).
Aim = Literal[
    "you", "opponent", "self", "attached", "it",
    "creature", "enemy_creature", "friendly_creature", "other_friendly_creature",
    "attacker", "blocker", "enemy", "any", "enemy_equipment",
    "each_creature", "each_enemy_creature", "each_friendly_creature",
    "each_other_friendly_creature", "each_attacker",
    "random_enemy_creature", "random_enemy", "random_creature"]
Target = Literal["none"] | Aim
# Targets a player picks (a pending question), and those that take every match at once.
CHOSEN = frozenset({"creature", "enemy_creature", "friendly_creature", "other_friendly_creature",
                    "attacker", "blocker", "enemy", "any", "enemy_equipment"})
EACH = frozenset({"each_creature", "each_enemy_creature", "each_friendly_creature",
                  "each_other_friendly_creature", "each_attacker"})
RANDOM = frozenset({"random_enemy_creature", "random_enemy", "random_creature"})
# What an amount may be multiplied by, counted when the effect happens.
Count = Literal["friendly_creatures", "enemy_creatures", "cards_in_hand", "creatures_in_discard"]
Amount = Annotated[int, Field(ge=0, le=20)]


class _Effect(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    times: int = Field(default=1, ge=1, le=10)
    if_creatures: int = Field(default=0, ge=0, le=10)

    @property
    def chosen(self) -> bool:
        """Whether the player picks this effect's target (a pending question)."""
        return False


class _Aimed(_Effect):
    """An effect on a target (a creature, a player, an equipment)."""

    target: Aim
    max_power: int | None = None  # only creatures with at most this power may be targeted

    @model_validator(mode="before")
    @classmethod
    def _needs_target(cls, data: Any) -> Any:
        if isinstance(data, dict) and data.get("target", "none") == "none":
            raise ValueError(f"'{data.get('do')}' needs a target")
        return data

    @property
    def chosen(self) -> bool:
        return self.target in CHOSEN


class _ToYou(_Effect):
    """An effect on a player: you unless the card says your opponent ('none' is you)."""

    target: Literal["none", "you", "opponent"] = "none"


class _OnYou(_Effect):
    """An effect on you alone (the card names no target)."""

    target: Literal["none"] = "none"


class Damage(_Aimed):
    do: Literal["damage"] = "damage"
    amount: Amount = 1
    per: Count | None = None


class Destroy(_Aimed):
    """Destroy a creature (Persistent may save it) or an equipment."""

    do: Literal["destroy"] = "destroy"


class Bounce(_Aimed):
    """Return a creature to its owner's hand."""

    do: Literal["bounce"] = "bounce"


class Buff(_Aimed):
    """+power/+defense until the end of the turn (``lasting``: for good), times ``per``."""

    do: Literal["buff"] = "buff"
    power: int = Field(default=0, ge=-10, le=10)
    defense: int = Field(default=0, ge=-10, le=10)
    lasting: bool = False
    per: Count | None = None


class Grant(_Aimed):
    """A keyword until the end of the turn (``lasting``: for good)."""

    do: Literal["grant"] = "grant"
    keyword: Keyword
    lasting: bool = False


class Tap(_Aimed):
    do: Literal["tap"] = "tap"


class Untap(_Aimed):
    do: Literal["untap"] = "untap"


class Heal(_ToYou):
    """Gain health (never above the maximum)."""

    do: Literal["heal"] = "heal"
    amount: Amount = 1
    per: Count | None = None


class Draw(_ToYou):
    do: Literal["draw"] = "draw"
    amount: Amount = 1
    per: Count | None = None


class Discard(_Effect):
    """You discard cards of your choice (``random``: at random); your opponent discards at
    random."""

    do: Literal["discard"] = "discard"
    target: Literal["you", "opponent"] = "you"
    amount: Amount = 1
    random: bool = False


class Token(_OnYou):
    """Make tokens of ``card`` (a card of tokens.toml)."""

    do: Literal["token"] = "token"
    card: str = Field(max_length=40)
    amount: Amount = 1
    per: Count | None = None


class Energy(_OnYou):
    do: Literal["energy"] = "energy"
    amount: Amount = 1
    per: Count | None = None


class Recall(_OnYou):
    """Return cards of your choice (of these ``types``, any if none) from your discard pile to
    your hand."""

    do: Literal["recall"] = "recall"
    amount: Amount = 1
    types: tuple[CardType, ...] = ()


class Revive(_OnYou):
    """Return a creature of your choice from your discard pile into play."""

    do: Literal["revive"] = "revive"
    amount: Amount = 1


class Foresee(_OnYou):
    """Look at the top cards of your deck; put any of them on the bottom."""

    do: Literal["foresee"] = "foresee"
    amount: Amount = 1


Effect = Annotated[Union[Damage, Destroy, Bounce, Buff, Grant, Tap, Untap, Heal, Draw, Discard,
                         Token, Energy, Recall, Revive, Foresee], Field(discriminator="do")]
