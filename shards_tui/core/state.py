"""The base of every game's state: flow (who acts, in which phase), RNG, decision, log."""

# No `from __future__ import annotations`: pydantic gets these models' annotations as types,
# not strings it must evaluate (about 20 ms of startup over the rules models).

import copy
import re
from types import UnionType
from typing import Any, Literal, NamedTuple, Union, get_args, get_origin

from pydantic import BaseModel, ConfigDict, Field

from shards_tui.core.decision import Decision
from shards_tui.core.events import Event
from shards_tui.core.rng import Rng
from shards_tui.core.state_part import StatePart

_DOUBLE_STOP = re.compile(r"(?<=\w)\.\.(?=\s|$)")


def one_stop(text: str) -> str:
    """A sentence that ends on a name ending in a full stop ('Systema A.I.') keeps one."""
    return _DOUBLE_STOP.sub(".", text) if ".." in text else text


class Flow(StatePart):
    turn: int = 1
    active: int = 0  # whose turn it is
    phase: str = "play"
    # The seats that may send a move when no question waits, when that is not just the
    # active seat (both players deciding a mulligan, a Response window); None: the active seat.
    acting: list[int] | None = None


class GameState(StatePart):
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
        as plain data (``_clone_model``): a list of strings in one step, atoms shared."""
        return _clone_model(self, _copy_plan(type(self), shallow=("log",)))

    def validate_whole(self) -> None:
        """Re-run pydantic validation on everything but the log (events validate on creation)."""
        self.validated_copy()

    def validated_copy(self) -> "GameState":
        """``validate_whole``, keeping what it builds: the validated model is a deep copy of
        this state that shares only the logged events (as ``working_copy`` does)."""
        fields = dict(self.__dict__, log=[])  # each part is validated afresh (StatePart)
        twin = type(self).model_validate(fields)
        twin.log = list(self.log)
        return twin

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
        return _clone_model(value, _copy_plan(kind))
    return copy.deepcopy(value)


def _clone_model(value: BaseModel, plan: "CopyPlan") -> Any:
    """A copy of a pydantic model made as ``plan`` says; no validation runs."""
    kind = type(value)
    fields = dict(value.__dict__)  # atoms are shared
    for name in plan.lists:
        fields[name] = list(fields[name])
    for name in plan.deep:
        fields[name] = _clone(fields[name])
    new = kind.__new__(kind)
    object.__setattr__(new, "__dict__", fields)
    object.__setattr__(new, "__pydantic_fields_set__", set(value.__pydantic_fields_set__))
    extra, private = value.__pydantic_extra__, value.__pydantic_private__
    object.__setattr__(new, "__pydantic_extra__", None if extra is None else _clone(extra))
    object.__setattr__(new, "__pydantic_private__", None if private is None else _clone(private))
    return new


def _holds_atoms_only(annotation: Any) -> bool:
    """True for a type whose values are immutable atoms: str, int, a Literal, None, a union
    of those."""
    if annotation in _ATOMS:
        return True
    origin = get_origin(annotation)
    if origin is Literal:
        return all(type(arg) in _ATOMS for arg in get_args(annotation))
    if origin in (Union, UnionType):
        return all(_holds_atoms_only(arg) for arg in get_args(annotation))
    return False


class CopyPlan(NamedTuple):
    """How a model's fields are copied: ``lists`` (of atoms) in one step each, ``deep`` ones
    through ``_clone``; every other field holds an atom and is shared."""

    lists: tuple[str, ...]
    deep: tuple[str, ...]


_PLANS: dict[tuple[type, tuple[str, ...]], CopyPlan] = {}


def _copy_plan(kind: type[BaseModel], shallow: tuple[str, ...] = ()) -> CopyPlan:
    """The copy plan of a model, worked out once from its field annotations (whole-state
    validation after each transition holds the values to them). ``shallow``: list fields
    whose items are never changed in place, copied in one step whatever they hold."""
    plan = _PLANS.get((kind, shallow))
    if plan is None:
        lists, deep = [], []
        for name, field in kind.model_fields.items():
            annotation = field.annotation
            if name in shallow or (get_origin(annotation) is list
                                   and _holds_atoms_only(get_args(annotation)[0])):
                lists.append(name)
            elif not _holds_atoms_only(annotation):
                deep.append(name)
        plan = _PLANS[(kind, shallow)] = CopyPlan(tuple(lists), tuple(deep))
    return plan
