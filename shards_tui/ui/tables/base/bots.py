"""The table's bot seats, as its ``Session`` plays them: what the status line says while a bot
is to move, pausing them, which seat is shown while they act, and telling a human who has
gone out that the others play on.

The session (``shards_tui.session``) plays the bots on the app's loop; the table only holds
them (paused by the player, a notice being read, a terminal too small) and reports what they
do. Networked, the server's table plays them and this part only shows who is thinking.

A part of the base TableScreen (it uses the screen's session, view and status line).
"""

from __future__ import annotations

from shards_tui.session.driver import PAUSED, SessionEvent
from shards_tui.ui.screens.handoff import OutScreen
from shards_tui.ui.widgets.key_hints import KeyHint, StatusLine

NOTICE, TOO_SMALL = "notice", "too small"  # the table's holds on the bots


class TableBots:
    def actor(self) -> int | None:
        """The seat this table waits for: the first human seat that may act now (several may,
        as in a mulligan both players decide), else the first bot's; None once it is over.
        Bots act in their own seats, as the session plays them, without a hand-off."""
        acting = self.ctl.acting_seats()
        return next((s for s in acting if s not in self.bots), acting[0] if acting else None)

    def _nobody_here(self) -> str:
        """Why a move typed now is not sent: no seat is shown at this keyboard."""
        if self.networked:
            return "You are watching this table; only its players can move."
        actor = self.actor()
        if actor in self.bots:
            name = self.public_players()[actor][0]
            then = "you can move again at your turn" if self.humans else "bots play this game"
            return f"{name} (a bot) is to move; {then} (b pauses or resumes the bots)."
        return "No one may move from this screen now."

    def _bots_turn(self) -> str | None:
        """While a bot is to move, what a move key (or typed move) of the seat on screen is
        told; None otherwise."""
        actor = self.actor()
        if self.seat is None or actor is None or self.seat in self.ctl.acting_seats() \
                or actor not in self.bots or self.networked:
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
        """True while a bot seat owes a move (held, pacing or thinking)."""
        return self._bot_key is not None

    def _waiting_heading(self, seat: int | None, heading: str, items: list[KeyHint]) -> str:
        """The key hints' heading, said by the shell: who is being waited for, that this seat
        watches, that it is out. Adds the key that pauses the bots to ``items``."""
        names = self.ctl.seat_names()
        actor = self.actor()
        if self.bots and actor is not None and actor in self.bots:
            heading = f"Waiting for {self.bots.label(actor, names)}."
        if self.networked and not self.ctl.over:
            if actor is not None and actor != seat and actor not in self.bots:
                heading = f"Waiting for {names[actor]}."
                absence = getattr(self.app, "seat_absence", None)
                if callable(absence) and (where := absence(actor)):
                    heading = (f"Waiting for {names[actor]}, who is {where};"
                               " the seat is kept for them.")
            if seat is None:
                heading = f"Watching. {heading}".strip()
        elif self.bots and not self.ctl.over:
            items.append(KeyHint("b", "resume the bots" if self.bots_paused
                                 else "pause the bots", "toggle_bots"))
        if seat is not None and not self.ctl.over and self.public_players()[seat][1]:
            heading = f"You are out of the game; the others play on. {heading}"
        return heading

    def _bot_check(self) -> None:
        """If a bot seat must act now, say so (once per position) and wake the session."""
        seat = None if self.networked or self._notice_open else self.session.bot_to_move()
        if seat is None:
            self._bot_key = None
            return
        key = (seat, len(self.ctl.history), id(self.ctl.state))
        if key == self._bot_key:
            return
        self._bot_key = key
        if not (self._built and self._part(StatusLine).error):  # a refusal stays until
            self.say(self._bot_status(seat))  # the player's turn
        self.session.wake()

    def _bot_status(self, seat: int) -> str:
        label = self.bots.label(seat, self.ctl.seat_names())
        if self.bots_paused:
            return f"Bots paused: {label} is to move (b: resume)."
        return f"{label} is thinking…"

    def _session_event(self, event: SessionEvent) -> None:
        """What the session tells the table about its bots (on the app's loop)."""
        if not self.is_attached or self.networked:
            return
        if event.kind == "thinking":
            self._seq_before_bot = self._last_seq()
        elif event.kind == "moved" and event.bot and not self.bot_thinking:
            # a human is to act now: show what the bot just did
            lines = [line if line.endswith((".", "!", "?", "…")) else line + "."
                     for line in self._log_since(self._seq_before_bot)]
            if lines:
                self.say(" ".join(lines[-3:]))
        elif event.kind == "bot_failed":
            self.notify(event.text, severity="warning", timeout=6)
        elif event.kind == "stuck":
            self.say(event.text, error=True)

    _seq_before_bot = -1

    def covered(self) -> None:
        """The terminal became too small: the bots wait (a move being thought out is kept)."""
        if not self.networked:
            self.session.hold(TOO_SMALL)

    def uncovered(self) -> None:
        self._bot_key = None
        if not self.networked:
            self.session.release(TOO_SMALL)
        self._bot_check()
        self._restore_focus()
        self.refresh_bindings()  # the footer showed the keys of whatever was on top before

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("toggle_bots", "save") and self.networked:
            return False  # the shared table plays the bots and saves the game
        if action in self.seat_moves and self.ctl.over:
            return False  # nothing to play once the game is over: the footer offers no moves
        if action in self.seat_moves and self.networked:
            if self.fixed_seat is None:
                return False  # a spectator watches: no move keys in the footer, none run
            if not self.ctl.over and self.fixed_seat not in self.ctl.acting_seats():
                return False  # another seat is to act: the footer shows only what works now
        if action == "toggle_bots":
            return bool(self.bots)  # the key exists only in games with bots
        return True

    @property
    def bots_paused(self) -> bool:
        return PAUSED in self.session.holds

    def action_toggle_bots(self) -> None:
        """Pause or resume the bots (a human can then read the table at leisure)."""
        if not self.bots or self.networked:
            return
        if self.bots_paused:
            self.session.release(PAUSED)
        else:
            self.session.hold(PAUSED)
        self._bot_key = None
        self._bot_check()
        if self._bot_key is None:
            self.say("Bots paused." if self.bots_paused else "Bots resumed.")
        if self.view is not None and not self._handoff_open:
            self._show_seat(self.seat)  # the key hints offer to pause or to resume

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
        self.session.hold(NOTICE)
        self._bot_key = None
        shared = any(not players[s][1] for s in self.humans)
        self.app.push_screen(OutScreen(" and ".join(names), play_on, shared=shared),
                             self._after_out)
        return True

    def _after_out(self, _result: None = None) -> None:
        self._notice_open = False
        self.session.release(NOTICE)
        self._sync()

    def watcher(self) -> int | None:
        """The seat shown while bots act: the only human's, else the public view (None), so
        that with several humans at the keyboard nobody sees another's hand."""
        if not self.hotseat:
            return self.seat if self.seat is not None and self.seat not in self.bots else (
                self.humans[0] if len(self.humans) == 1 else None)
        return self.humans[0] if len(self.humans) == 1 else None
