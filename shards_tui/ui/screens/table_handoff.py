"""Passing one keyboard between players (hot-seat): when the table is covered, and for whom.

The cover goes up whenever another human must act (to answer a question or to take their
turn). A player who took the keyboard to answer a question in someone else's turn (shields
against an attack) keeps it when their own turn follows. A turn begun after the cover, and the
table after any answered question, show no card selected, so an Enter meant for the cover or
the question plays nothing.

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

    def _after_a_question(self) -> None:
        """Once the seat on screen has answered its question, nothing is selected: an Enter
        pressed once too often on the question must not play or recruit a card. When the
        question came in another player's turn and the seat's own turn follows at once (it
        answered the last attack of that turn), the next status line begins by saying so."""
        data = self.data
        if data is None or data.me is None:
            return
        own_turn = data.me.active
        if self._asked is not None and not data.decision_mine:
            self._selected = self._hovered = None
            self._unselected = True
            self._draw_selection()  # the table was just drawn with the selection it had
            self._show_card()
            if own_turn and not self._asked:
                self._turn_hint = "Your turn now: h selects a card. "
        self._asked = own_turn if data.decision_mine else None

    def _cover_for(self, who: int | None) -> None:
        """Cover the table and name the player to take the keyboard next."""
        self.seat = None
        self._human = None
        self._selected = self._hovered = None
        self._asked = None
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
        self._human = seat
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
