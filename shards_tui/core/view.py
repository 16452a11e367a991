"""Typed seat views: what every game's view of one seat holds, extended by each game.

A view is what one seat may know, built by the game's controller (``controller.view(seat)``).
The UI, the SSH server, bots and scenario checks read it; nothing a seat may not see is put in
it. The fields here are the ones the shell reads for every game (who you are, whose turn,
which seats may act, the players' public facts, the pending question, the legal moves as
command objects with their text, the log); each game subclasses ``SeatView`` and
``PlayerFacts`` with its own zones and numbers.
"""

# No `from __future__ import annotations`: pydantic gets these models' annotations as types,
# not strings it must evaluate.

from functools import lru_cache
from typing import Any, Sequence

from pydantic import BaseModel, ConfigDict, Field, SkipValidation

from shards_tui.core.commands import Command
from shards_tui.core.decision import Option
from shards_tui.core.wording import name_list


class ViewPart(BaseModel):
    """Base of every view model: read-only once built, no unknown fields."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class PlayerFacts(ViewPart):
    """What anyone may know of one player."""

    seat: int
    name: str
    out: bool = False  # eliminated, conceded or otherwise out of the game


class QuestionView(ViewPart):
    """The pending decision as this seat may see it: the options only for the seat that
    decides, or for everyone when they reveal nothing."""

    seat: int
    kind: str
    prompt: str
    min: int
    max: int
    options: list[Option] | None = None

    def answer_words(self, ids: Sequence[str]) -> str | None:
        """An answer (the options' ids) in words, by the options' labels: 'Answer: Mist
        Stalker', 'Answer: none'; None if this view does not know the options (another seat's
        secret question) or one of the ids."""
        if not ids:
            return "Answer: none"
        labels = {o.id.casefold(): o.label for o in self.options or []}
        if not all(i.casefold() in labels for i in ids):
            return None
        return "Answer: " + name_list(labels[i.casefold()] for i in ids)


class Move(ViewPart):
    """One legal command of the viewing seat: the object to send, and its one line of text."""

    command: SkipValidation[Command]
    text: str

    @classmethod
    def of(cls, command: Command) -> "Move":
        return _move(command) if cls is Move else cls.model_construct(command=command,
                                                                      text=command.text())


@lru_cache(maxsize=8192)
def _move(command: Command) -> Move:
    """A legal move, built once per command (commands are immutable; the legal moves of each
    position come from the same few hundred)."""
    return Move.model_construct(command=command, text=command.text())


class LogLine(ViewPart):
    seq: int
    turn: int
    seat: int | None = None
    text: str
    anchor: str | None = None


class SeatView(ViewPart):
    """Base of every game's view. ``you`` is None for a spectator (the public view)."""

    game: str
    you: int | None
    turn: int
    phase: str
    active: int  # whose turn it is
    acting: list[int] = Field(default_factory=list)  # the seats that may send a move now
    over: bool = False
    winners: list[int] | None = None
    players: list[PlayerFacts]
    pending: QuestionView | None = None
    legal: list[Move] = Field(default_factory=list)
    log: list[LogLine] = Field(default_factory=list)

    # ---- questions the shell asks of every game's view --------------------------------------

    def legal_of(self, kind: type[Command]) -> list[Command]:
        """The legal commands of one class (e.g. every legal ``Place``)."""
        return [m.command for m in self.legal if isinstance(m.command, kind)]

    def is_legal(self, command: Command) -> bool:
        return any(m.command == command for m in self.legal)

    @property
    def my_question(self) -> bool:
        return self.pending is not None and self.pending.seat == self.you

    def player(self, seat: int) -> PlayerFacts:
        return self.players[seat]

    def public(self) -> dict[str, Any]:
        """The view as plain JSON data (scenario expectations read paths in it)."""
        data = self.model_dump(mode="json", exclude={"legal"})
        data["legal"] = [m.text for m in self.legal]
        return data


def question_view(pending: Any, seat: int | None) -> QuestionView | None:
    """A core ``Decision`` as ``seat`` may see it (options hidden from others if private)."""
    if pending is None:
        return None
    show = not pending.private or pending.seat == seat
    return QuestionView(seat=pending.seat, kind=pending.kind, prompt=pending.prompt,
                        min=pending.min, max=pending.max,
                        options=list(pending.options) if show else None)


def log_lines(events: list[Any], seat: int | None, last: int = 200) -> list[LogLine]:
    """The last ``last`` events of a state's log as ``seat`` may read them. Each event's line
    for a seat is looked up by the event itself: the states after a move share the events
    logged before it (``GameState.working_copy``), and an event never changes."""
    held = _LINES.setdefault(seat, {})
    if len(held) > 4096:
        held.clear()
    out = []
    for e in events[-last:]:
        found = held.get(id(e))
        if found is None or found[0] is not e:
            found = held[id(e)] = (e, _log_line(e.seq, e.turn, e.seat, e.text_for(seat), e.anchor))
        out.append(found[1])
    return out


# seat: {id(event): (the event, its line)} (the event is held, so its id is not reused)
_LINES: dict[int | None, dict[int, tuple[Any, "LogLine"]]] = {}


@lru_cache(maxsize=8192)
def _log_line(seq: int, turn: int, seat: int | None, text: str, anchor: str | None) -> LogLine:
    """One log line, built once (a view lists up to 200 and a model takes microseconds to
    build; lines never change, so views share them)."""
    return LogLine.model_construct(seq=seq, turn=turn, seat=seat, text=text, anchor=anchor)



class HiddenCards(ViewPart):
    """Cards of one zone that the public view does not show (a hand, a secret pile): what a
    finished game's replay lists in its 'everything' view. ``seat`` None: nobody's own."""

    seat: int | None
    zone: str
    cards: list[str]


def hidden_from_views(views: list[SeatView], public: SeatView) -> list[HiddenCards]:
    """Every list a seat's own view shows of its own player that the public view does not
    (its hand, say), read from the views alone: ``views[s]`` is seat s's. Card entries are
    named by their ``name`` (else their ``card``, made readable)."""
    shown = public.public()["players"]
    out = []
    for seat, view in enumerate(views):
        own = view.public()["players"][seat]
        for key, value in own.items():
            if isinstance(value, list) and value != shown[seat].get(key):
                out.append(HiddenCards(seat=seat, zone=key.replace("_", " "),
                                       cards=[_card_name(item) for item in value]))
    return out


def _card_name(item: Any) -> str:
    if isinstance(item, dict):
        name = item.get("name") or str(item.get("card") or item.get("id") or "?")
        return name if item.get("name") else name.split("#")[0].replace("_", " ").capitalize()
    return str(item)
