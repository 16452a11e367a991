"""The Infinities effect vocabulary: every card, leader, tile event, gambit reward and standard
action is lists of these steps, with a few standing modifiers.

``interpreter.py`` is the one place that carries steps out (a dispatch table from step kind to
step function); ``text.py`` turns them into the text a player reads. Words used below: "you"
is the leader a mechanic works for (a card's owner, the leader standing on a tile for its
event); "the target" is what the mechanic declared when it was played or activated (a leader,
a unit, a timeline card or a tile), chosen before anyone may block or cancel it.
"""

# No `from __future__ import annotations`: pydantic gets these models' annotations as types.

from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field

Attr = Literal["tide", "power", "fortitude"]
ATTRS: tuple[Attr, ...] = ("tide", "power", "fortitude")
Face = Literal["tide", "power", "fortitude", "blank"]
FACES: tuple[Face, ...] = ("tide", "power", "fortitude", "blank")
TileType = Literal["stealth", "city", "sacred", "wild", "travel", "rift"]
TILE_TYPES: tuple[TileType, ...] = ("stealth", "city", "sacred", "wild", "travel", "rift")

# What happens in a game that triggers, gambit conditions and Roles listen for. "you" below
# is the leader the happening is about (who discovered, whose group was damaged, ...).
Happening = Literal[
    "turn_start",      # your turn starts (after a tile's Start event)
    "turn_end",        # your turn ends
    "locked",          # you lock your action check
    "moved",           # you move a space (amount: 1), by your own move or forced
    "discovered",      # you discover a tile (tile: the new tile)
    "entered",         # you enter an existing tile (tile)
    "flipped",         # you flip a tile
    "damaged",         # your group is dealt damage (amount; other: who dealt it)
    "dealt_damage",    # you deal damage to an enemy group (amount; other: whose group)
    "healed",          # you heal (amount)
    "unit_played",     # a unit joins your group by being played
    "unit_lost",       # one of your units is destroyed
    "destroyed_unit",  # you destroy an enemy's unit
    "prepared",        # you prepare a card in a timeline
    "timeline_played", # you play a card from your timeline
    "ability_played",  # you play an ability card
    "targeted",        # an enemy's ability targets you or your cards (other: its controller)
    "blocked",         # you block an ability
    "cycled",          # you cycle a card
    "defeated_enemy",  # you defeat an enemy leader
    "respawned",       # you respawn
]


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


# --- amounts ------------------------------------------------------------------------------

CountSource = Literal[
    "influence",    # the Influence of your tile
    "units",        # units in your group
    "timeline",     # cards in your timeline
    "tide_level", "power_level", "fortitude_level",
    "damage",       # damage on your leader
]


class Count(_Frozen):
    """An amount worked out when the step happens: ``times`` x the count + ``plus``, at most ``most``."""

    count: CountSource
    times: int = Field(default=1, ge=1, le=3)
    plus: int = Field(default=0, ge=0, le=5)
    most: int | None = Field(default=None, ge=1, le=10)


Amount = Annotated[int, Field(ge=1, le=10)] | Count


# --- conditions on a step -----------------------------------------------------------------

class OnTileType(_Frozen):
    """You stand on a tile of one of these types."""

    kind: Literal["on_tile"] = "on_tile"
    types: tuple[TileType, ...] = Field(min_length=1, max_length=5)


class InfluenceAtLeast(_Frozen):
    """Your tile's Influence is at least this."""

    kind: Literal["influence"] = "influence"
    at_least: int = Field(ge=1, le=5)


class UnitsAtLeast(_Frozen):
    kind: Literal["units"] = "units"
    at_least: int = Field(ge=1, le=4)


class LevelAtLeast(_Frozen):
    kind: Literal["level"] = "level"
    attr: Attr
    at_least: int = Field(ge=2, le=6)


Condition = Annotated[Union[OnTileType, InfluenceAtLeast, UnitsAtLeast, LevelAtLeast],
                      Field(discriminator="kind")]


# --- targets (declared before anyone blocks or cancels) -------------------------------------

