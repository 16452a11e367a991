"""The Fractured Net table's move keys and the actions they (and key-hint clicks) run, mixed into
``FracturedNetTable``. Each turns a key into the legal command the table data holds and sends
its text through the base's ``run_command_text``; none touches the game otherwise.

Keys at the screen (the parts have their own while they have the focus: the hand's Enter, the
combat panel's digits, a, c and Enter, the sides' arrows, Enter and a, the mulligan's k and m):
e ends the turn, p passes in a Response window, t opens the combat panel to declare attackers,
h gives the keys to the hand, f to the battlefield, n answers a question with 'none', s
switches this player's Response stops, x concedes (after a confirmation), escape goes back to
the hand.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from shards_tui.games.fractured_net.view import FnView
from shards_tui.ui.tables.base.keys import SHARED_BINDINGS
from shards_tui.ui.tables.base import stops as table_stops
from shards_tui.ui.tables.fractured_net.battlefield import NetBattlefield
from shards_tui.ui.tables.fractured_net.combat_panel import NetCombat
from shards_tui.ui.tables.fractured_net.hand import NetHand
from shards_tui.ui.tables.fractured_net.table_data import TableData
from shards_tui.ui.tables.fractured_net.turn_bar import NetTurnBar
from shards_tui.ui.widgets._tcss import tcss
from shards_tui.ui.widgets.decision import DecisionPanel
from shards_tui.ui.tables.base.screen import TableScreen


NET_BINDINGS = [
    Binding("e", "end_turn", "End turn", id="net.table.end", tooltip="End your turn."),
    Binding("p", "pass_window", "Pass", id="net.table.pass",
            tooltip="Play no (more) Responses in this window."),
    Binding("t", "attack_panel", "Attack", id="net.table.attack",
            tooltip="Open the combat panel to declare attackers."),
    Binding("h", "focus_hand", "Hand", show=False, id="net.table.hand",
            tooltip="Give the keys to your hand."),
    Binding("f", "focus_field", "Battlefield", show=False, id="net.table.field",
            tooltip="Give the keys to your creatures (then the opponent's, with f again)."),
    Binding("escape", "focus_hand", "Back to the hand", show=False, id="net.table.back"),
    Binding("s", "switch_stops", "Response stops", show=False, id="net.table.stops",
            tooltip="When a Response window should hand you the keyboard."),
    Binding("n", "choose_none", "Choose none", show=False, id="net.table.choose_none",
            tooltip="Answer the question with 'none' where that is allowed."),
    Binding("x", "concede", "Concede", show=False, id="net.table.concede",
            tooltip="Give up the match (you are asked to confirm)."),
    *SHARED_BINDINGS,
]
# (Not concede: a player may concede at any time, also while the other seat is to act over SSH;
# action_concede itself refuses a spectator and a finished game.)
SEAT_MOVES = frozenset({"end_turn", "pass_window", "attack_panel", "choose_none", "undo"})


class NetConfirm(ModalScreen[bool]):
    """A question with a yes and a no: y (or Enter) says yes, n (or escape) says no."""

    DEFAULT_CSS = tcss(__file__)
    BINDINGS = [Binding("y,enter", "answer(True)", "Yes", id="net.confirm.yes"),
                Binding("n,escape", "answer(False)", "No", id="net.confirm.no")]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.question, classes="question")
            yield Static("y: yes   n: no", classes="keys")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class NetKeys(TableScreen[FnView]):
    """The Fractured Net table's move actions (mixed into ``FracturedNetTable``, which
    sets the table's state they read)."""

    data: TableData | None
    stops: dict[int, str]
    _declaring: bool

    def action_end_turn(self) -> None:
        self._part(NetTurnBar).action_end()

    def action_pass_window(self) -> None:
        self._part(NetTurnBar).action_pass()

    def action_choose_none(self) -> None:
        panel = self._part(DecisionPanel)
        if panel.display:
            panel.choose_none()

    def action_attack_panel(self) -> None:
        if self.data is None or not (self.data.combat.attack or self.data.combat.withdraw):
            self.say("None of your creatures can attack now.", error=True)
            return
        self._declaring = True
        self._show_seat(self.seat)
        self._part(NetCombat).focus()

    def action_focus_hand(self) -> None:
        declaring, self._declaring = self._declaring, False
        if declaring and self.view is not None:  # (the combat panel it opened closes)
            self._show_seat(self.seat)
        self._part(NetHand).focus(scroll_visible=False)  # (the table never scrolls)

    def action_focus_field(self) -> None:
        field = self._part(NetBattlefield)
        near, far = field.side(True), field.side(False)
        (far if near.has_focus else near).focus(scroll_visible=False)

    def action_switch_stops(self) -> None:
        table_stops.switch(self)

    def action_concede(self) -> None:
        seat = self.seat
        if seat is None or self.ctl.over:
            return
        name = self.ctl.seat_names()[seat]

        def answered(yes: bool | None) -> None:
            if yes and self.seat == seat and not self.ctl.over:
                self.run_command_text("concede")

        self.app.push_screen(NetConfirm(f"{name}, concede the match? The game ends and you lose."),
                             answered)
