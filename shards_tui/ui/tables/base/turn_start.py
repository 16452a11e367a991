"""When the seat on screen begins its turn: the cursor goes to its hand, a networked seat hears
the terminal's bell, and an Enter pressed a moment before (on the question just answered, on
the hand-off cover) does not play the card the cursor has just landed on.

A turn begins for a seat when it is the active player, the one seat that may act, has no
question to answer, and either another seat was the active player since it last could, or the turn's
number changed (an extra turn): after the other seat's move (each placement of an
alternating round too), after answering a question that came in another's turn, after the
hand-off cover. Questions and windows inside one's own turn (a target to choose, a Response
the other seat may play while this seat stays the active player) do not begin it again, so
the cursor is never pulled away from where the player left it.

The table owns one ``TurnStart`` (a part, not a mixin): it is told after each render
(``after_render``) and when the table has the keys back (``resumed``: a pop-up or the command
line closed, where the cursor waited), and asked whether an Enter belongs to a quick series of
Enters begun before the turn did (``swallows``; ``KeyBursts.enter_series_began``).
"""

from __future__ import annotations

from typing import Any, Callable

from textual import events

from shards_tui.ui.preferences import TURN_BELL, app_preferences
from shards_tui.ui.screens.handoff import HandoffScreen
from shards_tui.ui.tables.base.surface import TableSurface
from shards_tui.ui.textual_compat.keys import key_clock
from shards_tui.ui.widgets.command_line import CommandLine


class TurnStart:
    def __init__(self, table: TableSurface | None, clock: Callable[[], float] = key_clock) -> None:
        """``table``: the table (None: the bookkeeping alone, as in a unit test)."""
        self.table = table
        self.clock = clock
        self._begun: tuple[int, int] | None = None  # (turn, active seat) last begun
        self._away = True  # another seat was the active player since then
        self._at = float("-inf")  # when
        self.on_opening = True  # the last turn begun was on screen when the table opened
        self._looked = False  # began() was asked before
        self.cursor_owed = False  # the turn began under a pop-up or a line being typed

    def began(self, view: Any, seat: int | None) -> bool:
        """Whether ``seat``'s turn begins with this view (True once per turn)."""
        looked, self._looked = self._looked, True
        if view is None:
            return False
        if view.active != seat:
            self._away = True
        if seat is None or view.over or view.active != seat or list(view.acting) != [seat] \
                or view.my_question:
            if not looked:  # the table opened in this turn, in a part of it that is not the
                self._begun = (view.turn, view.active)  # seat's own (an opening mulligan
                self._away = view.active != seat  # both decide): it does not begin it later
            return False
        key = (view.turn, view.active)
        if key == self._begun and not self._away:
            return False
        self._begun, self._away = key, False
        self._at = self.clock()
        self.on_opening = not looked
        return True

    def again(self) -> None:
        """The cursor was put on the hand again (after an undo)."""
        self._at = self.clock()

    def before_it(self, series_began: float | None) -> bool:
        """An Enter of a series begun at ``series_began`` (``KeyBursts``) was pressed for
        what came before the cursor landed on the hand (a question, a cover, a wait)."""
        return series_began is not None and series_began < self._at

    # ---- on the table --------------------------------------------------------------------

    def after_render(self) -> None:
        """The seat on screen was drawn: if its turn has just begun, the cursor goes to its
        hand, and over SSH the bell rings (unless the player turned it off: ``bell``)."""
        table = self.table
        if not self.began(table.view, table.seat):
            return
        if table.networked and not self.on_opening \
                and app_preferences(table.app).get(TURN_BELL, True):
            table.app.bell()
        focused = table.focused
        typing = isinstance(focused, CommandLine) and focused.display
        if table.app.screen is table and not typing:
            self.put_cursor()
        else:  # on its close: a pop-up over the table, or a line being typed, keeps the keys
            self.cursor_owed = True

    def put_cursor(self) -> None:
        self.cursor_owed = False
        self.table.cursor_to_hand()

    def resumed(self) -> None:
        """The table has the keys again: the cursor owed since the turn began goes to the
        hand, if the seat may still act."""
        view, seat = self.table.view, self.table.seat
        if self.cursor_owed and view is not None and seat in view.acting \
                and not view.my_question:
            self.put_cursor()

    def swallows(self, event: events.Key) -> bool:
        """Whether the table must not take this key: an Enter of a series begun before the
        turn, on this table (a question) or its hand-off cover (not one typed on the command
        line, nor one that began on a menu that opened the table)."""
        app = self.table.app
        began_on = getattr(app, "enter_series_screen", None)
        return event.key == "enter" and not isinstance(self.table.focused, CommandLine) \
            and (began_on is self.table or isinstance(began_on, HandoffScreen)) \
            and self.before_it(getattr(app, "enter_series_began", None))