TargetKind = Literal[
    "none",            # nothing is targeted
    "enemy",           # one enemy leader (and their group)
    "each_enemy",      # every enemy leader in range, none chosen
    "ally",            # one allied leader (a teammate), or yourself
    "enemy_unit",      # one unit of an enemy
    "own_unit",        # one unit of your group
    "friendly",        # one unit of your group or an ally's, or your leader (to attach to)
    "enemy_timeline",  # one card in an enemy's timeline
    "tile",            # one face-up tile other than the Rift (flipped if the step says so)
]
Range = Literal["reach", "any", "adjacent"]


class Target(_Frozen):
    who: TargetKind = "none"
    range: Range = "reach"  # for leaders and their cards: within your reach, adjacent, or anywhere


NO_TARGET = Target()


# --- steps --------------------------------------------------------------------------------

class _Step(_Frozen):
    when: Condition | None = None


class Damage(_Step):
    """Deal damage one at a time: to the target's group (units before the leader, the dealer
    allocating), to each enemy targeted, or to your own group (``to = "you"``: damage you take,
    allocated to the lowest remaining Health first, your leader included)."""

    do: Literal["damage"] = "damage"
    amount: Amount
    to: Literal["target", "you", "target_unit"] = "target"


class Heal(_Step):
    """Remove damage from your group (or the targeted ally's): the leader first, then units."""

    do: Literal["heal"] = "heal"
    amount: Amount
    to: Literal["you", "target"] = "you"


class Draw(_Step):
    do: Literal["draw"] = "draw"
    amount: Amount
    who: Literal["you", "target"] = "you"


class Discard(_Step):
    """A leader discards cards of their choice from hand (the target, or you)."""

    do: Literal["discard"] = "discard"
    amount: Amount
    who: Literal["target", "you"] = "target"


class Move(_Step):
    """Move up to ``amount`` spaces, one at a time, with the usual rules (a clear path, one
    pawn per tile, discovery into an empty space). ``regroup``: the standard Fortitude action,
    which draws a card after each move (and heals 1 after a discovery); a card's or a tile's
    move is forced movement and never regroups. ``who = "target"`` pushes the targeted leader
    instead (you pick each space)."""

    do: Literal["move"] = "move"
    amount: Amount = 1
    who: Literal["you", "target"] = "you"
    regroup: bool = False


class Flip(_Step):
    """Flip a tile next to you face down (the target tile, if one was declared): a leader in it
    is first pushed to an adjacent free tile of your choice, ignoring walls."""

    do: Literal["flip"] = "flip"


class Destroy(_Step):
    """Destroy the targeted unit or timeline card."""

    do: Literal["destroy"] = "destroy"


class Steal(_Step):
    """Take the targeted unit (into your group) or timeline card (into your timeline), with
    what is attached to it; you own it from now on."""

    do: Literal["steal"] = "steal"


class Attach(_Step):
    """This card attaches to the target (a unit or a leader) and gives it the card's
    ``attach`` modifiers; it is destroyed when its host leaves play."""

    do: Literal["attach"] = "attach"


class Cancel(_Step):
    """Cancel the ability whose targeting set off this trigger: it goes to its discard pile
    as though it never happened (what was paid for it stays paid)."""

    do: Literal["cancel"] = "cancel"


class AddDie(_Step):
    """Add a locked die showing this result to your dice this turn."""

    do: Literal["add_die"] = "add_die"
    face: Literal["tide", "power", "fortitude"]
    amount: int = Field(default=1, ge=1, le=3)


class Raise(_Step):
    """One of your attribute tracks is this many levels higher until the end of the turn."""

    do: Literal["raise"] = "raise"
    attr: Attr
    amount: int = Field(default=1, ge=1, le=3)


class Prepare(_Step):
    """Prepare a card from your hand in your timeline without paying for it."""

    do: Literal["prepare"] = "prepare"


class Recover(_Step):
    """Take a card of your choice from your deck's discard pile into your hand."""

    do: Literal["recover"] = "recover"
    kind: Literal["any", "unit", "ability"] = "any"


class PlayFree(_Step):
    """Play a card from your hand costing at most ``most`` without paying its cost."""

    do: Literal["play_free"] = "play_free"
    most: int = Field(ge=1, le=5)
    kind: Literal["any", "unit", "ability"] = "any"


