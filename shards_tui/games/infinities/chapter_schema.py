"""An Adventure chapter as data (cards/infinities/adventure/*.toml, one file a chapter): its
story, sides (factions and allegiances), starting map pieces, plot tokens and what each tracks,
special actions bought with dice, reactions (the chapter's own rules, on happenings), Self and
Faction win conditions, and the chapter each outcome leads to.

Seats are dealt to sides by the chapter's kind: a team battle deals them round the table to
its two sides; one vs. all gives the first seat the first side and every other seat the second;
a cooperative chapter puts everyone on its one side; in a free for all each seat is a side of
its own, all of them described by the one side given.
"""

# No `from __future__ import annotations`: pydantic gets these models' annotations as types.

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from shards_tui.games.infinities import effects as fx
from shards_tui.games.infinities.plot_vocab import (ChapterStep, PlotCondition, PlotId, acts_on_target,
                                                    tokens_of_step)

Slug = Field(pattern=r"^[a-z0-9_]+$", max_length=40)
Kind = Literal["team", "one_vs_all", "coop", "ffa"]
KIND_NAMES = {"team": "team battle", "one_vs_all": "one vs. all", "coop": "cooperative",
              "ffa": "free for all"}
SIDES_OF_KIND = {"team": 2, "one_vs_all": 2, "coop": 1, "ffa": 1}
NOT_IN_CHAPTERS = ("cancel", "attach")  # they need a card: a trigger's context, a host card


class _Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class PlotToken(_Strict):
    token: PlotId
    name: str = Field(min_length=1, max_length=30)
    tracks: str = Field(min_length=1, max_length=240)  # what it tracks, as players read it
    on_defeat: Literal["drop", "keep", "lose"] = "drop"  # a defeated holder's: on their tile,
    # kept, or back to the supply (a leader who concedes drops every token)


class Side(_Strict):
    id: str = Slug
    name: str = Field(min_length=1, max_length=40)
    faction: str | None = None  # its leaders' faction; None: any leader
    blurb: str = Field(min_length=1, max_length=300)
    holds: tuple[PlotId, ...] = ()  # tokens each of its leaders holds at the start


class MapPiece(_Strict):
    hex: str = Field(pattern=r"^-?[0-9],-?[0-9]$")
    tile: str = Slug
    rot: int = Field(default=0, ge=0, le=5)
    tokens: tuple[PlotId, ...] = ()


def plural_name(name: str) -> str:
    """'Spine Shard' -> 'Spine Shards', 'Rift Echo' -> 'Rift Echoes'."""
    if name.endswith(("o", "s", "x", "ch", "sh")):
        return name + "es"
    return name + "s"


def _check_steps(steps: tuple, target: fx.Target, what: str) -> None:
    for step in steps:
        if step.do in NOT_IN_CHAPTERS:
            raise ValueError(f"{what}: a chapter's steps cannot '{step.do}'")
    if any(acts_on_target(s) for s in steps) and target.who == "none":
        raise ValueError(f"{what}: a step acts on the target but none is declared")


