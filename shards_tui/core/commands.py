"""Commands: small immutable pydantic models with one canonical line of text each.

Every game declares its command classes (a discriminated union on ``kind``) and a
``CommandSet`` that maps the first word of a line to the class that parses the rest.
"""

# No `from __future__ import annotations`: pydantic gets these models' annotations as types,
# not strings it must evaluate (about 20 ms of startup over the rules models).

import re
import shlex
from functools import lru_cache
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from shards_tui.core.errors import MalformedCommand, UnknownVerb
from shards_tui.core.untrusted import printable

MAX_COMMAND_LENGTH = 200
_INNER_APOSTROPHE = re.compile(r"(?<=\w)['\u2019](?=\w)")


class Command(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    seat: int = Field(ge=0)
    verb: ClassVar[str]
    usage: ClassVar[str]
    summary: ClassVar[str]

    def args(self) -> list[str]:
        """The words after the verb in the canonical text."""
        return []

    def text(self) -> str:
        return " ".join([self.verb, *self.args()])

    def __str__(self) -> str:  # pragma: no cover - convenience
        return self.text()

    @classmethod
    def shared(cls, seat: int, **fields: Any) -> "Command":
        """The command with these fields, built once and then shared: commands never change,
        and the legal moves of each position are listed from the same few hundred."""
        return _shared(cls, seat, **fields)

    @classmethod
    def from_args(cls, args: list[str], seat: int) -> "Command":
        if args:
            raise MalformedCommand(f"'{cls.verb}' takes no words after it; try '{cls.usage}'.")
        return cls(seat=seat)


@lru_cache(maxsize=8192)
def _shared(cls: type[Command], seat: int, **fields: Any) -> Command:
    return cls(seat=seat, **fields)


class Choose(Command):
    """Answer the pending decision (shared by every game)."""

    kind: Literal["choose"] = "choose"
    options: tuple[str, ...] = ()
    verb: ClassVar[str] = "choose"
    usage: ClassVar[str] = "choose OPTION [OPTION ...] | choose none"
    summary: ClassVar[str] = "answer the question the game is asking you"

    def args(self) -> list[str]:
        return list(self.options) or ["none"]

    @classmethod
    def from_args(cls, args: list[str], seat: int) -> "Choose":
        if not args:
            raise MalformedCommand("Say which option to choose, or 'choose none'.")
        if [a.lower() for a in args] == ["none"]:
            return cls(seat=seat)
        return cls(seat=seat, options=tuple(a.lower() for a in args))


class CommandSet:
    """The verbs of one game, for parsing, help and completion."""

    def __init__(self, classes: list[type[Command]]) -> None:
        self.by_verb: dict[str, type[Command]] = {}
        for cls in [*classes, Choose]:
            self.by_verb[cls.verb] = cls

    def parse(self, line: str, seat: int) -> Command:
        if len(line) > MAX_COMMAND_LENGTH:
            raise MalformedCommand("That command is too long to be one of this game's commands.")
        # An apostrophe inside a word is part of a name (Le'shai Knight, Fao Cu'tul), not a
        # quote. A control character is never part of a command (and refusals quote words).
        line = _INNER_APOSTROPHE.sub("", printable(line, keep="\t"))
        try:
            words = shlex.split(line.strip())
        except ValueError:
            raise MalformedCommand("That command has an unclosed quote.") from None
        if not words:
            raise MalformedCommand("Type a command, or 'help' to list them.")
        verb, args = words[0].lower(), words[1:]
        cls = self.by_verb.get(verb)
        if cls is None:
            raise UnknownVerb(f"'{words[0][:30]}' is not a command here; type 'help' to list them.")
        try:
            return cls.from_args(args, seat)
        except ValidationError:
            raise MalformedCommand(f"That is not a valid '{cls.verb}' command; try '{cls.usage}'.") from None

    def help_lines(self) -> list[tuple[str, str]]:
        return [(cls.usage, cls.summary) for cls in self.by_verb.values()]
