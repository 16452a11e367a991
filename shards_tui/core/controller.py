"""The controller: the one gate every move passes through.

``apply`` parses or takes a command, checks who may act, runs the game's rules on a copy of
the state, validates the whole result, and only then commits it, records the command in the
history and tells listeners (autosave, screens). Anything else leaves the state untouched.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from typing import Any, Callable, ClassVar, Generic, TypeVar

from pydantic import BaseModel, Field, ValidationError

from shards_tui.core.commands import Choose, Command, CommandSet
from shards_tui.core.errors import (CommandRejected, GameOver, IllegalCommand, InvalidState,
                                    NotYourTurn, UnknownVerb)
from shards_tui.core.state import GameState
from shards_tui.core.untrusted import printable
from shards_tui.core.view import HiddenCards, SeatView, hidden_from_views
from shards_tui.core.wording import answer_first, folded_note, noted_move

MAX_FORCED_MOVES = 20  # forced moves in a row after one move (a window, the blocks, a window)

S = TypeVar("S", bound=GameState)


class HistoryEntry(BaseModel):
    seat: int
    text: str
    # Why the move was made (a bot's reason); logged before the move's own events.
    note: str | None = Field(default=None, max_length=200)


class Controller(ABC, Generic[S]):
    """Base of every game's controller. Subclasses provide the rules hooks marked below."""

    game_id: ClassVar[str]
    title: ClassVar[str]
    commands: ClassVar[CommandSet]
    state_type: ClassVar[type[GameState]]
    # Whole-state pydantic validation after every transition. A switch for measurement only:
    # benchmarks/run.py turns it off to price it; play, saves and tests always keep it on.
    validate_transitions: ClassVar[bool] = True

    def __init__(self, state: S, setup: dict[str, Any],
                 history: list[HistoryEntry] | None = None) -> None:
        self.state: S = state
        self.setup = setup
        self.history: list[HistoryEntry] = list(history or [])
        self._undo: list[tuple[S, int]] = []
        self._undo_stop = "yet"  # why there is nothing before the oldest undo step
        self._undo_stop_for: dict[int, str] = {}  # a seat's own reason, where it is another
        self.listeners: list[Callable[["Controller"], None]] = []
        self._spare: tuple[S, S] | None = None  # (a state, a fresh copy of it): _take_spare
        # Play the moves public information forces (``forced_move``) at once, each after the
        # move that led to it, as that seat's move in the history. Off unless whoever plays the
        # game asks for it (a session does); replays and scenarios make every move themselves.
        self.forced_moves = False

    # ---- hooks each game implements -----------------------------------------------------

    @classmethod
    def build(cls, setup: dict[str, Any]) -> "Controller":
        """A new game (or a scenario position) from its setup, its state checked whole
        (pydantic and the game's invariants) before the first move: a setup that would
        break the game raises InvalidState. A setup of the kind 'continued' carries the
        state itself (a save of another version goes on from it: core/saves.py)."""
        if setup.get("kind") == "continued":
            controller = cls(cls.state_type.model_validate(setup["state"]), setup)
        else:
            controller = cls.setup_game(setup)
        controller.validate(controller.state)
        return controller

    @classmethod
    @abstractmethod
    def setup_game(cls, setup: dict[str, Any]) -> "Controller":
        """A new game (or a scenario position) from its setup, not yet checked."""

    @abstractmethod
    def execute(self, state: S, command: Command) -> None:
        """Carry out a legal-looking command on ``state`` (a copy), raising IllegalCommand."""

    @abstractmethod
    def legal_commands(self, seat: int) -> list[Command]:
        """Every command this seat may send now (one per distinct effect)."""

    def check_invariants(self, state: S) -> None:
        """Raise InvalidState if the state breaks a rule of the game."""

    @classmethod
    def upgrade_save(cls, doc: dict[str, Any], version: int) -> dict[str, Any]:
        """A save of an older format ``version`` (its parsed JSON, not yet checked) brought up
        to date, so that its game replays as it was played. The default changes nothing."""
        return doc

    @abstractmethod
    def view(self, seat: int | None) -> SeatView:
        """What this seat may know (None: a spectator, the public view): a ``SeatView`` of
        the game's own kind."""

    def private_move(self, command: Command) -> bool:
        """Whether the other seats may not read this move yet (a defender's blocks, before they
        are confirmed): its note (a bot's reason) is then logged for its own seat alone."""
        return False

    def forced_move(self) -> Command | None:
        """A move that public information proves is the only thing a seat to act can do (a
        pass with no energy for any Response, no blockers to assign), or None. Played at once
        when ``forced_moves`` is on; it must say nothing the other seats could not know, and its
        log line says why it was made."""
        return None

    def hidden_cards(self) -> list[HiddenCards]:
        """Every card the public view does not show, by seat and zone (hands, secret piles),
        named as players read them: what a finished game's replay shows in its 'everything'
        view, never a live game. The default reads each seat's own view against the public
        one; a game names its zones and cards itself."""
        seats = range(len(self.seat_names()))
        return hidden_from_views([self.view(s) for s in seats], self.view(None))

    def what_is_awaited(self) -> str:
        """A sentence on what the game waits for when it asks nothing (for a 'choose' sent
        then); empty when the turn simply goes on."""
        return ""

    def seat_names(self) -> list[str]:
        return [p["name"] for p in self.setup.get("players", [])]

    # ---- the gate --------------------------------------------------------------------------

    def parse(self, text: str, seat: int) -> Command:
        return self.commands.parse(text, seat)

    def acting_seats(self) -> list[int]:
        """The seats that may send a move now: the deciding seat while a question waits,
        else the seats the flow names (``flow.acting``, or the active seat), nobody once the
        game is over."""
        return self._acting(self.state)

    @staticmethod
    def _acting(state: GameState) -> list[int]:
        if state.over:
            return []
        if state.pending is not None:
            return [state.pending.seat]
        flow = state.flow
        return list(flow.acting) if flow.acting is not None else [flow.active]

    def may_act(self, seat: int) -> bool:
        return seat in self.acting_seats()

    def who_must_act(self) -> int | None:
        """The first seat that may act now (the only one in most positions), or None."""
        seats = self.acting_seats()
        return seats[0] if seats else None

    def seat_name(self, seat: int) -> str:
        names = self.seat_names()
        return names[seat] if 0 <= seat < len(names) else f"seat {seat}"

    def check_seat(self, command: Command) -> None:
        if self.state.over:
            raise GameOver("The game is over; start a new one or load a save.")
        pending = self.state.pending
        if pending is not None:
            if command.seat != pending.seat:
                # Never the question itself: it is put to that player and may tell of their
                # hand ("you have no shields in hand").
                raise NotYourTurn(f"{self.seat_name(pending.seat)} must answer a question first.")
            if not isinstance(command, Choose):
                raise IllegalCommand(answer_first(pending.prompt))
            return
        if isinstance(command, Choose):
            raise IllegalCommand(" ".join(filter(None, ["Nothing is being asked right now.",
                                                        self.what_is_awaited()])))
        acting = self.acting_seats()
        if command.seat not in acting:
            if len(acting) == 1:
                raise NotYourTurn(f"It is {self.seat_name(acting[0])}'s turn.")
            names = [self.seat_name(s) for s in acting]
            raise NotYourTurn(f"Only {', '.join(names[:-1])} and {names[-1]} may move now.")

    def apply(self, command: Command | str, seat: int | None = None, note: str | None = None) -> S:
        """Apply one command; returns the new state or raises a CommandRejected.

        ``note`` says why the move was made (a bot's reason), worded to follow the mover's
        name ('(greedy bot) plays Crystal: …'); it goes into the log just before the move's
        own events and is kept in the history so a replay logs it again."""
        if isinstance(command, str):
            if seat is not None and not 0 <= seat < len(self.seat_names()):
                raise NotYourTurn(f"There is no seat {seat} in this game.")
            acting = self.who_must_act() if seat is None else seat
            try:
                command = self.parse(command, 0 if acting is None else acting)
            except UnknownVerb as err:
                pending = self.state.pending
                if pending is None or pending.seat != acting or not pending.options:
                    raise
                example = pending.options[0].id.split("#")[0]
                raise UnknownVerb(f"{str(err).split(';')[0]}; answer the question with 'choose' "
                                  f"and an option, e.g. 'choose {example}'.") from None
        self._carry_out(command, note)
        if self.forced_moves:
            self._play_forced()
        self.notify()
        return self.state

    def play_forced_moves(self) -> None:
        """Play the moves forced now (a game just loaded, or ``forced_moves`` just turned on)."""
        played = len(self.history)
        self._play_forced()
        if len(self.history) != played:
            self.notify()

    def _play_forced(self) -> None:
        for _ in range(MAX_FORCED_MOVES):
            forced = None if self.state.over else self.forced_move()
            if forced is None:
                return
            try:
                self._carry_out(forced, None, forced=True)
            except CommandRejected:  # (a game's bug: the seat is asked as usual)
                return

    def _carry_out(self, command: Command, note: str | None, forced: bool = False) -> None:
        """Check, execute, validate and commit one command (the listeners are told after)."""
        self.check_seat(command)
        work = self._take_spare()
        if note:  # (a bot's reason, or a save's: from outside, so made printable)
            note = printable(note[:200])
        first = len(work.log)
        try:
            self.execute(work, command)
        except CommandRejected:
            raise
        except Exception as exc:  # a rules bug: keep the game, report it plainly
            raise InvalidState(f"The game hit an internal error on '{command.text()}' and "
                               f"undid it ({type(exc).__name__}: {exc}).") from exc
        if note:
            self._log_note(work, command, note, first)
        spare = self.validate(work)
        self._spare = (work, spare) if spare is not None else None
        self._commit(work, command, note, forced)

    def _log_note(self, work: S, command: Command, note: str, first: int) -> None:
        """Fold a move's note (a bot's reason) into the move's own first line, so that the move
        is logged once; a move that logs no line of its mover's, or whose note only its own
        seat may read (``private_move``), keeps the note as a line of its own, before the
        move's lines."""
        who = self.seat_name(command.seat)
        private = self.private_move(command)
        for i in range(first, len(work.log)):
            event = work.log[i]
            if not private and event.text.startswith(f"{who} "):
                public = event.public_text and folded_note(event.public_text, note)
                work.log[i] = event.model_copy(update={"text": folded_note(event.text, note),
                                                       "public_text": public})
                return
        work.add_event(noted_move(who, note), seat=command.seat,
                       visible_to=[command.seat] if private else None)
        work.log.insert(first, work.log.pop())
        for seq, event in enumerate(work.log[first:], start=first):
            work.log[seq] = event.model_copy(update={"seq": seq})

    def _take_spare(self) -> S:
        """A copy of the state for a transition to work on. Validating the last transition
        built one (``validated_copy``); it is used once, and only while the state it copies
        is still the current one (an undo or a load replaces the state)."""
        spare, self._spare = self._spare, None
        if spare is not None and spare[0] is self.state:
            return spare[1]
        return self.state.working_copy()  # type: ignore[return-value]

    def validate(self, state: S) -> S | None:
        """Check ``state`` (pydantic's whole-state validation, then the game's invariants);
        returns the validated copy, or None when validation is switched off."""
        copy: S | None = None
        if self.validate_transitions:
            try:
                copy = state.validated_copy()  # type: ignore[assignment]
            except ValidationError as exc:
                raise InvalidState(f"The move would break the game state and was undone: "
                                   f"{exc.errors()[0]['msg']}") from exc
        try:
            self.check_invariants(state)
        except InvalidState:
            raise
        except Exception as exc:
            raise InvalidState(f"The state check failed ({exc}); the move was undone.") from exc
        return copy

    def _commit(self, new: S, command: Command, note: str | None = None,
                forced: bool = False) -> None:
        """Make ``new`` the state. Undo keeps the state before each move a seat may still take
        back; a forced move is no step of its own: undoing the move before it undoes both."""
        if new.reveals != self.state.reveals:
            self._undo.clear()
            self._undo_stop, self._undo_stop_for = "since cards were last revealed", {}
        elif others := [s for s in self._acting(new) if s != command.seat]:
            other = others[0]
            # Another seat is asked something or takes the turn: it has seen this move and
            # may answer it, so nothing before it can be taken back (at one keyboard or not).
            self._undo.clear()
            self._undo_stop = (f"since {self.seat_name(other)} was asked to decide"
                               if new.pending is not None else
                               f"since the turn passed to {self.seat_name(other)}")
            # The keys come back to the seat that moved before (another seat's window passed,
            # by hand or by itself): to that seat, it was its turn all along.
            self._undo_stop_for = {other: f"since {self.seat_name(command.seat)} saw your last move"} \
                if self.history and self.history[-1].seat == other != command.seat else {}
        elif not forced:
            self._undo.append((self.state, len(self.history)))
        self.state = new
        self.history.append(HistoryEntry(seat=command.seat, text=command.text(), note=note and note[:200]))

    def notify(self) -> None:
        for listener in list(self.listeners):
            listener(self)

    # ---- undo --------------------------------------------------------------------------------

    def undo_starts_here(self, why: str) -> None:
        """Nothing before this point can be undone; ``why`` finishes 'There is nothing to undo
        ...' (e.g. 'since the game was loaded')."""
        self._undo.clear()
        self._undo_stop, self._undo_stop_for = why, {}

    def can_undo(self, seat: int) -> bool:
        return bool(self._undo) and self.history[-1].seat == seat

    def undo_refusal(self, seat: int) -> str | None:
        """Why ``seat`` cannot undo now (the sentence ``undo`` would raise), or None."""
        if not self._undo:
            return f"There is nothing to undo {self._undo_stop_for.get(seat, self._undo_stop)}."
        if self.history[-1].seat != seat:
            return "You can only undo your own last move."
        return None

    def undo_log_start(self) -> int:
        """The log's length in the position ``undo`` would go back to (the log entries of the
        move it would take back start there)."""
        return len(self._undo[-1][0].log) if self._undo else len(self.state.log)

    def undo(self, seat: int) -> S:
        """Step back one command, never past revealed information."""
        refusal = self.undo_refusal(seat)
        if refusal is not None:
            raise (IllegalCommand if not self._undo else NotYourTurn)(refusal)
        previous, length = self._undo.pop()
        self.state = previous
        del self.history[length:]
        self.notify()
        return self.state

    # ---- helpers for rules and tests ---------------------------------------------------

    def legal_texts(self, seat: int) -> list[str]:
        return [c.text() for c in self.legal_commands(seat)]

    def state_json(self) -> str:
        return json.dumps(self.state.model_dump(mode="json"), sort_keys=True)

    @property
    def over(self) -> bool:
        return self.state.over

    @property
    def winners(self) -> list[int] | None:
        return self.state.winners

    # ---- a turn timer and ratings: a game that has them overrides these ---------------------

    def clock_seconds(self) -> int | None:
        """Seconds a turn has (the session then runs ``session.turn_clock``), or None."""
        return None

    def clock_turn(self) -> Any:
        """Anything hashable that changes when a new turn's time begins."""
        return None

    def clock_seats(self) -> list[int]:
        """The seats whose clock runs now (a timeout may be sent for them)."""
        return []

    def timeout_move(self) -> str:
        """The move the session sends for a seat whose time has run out."""
        return "timeout"

    @property
    def rated(self) -> bool:
        """This game's result goes into the ratings (core.ratings) when it ends."""
        return False

    def returns(self) -> list[float]:
        """1 for each winner, 0 for others (open_spiel style)."""
        n = len(self.seat_names())
        won = set(self.state.winners or [])
        return [1.0 if s in won else 0.0 for s in range(n)]
