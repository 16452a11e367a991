"""The table's bot seats: when a bot must act, think in a worker and play its move; which
seat is shown while they do; and telling a human who has gone out that the others play on.

A part of the base TableScreen (it uses the screen's controller, view and status line).
"""

from __future__ import annotations

from typing import Any

from textual.worker import Worker, WorkerState

from shards_tui.bots.base import bot_note
from shards_tui.core.errors import CommandRejected, GameError
from shards_tui.ui.screens.handoff import OutScreen
from shards_tui.session.seats import BotJob
from shards_tui.ui.widgets.key_hints import StatusLine

class TableBots:
    def _nobody_here(self) -> str:
        """Why a move typed now is not sent: no seat is shown at this keyboard."""
        if self.networked:
            return "You are watching this table; only its players can move."
        actor = self.ctl.who_must_act()
        if actor in self.bots:
            name = self.public_players()[actor][0]
            then = "you can move again at your turn" if self.humans else "bots play this game"
            return f"{name} (a bot) is to move; {then} (b pauses or resumes the bots)."
        return "No one may move from this screen now."

    def _bots_turn(self) -> str | None:
        """While a bot is to move, what a move key (or typed move) of the seat on screen is
        told; None otherwise."""
        actor = None if self.ctl.over else self.ctl.who_must_act()
        if self.seat is None or actor is None or actor == self.seat or actor not in self.bots \
                or getattr(self, "networked", False):
            return None
        return self._nobody_here()

    @property
    def bot_pace(self) -> float:
        pace = self._bot_pace
        if pace is None:
            pace = getattr(self.app, "bot_pace", None)
        try:
            return max(0.0, float(pace)) if pace is not None else self.DEFAULT_BOT_PACE
        except (TypeError, ValueError):
            return self.DEFAULT_BOT_PACE

    @property
    def bot_thinking(self) -> bool:
        """True while a bot seat owes a move (its pace delay or its worker is running)."""
        return self._bot_key is not None

    def _position(self, seat: int) -> tuple[int, int, int]:
        return seat, len(self.ctl.history), id(self.ctl.state)

    def _stop_bot_timer(self) -> None:
        if self._bot_timer is not None:
            self._bot_timer.stop()
            self._bot_timer = None

    def _bot_check(self) -> None:
        """If a bot seat must act now, start its pace timer (once per position)."""
        actor = None if self.ctl.over else self.ctl.who_must_act()
        if (actor is None or actor not in self.bots or not self.is_attached
                or getattr(self, "networked", False)  # networked: the shared table plays bots
                or getattr(self, "_notice_open", False)):  # someone is reading they are out
            self._stop_bot_timer()
            self._bot_key = None
            return
        key = self._position(actor)
        if key == self._bot_key:
            return
        self._stop_bot_timer()
        self._bot_key = key
        if not (self._built and self._part(StatusLine).error):  # a refusal stays until
            self.say(self._bot_status(actor))  # the player's turn
        if self._bots_held:
            return
        if self.bot_pace <= 0:
            self.call_later(self._bot_start, key)
        else:
            self._bot_timer = self.set_timer(self.bot_pace, lambda: self._bot_start(key))

    @property
    def _bots_held(self) -> bool:
        """Paused by the player, or held while a notice covers a too small terminal."""
        return self.bots_paused or getattr(self, "too_small", False)

    def covered(self) -> None:
        self._stop_bot_timer()  # a move being thought out is kept for later (_bots_held)

    def uncovered(self) -> None:
        self._bot_key = None
        self._bot_check()
        self._restore_focus()
        self.refresh_bindings()  # the footer showed the keys of whatever was on top before

    def _bot_status(self, seat: int) -> str:
        label = self.bots.label(seat, self.ctl.seat_names())
        if self.bots_paused:
            return f"Bots paused: {label} is to move (b: resume)."
        return f"{label} is thinking…"

    def _bot_start(self, key: tuple[int, int, int]) -> None:
        """The pace delay is over: compute the bot's move in a thread worker."""
        self._bot_timer = None
        if key != self._bot_key or key != self._position(key[0]) or self._bots_held:
            return
        if self._bot_jobs:
            return  # one bot move at a time; the running (stale) one restarts this when done
        job = self.bots.job(self.ctl, key[0])
        worker = self.run_worker(job.run, name=f"bot seat {key[0]}", group="bot",
                                 exit_on_error=False, thread=True)
        self._bot_jobs[worker] = job

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        job = self._bot_jobs.get(event.worker)
        if job is None or event.state not in (WorkerState.SUCCESS, WorkerState.ERROR,
                                              WorkerState.CANCELLED):
            return
        event.stop()
        del self._bot_jobs[event.worker]
        current = (not self.ctl.over and self.ctl.state is job.state
                   and len(self.ctl.history) == job.moves and self.is_attached)
        if current and event.state != WorkerState.CANCELLED and not self._bots_held:
            if event.state == WorkerState.SUCCESS:
                self._bot_apply(job, event.worker.result)
            else:
                self._bot_failed(job, event.worker.error)
            return
        # The game moved on while the bot was thinking (an undo, say): think again if needed.
        if self._bot_key is not None and not self._bots_held and self._bot_timer is None:
            self._bot_start(self._bot_key)

    def _bot_apply(self, job: BotJob, move: Any, fallback: bool = False) -> None:
        """Play the bot's move on the UI thread, its reason going into the log."""
        note = bot_note(job.level, move.reason, self.ctl.seat_names()[job.seat], fallback)
        seen = self._last_seq()
        try:
            self.ctl.apply(move.command, note=note)
        except (CommandRejected, GameError) as err:
            if fallback:
                self.say(f"{self.bots.label(job.seat, self.ctl.seat_names())} could not move: "
                         f"{err}", error=True)
                return
            self._bot_failed(job, err)
            return
        if not self.bot_thinking:  # a human is to act now: show what the bot just did
            lines = [line if line.endswith((".", "!", "?", "…")) else line + "."
                     for line in self._log_since(seen)]
            if lines:
                self.say(" ".join(lines[-3:]))

    def _bot_failed(self, job: BotJob, error: BaseException | None) -> None:
        """A bot raised or sent a refused move: play a random legal move instead, so the game
        never hangs on a bot."""
        label = self.bots.label(job.seat, self.ctl.seat_names())
        self.notify(f"{label} made a mistake ({error}); it plays a random legal move instead.",
                    severity="warning", timeout=6)
        try:
            move = self.bots.fallback(self.ctl, job.seat)
        except (ValueError, GameError) as err:
            self.say(f"{label} could not move: {err}", error=True)
            return
        self._bot_apply(job, move, fallback=True)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("toggle_bots", "save") and getattr(self, "networked", False):
            return False  # the shared table plays the bots and saves the game
        if action in self.seat_moves and self.ctl.over:
            return False  # nothing to play once the game is over: the footer offers no moves
        if action in self.seat_moves and getattr(self, "networked", False):
            if self.fixed_seat is None:
                return False  # a spectator watches: no move keys in the footer, none run
            if not self.ctl.over and self.ctl.who_must_act() != self.fixed_seat:
                return False  # another seat is to act: the footer shows only what works now
        if action == "toggle_bots":
            return bool(self.bots)  # the key exists only in games with bots
        return True

    def action_toggle_bots(self) -> None:
        """Pause or resume the bots (a human can then read the table at leisure)."""
        if not self.bots:
            return
        self.bots_paused = not self.bots_paused
        self._stop_bot_timer()
        self._bot_key = None
        self._bot_check()
        if self._bot_key is None:
            self.say("Bots paused." if self.bots_paused else "Bots resumed.")
        if self.view is not None and not self._handoff_open:
            self._show_seat(self.seat)  # the action row offers to pause or to resume

    def _announce_out(self) -> bool:
        """A player at this keyboard has just gone out of a game that goes on: tell them who
        plays on (once), holding the bots until they have read it. True while that shows."""
        if self._notice_open:
            return True
        players = self.public_players()
        out = [s for s in self.humans if players[s][1] and s not in self._told_out]
        if not out:
            return False
        self._told_out.update(out)
        names = [players[s][0] for s in out]
        left = [name for name, gone in players if not gone]
        play_on = (f"{' and '.join(left)} play on." if len(left) <= 2
                   else f"{', '.join(left[:-1])} and {left[-1]} play on.")
        self._notice_open = True
        self._stop_bot_timer()
        self._bot_key = None
        shared = any(not players[s][1] for s in self.humans)
        self.app.push_screen(OutScreen(" and ".join(names), play_on, shared=shared),
                             self._after_out)
        return True

    def _after_out(self, _result: None = None) -> None:
        self._notice_open = False
        self._sync()

    def watcher(self) -> int | None:
        """The seat shown while bots act: the only human's, else the public view (None), so
        that with several humans at the keyboard nobody sees another's hand."""
        if not self.hotseat:
            return self.seat if self.seat is not None and self.seat not in self.bots else (
                self.humans[0] if len(self.humans) == 1 else None)
        return self.humans[0] if len(self.humans) == 1 else None
