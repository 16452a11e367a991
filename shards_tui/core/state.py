"""The base of every game's state: flow (who acts, in which phase), RNG, decision, log."""

from __future__ import annotations

import copy
import re
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from shards_tui.core.decision import Decision
from shards_tui.core.events import Event
from shards_tui.core.rng import Rng

_DOUBLE_STOP = re.compile(r"(?<=\w)\.\.(?=\s|$)")


def one_stop(text: str) -> str:
    """A sentence that ends on a name ending in a full stop ('Systema A.I.') keeps one."""
    return _DOUBLE_STOP.sub(".", text)


class Flow(BaseModel):
    turn: int = 1
    active: int = 0
    phase: str = "play"


class GameState(BaseModel):
    """Subclassed per game. Everything needed to continue the game is in here."""

    model_config = ConfigDict(validate_assignment=False, extra="forbid")

    game: str
    seed: int
    rng: Rng
    flow: Flow = Field(default_factory=Flow)
    pending: Decision | None = None
    log: list[Event] = Field(default_factory=list)
    winners: list[int] | None = None
    # Bumped whenever hidden information becomes known (a draw, a reveal, a refill).
    reveals: int = 0

    @property
    def over(self) -> bool:
        return self.winners is not None

    def add_event(self, text: str, *, anchor: str | None = None, seat: int | None = None,
                  visible_to: list[int] | None = None, public_text: str | None = None) -> None:
        self.log.append(Event(seq=len(self.log), turn=self.flow.turn, seat=seat,
                              text=one_stop(text), anchor=anchor, visible_to=visible_to,
                              public_text=None if public_text is None else one_stop(public_text)))

    def working_copy(self) -> "GameState":
        """A deep copy for a transition to work on. Logged events are never changed once
        written, so the copy shares them and only the list itself is new. The rest is copied
        by ``_clone``, which knows the state is plain data (about 4x faster than deepcopy)."""
        fields = {name: (list(value) if name == "log" else _clone(value))
                  for name, value in self.__dict__.items()}
        return type(self).model_construct(_fields_set=self.model_fields_set, **fields)

    def validate_whole(self) -> None:
        """Re-run pydantic validation on everything but the log (events validate on creation)."""
        type(self).model_validate(self.model_dump(exclude={"log"}))

    def mark_reveal(self) -> None:
        self.reveals += 1


_ATOMS = (str, int, float, bool, type(None))


def _clone(value: Any) -> Any:
    """A deep copy of plain state data: atoms are shared, lists, dicts, tuples and pydantic
    models are rebuilt; anything else falls back to ``copy.deepcopy``."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    if kind is list:
        return [v if type(v) in _ATOMS else _clone(v) for v in value]
    if kind is dict:
        return {k: v if type(v) in _ATOMS else _clone(v) for k, v in value.items()}
    if kind is tuple:
        return tuple(_clone(v) for v in value)
    if isinstance(value, BaseModel):
        new = kind.__new__(kind)
        object.__setattr__(new, "__dict__", {k: v if type(v) in _ATOMS else _clone(v)
                                             for k, v in value.__dict__.items()})
        object.__setattr__(new, "__pydantic_fields_set__", set(value.__pydantic_fields_set__))
        object.__setattr__(new, "__pydantic_extra__", _clone(value.__pydantic_extra__))
        object.__setattr__(new, "__pydantic_private__", _clone(value.__pydantic_private__))
        return new
    return copy.deepcopy(value)
