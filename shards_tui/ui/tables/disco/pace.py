"""The action phase at a readable pace: a part of ``DiscoTable``.

A move that fills the action row resolves the action phase, drift, the end of the round and
cleanup at once. Before the table follows the game on, it plays those lines one beat at a
time: the row as it began to fire with the firing space highlighted (``replay.beats``), each
line in the status line as the log reaches it. At one keyboard it shows the public view (the
next player may not have taken the keyboard yet); at a networked seat that seat's own view,
its hand and its side of the board nearer it. Nobody moves, and the bots wait, while it
plays; Space, Enter or Escape shows the rest at once. Then the table follows the game as
usual (a hand-off, if another player is to act).

A move that won the game stops on the line that says who won, with the row and meters of
that step, until a key is pressed (Space skips to it first): only then does the game-over
screen cover the table.
"""

from __future__ import annotations

from typing import Any

from textual.binding import Binding
from textual.timer import Timer

from shards_tui.games.disco.view import DiscoView
from shards_tui.ui.tables.disco.replay import Beat, beats
from shards_tui.ui.tables.disco.table_data import RowData, fired_row
from shards_tui.ui.tables.base.screen import TableScreen


PACE_HOLD = "action phase"  # the hold on the bots while the row fires
# Priority: whatever has the focus (a watcher's may rest on a list that takes Enter itself),
# these keys are the playback's while it runs; not the command line's, while it is open.
PACE_BINDINGS = [
    Binding("space,enter,escape", "pace_skip", "Skip", show=False, id="disco.table.skip",
            priority=True, tooltip="While the action row fires: show the rest at once."),
]


class DiscoPace(TableScreen[DiscoView]):
    beat_seconds = 0.7  # each line of the action phase; a table with 0 shows them at once
    _beats: list[Beat] | None = None
    _beat_at = 0
    _beat_timer: Timer | None = None
    _played_to: int | None = None  # the last line a playback showed, until the table follows on
    _pace_since = -1  # the line after which the playback under way began

    @property
    def pacing(self) -> bool:
        return self._beats is not None

    def _sync(self) -> None:
        if self.pacing:
            return  # the pace ends by following the game again
        if self._pace_worthy():
            self._start_pace()
            return
        self._played_to = None
        super()._sync()

    def _since(self) -> int:
        """The last line already shown: a playback's last, or the screen's. (Moves made while
        a playback ran, by another seat or the server's bot, are played back after it.)"""
        return self._played_to if self._played_to is not None else self._last_seq()

    def _pace_worthy(self) -> bool:
        if self.beat_seconds <= 0 or not self._built or self.view is None or self._handoff_open:
            return False
        view = self.ctl.view(None)
        return any(b.row is not None and b.row.firing for b in beats(view, self._since()))

    def _start_pace(self) -> None:
        self._pace_since = self._since()
        found = beats(self.ctl.view(None), self._pace_since)
        first = next(n for n, b in enumerate(found) if b.row is not None)
        self._beats = found[max(0, first - 1):]  # from the move that filled the row
        self._beat_at = 0
        if not self.networked:  # (a networked table's bots are the server's, for everyone)
            self.session.hold(PACE_HOLD)  # the bots wait for the row to finish firing
        self.seat_changed()
        self.seat = None  # nobody's hand shows, nobody moves
        if not self.typing:
            self.set_focus(None)  # Space, Enter and Escape are the table's while it plays
        self._show_beat()

    @property
    def pace_viewer(self) -> int | None:
        """Whose view the playback shows: a networked seat's own (nobody else sees its
        screen); at one keyboard, the public view."""
        return self.fixed_seat if self.networked else None

    def _show_beat(self) -> None:
        self._show_seat(self.pace_viewer)
        beat = self.beat
        if beat is None:
            return
        if self.at_the_win:
            self.say(f"{beat.text} Enter: the result.")
        else:
            self.say(beat.text)
            self._beat_timer = self.set_timer(self.beat_seconds, self.next_beat)

    @property
    def at_the_win(self) -> bool:
        """The pace shows the game's last line, the one that says who won: it stays until
        a key is pressed."""
        beat = self.beat
        if not self.ctl.over or beat is None or self._beat_at != len(self._beats or ()) - 1:
            return False
        return beat.seq == max((line.seq for line in self.ctl.view(None).log), default=-1)

    @property
    def beat(self) -> Beat | None:
        if self._beats is None or self._beat_at >= len(self._beats):
            return None
        return self._beats[self._beat_at]

    def beat_seq(self) -> int:
        """The log line the pace is showing (-1: none)."""
        beat = self.beat
        return -1 if beat is None else beat.seq

    def beat_row(self, view: Any) -> RowData | None:
        """The row to show while pacing (None: not pacing, the view's own row)."""
        beat = self.beat
        if beat is None:
            return None
        return beat.row if beat.row is not None or self._beat_at > 0 else fired_row(view, None)

    def next_beat(self) -> None:
        if self._beats is None or self.at_the_win:
            return
        self._beat_at += 1
        if self._beat_at >= len(self._beats):  # played to its end: what came meanwhile follows
            self._end_pace(self._beats[-1].seq)
        else:
            self._show_beat()

    def action_pace_skip(self) -> None:
        """A key: everything so far at once (up to the winning line, if the game is won)."""
        if self._beats is None:
            return
        if self.ctl.over and not self.at_the_win:
            self._stop_timer()
            found = beats(self.ctl.view(None), self._pace_since)
            first = next((n for n, b in enumerate(found) if b.row is not None), 0)
            self._beats = found[max(0, first - 1):]  # with the lines that came meanwhile
            self._beat_at = len(self._beats) - 1
            self._show_beat()
            return
        self._end_pace(max((line.seq for line in self.ctl.view(None).log), default=-1))

    def _stop_timer(self) -> None:
        if self._beat_timer is not None:
            self._beat_timer.stop()
            self._beat_timer = None

    def _end_pace(self, played_to: int) -> None:
        """Follow the game again; ``played_to``: the last line taken as shown (a key shows
        all there are; the timer's end, its own last one)."""
        self._stop_timer()
        self._played_to = played_to
        self._beats = None
        self.say("")
        self._sync()
        if not self.networked:
            self.session.release(PACE_HOLD)

    def _waiting_heading(self, seat: int | None, heading: str, items: list[Any]) -> str:
        if self.pacing:  # nobody's seat shows while the row fires, but a player is no watcher
            return f"Watching. {heading}" if self.networked and self.fixed_seat is None \
                else heading
        return super()._waiting_heading(seat, heading, items)

    def _log_entries(self, view: Any) -> list[tuple[int, str]]:
        entries = super()._log_entries(view)
        beat = self.beat
        return entries if beat is None else [e for e in entries if e[0] <= beat.seq]

    def _nobody_here(self) -> str:
        if self.pacing:
            return "The action row is firing: Space shows the rest at once, then you can move."
        return super()._nobody_here()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pace_skip":
            return self.pacing and not self.typing
        if action == "result" and self.pacing:
            return False  # who won shows once the playback reaches the win
        return super().check_action(action, parameters)
