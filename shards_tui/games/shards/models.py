"""The pydantic state of a Shards of Infinity game."""

# No `from __future__ import annotations`: pydantic gets these models' annotations as types,
# not strings it must evaluate (about 20 ms of startup over the rules models).

from enum import StrEnum
from typing import Any, Literal

from pydantic import Field, model_validator

from shards_tui.core.state import GameState
from shards_tui.core.state_part import StatePart
from shards_tui.games.shards.nemesis_state import NemesisTurn

# "setup": decisions made before the first turn (a variant's auction or draft).
# "nemesis": the engine runs the Nemesis's turn (Single Player Nemesis Challenge).
class Phase(StrEnum):
    """The phases of a turn (``flow.phase``; the view carries it as this enum)."""

    SETUP = "setup"
    PLAY = "play"
    ATTACK = "attack"
    SHIELDS = "shields"
    NEMESIS = "nemesis"


ShieldOrder = Literal["next_last", "clockwise"]
Zone = Literal["hand", "deck", "discard", "in_play", "champions", "banished", "relics"]
ZONES: tuple[Zone, ...] = ("hand", "deck", "discard", "in_play", "champions", "banished", "relics")


class Player(StatePart):
    name: str
    character: str
    health: int
    mastery: int = Field(ge=0)
    hand: list[str] = []
    deck: list[str] = []  # top first
    discard: list[str] = []
    in_play: list[str] = []  # allies and starters played this turn, fast-played mercenaries
    champions: list[str] = []
    exhausted: list[str] = []  # champions exhausted this turn
    banished: list[str] = []
    relics: list[str] = []  # set aside at setup; one may be recruited once mastery allows
    relic_recruited: bool = False
    team: int | None = None  # 2v2 Team Attack: 0 or 1
    eliminated: bool = False
    nemesis: bool = False  # Nemesis Challenge: the seat the engine plays (no deck, hand or discard)


class Assignment(StatePart):
    seat: int
    amount: int = Field(ge=0)
    infinite: bool = False


class Turn(StatePart):
    """Resources and bookkeeping that vanish when the turn ends."""

    gems: int = Field(default=0, ge=0)
    power: int = Field(default=0, ge=0)
    infinite_power: bool = False
    focused: bool = False
    # Cards played this turn in order, fast-played ones included. (A default_factory builds
    # a new list; a default of [] would be deep-copied at each new turn, five times slower.)
    played: list[str] = Field(default_factory=list)
    fast_played: list[str] = Field(default_factory=list)
    copy_allies_of: list[str] = Field(default_factory=list)  # factions copied on play (Decurion)
    modifiers: list[str] = Field(default_factory=list)
    assigned: list[Assignment] = Field(default_factory=list)
    to_shield: list[int] = Field(default_factory=list)  # attacked seats yet to choose shields


class Frame(StatePart):
    """One card's steps being carried out (by interpreter.py, which works on the top frame),
    for whoever's turn it is: a player, or the Nemesis."""

    source: str  # the card instance whose text runs
    part: Literal["play", "exhaust"]
    next_group: int = 0
    via: str | None = None  # the card that copied it, if any
    copied: str | None = None  # what this card's own copy step copied (Ojas copies it again)


class ShardsState(GameState):
    game: Literal["shards"] = "shards"
    sets: list[str]
    variants: list[str] = []
    players: list[Player]
    center_row: list[str | None]
    center_deck: list[str]  # top first
    total_cards: int
    turn: Turn = Field(default_factory=Turn)
    stack: list[Frame] = []
    # Relics of the Future: relics out of the game (undealt by a variant), or the face-up
    # spread while the Relic Draft runs.
    set_aside: list[str] = []
    nemesis_turn: NemesisTurn | None = None  # the Nemesis's turn in progress (nemesis.py)
    # When one attack hits several players, who is asked about shields first: the player
    # whose turn is next is asked last ({#shields}); games saved before that rule (save format
    # 1) ask clockwise from the attacker and go on doing so.
    shield_order: ShieldOrder = "next_last"

    @model_validator(mode="before")
    @classmethod
    def _one_stack(cls, data: Any) -> Any:
        """Saves made before the Nemesis's cards resolved on the one stack of card effects
        kept its frames in ``nemesis_turn.stack``: they are that stack's frames."""
        if isinstance(data, dict) and isinstance(data.get("nemesis_turn"), dict) \
                and "stack" in data["nemesis_turn"]:
            turn = dict(data["nemesis_turn"])
            data = {**data, "nemesis_turn": turn, "stack": [*data.get("stack", []), *turn.pop("stack")]}
        return data

    def player(self, seat: int) -> Player:
        return self.players[seat]

    @property
    def me(self) -> Player:
        return self.players[self.flow.active]

    def alive(self) -> list[int]:
        return [i for i, p in enumerate(self.players) if not p.eliminated]

    def opponents(self, seat: int) -> list[int]:
        team = self.players[seat].team  # 2v2 Team Attack: a teammate is never an opponent
        return [i for i in self.alive() if i != seat and (team is None or self.players[i].team != team)]

    def all_instances(self) -> list[str]:
        out: list[str] = []
        for p in self.players:
            for zone in ZONES:
                out.extend(getattr(p, zone))
        out.extend(c for c in self.center_row if c is not None)
        out.extend(self.center_deck)
        out.extend(self.set_aside)
        return out

    def owner_of_champion(self, instance: str) -> int | None:
        for seat, p in enumerate(self.players):
            if instance in p.champions:
                return seat
        return None