Step = Annotated[Union[Damage, Heal, Draw, Discard, Move, Flip, Destroy, Steal, Attach, Cancel,
                       AddDie, Raise, Prepare, Recover, PlayFree], Field(discriminator="do")]
STEP_KINDS = ("damage", "heal", "draw", "discard", "move", "flip", "destroy", "steal", "attach",
              "cancel", "add_die", "raise", "prepare", "recover", "play_free")


# --- standing modifiers -------------------------------------------------------------------

class LevelUp(_Frozen):
    """An attribute track is this many levels higher."""

    kind: Literal["level"] = "level"
    attr: Attr
    amount: int = Field(default=1, ge=1, le=3)


class Reach(_Frozen):
    kind: Literal["reach"] = "reach"
    amount: int = Field(default=1, ge=1, le=3)


class TimelineSlots(_Frozen):
    kind: Literal["timeline"] = "timeline"
    amount: int = Field(default=1, ge=1, le=2)


class DiceLimit(_Frozen):
    """You may spend this many more dice a turn than your leader's Health."""

    kind: Literal["dice_limit"] = "dice_limit"
    amount: int = Field(default=1, ge=1, le=2)


class BlockDiscount(_Frozen):
    """Blocking costs this many fewer cards (still at least 1)."""

    kind: Literal["block_discount"] = "block_discount"
    amount: int = Field(default=1, ge=1, le=3)


class Toughness(_Frozen):
    """The unit this is attached to has this much more Health."""

    kind: Literal["health"] = "health"
    amount: int = Field(default=1, ge=1, le=3)


class Immune(_Frozen):
    """Cannot be targeted by enemies' abilities, or dealt damage."""

    kind: Literal["immune"] = "immune"
    to: Literal["abilities", "damage"]


class AddedDie(_Frozen):
    """Every action check gets one more die, of this colour and result (not rolled)."""

    kind: Literal["added_die"] = "added_die"
    face: Attr


class Reroll(_Frozen):
    """One more reroll of a die of this colour in each action check."""

    kind: Literal["reroll"] = "reroll"
    attr: Attr


class Conversion(_Frozen):
    """Dice of this colour showing ``source`` may be turned to ``result`` (once each)."""

    kind: Literal["conversion"] = "conversion"
    attr: Attr
    source: Face
    result: Face


Modifier = Annotated[Union[LevelUp, Reach, TimelineSlots, DiceLimit, BlockDiscount, Toughness,
                           Immune, AddedDie, Reroll, Conversion], Field(discriminator="kind")]
MODIFIER_KINDS = ("level", "reach", "timeline", "dice_limit", "block_discount", "health",
                  "immune", "added_die", "reroll", "conversion")


# --- unlocks and triggers -----------------------------------------------------------------

class DiscardCost(_Frozen):
    kind: Literal["discard"] = "discard"
    amount: int = Field(ge=1, le=3)


class DamageCost(_Frozen):
    """Damage you take (your own group, lowest remaining Health first)."""

    kind: Literal["damage"] = "damage"
    amount: int = Field(ge=1, le=3)


class DiceCost(_Frozen):
    kind: Literal["dice"] = "dice"
    faces: tuple[Literal["tide", "power", "fortitude"], ...] = Field(min_length=1, max_length=3)


class LevelCost(_Frozen):
    """Met while the attribute is at this level (kept up as long as it holds, for a unit)."""

    kind: Literal["level"] = "level"
    attr: Attr
    at_least: int = Field(ge=2, le=6)


UnlockCost = Annotated[Union[DiscardCost, DamageCost, DiceCost, LevelCost],
                       Field(discriminator="kind")]
UNLOCK_KINDS = ("discard", "damage", "dice", "level")


class Unlock(_Frozen):
    """An optional second cost: paid, the ability also does ``effects`` (after its base) and,
    on a unit, keeps ``modifiers`` while it stays unlocked."""

    pay: UnlockCost
    effects: tuple[Step, ...] = ()
    modifiers: tuple[Modifier, ...] = ()


class When(_Frozen):
    """A trigger's condition: a happening, about whom."""

    happening: Happening
    whose: Literal["you", "enemy", "ally", "any"] = "you"
