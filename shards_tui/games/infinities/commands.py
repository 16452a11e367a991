"""The commands of Infinities and their one-line text forms.

Setup:    move DIR (out of the Rift), discover TILE rot N, leader ID, redraw N.. | keep,
          play CARD (deploy a unit), done
A turn:   roll D D D D, reroll N, convert N RESULT, lock,
          prepare CARD [ALLY], play CARD [unlock], play tN [unlock]      (Tide)
          damage LEADER [uN], destroy LEADER tN, cycle CARD            (Power)
          move DIR, flip DIR                                            (Fortitude)
          activate uN [unlock], lead, end, special ACTION (a chapter's, in Adventure)
Answers:  choose ..., discover TILE rot N, block, allow
Any time at the start of a turn: concede.

CARD is a hand card's position (1 first), id or name; tN a timeline card's position; uN a
unit's position in a group (left to right); LEADER a player's name or pN; DIR one of n ne se
s sw nw.
"""

# No `from __future__ import annotations`: pydantic gets these models' annotations as types.

import re
from typing import ClassVar, Literal

from pydantic import Field

from shards_tui.core.commands import Choose, Command, CommandSet
from shards_tui.core.errors import MalformedCommand

DIRS = ("n", "ne", "se", "s", "sw", "nw")
COLOURS = ("tide", "power", "fortitude")
RESULTS = ("tide", "power", "fortitude", "blank")
_REF = re.compile(r"^[a-z0-9_#]{1,40}$")


def slug(words: list[str]) -> str:
    """Words naming a card or a player as one slug: 'acolyte of embers' -> 'acolyte_of_embers'."""
    return "_".join(w.lower() for w in words).replace("'", "").replace(",", "").replace("-", "_")


def _ref(text: str, usage: str) -> str:
    if not _REF.match(text):
        raise MalformedCommand(f"'{text[:20]}' does not name a card or a player; try '{usage}'.")
    return text


def _position(text: str, prefix: str, usage: str) -> int:
    if not re.fullmatch(rf"{prefix}\d{{1,2}}", text):
        raise MalformedCommand(f"Name it as {prefix}1, {prefix}2, ...; try '{usage}'.")
    return int(text[len(prefix):])


class Roll(Command):
    kind: Literal["roll"] = "roll"
    colours: tuple[Literal["tide", "power", "fortitude"], ...] = Field(min_length=1, max_length=8)
    verb: ClassVar[str] = "roll"
    usage: ClassVar[str] = "roll D D D D"
    summary: ClassVar[str] = "your action check: roll four dice, each tide, power or fortitude"

    def args(self) -> list[str]:
        return list(self.colours)

    @classmethod
    def from_args(cls, args: list[str], seat: int) -> "Roll":
        words = [a.lower() for a in args]
        if not words or any(w not in COLOURS for w in words):
            raise MalformedCommand("Name four dice, each tide, power or fortitude, e.g. "
                                   "'roll tide tide power fortitude'.")
        return cls(seat=seat, colours=tuple(sorted(words, key=COLOURS.index)))  # type: ignore[arg-type]


class Reroll(Command):
    kind: Literal["reroll"] = "reroll"
    die: int = Field(ge=1, le=20)
    verb: ClassVar[str] = "reroll"
    usage: ClassVar[str] = "reroll N"
    summary: ClassVar[str] = "reroll die N (level 2 of a track gives a reroll of its colour)"

    def args(self) -> list[str]:
        return [str(self.die)]

    @classmethod
    def from_args(cls, args: list[str], seat: int) -> "Reroll":
        if len(args) != 1 or not args[0].isdigit() or len(args[0]) > 2:
            raise MalformedCommand("Say which die to reroll, e.g. 'reroll 2'.")
        return cls(seat=seat, die=int(args[0]))


