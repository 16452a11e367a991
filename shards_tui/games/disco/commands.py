"""The commands of Disco Infinity and their one-line text forms.

    place CARD GAP   put a card from your hand into the action row at position GAP (1 = first)
    draft            take the optional draft cycle's cards after a round
    draft N          keep the Nth card of the draft cycle you were dealt
    pass             skip the optional draft cycle
    choose ...       answer the question a card's effect asks (core)
"""

# No `from __future__ import annotations`: pydantic gets these models' annotations as types.

from typing import ClassVar, Literal

from pydantic import Field

from shards_tui.core.commands import Choose, Command, CommandSet
from shards_tui.core.errors import MalformedCommand


def slug(words: list[str]) -> str:
    """A card named in several words is one slug: 'ion lance' -> 'ion_lance'."""
    return "_".join(w.lower() for w in words).replace("'", "").replace(",", "").replace("-", "_")


class Place(Command):
    kind: Literal["place"] = "place"
    card: str = Field(min_length=1, max_length=60)  # a card id, name or hand position
    gap: int = Field(ge=1, le=99)
    verb: ClassVar[str] = "place"
    usage: ClassVar[str] = "place CARD GAP"
    summary: ClassVar[str] = ("put a card from your hand into the action row; GAP is the space it "
                              "takes now (1 = first, one more than the row's length = last)")

    def args(self) -> list[str]:
        return [self.card, str(self.gap)]

    @classmethod
    def from_args(cls, args: list[str], seat: int) -> "Place":
        if len(args) < 2 or not args[-1].isdigit() or len(args[-1]) > 2:
            raise MalformedCommand("Write it as 'place CARD GAP', e.g. 'place ion_lance 3'.")
        return cls(seat=seat, card=slug(args[:-1]), gap=int(args[-1]))


class DraftKeep(Choose):
    """The answer to a draft question: keep the Nth card offered."""

    kind: Literal["draft_keep"] = "draft_keep"  # type: ignore[assignment]
    verb: ClassVar[str] = "draft"
    usage: ClassVar[str] = "draft N"
    summary: ClassVar[str] = "keep the Nth card of the draft cycle you were dealt"

    def args(self) -> list[str]:
        return list(self.options)


class Draft(Command):
    kind: Literal["draft"] = "draft"
    verb: ClassVar[str] = "draft"
    usage: ClassVar[str] = "draft | draft N"
    summary: ClassVar[str] = ("after a round, take three cards from the draft deck; then "
                              "'draft N' keeps the Nth of them")

    @classmethod
    def from_args(cls, args: list[str], seat: int) -> Command:
        if not args:
            return cls(seat=seat)
        if len(args) != 1 or not args[0].isdigit() or len(args[0]) > 2:
            raise MalformedCommand("Write 'draft' to take the draft cycle's cards, then 'draft N' "
                                   "to keep the Nth.")
        return DraftKeep(seat=seat, options=(str(int(args[0])),))


class Pass(Command):
    kind: Literal["pass"] = "pass"
    verb: ClassVar[str] = "pass"
    usage: ClassVar[str] = "pass"
    summary: ClassVar[str] = "skip the optional draft cycle after a round"


COMMANDS = CommandSet([Place, Draft, Pass])
