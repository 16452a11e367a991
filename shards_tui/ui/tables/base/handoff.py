"""Passing one keyboard between players (hot-seat): when the table is covered, and for whom.

The cover goes up whenever another human must act (to answer a question or to take their
turn). A player who took the keyboard to answer a question in someone else's turn (shields
against an attack) keeps it when their own turn follows. A turn begun after the cover, and the
table after any answered question, show no card selected, so an Enter meant for the cover or
the question plays nothing.

A part of the base TableScreen (it uses the screen's controller, parts and status line). The
words on the cover are the game's (``handoff_words``), and so is the welcome.
"""

from __future__ import annotations

from shards_tui.ui.screens.handoff import HandoffScreen
from shards_tui.ui.widgets.decision import DecisionPanel


class TableHandoff:
    def _needs_handoff(self, who: int | None) -> bool:
        """Hand the keyboard over only between humans: not when there is just one human, and
        not when the human to act still has it. After bots played in the public view (several
        humans), nobody has it: the table was there for everyone to watch."""
        if who is None or len(self.humans) <= 1:
            return False
        return who != self._human

    def _cover_for(self, who: int | None) -> None:
        """Cover the table and name the player to take the keyboard next."""
        self.seat = None
        self._human = None
        self.close_pop_ups()  # (a card of the last hand read over the table, the palette)
        self.seat_changed()
        self._handoff_open = True
        if self._built:
            self._show_seat(None)  # nothing hidden stays on the table behind the hand-off
            self.set_focus(None)  # nor their selection, drawn again when the table returns
            self._part(DecisionPanel).clear()  # nor the last player's choices or ticks
            self.covered_by_handoff()
        name, why, lines = self.handoff_words(who, self._keyboard_seq)
        handoff = HandoffScreen(name, why, lines)
        if not self._built:  # the table is built behind the hand-off once that is drawn
            handoff.on_shown = lambda: self.call_later(self._build)
        self.app.push_screen(handoff, lambda _result, seat=who: self._after_handoff(seat))

    def _after_handoff(self, seat: int | None) -> None:
        """The named player is ready: show their seat (or hand off again if, meanwhile,
        someone else has to act)."""
        if not self._built:
            self._built_then = (seat,)
            self.call_later(self._build)
            return
        self._handoff_open = False
        self.say(self.welcome(seat))  # never the previous player's messages or selection
        self.keyboard_taken()
        self.seat = seat
        self._human = seat
        self._sync()
        self._keyboard_seq = self._last_seq()

    # ---- what the game says ----------------------------------------------------------------

    def handoff_words(self, who: int | None, since: int | None) -> tuple[str, str, list[str]]:
        """The cover's words: the player's name, why they take the keyboard, and public
        lines (everyone's standing; what happened since ``since``, the last log entry the
        previous player saw). A game's table refines this."""
        names = self.ctl.seat_names()
        name = names[who] if who is not None and 0 <= who < len(names) else "Next player"
        return name, "It is your move.", []

    def covered_by_handoff(self) -> None:
        """The cover goes up: clear whatever showed the last player's cards (the card panel)."""

    def keyboard_taken(self) -> None:
        """The named player pressed ready: nothing of theirs is selected yet (an Enter pressed
        twice on the cover must do nothing)."""

    def welcome(self, seat: int | None) -> str:
        """What the status line says as ``seat`` takes the keyboard (default: nothing)."""
        return ""