class Convert(Command):
    kind: Literal["convert"] = "convert"
    die: int = Field(ge=1, le=20)
    face: Literal["tide", "power", "fortitude", "blank"]
    verb: ClassVar[str] = "convert"
    usage: ClassVar[str] = "convert N RESULT"
    summary: ClassVar[str] = "turn die N to another result, as your tracks allow"

    def args(self) -> list[str]:
        return [str(self.die), self.face]

    @classmethod
    def from_args(cls, args: list[str], seat: int) -> "Convert":
        if len(args) != 2 or not args[0].isdigit() or len(args[0]) > 2 or args[1].lower() not in RESULTS:
            raise MalformedCommand("Say the die and its new result, e.g. 'convert 3 tide'.")
        return cls(seat=seat, die=int(args[0]), face=args[1].lower())  # type: ignore[arg-type]


def _bare(verb: str, summary: str) -> type[Command]:
    return type(verb.capitalize(), (Command,), {
        "__annotations__": {"kind": Literal[verb]}, "kind": verb,  # type: ignore[valid-type]
        "verb": verb, "usage": verb, "summary": summary, "__module__": __name__})


Lock = _bare("lock", "lock in your action check's results")
Lead = _bare("lead", "use your leader's action (its dice, once a turn)")
End = _bare("end", "end your turn")
Keep = _bare("keep", "deploy: keep your five cards (no redraw)")
Done = _bare("done", "deploy: finish deploying")
Concede = _bare("concede", "leave the game for good (at the start of a turn)")


class Prepare(Command):
    kind: Literal["prepare"] = "prepare"
    card: str
    to: str | None = None
    verb: ClassVar[str] = "prepare"
    usage: ClassVar[str] = "prepare CARD [ALLY]"
    summary: ClassVar[str] = "1 Tide: put a hand card in your timeline (or an ally's)"

    def args(self) -> list[str]:
        return [self.card] + ([self.to] if self.to else [])

    @classmethod
    def from_args(cls, args: list[str], seat: int) -> "Prepare":
        if not 1 <= len(args) <= 2:
            raise MalformedCommand("Say which card to prepare, e.g. 'prepare 3' or 'prepare 3 ben'.")
        return cls(seat=seat, card=_ref(args[0].lower(), cls.usage),
                   to=_ref(args[1].lower(), cls.usage) if len(args) > 1 else None)


class Play(Command):
    kind: Literal["play"] = "play"
    card: str  # a hand position or card id, or tN for the timeline
    unlock: bool = False
    verb: ClassVar[str] = "play"
    usage: ClassVar[str] = "play CARD [unlock] | play tN [unlock]"
    summary: ClassVar[str] = ("play a hand card (1 Tide per cost) or a timeline card (1 Tide); "
                              "'unlock' pays its unlock too")

    def args(self) -> list[str]:
        return [self.card] + (["unlock"] if self.unlock else [])

    @classmethod
    def from_args(cls, args: list[str], seat: int) -> "Play":
        words = [a.lower() for a in args]
        unlock = bool(words) and words[-1] == "unlock"
        if unlock:
            words = words[:-1]
        if not words:
            raise MalformedCommand("Say which card to play, e.g. 'play 2' or 'play t1'.")
        return cls(seat=seat, card=_ref(slug(words), cls.usage), unlock=unlock)


class Damage(Command):
    kind: Literal["damage"] = "damage"
    target: str
    unit: int | None = Field(default=None, ge=1, le=9)
    verb: ClassVar[str] = "damage"
    usage: ClassVar[str] = "damage LEADER [uN]"
    summary: ClassVar[str] = "1 Power: deal 1 damage to a group in reach (its unit N first)"

    def args(self) -> list[str]:
        return [self.target] + ([f"u{self.unit}"] if self.unit else [])

    @classmethod
    def from_args(cls, args: list[str], seat: int) -> "Damage":
        if not 1 <= len(args) <= 2:
            raise MalformedCommand("Say whose group, e.g. 'damage ana' or 'damage ana u2'.")
        unit = _position(args[1].lower(), "u", cls.usage) if len(args) > 1 else None
        return cls(seat=seat, target=_ref(args[0].lower(), cls.usage), unit=unit)


