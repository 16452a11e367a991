"""The commands of The Fractured Net, each with one canonical line of text.

Cards in a hand are named by card id ('play spark_lance'); creatures and equipment in play by
instance id ('attack null_sentry#7'), since two copies in play can differ.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from shards_tui.core.commands import Command, CommandSet
from shards_tui.core.errors import MalformedCommand


def _word(cls: type[Command], args: list[str], count: int = 1) -> list[str]:
    if len(args) != count:
        raise MalformedCommand(f"'{cls.verb}' takes {'one name' if count == 1 else f'{count} names'}; "
                               f"try '{cls.usage}'.")
    return [a.lower() for a in args]


def _bare(verb: str, summary: str) -> type[Command]:
    """A command with no words after its verb (its class name is the verb, capitalised)."""
    return type(verb.capitalize(), (Command,), {
        "__module__": __name__, "__annotations__": {"kind": Literal[verb]}, "kind": verb,
        "verb": verb, "usage": verb, "summary": summary})


Keep = _bare("keep", "keep your opening hand")
Mulligan = _bare("mulligan", "shuffle your opening hand back and draw 7 new cards")
Confirm = _bare("confirm", "confirm your attackers or your blocks")
Pass = _bare("pass", "play no (more) Responses in this window")
End = _bare("end", "end your turn")
Concede = _bare("concede", "give up the match (at any time)")
Timeout = _bare("timeout", "sent by the turn timer for the seat whose time ran out")


class _Named(Command):
    """A command naming one card, by its id or instance id, in the field ``field``."""

    field: ClassVar[str]

    def args(self) -> list[str]:
        return [getattr(self, self.field)]

    @classmethod
    def from_args(cls, args: list[str], seat: int) -> Command:
        return cls(seat=seat, **{cls.field: _word(cls, args)[0]})


class Play(_Named):
    kind: Literal["play"] = "play"
    card: str
    field: ClassVar[str] = "card"
    verb: ClassVar[str] = "play"
    usage: ClassVar[str] = "play CARD"
    summary: ClassVar[str] = "play a card from your hand (a resource, creature, spell, equipment or Response)"


class Activate(_Named):
    kind: Literal["activate"] = "activate"
    source: str
    field: ClassVar[str] = "source"
    verb: ClassVar[str] = "activate"
    usage: ClassVar[str] = "activate CARD"
    summary: ClassVar[str] = "use the activated ability of a card you have in play"


class Attack(_Named):
    kind: Literal["attack"] = "attack"
    creature: str  # an instance id, or 'all'
    field: ClassVar[str] = "creature"
    verb: ClassVar[str] = "attack"
    usage: ClassVar[str] = "attack CREATURE | attack all"
    summary: ClassVar[str] = "declare a creature as an attacker ('all': every one that can, and confirm)"


class Withdraw(_Named):
    kind: Literal["withdraw"] = "withdraw"
    creature: str
    field: ClassVar[str] = "creature"
    verb: ClassVar[str] = "withdraw"
    usage: ClassVar[str] = "withdraw CREATURE"
    summary: ClassVar[str] = "take back an attacker you declared (before you confirm)"


class Block(Command):
    kind: Literal["block"] = "block"
    blocker: str
    attacker: str
    verb: ClassVar[str] = "block"
    usage: ClassVar[str] = "block BLOCKER ATTACKER"
    summary: ClassVar[str] = "assign one of your untapped creatures to block an attacker"

    def args(self) -> list[str]:
        return [self.blocker, self.attacker]

    @classmethod
    def from_args(cls, args: list[str], seat: int) -> "Block":
        blocker, attacker = _word(cls, args, 2)
        return cls(seat=seat, blocker=blocker, attacker=attacker)


class Unblock(_Named):
    kind: Literal["unblock"] = "unblock"
    blocker: str
    field: ClassVar[str] = "blocker"
    verb: ClassVar[str] = "unblock"
    usage: ClassVar[str] = "unblock BLOCKER"
    summary: ClassVar[str] = "take back a block you assigned (before you confirm)"


COMMANDS = CommandSet([Keep, Mulligan, Play, Activate, Attack, Withdraw, Block, Unblock, Confirm, Pass, End,
                       Concede, Timeout])
