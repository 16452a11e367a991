"""The state of a Fractured Net game: two players, their zones and creatures, the turn's
flow (mulligan, main phase, combat, Response windows) and the effects still resolving."""

# No `from __future__ import annotations`: pydantic gets these models' annotations as types.

from enum import StrEnum
from typing import Literal

from pydantic import Field

from shards_tui.core.state import GameState
from shards_tui.core.state_part import StatePart


class Creature(StatePart):
    """A creature on the battlefield (a card or a token)."""

    id: str  # instance id, 'null_sentry#7'
    damage: int = Field(default=0, ge=0)
    tapped: bool = False
    sick: bool = True  # entered this turn: may not attack (unless Swift)
    token: bool = False  # a token or an Echo copy: it leaves no card behind
    persisted: bool = False  # Persistent has been used
    power: int = 0  # lasting changes (buffs that stay)
    defense: int = 0
    turn_power: int = 0  # until the end of the turn
    turn_defense: int = 0
    turn_keywords: list[str] = Field(default_factory=list)
    keywords: list[str] = Field(default_factory=list)  # granted for good
    deathtouched: bool = False  # hit by a Deathtouch source since the last check


class Gear(StatePart):
    """An equipment card in play, attached to one of its owner's creatures or not."""

    id: str
    on: str | None = None  # the creature it is attached to


class Player(StatePart):
    name: str
    health: int
    deck: list[str] = Field(default_factory=list)  # top first
    hand: list[str] = Field(default_factory=list)
    discard: list[str] = Field(default_factory=list)  # newest last
    resources: list[str] = Field(default_factory=list)
    creatures: list[Creature] = Field(default_factory=list)
    gear: list[Gear] = Field(default_factory=list)
    capacity: int = Field(default=0, ge=0)
    energy: int = Field(default=0, ge=0)  # available now (kept through the opponent's turn)
    spent: int = Field(default=0, ge=0)  # spent since this player's turn began
    resource_played: bool = False
    used: list[str] = Field(default_factory=list)  # abilities used this turn (instance ids)
    mulligan: Literal["keep", "mulligan"] | None = None  # the secret choice before turn 1
    timeouts: int = Field(default=0, ge=0)  # in a row
    conceded: bool = False
    deck_name: str = ""


class Block(StatePart):
    blocker: str
    attacker: str


class Combat(StatePart):
    attackers: list[str] = Field(default_factory=list)
    blocks: list[Block] = Field(default_factory=list)  # in the order they were declared
    declared: bool = False  # attackers confirmed


class Job(StatePart):
    """Effects still to resolve: one trigger of one card, from effect ``index`` on."""

    card: str  # card id whose effects run
    trigger: str  # play, enter, death, attack, start, end, ability
    source: str | None = None  # the instance (creature, gear) or None once it is gone
    controller: int
    index: int = 0
    target: str | None = None  # the answer to the current effect's question
    last: str | None = None  # the previous effect's target ('it' in card text)


class Phase(StrEnum):
    """The phases of a turn (``flow.phase``; the view carries it as this enum)."""

    MULLIGAN = "mulligan"
    MAIN = "main"
    ATTACK = "attack"
    BLOCK = "block"
    RESPONSE = "response"
    END = "end"
    END_EFFECTS = "end_effects"


Window = Literal["play", "attack", "block"]


class FnState(GameState):
    game: str = "fractured_net"
    players: list[Player]
    first: int = 0  # who took the first turn
    next_id: int = 1  # for new instance ids (tokens)
    combat: Combat | None = None
    was_blocked: list[str] = Field(default_factory=list)  # attackers blocked when confirmed
    attacked: bool = False  # this turn's combat has happened
    window: Window | None = None  # a Response window is open for the other player
    # what the open window answers: the first log entry of the card, attackers or blockers
    # that opened it, and the card (None for a combat window)
    window_from: int | None = None
    window_card: str | None = None
    queue: list[Job] = Field(default_factory=list)
    timed_out: bool = False  # the active player's time ran out: the turn ends when it can
    ending: bool = False  # the turn is ending (discard, end triggers)
    timer: int | None = None  # seconds a turn when the timer is on (the clock lives outside)
    ranked: bool = False

    def other(self, seat: int) -> int:
        return 1 - seat

    @property
    def me(self) -> Player:
        return self.players[self.flow.active]

    def creature(self, instance: str) -> tuple[int, Creature] | None:
        for seat, player in enumerate(self.players):
            for c in player.creatures:
                if c.id == instance:
                    return seat, c
        return None

    def gear_of(self, instance: str) -> tuple[int, Gear] | None:
        for seat, player in enumerate(self.players):
            for g in player.gear:
                if g.id == instance:
                    return seat, g
        return None

    def new_id(self, card_id: str) -> str:
        instance = f"{card_id}#t{self.next_id}"
        self.next_id += 1
        return instance