class Destroy(Command):
    kind: Literal["destroy"] = "destroy"
    target: str
    card: int = Field(ge=1, le=9)
    verb: ClassVar[str] = "destroy"
    usage: ClassVar[str] = "destroy LEADER tN"
    summary: ClassVar[str] = "1 Power: destroy a timeline card of a leader in reach"

    def args(self) -> list[str]:
        return [self.target, f"t{self.card}"]

    @classmethod
    def from_args(cls, args: list[str], seat: int) -> "Destroy":
        if len(args) != 2:
            raise MalformedCommand("Say whose timeline card, e.g. 'destroy ana t1'.")
        return cls(seat=seat, target=_ref(args[0].lower(), cls.usage),
                   card=_position(args[1].lower(), "t", cls.usage))


class Cycle(Command):
    kind: Literal["cycle"] = "cycle"
    card: str
    verb: ClassVar[str] = "cycle"
    usage: ClassVar[str] = "cycle CARD"
    summary: ClassVar[str] = "1 Power: discard a hand card, then draw one"

    def args(self) -> list[str]:
        return [self.card]

    @classmethod
    def from_args(cls, args: list[str], seat: int) -> "Cycle":
        if not args:
            raise MalformedCommand("Say which card to cycle, e.g. 'cycle 3'.")
        return cls(seat=seat, card=_ref(slug(args), cls.usage))


class _Direction(Command):
    direction: Literal["n", "ne", "se", "s", "sw", "nw"]

    def args(self) -> list[str]:
        return [self.direction]

    @classmethod
    def from_args(cls, args: list[str], seat: int) -> Command:
        if len(args) != 1 or args[0].lower() not in DIRS:
            raise MalformedCommand(f"Give one direction: n, ne, se, s, sw or nw; try '{cls.usage}'.")
        return cls(seat=seat, direction=args[0].lower())  # type: ignore[arg-type]


class Move(_Direction):
    kind: Literal["move"] = "move"
    verb: ClassVar[str] = "move"
    usage: ClassVar[str] = "move DIR"
    summary: ClassVar[str] = "1 Fortitude: move a space (into an empty one: discover a tile)"


class Flip(_Direction):
    kind: Literal["flip"] = "flip"
    verb: ClassVar[str] = "flip"
    usage: ClassVar[str] = "flip DIR"
    summary: ClassVar[str] = "1 Fortitude: flip the tile next to you that way face down"


class Activate(Command):
    kind: Literal["activate"] = "activate"
    unit: int = Field(ge=1, le=9)
    unlock: bool = False
    verb: ClassVar[str] = "activate"
    usage: ClassVar[str] = "activate uN [unlock]"
    summary: ClassVar[str] = "spend dice on the ability of your unit N"

    def args(self) -> list[str]:
        return [f"u{self.unit}"] + (["unlock"] if self.unlock else [])

    @classmethod
    def from_args(cls, args: list[str], seat: int) -> "Activate":
        words = [a.lower() for a in args]
        unlock = bool(words) and words[-1] == "unlock"
        if unlock:
            words = words[:-1]
        if len(words) != 1:
            raise MalformedCommand("Say which unit, e.g. 'activate u2'.")
        return cls(seat=seat, unit=_position(words[0], "u", cls.usage), unlock=unlock)


class PickLeader(Command):
    kind: Literal["leader"] = "leader"
    leader: str
    verb: ClassVar[str] = "leader"
    usage: ClassVar[str] = "leader ID"
    summary: ClassVar[str] = "setup: choose your leader"

    def args(self) -> list[str]:
        return [self.leader]

    @classmethod
    def from_args(cls, args: list[str], seat: int) -> "PickLeader":
        if not args:
            raise MalformedCommand("Say which leader, e.g. 'leader vessa'.")
        return cls(seat=seat, leader=_ref(slug(args), cls.usage))


