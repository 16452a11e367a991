"""The Disco Infinity effect vocabulary: every card's behaviour is lists of these steps.

A card has a list of steps per trigger (placement, action, start or end of round, after it
drifts, when it is selected) and a few standing properties (drift, protection, guard, missile
boost, retain). ``interpreter.py`` is the one place that carries steps out; ``text.py`` turns
them into the card text a player reads. A step may carry a condition (``when``): it happens
only if the condition holds when its turn comes.

Words used below: "here" is the space (the column) of the card whose effect this is: its
action space while it is in the row, its orbit space once it is a satellite. "You" is the
player the card works for: whoever placed it, or the owner of the orbit row it is in.
"""

# No `from __future__ import annotations`: pydantic gets these models' annotations as types.

from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field

Kind = Literal["action", "missile", "satellite"]
Trigger = Literal["placement", "action", "start_of_round", "end_of_round", "after_drift",
                  "on_selected"]
TRIGGERS: tuple[Trigger, ...] = ("placement", "action", "start_of_round", "end_of_round",
                                 "after_drift", "on_selected")


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


# --- amounts ------------------------------------------------------------------------------

Source = Literal[
    "spent",            # tokens spent by an earlier step of this same effect
    "tokens_here",      # power tokens on this card
    "column_tokens",    # every power token in this column: the action space and both orbit spaces
    "research_here",    # your research points in this space
    "your_satellites",  # satellites in your orbit row
    "stack",            # satellites in your orbit space here (this card's stack)
    "tech_value",       # this card's alien tech value
    "row_tech",         # the alien tech values of every card in the action row, added up
    "your_upstream",    # your cards upstream of this one in the action row
]


class Count(_Frozen):
    """An amount worked out when the step happens: ``times`` x the count, ``plus``, at most ``most``."""

    count: Source
    times: int = Field(default=1, ge=1, le=5)
    plus: int = Field(default=0, ge=0, le=10)
    most: int | None = Field(default=None, ge=1, le=30)


Amount = Annotated[int, Field(ge=1, le=30)] | Count


# --- conditions ---------------------------------------------------------------------------

class InSpaces(_Frozen):
    """This card is in one of these spaces."""

    kind: Literal["in_spaces"] = "in_spaces"
    spaces: tuple[int, ...] = Field(min_length=1, max_length=5)


class TokensHere(_Frozen):
    kind: Literal["tokens_here"] = "tokens_here"
    at_least: int = Field(ge=1, le=30)


class EnemySatelliteHere(_Frozen):
    """Your opponent has (or, with ``present = false``, has no) satellite in this column."""

    kind: Literal["enemy_satellite_here"] = "enemy_satellite_here"
    present: bool = True


class Spent(_Frozen):
    """An earlier step of this effect spent at least this many tokens."""

    kind: Literal["spent"] = "spent"
    at_least: int = Field(ge=1, le=30)


class TechInRow(_Frozen):
    """The alien tech values in the action row add up to at least this much."""

    kind: Literal["tech_in_row"] = "tech_in_row"
    at_least: int = Field(ge=1, le=30)


class ResearchHere(_Frozen):
    kind: Literal["research_here"] = "research_here"
    at_least: int = Field(ge=1, le=10)


Condition = Annotated[Union[InSpaces, TokensHere, EnemySatelliteHere, Spent, TechInRow,
                            ResearchHere], Field(discriminator="kind")]


# --- steps --------------------------------------------------------------------------------

class _Step(_Frozen):
    when: Condition | None = None


class Damage(_Step):
    """Your opponent loses shields (``each``: both players do)."""

    do: Literal["damage"] = "damage"
    amount: Amount
    each: bool = False


class Boost(_Frozen):
    spaces: tuple[int, ...] = Field(min_length=1, max_length=5)
    plus: int = Field(ge=1, le=10)


class Missile(_Step):
    """Fire at your opponent's orbit space in this column (``column = "choose"``: any column
    you pick): every satellite stacked there is destroyed, else their shields take the damage."""

    do: Literal["missile"] = "missile"
    amount: Amount
    boost: Boost | None = None  # more damage when fired from these spaces
    column: Literal["here", "choose"] = "here"


class Shields(_Step):
    do: Literal["shields"] = "shields"
    amount: Amount


class Research(_Step):
    """Gain research points in this space."""

    do: Literal["research"] = "research"
    amount: Amount


class StealResearch(_Step):
    """Move up to this many of your opponent's research points in this space to yours."""

    do: Literal["steal_research"] = "steal_research"
    amount: Amount