class ChapterAction(_Strict):
    """A special action: spend ``cost`` dice on your turn (``per_turn`` times at most), while
    ``requires`` holds; never blocked or cancelled, like every action paid with dice."""

    id: str = Slug
    name: str = Field(min_length=1, max_length=40)
    cost: tuple[Literal["tide", "power", "fortitude"], ...] = Field(min_length=1, max_length=3)
    sides: tuple[str, ...] = ()  # the sides that may use it (none listed: every side)
    per_turn: int = Field(default=1, ge=1, le=3)
    requires: tuple[PlotCondition, ...] = ()
    target: fx.Target = fx.NO_TARGET
    effects: tuple[ChapterStep, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _consistent(self) -> "ChapterAction":
        _check_steps(self.effects, self.target, f"action {self.id}")
        return self


class Reaction(_Strict):
    """A rule of the chapter: when ``on`` happens to a leader (of ``sides``, on a tile of
    ``tile_types``) while ``requires`` holds for them, the steps happen for that leader."""

    name: str = Field(min_length=1, max_length=40)  # what the log calls it
    on: fx.Happening
    sides: tuple[str, ...] = ()
    tile_types: tuple[fx.TileType, ...] = ()  # the tile discovered or entered, else the leader's
    requires: tuple[PlotCondition, ...] = ()
    effects: tuple[ChapterStep, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _consistent(self) -> "Reaction":
        _check_steps(self.effects, fx.NO_TARGET, f"reaction on {self.on}")
        return self


class Outcome(_Strict):
    next: str | None = None  # the chapter it leads to; None: the thread ends here
    epilogue: str = Field(min_length=1, max_length=600)


class WinCondition(_Strict):
    """A Self condition is met by each leader alone (of ``side``, or any); a Faction condition
    by a side together. ``hold``: tokens held; ``map``: tiles carrying the token; ``survive``:
    the chapter's last round ends. ``at_end``: checked only when the last round ends (``hold``
    and ``map`` are otherwise checked after every move)."""

    id: str = Slug
    scope: Literal["self", "faction"]
    side: str | None = None
    kind: Literal["hold", "map", "survive"]
    token: PlotId | None = None
    need: int = Field(default=1, ge=1, le=12)
    per_player: int = Field(default=0, ge=0, le=3)  # more needed per player in the game
    at_end: bool = False
    outcome: Outcome

    @model_validator(mode="after")
    def _consistent(self) -> "WinCondition":
        if (self.kind == "survive") == (self.token is not None):
            raise ValueError(f"win {self.id}: hold and map count a token; survive names none")
        if self.scope == "faction" and self.side is None:
            raise ValueError(f"win {self.id}: a Faction condition names its side")
        if self.kind == "map" and self.scope == "self":
            raise ValueError(f"win {self.id}: tokens on the map belong to no leader (use faction)")
        return self

    def need_for(self, players: int) -> int:
        return self.need + self.per_player * players

    def ends_at_last_round(self) -> bool:
        return self.at_end or self.kind == "survive"


class Chapter(_Strict):
    id: str = Slug
    title: str = Field(min_length=1, max_length=50)
    kind: Kind
    setting: str = Slug
    start: bool = False  # a starting chapter of its setting
    last_stand: bool = False  # the story makes it a last stand (one side is meant to lose)
    players: tuple[int, ...] = Field(min_length=1, max_length=5)  # the player counts it takes
    last_round: int = Field(ge=2, le=12)
    story: str = Field(min_length=40, max_length=1500)
    sides: tuple[Side, ...] = Field(min_length=1, max_length=2)
    plots: tuple[PlotToken, ...] = Field(default=(), max_length=10)
    map: tuple[MapPiece, ...] = Field(default=(), max_length=6)
    actions: tuple[ChapterAction, ...] = Field(default=(), max_length=8)
    reactions: tuple[Reaction, ...] = Field(default=(), max_length=8)
    win: tuple[WinCondition, ...] = Field(min_length=1, max_length=6)
    no_winner: Outcome  # the last round ends and no condition is met

    @model_validator(mode="after")
    def _consistent(self) -> "Chapter":
        if list(self.players) != sorted(set(self.players)) or not 2 <= self.players[0] <= self.players[-1] <= 6:
            raise ValueError(f"{self.id}: players lists player counts from 2 to 6, in order")
        if len(self.sides) != SIDES_OF_KIND[self.kind]:
            raise ValueError(f"{self.id}: a {KIND_NAMES[self.kind]} has "
                             f"{SIDES_OF_KIND[self.kind]} side(s)")
        if self.kind == "one_vs_all" and self.players[0] < 3:
            raise ValueError(f"{self.id}: one vs. all needs at least 3 players")
        side_ids = [s.id for s in self.sides]
        declared = [p.token for p in self.plots]
        if len(set(side_ids)) != len(side_ids) or len(set(declared)) != len(declared):
            raise ValueError(f"{self.id}: a side or a plot token is given twice")
        if len({a.id for a in self.actions}) != len(self.actions) or \
                len({w.id for w in self.win}) != len(self.win):
            raise ValueError(f"{self.id}: an action or a win condition id is used twice")
        named = [t for s in self.sides for t in s.holds] + [t for m in self.map for t in m.tokens]
        for rule in (*self.actions, *self.reactions):
            named += [t for s in rule.effects for t in tokens_of_step(s)]
            named += [c.token for c in rule.requires if hasattr(c, "token")]
            for side in rule.sides:
                if side not in side_ids:
                    raise ValueError(f"{self.id}: no side '{side}'")
        for w in self.win:
            if w.token:
                named.append(w.token)
            if w.side is not None and w.side not in side_ids:
                raise ValueError(f"{self.id}: win {w.id} names no side of the chapter")
        missing = sorted(set(named) - set(declared))
        if missing:
            raise ValueError(f"{self.id}: plot token {missing[0]} is used but not described")
        return self

    def players_text(self) -> str:
        counts = [str(n) for n in self.players]
        return (counts[0] if len(counts) == 1 else ", ".join(counts[:-1]) + " or " + counts[-1]) + " players"

    def side(self, side_id: str) -> Side:
        return next(s for s in self.sides if s.id == side_id)

    def action(self, action_id: str) -> ChapterAction | None:
        return next((a for a in self.actions if a.id == action_id), None)

    def plot(self, token: str) -> PlotToken | None:
        return next((p for p in self.plots if p.token == token), None)

    def side_index(self, seat: int, players: int) -> int:
        """Which of the chapter's sides a seat plays."""
        if self.kind == "team":
            return seat % 2
        if self.kind == "one_vs_all":
            return 0 if seat == 0 else 1
        return 0

    def team_of(self, seat: int, players: int) -> int:
        """The seat's team number: its side, or (free for all) the seat itself."""
        return seat if self.kind == "ffa" else self.side_index(seat, players)

    def outcomes(self) -> list[tuple[str, Outcome]]:
        """Every outcome: each win condition's, then 'none' (no condition met)."""
        return [(w.id, w.outcome) for w in self.win] + [("none", self.no_winner)]

