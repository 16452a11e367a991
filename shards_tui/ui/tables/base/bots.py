"""``BotWatch``: the table's side of its bot seats, as its ``Session`` plays them: what the
status line says while a bot is to move, pausing them, which seat is shown while they act,
and telling a human who has gone out that the others play on.

The session (``shards_tui.session``) plays the bots on the app's loop; the table only holds
them (paused by the player, a notice being read, a terminal too small) and reports what they
do. Networked, the server's table plays them and this part only shows who is thinking.

A part of the table: it keeps what it announced and who was told they are out, and posts
``NoticeRead`` when a player has read that they are out (the table then follows the game on).
"""

from __future__ import annotations

from textual.message import Message

from shards_tui.session.driver import PAUSED, SessionEvent
from shards_tui.ui.screens.handoff import OutScreen
from shards_tui.ui.tables.base.surface import TableSurface
from shards_tui.ui.widgets.key_hints import KeyHint, StatusLine

NOTICE, TOO_SMALL = "notice", "too small"  # the table's holds on the bots
DEFAULT_BOT_PACE = 0.8


class BotWatch:
    class NoticeRead(Message):
        """The players at this keyboard read that one of them is out: follow the game on."""

    def __init__(self, table: TableSurface, pace: float | None) -> None:
        self.table = table
        self._pace = pace  # None: the app's
        self.key: tuple[int, int, int] | None = None  # (seat, moves, id(state)) announced
        self.seq_before = -1  # the last log line before the bot began to think
        self.notice_open = False  # a player reads that they are out
        self.told_out: set[int] = {s for s, (_name, out) in enumerate(table.public_players())
                                   if out}  # human seats told they are out

    # ---- who acts ------------------------------------------------------------------------------

    def actor(self) -> int | None:
        """The seat the table waits for: the first human seat that may act now (several may,
        as in a mulligan both players decide), else the first bot's; None once it is over.
        Bots act in their own seats, as the session plays them, without a hand-off."""
        table = self.table
        acting = table.ctl.acting_seats()
        return next((s for s in acting if s not in table.bots), acting[0] if acting else None)

    def watcher(self) -> int | None:
        """The seat shown while bots act: the only human's, else the public view (None), so
        that with several humans at the keyboard nobody sees another's hand."""
        table = self.table
        if not table.hotseat:
            return table.seat if table.seat is not None and table.seat not in table.bots else (
                table.humans[0] if len(table.humans) == 1 else None)
        return table.humans[0] if len(table.humans) == 1 else None

    def nobody_here(self) -> str:
        """Why a move typed now is not sent: no seat is shown at this keyboard."""
        table = self.table
        if table.networked:
            return "You are watching this table; only its players can move."
        actor = table.actor()
        if actor in table.bots:
            name = table.public_players()[actor][0]
            then = "you can move again at your turn" if table.humans else "bots play this game"
            return f"{name} (a bot) is to move; {then} (b pauses or resumes the bots)."
        return "No one may move from this screen now."

    def bots_turn(self) -> str | None:
        """While a bot is to move, what a move key (or typed move) of the seat on screen is
        told; None otherwise."""
        table = self.table
        actor = table.actor()
        if table.seat is None or actor is None or table.seat in table.ctl.acting_seats() \
                or actor not in table.bots or table.networked:
            return None
        return table._nobody_here()

    # ---- pace and holds ------------------------------------------------------------------------

    @property
    def pace(self) -> float:
        """Seconds before each bot move: the table's, else the app's, else 0.8."""
        pace = self._pace
        if pace is None:
            pace = getattr(self.table.app, "bot_pace", None)
        try:
            return max(0.0, float(pace)) if pace is not None else DEFAULT_BOT_PACE
        except (TypeError, ValueError):
            return DEFAULT_BOT_PACE

    @property
    def thinking(self) -> bool:
        """True while a bot seat owes a move (held, pacing or thinking)."""
        return self.key is not None

    @property
    def paused(self) -> bool:
        return PAUSED in self.table.session.holds

    def toggle(self) -> None:
        """Pause or resume the bots (a human can then read the table at leisure)."""
        table = self.table
        if not table.bots or table.networked:
            return
        if self.paused:
            table.session.release(PAUSED)
        else:
            table.session.hold(PAUSED)
        self.key = None
        self.check()
        if self.key is None:
            table.say("Bots paused." if self.paused else "Bots resumed.")

    def covered(self) -> None:
        """The terminal became too small: the bots wait (a move being thought out is kept)."""
        if not self.table.networked:
            self.table.session.hold(TOO_SMALL)

    def uncovered(self) -> None:
        self.key = None
        if not self.table.networked:
            self.table.session.release(TOO_SMALL)
        self.check()

    # ---- what the table says ------------------------------------------------------------------

    def heading(self, seat: int | None, heading: str, items: list[KeyHint]) -> str:
        """The key hints' heading, said by the shell: who is being waited for, that this seat
        watches, that it is out. Adds the key that pauses the bots to ``items``."""
        table = self.table
        names = table.ctl.seat_names()
        actor = table.actor()
        if table.bots and actor is not None and actor in table.bots:
            heading = f"Waiting for {table.bots.label(actor, names)}."
        if table.networked and not table.ctl.over:
            if actor is not None and actor != seat and actor not in table.bots:
                heading = f"Waiting for {names[actor]}."
                absence = getattr(table.app, "seat_absence", None)
                if callable(absence) and (where := absence(actor)):
                    heading = (f"Waiting for {names[actor]}, who is {where};"
                               " the seat is kept for them.")
            if seat is None:
                heading = f"Watching. {heading}".strip()
        elif table.bots and not table.ctl.over:
            items.append(KeyHint("b", "resume the bots" if self.paused
                                 else "pause the bots", "toggle_bots"))
        if seat is not None and not table.ctl.over and table.public_players()[seat][1]:
            heading = f"You are out of the game; the others play on. {heading}"
        return heading

    def check(self) -> None:
        """If a bot seat must act now, say so (once per position) and wake the session."""
        table = self.table
        seat = None if table.networked or self.notice_open else table.session.bot_to_move()
        if seat is None:
            self.key = None
            return
        key = (seat, len(table.ctl.history), id(table.ctl.state))
        if key == self.key:
            return
        self.key = key
        if not (table._built and table._part(StatusLine).error):  # a refusal stays until
            table.say(self.status(seat))  # the player's turn
        table.session.wake()

    def status(self, seat: int) -> str:
        label = self.table.bots.label(seat, self.table.ctl.seat_names())
        if self.paused:
            return f"Bots paused: {label} is to move (b: resume)."
        return f"{label} is thinking…"

    def heard(self, event: SessionEvent) -> None:
        """What the session tells the table about its bots (on the app's loop)."""
        table = self.table
        if not table.is_attached or table.networked:
            return
        if event.kind == "thinking":
            self.seq_before = table._last_seq()
        elif event.kind == "moved" and event.bot and not self.thinking:
            # a human is to act now: show what the bot just did
            lines = [line if line.endswith((".", "!", "?", "…")) else line + "."
                     for line in table._log_since(self.seq_before)]
            if lines:
                table.say(" ".join(lines[-3:]))
        elif event.kind == "bot_failed":
            table.notify(event.text, severity="warning", timeout=6)
        elif event.kind == "stuck":
            table.say(event.text, error=True)

    # ---- a player out of a game that goes on --------------------------------------------------

    def announce_out(self) -> bool:
        """A player at this keyboard has just gone out of a game that goes on: tell them who
        plays on (once), holding the bots until they have read it. True while that shows."""
        if self.notice_open:
            return True
        table = self.table
        players = table.public_players()
        out = [s for s in table.humans if players[s][1] and s not in self.told_out]
        if not out:
            return False
        self.told_out.update(out)
        names = [players[s][0] for s in out]
        left = [name for name, gone in players if not gone]
        play_on = (f"{' and '.join(left)} play on." if len(left) <= 2
                   else f"{', '.join(left[:-1])} and {left[-1]} play on.")
        self.notice_open = True
        table.session.hold(NOTICE)
        self.key = None
        shared = any(not players[s][1] for s in table.humans)
        table.app.push_screen(OutScreen(" and ".join(names), play_on, shared=shared),
                              self._read)
        return True

    def _read(self, _result: None = None) -> None:
        self.notice_open = False
        self.table.session.release(NOTICE)
        self.table.post_message(self.NoticeRead())

    # ---- which keys work -----------------------------------------------------------------------

    def allows(self, action: str) -> bool:
        table = self.table
        if action in ("toggle_bots", "save") and table.networked:
            return False  # the shared table plays the bots and saves the game
        if action in table.seat_moves and table.ctl.over:
            return False  # nothing to play once the game is over: the footer offers no moves
        if action in table.seat_moves and table.networked:
            if table.fixed_seat is None:
                return False  # a spectator watches: no move keys in the footer, none run
            if not table.ctl.over and table.fixed_seat not in table.ctl.acting_seats():
                return False  # another seat is to act: the footer shows only what works now
        if action == "toggle_bots":
            return bool(table.bots)  # the key exists only in games with bots
        return True
