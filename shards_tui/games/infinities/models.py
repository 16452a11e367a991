"""The pydantic state of an Infinities game, validated whole after every transition.

The map is a dict from a hex ('q,r', core.hex) to the tile placed there, turned ``rot``
sixths clockwise, face up or flipped. A player is a leader's seat: pawn, damage, tracks (worked
out from the units, not stored), gambit, hand, group, timeline, Points and Role progress. The
turn holds the dice of the action check. The queue holds what is resolving, innermost last: a
card's ability, a leader's action, a tile's event, a gambit's reward or a standard action (all
of them lists of steps of the one vocabulary), and trigger windows.

Room for what comes later: ``Player.plots`` and ``PlacedTile.tokens`` hold plot tokens
(P0-P9) for Adventure chapters, and ``InfState.chapter`` names one; a chapter may add actions
and win conditions without changing the shape of anything here.
"""

# No `from __future__ import annotations`: pydantic gets these models' annotations as types.

from enum import StrEnum
from typing import Literal

from pydantic import Field

from shards_tui.core.state import GameState
from shards_tui.core.state_part import StatePart
from shards_tui.games.infinities.effects import Attr, Face

# "first_tile": in seat order, each leader leaves the Rift into a tile they discover;
# "choose_leader" and "deploy": in turn order; then each turn runs "start" (Start events and
# triggers), "check" (choose and roll dice), "adjust" (rerolls, conversions, lock), "act"
# (spend dice) and "ending" (End events and triggers). "respawn" is a leader's deploy after a
# defeat. Only "first_tile", "choose_leader", "deploy", "respawn", "check", "adjust" and "act"
# wait for a move; the others pass by themselves and are seen only while a question waits.
class Phase(StrEnum):
    """The phases of the game and of a turn (``flow.phase``; the view carries it as this enum)."""

    FIRST_TILE = "first_tile"
    CHOOSE_LEADER = "choose_leader"
    DEPLOY = "deploy"
    RESPAWN = "respawn"
    START = "start"
    CHECK = "check"
    ADJUST = "adjust"
    ACT = "act"
    ENDING = "ending"


WAITING_PHASES = ("first_tile", "choose_leader", "deploy", "respawn", "check", "adjust", "act")
Status = Literal["active", "defeated", "respawn", "conceded"]
TeamMode = Literal["ffa", "2v2", "3v3", "2v2v2"]
TEAM_SIZES = {"ffa": None, "2v2": (4, 2), "3v3": (6, 3), "2v2v2": (6, 2)}


class Die(StatePart):
    colour: Attr
    face: Face
    rerolled: bool = False
    converted: bool = False
    added: bool = False  # set, not rolled (the strong track's die, a card's die)
    spent: bool = False


class Unit(StatePart):
    card: str  # instance id
    damage: int = Field(default=0, ge=0)
    unlocked: bool = False  # its unlock was paid when it was played
    attached: list[str] = Field(default_factory=list)


class Player(StatePart):
    name: str
    team: int
    leader: str | None = None  # the leader id, once chosen
    deck: str = ""  # the faction deck this leader draws from
    at: str | None = None  # the pawn's hex, None while off the board
    damage: int = Field(default=0, ge=0)
    gambit: int = Field(default=1, ge=1)
    status: Status = "active"
    hand: list[str] = Field(default_factory=list)
    group: list[Unit] = Field(default_factory=list)  # left to right, in the order played
    timeline: list[str] = Field(default_factory=list)
    attached: list[str] = Field(default_factory=list)  # cards attached to the leader
    points: int = Field(default=0, ge=0)
    progress: dict[str, int] = Field(default_factory=dict)  # Role id -> steps done
    # The measures (roles.MEASURES) as the leader's deploy left them: a measured Role counts
    # what is gained above these (a measure not here starts at roles.FLOOR).
    began_at: dict[str, int] = Field(default_factory=dict)
    scored: list[str] = Field(default_factory=list)  # Roles completed
    plots: list[str] = Field(default_factory=list)  # plot tokens held (Adventure)


