"""The session driver: one game in play, whatever shows it.

A ``Session`` owns a game's controller for as long as it is played. Moves come in through
``send`` (a human's, from a screen or a connection) and from the bots it plays itself: when a
bot seat may act and nothing holds the bots, it waits ``pace`` seconds, thinks on a thread
from a snapshot of the position, and plays the move with its reason as the log note, unless
the game moved on meanwhile (then it thinks again). A bot that fails or sends a refused move
plays a random legal move instead, so a game never hangs on a bot.

Whoever shows the game subscribes with ``listen``; every change reaches each listener as a
``SessionEvent`` on the loop that runs the session, in order. A screen holds the bots while a
hand-off or a notice covers the table (``hold``/``release``), or a player pauses them.

Bots run as one asyncio task on the running loop (a Textual app's, or the SSH server's). Without
a running loop (scripts, tests), ``play_bots`` plays bot moves at once, one after another.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping

from shards_tui.bots.base import BotMove, bot_note
from shards_tui.core.commands import Command
from shards_tui.core.controller import Controller
from shards_tui.core.errors import CommandRejected, GameError, IllegalCommand
from shards_tui.core.autosaves import Autosaver
from shards_tui.session.seats import BotJob, BotSeats, bots_from_setup, check_bots
from shards_tui.session.takeback import TakeBack, check_answer, takeback_refusal
from shards_tui.session.turn_clock import TurnClock

log = logging.getLogger("shards_tui.session")

PAUSED = "paused"  # the hold a player sets with the pause key


@dataclass(frozen=True)
class SessionEvent:
    """What happened: ``kind`` is one of
    - "moved": a move was committed (``seat`` moved; ``bot`` says whether a bot did);
    - "undone": a move was taken back;
    - "takeback": a take-back was asked for, answered or lapsed (``seat``: who asked,
      ``text``: the sentence for the table; ``Session.takeback`` is the request, if pending);
    - "thinking": a bot seat is about to move (after its pace), ``seat`` says which;
    - "bot_failed": a bot erred and plays a random legal move instead (``text`` says why);
    - "stuck": a bot could not move at all (``text`` says why);
    - "autosave_failed": writing the autosave failed (``text`` is the sentence to show)."""

    kind: str
    seat: int | None = None
    bot: bool = False
    text: str = ""
    log_from: int = 0  # the first log entry the move added


Listener = Callable[[SessionEvent], None]


@dataclass
class Session:
    controller: Controller
    bots: BotSeats
    pace: float = 0.8
    autosaver: Autosaver | None = None
    holds: set[str] = field(default_factory=set)
    _listeners: list[Listener] = field(default_factory=list)
    _task: asyncio.Task | None = None
    _bot_moving: bool = False
    _closed: bool = False
    _steps: int = 0  # bot moves asked for one at a time (``step``), held or not
    _nudge: asyncio.Event = field(default_factory=asyncio.Event)  # ends a pace wait early
    clock: TurnClock | None = None  # the turn timer, when the game has one (``tick`` runs it)
    # a rated game, once rated: each seat's new rating and its change ('1012 (+12)'), for the
    # result screen (set by whoever rates it: the table at one keyboard, the server's table)
    rating_changes: dict[int, str] = field(default_factory=dict)
    _takeback: TakeBack | None = None  # a take-back asked for and not yet settled
    _refused: dict[int, int] = field(default_factory=dict)  # seat -> moves when refused

    @classmethod
    def open(cls, controller: Controller, bots: Mapping[int, str] | None = None, *,
             pace: float = 0.8, autosave: Path | None = None,
             background_autosave: bool = True, forced_moves: bool = False) -> "Session":
        """A session for ``controller``; ``bots``: {seat: level}, by default the bot seats
        its setup names. ``autosave``: the file the game is written to after every move.
        ``forced_moves``: the game plays at once the moves public information leaves a seat no
        choice about (``Controller.forced_move``), for every seat; a lesson, whose steps name
        each move, leaves it off."""
        if forced_moves:
            controller.forced_moves = True
            controller.play_forced_moves()
        seats = len(controller.seat_names())
        levels = check_bots(bots, seats) if bots is not None else bots_from_setup(controller.setup)
        seed = controller.setup.get("seed")
        session = cls(controller, BotSeats(levels, controller.game_id,
                                           seed if isinstance(seed, int) else 0),
                      pace=max(0.0, float(pace)))
        seconds = controller.clock_seconds()
        if seconds:
            session.clock = TurnClock(seconds)
            session._clock_moved()
            controller.listeners.append(session._clock_moved)
        if autosave is not None:
            session.autosaver = Autosaver(autosave, background=background_autosave,
                                          on_error=session._autosave_failed)
            session.autosaver.attach(controller)
        return session

    # ---- listening ---------------------------------------------------------------------------

    def listen(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def unlisten(self, listener: Listener) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def _tell(self, event: SessionEvent) -> None:
        for listener in list(self._listeners):
            try:
                listener(event)
            except Exception:  # one listener's bug must not stop the game or the others
                log.exception("a session listener failed on %s", event.kind)

    def _autosave_failed(self, text: str) -> None:
        self._tell(SessionEvent("autosave_failed", text=text))

    # ---- moves ---------------------------------------------------------------------------------

    @property
    def humans(self) -> list[int]:
        return self.bots.humans(len(self.controller.seat_names()))

    def send(self, command: Command | str, seat: int | None = None,
             note: str | None = None) -> Any:
        """A human's move (or a scenario's); raises the controller's rejection unchanged."""
        if self._closed:
            raise GameError("This game is closed.")
        ctl = self.controller
        first, moves = len(ctl.state.log), len(ctl.history)
        state = ctl.apply(command, seat=seat, note=note)
        mover = ctl.history[moves].seat if len(ctl.history) > moves else ctl.history[-1].seat
        self._tell(SessionEvent("moved", seat=mover, bot=mover in self.bots, log_from=first))
        self.wake()
        return state

    def undo(self, seat: int) -> Any:
        state = self.controller.undo(seat)
        self._tell(SessionEvent("undone", seat=seat))
        self.wake()
        return state

    # ---- take-backs where every seat sees each move (session/takeback.py) --------------------

    @property
    def takeback(self) -> TakeBack | None:
        """The take-back asked for and not yet answered by all (None once a move lapsed it)."""
        pending = self._takeback
        if pending is not None and pending.lapsed(self.controller):
            self._takeback = None
            name = self.controller.seat_name(pending.seat)
            self._tell(SessionEvent("takeback", seat=pending.seat,
                                    text=f"{name}'s take-back lapsed: a move was made first."))
            return None
        return pending

    def takeback_refusal(self, seat: int) -> str | None:
        """Why ``seat`` may not ask to take back its last move now (one sentence), or None.
        (Reading it tells nobody anything: a request a move has lapsed counts as none.)"""
        pending = self._takeback
        if pending is not None and pending.lapsed(self.controller):
            pending = None
        return takeback_refusal(self.controller, seat, pending, self._refused)

    def takeback_asks_people(self, seat: int) -> bool:
        """Whether a take-back asked by ``seat`` goes to other people (else bots allow it at
        once, as an undo)."""
        return any(s != seat for s in self.humans)

    def ask_takeback(self, seat: int) -> TakeBack | None:
        """``seat`` asks the other seats to let it take back its last move. Raises GameError
        (one sentence) when it may not; takes the move back at once when only bots would be
        asked (a bot accepts every take-back the rules allow); else returns the request."""
        ctl = self.controller
        refusal = takeback_refusal(ctl, seat, self.takeback, self._refused)
        if refusal is not None:
            raise IllegalCommand(refusal)
        asked = frozenset(s for s in self.humans if s != seat)
        name = ctl.seat_name(seat)
        if not asked:
            self.undo(seat)
            self._tell(SessionEvent("takeback", seat=seat,
                                    text=f"{name} took back their last move (bots allow it)."))
            return None
        self._takeback = TakeBack(seat, len(ctl.history), ctl.undo_log_start(), asked)
        others = " and ".join(ctl.seat_name(s) for s in sorted(asked))
        self._tell(SessionEvent("takeback", seat=seat,
                                text=f"{name} asks {others} to allow taking back their last "
                                     "move; it stands unless they do."))
        return self._takeback

    def answer_takeback(self, seat: int, accept: bool) -> None:
        """``seat``'s answer to the take-back asked of it: the move is taken back once every
        seat asked has accepted; one refusal ends the request (it is not asked again)."""
        pending = check_answer(self.takeback, seat)
        ctl = self.controller
        name, asker = ctl.seat_name(seat), ctl.seat_name(pending.seat)
        if not accept:
            self._takeback = None
            self._refused[pending.seat] = pending.moves
            self._tell(SessionEvent("takeback", seat=pending.seat,
                                    text=f"{name} refused the take-back: {asker}'s move stands."))
            return
        pending.accepted.add(seat)
        if any(pending.waits_for(s) for s in pending.asked):
            self._tell(SessionEvent("takeback", seat=pending.seat,
                                    text=f"{name} allows {asker}'s take-back."))
            return
        self._takeback = None
        self.undo(pending.seat)
        self._tell(SessionEvent("takeback", seat=pending.seat,
                                text=f"{asker} took back their last move, as "
                                     f"{'everyone' if len(pending.asked) > 1 else name} allowed."))

    # ---- the bots ------------------------------------------------------------------------------

    def bot_to_move(self) -> int | None:
        """The first seat that may act now and that a bot plays."""
        ctl = self.controller
        if ctl.over:
            return None
        return next((s for s in ctl.acting_seats() if s in self.bots), None)

    @property
    def bots_waiting(self) -> bool:
        """A bot owes a move that it has not made yet (held, pacing or thinking)."""
        return self.bot_to_move() is not None

    @property
    def thinking(self) -> bool:
        """A bot is thinking out a move on a thread now."""
        return self._bot_moving

    def hold(self, reason: str) -> None:
        """Keep the bots from moving until ``release(reason)``: a hand-off or a notice covers
        the table, or (``PAUSED``) a player paused them. A move being thought out is kept."""
        self.holds.add(reason)

    def release(self, reason: str) -> None:
        self.holds.discard(reason)
        self.wake()

    @property
    def paused(self) -> bool:
        return PAUSED in self.holds

    def step(self) -> None:
        """Play one bot move now, without the pace, even while the bots are held (a demo's
        'one more move' key)."""
        self._steps += 1
        self._nudge.set()
        self.wake()

    def set_pace(self, pace: float) -> None:
        """Seconds before each bot move from now on (a wait under way starts again)."""
        self.pace = max(0.0, float(pace))
        self._nudge.set()

    @property
    def _held(self) -> bool:
        return bool(self.holds) and not self._steps

    def wake(self) -> None:
        """Start the bots' task if a bot must move and nothing holds them (no running loop:
        nothing happens; ``play_bots`` plays them then)."""
        if self._closed or self._held or self.bot_to_move() is None:
            return
        if self._task is not None and not self._task.done():
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        # A fresh context: the task is the session's, not part of whichever screen moved.
        self._task = contextvars.Context().run(loop.create_task, self._run())

    async def _run(self) -> None:
        try:
            while not self._closed and not self._held:
                seat = self.bot_to_move()
                if seat is None:
                    self._steps = 0
                    return
                self._tell(SessionEvent("thinking", seat=seat, bot=True))
                await self._wait_pace()
                if self._closed or self._held or self.bot_to_move() != seat:
                    continue
                job = self.bots.job(self.controller, seat)
                self._bot_moving = True
                try:
                    move: BotMove | None = await asyncio.to_thread(job.run)
                    error: BaseException | None = None
                except Exception as exc:  # a bot's bug: a random legal move instead
                    move, error = None, exc
                finally:
                    self._bot_moving = False
                if not self._current(job):
                    continue  # the game moved on while the bot thought (an undo, say)
                if self._held:
                    return
                self._steps = max(0, self._steps - 1)
                self._play(job, move, error)
        except asyncio.CancelledError:
            raise
        except Exception:  # never let a bot take the loop (a server, an app) down
            log.exception("the bots of a %s game stopped", self.controller.game_id)

    async def _wait_pace(self) -> None:
        """Wait ``pace`` seconds: less if a step is asked for, and the new pace if it changes
        meanwhile (counted from the start of the wait)."""
        loop = asyncio.get_running_loop()
        started = loop.time()
        while not self._steps and (left := self.pace - (loop.time() - started)) > 0:
            self._nudge.clear()
            try:
                await asyncio.wait_for(self._nudge.wait(), left)
            except asyncio.TimeoutError:
                return

    def _current(self, job: BotJob) -> bool:
        ctl = self.controller
        return (not self._closed and ctl.state is job.state and len(ctl.history) == job.moves
                and not ctl.over)

    def _play(self, job: BotJob, move: BotMove | None, error: BaseException | None) -> None:
        """Apply a bot's move; a failed or refused one becomes a random legal move."""
        if move is not None:
            try:
                self._apply_bot(job, move, fallback=False)
                return
            except (CommandRejected, GameError) as exc:
                error = exc
        label = self.bots.label(job.seat, self.controller.seat_names())
        self._tell(SessionEvent("bot_failed", seat=job.seat, bot=True,
                                text=f"{label} made a mistake ({error}); it plays a random "
                                     "legal move instead."))
        try:
            self._apply_bot(job, self.bots.fallback(self.controller, job.seat), fallback=True)
        except (ValueError, CommandRejected, GameError) as exc:
            self._tell(SessionEvent("stuck", seat=job.seat, bot=True,
                                    text=f"{label} could not move: {exc}"))
            self.hold("stuck")

    def _apply_bot(self, job: BotJob, move: BotMove, *, fallback: bool) -> None:
        ctl = self.controller
        note = bot_note(job.level, move.reason, ctl.seat_names()[job.seat], fallback)
        first = len(ctl.state.log)
        ctl.apply(move.command, note=note)
        self._tell(SessionEvent("moved", seat=job.seat, bot=True, log_from=first))

    def play_bots(self, limit: int = 10_000) -> int:
        """Without a loop: play bot moves at once until a human must act, the game ends or
        something holds the bots. Returns how many moves were played."""
        played = 0
        while played < limit and not self._closed and not self.holds:
            seat = self.bot_to_move()
            if seat is None:
                break
            job = self.bots.job(self.controller, seat)
            try:
                move, error = job.run(), None
            except Exception as exc:
                move, error = None, exc
            self._play(job, move, error)
            played += 1
        return played

    async def settle(self) -> None:
        """Wait until the bots have nothing left to do now (tests; a demo's end)."""
        while self._task is not None and not self._task.done():
            await asyncio.shield(self._task)

    # ---- the end --------------------------------------------------------------------------------

    # ---- the turn timer -----------------------------------------------------------------------

    def _clock_moved(self, _controller: Any = None) -> None:
        if self.clock is not None:
            self.clock.update(self.controller.clock_turn(), self.controller.clock_seats())

    def tick(self) -> int | None:
        """Run the turn timer (whoever drives the session calls this about once a second: the
        table at one keyboard, the server for a networked table): charge the time spent and
        send the game's timeout move for a seat whose time has run out. Returns that seat."""
        if self.clock is None or self._closed or self.controller.over:
            return None
        self._clock_moved()
        for seat in self.clock.expired():
            try:
                self.send(self.controller.timeout_move(), seat)
            except GameError:
                continue
            return seat
        return None

    def remaining(self, seat: int | None) -> int | None:
        """Whole seconds left on ``seat``'s clock this turn (None: no timer); seat None: the
        first seat whose clock runs."""
        if self.clock is None:
            return None
        running = self.clock.running
        seat = seat if seat in running else (running[0] if running else None)
        return self.clock.remaining(seat) if seat is not None else None

    def close(self) -> None:
        """Stop the bots and let go of the controller's listeners (the game stays as it is)."""
        self._closed = True
        if self._clock_moved in self.controller.listeners:
            self.controller.listeners.remove(self._clock_moved)
        if self._task is not None and not self._task.done():
            self._task.cancel()
        if self.autosaver is not None and self.autosaver in self.controller.listeners:
            self.controller.listeners.remove(self.autosaver)
        self._listeners.clear()
