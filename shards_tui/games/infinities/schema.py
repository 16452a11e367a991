"""The content schema of Infinities: cards, leaders, tiles, Roles and the rules' numbers, as
pydantic models. The data lives in cards/infinities/*.toml and rulesets/infinities.toml
(``content.py`` loads and cross-checks it); everything a player reads about it is generated
from these models (``text.py``).
"""

# No `from __future__ import annotations`: pydantic gets these models' annotations as types.

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from shards_tui.games.infinities.effects import (NO_TARGET, Attr, Conversion, Face, Happening,
                                                 LevelUp, Modifier, Step, Target, TileType,
                                                 Unlock, When)

Slug = Field(pattern=r"^[a-z0-9_]+$", max_length=40)


class _Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Ability(_Strict):
    """One ability of a card or leader.

    ``on``: "play" (when the card is played; a unit's when it joins), "trigger" (when ``when``
    happens, its owner may use it, at most once a turn), "activate" (by spending ``cost`` dice
    on your turn), "passive" (always on while the unit is in play: ``modifiers``)."""

    on: Literal["play", "trigger", "activate", "passive"]
    when: When | None = None
    cost: tuple[Literal["tide", "power", "fortitude"], ...] = Field(default=(), max_length=3)
    target: Target = NO_TARGET
    effects: tuple[Step, ...] = ()
    modifiers: tuple[Modifier, ...] = ()
    unlock: Unlock | None = None

    @model_validator(mode="after")
    def _consistent(self) -> "Ability":
        if (self.on == "trigger") != (self.when is not None):
            raise ValueError("a trigger names its condition ('when'), and only a trigger does")
        if (self.on == "activate") != bool(self.cost):
            raise ValueError("an activated ability has a dice cost, and only it does")
        if self.on == "passive":
            if self.effects or not (self.modifiers or self.unlock):
                raise ValueError("a passive has modifiers and no steps")
            if self.unlock is not None and self.unlock.effects:
                raise ValueError("a passive's unlock gives modifiers, not steps")
        elif self.modifiers:
            raise ValueError("only a passive has modifiers")
        if self.unlock is not None and self.unlock.pay.kind == "level" and any(
                isinstance(m, LevelUp) for m in self.unlock.modifiers):
            raise ValueError("an attribute-level unlock cannot raise a level itself")
        needs_target = any(getattr(s, "to", None) in ("target", "target_unit")
                           or getattr(s, "who", None) == "target"
                           or s.do in ("destroy", "steal", "attach") for s in self.all_steps())
        if needs_target and self.target.who == "none":
            raise ValueError("a step acts on the target but the ability declares none")
        return self

    def all_steps(self) -> tuple[Step, ...]:
        return self.effects + (self.unlock.effects if self.unlock else ())


class Card(_Strict):
    id: str = Slug
    name: str = Field(min_length=1, max_length=40)
    faction: str = Slug
    kind: Literal["unit", "ability"]
    cost: int = Field(ge=0, le=5)
    copies: int = Field(default=1, ge=1, le=4)
    attributes: tuple[Attr, ...] = Field(default=(), max_length=3)  # a unit's icons
    health: int | None = Field(default=None, ge=1, le=5)  # a unit's
    fated: bool = False  # cannot be blocked or cancelled; immune to enemies' abilities
    abilities: tuple[Ability, ...] = ()
    constant: Ability | None = None  # an ability card's: on while it waits in a timeline
    attach: tuple[Modifier, ...] = ()  # an ability card that attaches: what it gives its host
    note: str = ""  # a designer's note, never shown in play

    @model_validator(mode="after")
    def _consistent(self) -> "Card":
        unit = self.kind == "unit"
        if unit and (self.health is None or not self.attributes):
            raise ValueError(f"{self.id}: a unit has Health and at least one attribute icon")
        if not unit and (self.health is not None or self.attributes):
            raise ValueError(f"{self.id}: an ability card has no Health or attribute icons")
        plays = [a for a in self.abilities if a.on == "play"]
        if not unit and (len(plays) != 1 or len(self.abilities) != 1):
            raise ValueError(f"{self.id}: an ability card has exactly one ability, played")
        if len(plays) > 1:
            raise ValueError(f"{self.id}: a card has at most one ability when played")
        if self.constant is not None and (unit or self.constant.on not in ("passive", "trigger")):
            raise ValueError(f"{self.id}: Constant is an ability card's passive or trigger")
        attaches = any(s.do == "attach" for a in self.abilities for s in a.all_steps())
        if attaches != bool(self.attach):
            raise ValueError(f"{self.id}: a card that attaches says what it gives ('attach')")
        if attaches and unit:
            raise ValueError(f"{self.id}: only an ability card attaches")
        paid = [a for a in self.abilities if a.on in ("play", "passive") and a.unlock is not None
                and a.unlock.pay.kind != "level"]
        if len(paid) > 1:
            raise ValueError(f"{self.id}: one unlock at most is paid when the card is played")
        return self

    def play_ability(self) -> Ability | None:
        return next((a for a in self.abilities if a.on == "play"), None)

    def play_unlock(self) -> Unlock | None:
        """What 'play unlock' pays: the unlock of the ability played, else (a unit) of a
        passive kept while the unit stays unlocked (an attribute level needs no paying)."""
        play = self.play_ability()
        if play is not None and play.unlock is not None:
            return play.unlock
        return next((a.unlock for a in self.abilities if a.on == "passive" and a.unlock is not None
                     and a.unlock.pay.kind != "level"), None)


class TrackConversion(_Strict):
    """From ``level`` of the ``attr`` track on, dice of that colour showing ``source`` may be
    converted to ``result``."""

    attr: Attr
    level: int = Field(ge=2, le=6)
    source: Face
    result: Face

    def as_modifier(self) -> Conversion:
        return Conversion(attr=self.attr, source=self.source, result=self.result)