class PlacedTile(StatePart):
    tile: str
    rot: int = Field(default=0, ge=0, le=5)
    face_up: bool = True
    tokens: list[str] = Field(default_factory=list)  # plot tokens on it (out of play while it is flipped)


class Deck(StatePart):
    faction: str
    cards: list[str] = Field(default_factory=list)  # the draw pile, top first
    discard: list[str] = Field(default_factory=list)  # newest last


class Turn(StatePart):
    """The active leader's turn: the action check's dice and what has been used."""

    dice: list[Die] = Field(default_factory=list)
    locked: bool = False
    rerolled: list[Attr] = Field(default_factory=list)  # one entry per reroll used, by colour
    spent: int = 0  # dice spent (at most the leader's Health, plus any bonus)
    raised: dict[str, int] = Field(default_factory=dict)  # attr -> levels until the turn ends
    # used this turn: triggers ('inst/index') and tiles' Entry events ('entry:hex:seat')
    fired: list[str] = Field(default_factory=list)
    led: bool = False  # the leader action has been used
    prepared: list[str] = Field(default_factory=list)  # cards prepared this turn
    deploy_tide: int = 0  # a deploy's Tide left to spend on units
    redrawn: bool = False  # a deploy's one redraw has been made (or passed up)


class Frame(StatePart):
    """One mechanic on the queue (``kind = "ability"``: steps from ``source``), or a trigger
    window (``kind = "window"``: the triggers a happening set off, asked in order)."""

    id: int
    kind: Literal["ability", "window"] = "ability"
    seat: int  # who it works for
    # 'card:<instance>', 'leader:<seat>', 'tile:<hex>:<event>', 'gambit:<seat>:<level>',
    # 'rule:<standard action>', 'plot:act:<special action>', 'plot:react:<n>' (a chapter's)
    source: str
    index: int = 0  # which ability of a card (-1: its Constant)
    unlocked: bool = False
    stage: Literal["pay", "join", "target", "protect", "resolve"] = "target"
    targets: list[str] = Field(default_factory=list)  # 'seat:N', 'card:<inst>', 'hex:q,r'
    args: list[str] = Field(default_factory=list)  # choices given with the command
    blocked: list[int] = Field(default_factory=list)  # seats that blocked it
    asked: list[int] = Field(default_factory=list)  # seats asked whether to block
    context: int | None = None  # the frame whose targeting set this trigger off
    pc: int = 0  # the next step
    sub: int = 0  # the current step's parts done
    picked: list[str] = Field(default_factory=list)  # the current step's answers
    candidates: list[str] = Field(default_factory=list)  # a window's triggers to offer
    happening: str = ""  # a window: what set it off


class InfState(GameState):
    mode: Literal["skirmish", "quickplay"] = "skirmish"
    teams: TeamMode = "ffa"
    shared_decks: bool = True
    chapter: str | None = None  # an Adventure chapter (none: Skirmish)
    players: list[Player]
    tiles: dict[str, PlacedTile] = Field(default_factory=dict)  # hex 'q,r' -> tile
    stacks: dict[str, list[str]] = Field(default_factory=dict)  # setting -> tiles not yet placed
    decks: dict[str, Deck] = Field(default_factory=dict)
    deck_of: dict[str, str] = Field(default_factory=dict)  # card instance -> its deck
    roles: list[str] = Field(default_factory=list)  # the Roles revealed for this game
    round: int = 0  # 0 during setup
    order: list[int] = Field(default_factory=list)  # this round's turn order
    turn: Turn = Field(default_factory=Turn)
    queue: list[Frame] = Field(default_factory=list)
    resolving: list[str] = Field(default_factory=list)  # ability cards being played
    next_frame: int = 1
    total_cards: int = 0
    ended_by: str = ""  # why the game ended, once it has
    outcome: str = ""  # a chapter's: the win condition that ended it, or "none"

    def all_cards(self) -> list[str]:
        out: list[str] = list(self.resolving)
        for deck in self.decks.values():
            out.extend(deck.cards)
            out.extend(deck.discard)
        for p in self.players:
            out.extend(p.hand)
            out.extend(p.timeline)
            out.extend(p.attached)
            for unit in p.group:
                out.append(unit.card)
                out.extend(unit.attached)
        return out
