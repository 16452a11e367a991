"""``Handoff``: passing one keyboard between players (hot-seat): when the table is covered,
and for whom.

The cover goes up whenever another human must act (to answer a question or to take their
turn), and never for the player who has the keyboard. A player who took the keyboard to
answer a question in someone else's turn (shields against an attack) keeps it when their own
turn follows; a player whose turn a bot's answer interrupts keeps it too. A turn begun after the cover, and the
table after any answered question, show no card selected, so an Enter meant for the cover or
the question plays nothing.

A part of the table: it keeps whether the cover is up, who has the keyboard and the last log
line each player saw, puts the cover up with the game's words (the table's ``handoff_words``)
and every public log line since the named player last had the keyboard, and posts ``Taken``
when the named player is ready (the table then shows their seat).
"""

from __future__ import annotations

from typing import Callable

from textual.message import Message

from shards_tui.ui.screens.handoff import HandoffScreen
from shards_tui.ui.tables.base.surface import TableSurface


class Handoff:
    class Taken(Message):
        """The player named on the cover is ready to take the keyboard."""

        def __init__(self, seat: int | None) -> None:
            super().__init__()
            self.seat = seat

    def __init__(self, table: TableSurface) -> None:
        self.table = table
        self.open = False  # the cover is up
        self.human: int | None = None  # the human who last took the keyboard
        self.since: int | None = None  # the last log entry when a player took over
        self.last_seen: dict[int, int] = {}  # each player's last log entry seen
        self.first_seen: int | None = None  # the last log entry when the first player took over

    def needed(self, who: int | None) -> bool:
        """Hand the keyboard over only between humans: not when there is just one human, and
        not when the human to act still has it. After bots played in the public view (several
        humans), nobody has it: the table was there for everyone to watch."""
        if who is None or len(self.table.humans) <= 1:
            return False
        return who != self.human

    def bot_to_act(self, turn_of: int) -> None:
        """A bot is to act while the table shows the public view (several humans). In the turn
        of the human who has the keyboard (a bot answers a question asked in it) they keep it:
        no cover when the turn comes back to them. Any other bot move is for everyone to
        watch, so nobody has the keyboard after it."""
        if turn_of != self.human:
            if self.human is not None:  # they saw the table up to their last move
                self.last_seen[self.human] = self._last_public()
            self.human = None

    def begin(self) -> None:
        """The cover is going up: nobody has the keyboard (the table clears what the last
        player saw, then shows the cover)."""
        self.open = True
        if self.human is not None:  # they watched the table up to now
            self.last_seen[self.human] = self._last_public()
        self.human = None

    def show(self, who: int | None, on_shown: Callable[[], object] | None = None) -> None:
        """Show the cover naming the player to take the keyboard next (``on_shown``: once it
        is drawn)."""
        name, why, lines = self.table.handoff_words(who, self.since)
        handoff = HandoffScreen(name, why, lines, self.news_for(who))
        handoff.on_shown = on_shown
        self.table.app.push_screen(
            handoff, lambda _result, seat=who: self.table.post_message(self.Taken(seat)))

    def news_for(self, who: int | None) -> list[str]:
        """Every public log line since ``who`` last had the keyboard (since the first player
        took it, for a player who has not had it yet; nothing before anyone has)."""
        if self.first_seen is None:
            return []
        since = self.last_seen.get(who, self.first_seen) if who is not None else self.first_seen
        log = self.table.ctl.view(None).log  # the public view: nothing hidden
        return [line.text for line in log if line.text and line.seq > since]

    def _last_public(self) -> int:
        return max((line.seq for line in self.table.ctl.view(None).log), default=-1)

    def taken(self, seat: int | None) -> None:
        """The player took the keyboard (the table shows their seat next)."""
        self.open = False
        self.human = seat

    def seen(self, seq: int) -> None:
        """The player who took the keyboard has seen the log up to ``seq``."""
        self.since = seq
        if self.first_seen is None:
            self.first_seen = seq
        if self.human is not None:
            self.last_seen[self.human] = seq