class Redraw(Command):
    kind: Literal["redraw"] = "redraw"
    cards: tuple[int, ...] = Field(min_length=1, max_length=5)
    verb: ClassVar[str] = "redraw"
    usage: ClassVar[str] = "redraw N [N ...]"
    summary: ClassVar[str] = "deploy: discard these hand cards (by position) and draw back to 5"

    def args(self) -> list[str]:
        return [str(k) for k in self.cards]

    @classmethod
    def from_args(cls, args: list[str], seat: int) -> "Redraw":
        if not args or any(not a.isdigit() or len(a) > 1 for a in args):
            raise MalformedCommand("Say which cards to redraw by position, e.g. 'redraw 1 3 4'.")
        picks = sorted({int(a) for a in args})
        return cls(seat=seat, cards=tuple(picks))


class Discover(Choose):
    """The answer to a discovery: which tile, turned how."""

    kind: Literal["discover"] = "discover"  # type: ignore[assignment]
    verb: ClassVar[str] = "discover"
    usage: ClassVar[str] = "discover TILE rot N"
    summary: ClassVar[str] = "place the tile you discover, turned N sixths clockwise (0-5)"

    def args(self) -> list[str]:
        tile, _, rot = self.options[0].partition("@")
        return [tile, "rot", rot]

    @classmethod
    def from_args(cls, args: list[str], seat: int) -> "Discover":
        words = [a.lower() for a in args]
        if len(words) < 3 or words[-2] != "rot" or words[-1] not in "012345" or len(words[-1]) != 1:
            raise MalformedCommand("Say the tile and its turn, e.g. 'discover ember_spire rot 2'.")
        return cls(seat=seat, options=(f"{_ref(slug(words[:-2]), cls.usage)}@{words[-1]}",))


class Block(Choose):
    kind: Literal["block"] = "block"  # type: ignore[assignment]
    verb: ClassVar[str] = "block"
    usage: ClassVar[str] = "block"
    summary: ClassVar[str] = "block the ability that targets you (discard cards)"
    options: tuple[str, ...] = ("block",)

    def args(self) -> list[str]:
        return []

    @classmethod
    def from_args(cls, args: list[str], seat: int) -> "Block":
        if args:
            raise MalformedCommand("'block' takes no words after it.")
        return cls(seat=seat)


class Allow(Choose):
    kind: Literal["allow"] = "allow"  # type: ignore[assignment]
    verb: ClassVar[str] = "allow"
    usage: ClassVar[str] = "allow"
    summary: ClassVar[str] = "let the ability that targets you resolve"
    options: tuple[str, ...] = ("allow",)

    def args(self) -> list[str]:
        return []

    @classmethod
    def from_args(cls, args: list[str], seat: int) -> "Allow":
        if args:
            raise MalformedCommand("'allow' takes no words after it.")
        return cls(seat=seat)


class Special(Command):
    """A chapter's special action (Adventure), named by its id."""

    kind: Literal["special"] = "special"
    action: str
    verb: ClassVar[str] = "special"
    usage: ClassVar[str] = "special ACTION"
    summary: ClassVar[str] = "spend dice on one of the chapter's special actions (Adventure)"

    def args(self) -> list[str]:
        return [self.action]

    @classmethod
    def from_args(cls, args: list[str], seat: int) -> "Special":
        if not args:
            raise MalformedCommand("Say which special action, e.g. 'special gather'.")
        return cls(seat=seat, action=_ref(slug(args), cls.usage))


COMMANDS = CommandSet([Roll, Reroll, Convert, Lock, Prepare, Play, Damage, Destroy, Cycle, Move,
                       Flip, Activate, Lead, End, PickLeader, Redraw, Keep, Done, Discover, Block,
                       Allow, Concede, Special])
