"""The commands of Shards of Infinity and their one-line text forms."""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal, Union

from pydantic import Field

from shards_tui.core.commands import Choose, Command, CommandSet
from shards_tui.core.errors import MalformedCommand


def _one_word(cls: type[Command], args: list[str]) -> str:
    """The target of a command; a name of several words becomes one slug ('reactor_drone')."""
    if not args:
        raise MalformedCommand(f"Say which one: '{cls.usage}'.")
    return "_".join(a.lower() for a in args).replace("'", "").replace(",", "")


class Play(Command):
    kind: Literal["play"] = "play"
    card: str
    verb: ClassVar[str] = "play"
    usage: ClassVar[str] = "play CARD | play N | play all"
    summary: ClassVar[str] = "play a card from your hand (by name or hand position), or all of them"

    def args(self) -> list[str]:
        return [self.card]

    @classmethod
    def from_args(cls, args: list[str], seat: int) -> "Play":
        return cls(seat=seat, card=_one_word(cls, args))


class Recruit(Command):
    kind: Literal["recruit"] = "recruit"
    target: str
    verb: ClassVar[str] = "recruit"
    usage: ClassVar[str] = "recruit SLOT | recruit CARD"
    summary: ClassVar[str] = "pay gems to take a center-row card into your discard pile"

    def args(self) -> list[str]:
        return [self.target]

    @classmethod
    def from_args(cls, args: list[str], seat: int) -> "Recruit":
        return cls(seat=seat, target=_one_word(cls, args))


class FastPlay(Command):
    kind: Literal["fastplay"] = "fastplay"
    target: str
    verb: ClassVar[str] = "fastplay"
    usage: ClassVar[str] = "fastplay SLOT | fastplay CARD"
    summary: ClassVar[str] = "pay gems to use a center-row mercenary's effect now"

    def args(self) -> list[str]:
        return [self.target]

    @classmethod
    def from_args(cls, args: list[str], seat: int) -> "FastPlay":
        return cls(seat=seat, target=_one_word(cls, args))


class Exhaust(Command):
    kind: Literal["exhaust"] = "exhaust"
    champion: str
    verb: ClassVar[str] = "exhaust"
    usage: ClassVar[str] = "exhaust CHAMPION"
    summary: ClassVar[str] = "use one of your champions' exhaust ability (once per turn each)"

    def args(self) -> list[str]:
        return [self.champion]

    @classmethod
    def from_args(cls, args: list[str], seat: int) -> "Exhaust":
        return cls(seat=seat, champion=_one_word(cls, args))


class Focus(Command):
    kind: Literal["focus"] = "focus"
    verb: ClassVar[str] = "focus"
    usage: ClassVar[str] = "focus"
    summary: ClassVar[str] = "once per turn, pay 1 gem to gain 1 mastery"


class Attack(Command):
    kind: Literal["attack"] = "attack"
    champion: str
    verb: ClassVar[str] = "attack"
    usage: ClassVar[str] = "attack CHAMPION"
    summary: ClassVar[str] = "spend power equal to an enemy champion's defense to destroy it"

    def args(self) -> list[str]:
        return [self.champion]

    @classmethod
    def from_args(cls, args: list[str], seat: int) -> "Attack":
        return cls(seat=seat, champion=_one_word(cls, args))


class End(Command):
    kind: Literal["end"] = "end"
    verb: ClassVar[str] = "end"
    usage: ClassVar[str] = "end"
    summary: ClassVar[str] = "finish playing; leftover power attacks your opponents, then the turn ends"


class Assign(Command):
    kind: Literal["assign"] = "assign"
    target: str
    amount: int = Field(ge=1)
    verb: ClassVar[str] = "assign"
    usage: ClassVar[str] = "assign PLAYER N"
    summary: ClassVar[str] = "in the attack phase, send N of your power at an opponent"

    def args(self) -> list[str]:
        return [self.target, str(self.amount)]

    @classmethod
    def from_args(cls, args: list[str], seat: int) -> "Assign":
        amount = args[-1] if args else ""
        if len(args) < 2 or not amount.isdigit() or int(amount) < 1 or len(amount) > 6:
            raise MalformedCommand("Write it as 'assign PLAYER N' with N a positive number.")
        # A name of several words ('ana 2') is the player id with underscores ('ana_2').
        return cls(seat=seat, target="_".join(args[:-1]).lower(), amount=int(amount))


class RecruitRelic(Command):
    """Relics of the Future (relic_rules.py carries it out)."""

    kind: Literal["relic"] = "relic"
    card: str
    verb: ClassVar[str] = "relic"
    usage: ClassVar[str] = "relic NAME"
    summary: ClassVar[str] = "once per game, at 10 mastery or more, take one of your relics for free"

    def args(self) -> list[str]:
        return [self.card]

    @classmethod
    def from_args(cls, args: list[str], seat: int) -> "RecruitRelic":
        return cls(seat=seat, card=_one_word(cls, args))


ShardsCommand = Annotated[
    Union[Play, Recruit, FastPlay, Exhaust, Focus, Attack, End, Assign, Choose, RecruitRelic],
    Field(discriminator="kind"),
]

COMMANDS = CommandSet([Play, Recruit, FastPlay, Exhaust, Focus, Attack, End, Assign, RecruitRelic])
