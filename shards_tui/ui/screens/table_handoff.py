"""Passing one keyboard between players (hot-seat): when the table is covered, and for whom.

The cover goes up whenever another human must act (to answer a question or to take their
turn). A player who took the keyboard to answer a question in someone else's turn (shields
against an attack) keeps it when their own turn follows. A turn begun after the cover or after
such a question starts with no card selected, so an Enter meant for the cover or the question
plays nothing.

A mixin of TableScreen (it uses the screen's controller, parts and status line); kept apart
so the screen module holds layout and human input only.
"""

from __future__ import annotations

from shards_tui.ui.screens.handoff import HandoffScreen
from shards_tui.ui.widgets.decision import DecisionPanel
from shards_tui.ui.widgets.table_data import handoff_words


class TableHandoff:
    def _needs_handoff(self, who: int | None) -> bool:
        """Hand the keyboard over only between humans: not when there is just one human, and
        not when the human to act still has it. After bots played in the public view (several
        humans), nobody has it: the table was there for everyone to watch."""
        if who is None or len(self.humans) <= 1:
            return False
        return who != self._human

    def _turn(self) -> tuple[int, int]:
        """(turn number, active seat) now."""
        turn = self.ctl.view(None)["turn"]
        return turn["number"], turn["active"]

    def _take_keyboard(self, seat: int | None) -> None:
        if seat is not None and seat != self._human:
            self._human, self._human_turn = seat, self._turn()

    def _own_turn_begun(self, who: int | None) -> bool:
        """``who`` took the keyboard in another player's turn, and now it is their own."""
        held = self._human_turn
        if who is None or who != self._human or held is None or held[1] == who:
            return False
        return self._turn()[1] == who

    def _cover_for(self, who: int | None) -> None:
        """Cover the table and name the player to take the keyboard next."""
        self.seat = None
        self._human = None
        self._selected = self._hovered = None
        self._handoff_open = True
        if self._built:
            self._show_seat(None)  # nothing hidden stays on the table behind the hand-off
            self.set_focus(None)  # nor their selection, drawn again when the table returns
            self._part(DecisionPanel).clear()  # nor the last player's choices or ticks
            self._show_card()  # nor the card they were reading (it may be in their hand)
        name, why, lines = handoff_words(self.ctl.view(None), who, self._keyboard_seq)
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
        self.say(self._welcome(seat))  # never the previous player's messages or selection
        self._selected = self._hovered = None
        self._unselected = True  # an Enter pressed twice on the cover plays no card
        self.seat = seat
        self._human = None
        self._take_keyboard(seat)
        self._sync()
        self._keyboard_seq = self._last_seq()

    def _welcome(self, seat: int | None) -> str:
        """What the status line says as ``seat`` takes the keyboard: at the start of their turn,
        how to select a card (none is selected yet); before a question, nothing."""
        view = self.ctl.view(None)
        if seat is None or view.get("pending") or view["turn"]["active"] != seat:
            return ""
        name = view["players"][seat]["name"]
        return f"{name}, your turn: h or an arrow key selects a card."