class WipeResearch(_Step):
    """Destroy up to this many of your opponent's research points in this space."""

    do: Literal["wipe_research"] = "wipe_research"
    amount: Amount


class Gain(_Step):
    """Gain new power tokens: each on any card you choose (``on = "any"``), on the next card,
    or that many on each of your cards downstream / each of your satellites."""

    do: Literal["gain"] = "gain"
    amount: Amount
    on: Literal["any", "next", "your_downstream", "your_satellites"] = "any"


class Accumulate(_Step):
    """Gain new power tokens on this card only."""

    do: Literal["accumulate"] = "accumulate"
    amount: Amount


Scope = Literal["this", "yours", "your_satellites", "column", "enemy_column", "upstream", "any"]


class Transfer(_Step):
    """Move up to ``amount`` tokens from one card in ``source`` to one card in ``dest``."""

    do: Literal["transfer"] = "transfer"
    amount: int = Field(ge=1, le=30)
    source: Scope
    dest: Scope


class Spend(_Step):
    """Spend (remove) tokens from your cards in ``source``: up to ``amount``, or with
    ``exact`` exactly that many or none at all. Later steps may count what was spent."""

    do: Literal["spend"] = "spend"
    amount: int = Field(ge=1, le=30)
    source: Literal["this", "yours", "your_satellites", "column"] = "yours"
    exact: bool = False


class Draw(_Step):
    do: Literal["draw"] = "draw"
    amount: Amount


class Discard(_Step):
    """A player discards cards from hand, choosing which (``who = "opponent"``: your opponent)."""

    do: Literal["discard"] = "discard"
    amount: int = Field(ge=1, le=5)
    who: Literal["you", "opponent"] = "you"


class Retain(_Step):
    """Choose up to this many cards in your hand to keep through the end of the round."""

    do: Literal["retain"] = "retain"
    amount: int = Field(ge=1, le=5)


class Trash(_Step):
    """Put a card into the shared trash: one from your hand (you choose), a selected
    satellite or action-row card, or this card itself."""

    do: Literal["trash"] = "trash"
    what: Literal["hand", "satellite", "row_card", "this"]
    optional: bool = False  # "you may"
    enemy_only: bool = False  # satellite / row card: only your opponent's


class Fetch(_Step):
    """Take a card of this kind from the trash into your hand or discard pile."""

    do: Literal["fetch"] = "fetch"
    kind: Literal["any", "satellite", "missile", "action"] = "any"
    to: Literal["hand", "discard"] = "hand"


class Move(_Step):
    """Rearrange the action row: swap this card with the next card or the one upstream, or
    select a card and move it up to ``by`` spaces, swap it with another selected card, or
    send it to the last space."""

    do: Literal["move"] = "move"
    how: Literal["swap_next", "swap_upstream", "select_shift", "select_swap", "select_to_end"]
    by: int = Field(default=1, ge=1, le=5)


class Reorbit(_Step):
    """Select a satellite and move it to another space of its owner's orbit row (``to``:
    any space, or one next to it)."""

    do: Literal["reorbit"] = "reorbit"
    whose: Literal["yours", "any"] = "yours"
    to: Literal["any", "adjacent"] = "any"


class Steal(_Step):
    """Select one of your opponent's satellites in this column and move it into your orbit
    space in the same column."""

    do: Literal["steal"] = "steal"


class Detonate(_Step):
    """Destroy every other satellite stacked with this one; if any were, this one too."""

    do: Literal["detonate"] = "detonate"


class Jam(_Step):
    """The next card does not fire this round."""

    do: Literal["jam"] = "jam"


class DraftStep(_Step):
    """Do a draft cycle now."""

    do: Literal["draft"] = "draft"


Step = Annotated[Union[Damage, Missile, Shields, Research, StealResearch, WipeResearch, Gain,
                       Accumulate, Transfer, Spend, Draw, Discard, Retain, Trash, Fetch, Move,
                       Reorbit, Steal, Detonate, Jam, DraftStep], Field(discriminator="do")]

# Steps that select a card (the card spends half its tokens; protected cards cannot be picked).
SELECTING = {"select_shift", "select_swap", "select_to_end"}


def selects(step: BaseModel) -> bool:
    if isinstance(step, Move):
        return step.how in SELECTING
    if isinstance(step, Trash):
        return step.what in ("satellite", "row_card")
    return isinstance(step, (Reorbit, Steal))