class LeaderAction(_Strict):
    """A leader's own action: spend these dice on your turn (once a turn); never blockable."""

    name: str = Field(min_length=1, max_length=40)
    cost: tuple[Literal["tide", "power", "fortitude"], ...] = Field(min_length=1, max_length=3)
    target: Target = NO_TARGET
    effects: tuple[Step, ...] = Field(min_length=1)


class Gambit(_Strict):
    """One rung of a gambit track: when ``when`` happens at this level, the leader may roll a
    die; 1-3 gives the reward and climbs, 4-6 slides down a level."""

    when: When
    reward: tuple[Step, ...] = Field(min_length=1)


class Leader(_Strict):
    id: str = Slug
    name: str = Field(min_length=1, max_length=40)
    faction: str = Slug
    strong: Attr
    blurb: str = Field(max_length=200)
    conversions: tuple[TrackConversion, ...] = ()
    action: LeaderAction
    gambits: tuple[Gambit, Gambit, Gambit]  # the conditions of levels 1, 2 and 3
    summit: tuple[Modifier, ...] = Field(min_length=1)  # the lasting bonus at level 4


class TileEvent(_Strict):
    """What a tile does to the leader on it: on discovery, on entry from another tile, when
    they try to leave, at the start or end of their turn, or always (``passive``)."""

    on: Literal["discovery", "entry", "exit", "start", "end", "passive"]
    effects: tuple[Step, ...] = ()
    modifiers: tuple[Modifier, ...] = ()

    @model_validator(mode="after")
    def _consistent(self) -> "TileEvent":
        if (self.on == "passive") != bool(self.modifiers) or (self.on == "passive") == bool(self.effects):
            raise ValueError("a passive tile event has modifiers; every other event has steps")
        for step in self.effects:
            if step.do in ("destroy", "steal", "attach", "cancel") or \
                    getattr(step, "to", None) in ("target", "target_unit") or \
                    getattr(step, "who", None) == "target":
                raise ValueError(f"a tile event declares no target, so it cannot '{step.do}'")
        return self


class Tile(_Strict):
    id: str = Slug
    name: str = Field(min_length=1, max_length=40)
    setting: str = Slug
    influence: int = Field(ge=1, le=5)
    type: TileType
    walls: tuple[int, ...] = Field(default=(), max_length=4)  # printed edges, 0 = north, clockwise
    events: tuple[TileEvent, ...] = ()

    @model_validator(mode="after")
    def _walls(self) -> "Tile":
        if any(not 0 <= w <= 5 for w in self.walls) or len(set(self.walls)) != len(self.walls):
            raise ValueError(f"{self.id}: walls are distinct edges 0-5")
        return self


RoleMeasure = Literal["units", "gambit", "top_level", "rift_distance", "timeline", "hand"]


class Goal(_Strict):
    """A Role's objective: ``need`` happenings (``amount``: adding up their amounts), or a
    measure reached at the end of one of your turns."""

    happening: Happening | None = None
    measure: RoleMeasure | None = None
    need: int = Field(ge=1, le=12)
    tile_type: TileType | None = None  # only happenings on tiles of this type count
    influence_at_least: int | None = Field(default=None, ge=1, le=5)
    amount: bool = False

    @model_validator(mode="after")
    def _one(self) -> "Goal":
        if (self.happening is None) == (self.measure is None):
            raise ValueError("a goal counts a happening or reads a measure, not both")
        return self


class Role(_Strict):
    id: str = Slug
    name: str = Field(min_length=1, max_length=40)
    goal: Goal


class Faction(_Strict):
    id: str = Slug
    name: str
    setting: str = Slug
    blurb: str


class Setting(_Strict):
    id: str = Slug
    name: str
    blurb: str


class Limits(_Strict):
    health: int = Field(ge=1)
    group: int = Field(ge=1)
    hand: int = Field(ge=1)
    check_dice: int = Field(ge=1)
    start_level: int = Field(ge=1)
    max_level: int = Field(ge=2)
    reroll_level: int = Field(ge=2)
    added_die_level: int = Field(ge=2)
    block_base: int = Field(ge=1)
    timeline_plus: int = Field(ge=0)
    deploy_draw: int = Field(ge=1)
    deploy_tide: int = Field(ge=0)
    gambit_top: int = Field(ge=2)
    gambit_success_below: int = Field(ge=1, le=6)  # a roll at most this succeeds


class Mode(_Strict):
    """Skirmish or Quickplay: how many Roles, the round the game ends, the Points that end it."""

    roles: int = Field(ge=1)
    last_round: int = Field(ge=1)
    points_alone: int = Field(ge=1)
    points_team_of_2: int = Field(ge=1)
    points_team_of_3: int = Field(ge=1)


class Ruleset(_Strict):
    limits: Limits
    skirmish: Mode
    quickplay: Mode
    settings: tuple[Setting, ...] = Field(min_length=2)
    factions: tuple[Faction, ...] = Field(min_length=2)
    die: dict[Attr, tuple[Face, ...]]  # the six faces of a die of each colour
    rift: str = Slug  # the id of the Rift tile

    @model_validator(mode="after")
    def _dice(self) -> "Ruleset":
        if any(len(faces) != 6 for faces in self.die.values()) or set(self.die) != {"tide", "power", "fortitude"}:
            raise ValueError("each colour of die has six faces")
        return self

    def faction(self, faction_id: str) -> Faction:
        for f in self.factions:
            if f.id == faction_id:
                return f
        raise KeyError(f"There is no faction '{str(faction_id)[:30]}'.")

    def faction_of_setting(self, setting: str) -> Faction:
        return next(f for f in self.factions if f.setting == setting)
