"""Helpers for the Disco table widgets' tests: positions, and small apps that show the widgets
(one at a time, recording their messages; or all of them laid out and wired as a table screen
would, to play through them)."""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from shards_tui.core.commands import Choose
from shards_tui.core.registry import game
from shards_tui.ui.tables.disco.action_row import DiscoActionRow
from shards_tui.ui.tables.disco.board import DiscoBoard
from shards_tui.ui.tables.disco.card_details import describe
from shards_tui.ui.tables.disco.card_text import DiscoCardText
from shards_tui.ui.tables.disco.draft import DiscoDraft
from shards_tui.ui.tables.disco.hand import DiscoHand
from tests.ui.part_app import PartApp, screen_text, showing  # noqa: F401  (the tests import them from here)
from shards_tui.ui.tables.disco.orbit_row import DiscoOrbitRow
from shards_tui.ui.tables.disco.piles import DiscoPiles
from shards_tui.ui.tables.disco.placement import placing
from shards_tui.ui.tables.disco.table_data import answer_command, table_data


def disco(**setup: Any):
    """A Disco Infinity position from scenario fields (Ana and Ben unless named)."""
    setup.setdefault("players", [{"name": "Ana"}, {"name": "Ben"}])
    return game("disco").controller.build({"kind": "scenario", **setup})


def mid_round(**extra: Any):
    """Round 4, Ana to place: two cards in the row, satellites in both orbit rows."""
    setup: dict[str, Any] = dict(
        round=4, first=1, active=0, trash=["rocket", "space_mine"],
        players=[{"name": "Ana", "faction": "funkovich", "shields": 17,
                  "hand": ["lab_notes", "sparkle", "beaker_blaster"],
                  "research": [0, 2, 0, 0, 1, 0],
                  "orbit": [{"space": 2, "card": "research_satellite", "tokens": 3},
                            {"space": 2, "card": "bastion"}]},
                 {"name": "Ben", "faction": "blackstar", "hand": ["star_cannon"],
                  "deck_top": ["rocket"],
                  "orbit": [{"space": 5, "card": "dry_dock", "tokens": 4}]}],
        row=[{"card": "laser_show", "seat": 1, "tokens": 1}, {"card": "force_field", "seat": 0}])
    setup.update(extra)
    return disco(**setup)


class TablePlayApp(App[None]):
    """The widgets laid out and wired as a table screen would wire them (the shell's parts as
    plain panels), to play through them: each message becomes a command for the controller or
    a card to read, and every change renders the seat to act from its view (hot-seat without
    the hand-off cover, or always ``seat``). The board sits on the left with the hand and card
    text below it; at 100 columns and more the piles stand in a column on the right."""

    CSS = """
    #left { width: 1fr; }
    #below { height: 7; }
    Screen.-tall #below { height: 1fr; max-height: 14; }
    #below > DiscoHand { width: 1fr; }
    #below > DiscoCardText { width: 1fr; height: 100%; }
    #side { width: 38; }
    #side > .log { height: 1fr; border: round $panel-lighten-2; }
    .status { height: 1; background: $panel; }
    Screen.-narrow #side { display: none; }
    """
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (32, "-tall")]
    # The shell's decision panel answers a card's question; here, a key takes the first answer.
    BINDINGS = [Binding("ctrl+a", "answer", "Answer", id="test.answer",
                        tooltip="Answer the question with its first legal answer.")]

    def __init__(self, controller: Any, seat: int | None = None, card: str | None = None,
                 follow: bool = True) -> None:
        super().__init__()
        self.controller = controller
        self.seat = seat
        self.follow = follow  # render whichever seat must act
        self.card = card  # the hand card being placed
        self.reading: str | None = None  # the card in the card text panel
        self.refused: list[str] = []

    def compose(self) -> ComposeResult:
        with Horizontal():
            with Vertical(id="left"):
                yield DiscoBoard()
                with Horizontal(id="below"):
                    yield DiscoHand()
                    yield DiscoCardText()
            with Vertical(id="side"):
                yield DiscoPiles()
                yield Static("(the shell's log)", classes="log")
        yield Static("(the shell's status line)", classes="status")

    def on_mount(self) -> None:
        self.render_table()
        if self.card:
            self.query_one(DiscoBoard).action_row.focus()

    def render_table(self) -> None:
        if self.follow and self.controller.who_must_act() is not None:
            self.seat = self.controller.who_must_act()
        view = self.controller.view(self.seat)
        data = table_data(view)
        if self.card not in {c.id for c in data.hand or ()}:
            self.card = None
        board = self.query_one(DiscoBoard)
        board.show(data, placing(view, self.card, data))
        self.query_one(DiscoHand).show(data.hand, self.card)
        self.query_one(DiscoPiles).show(data.piles)
        card = self.reading or self.card
        self.query_one(DiscoCardText).show(describe(data, card) if card else None)
        status = self.query_one(".status", Static)
        status.update(view.pending.prompt if view.pending else self.controller.what_is_awaited())
        if data.draft.active and board.draft.display:
            board.draft.focus()
        elif self.card is None and not self.query_one(DiscoHand).has_focus:
            self.query_one(DiscoHand).focus()

    def send(self, command: Any) -> None:
        self.card = self.reading = None
        try:
            self.controller.apply(command)
        except Exception as refused:  # (a widget offered a move the rules refuse)
            self.refused.append(str(refused))
        self.render_table()

    def action_answer(self) -> None:
        seat = self.controller.who_must_act()
        legal = self.controller.legal_commands(seat) if seat is not None else []
        answers = [c for c in legal if isinstance(c, Choose)]
        if answers:
            self.send(answers[0])

    def read(self, card: str | None) -> None:
        self.reading = card
        self.render_table()

    @on(DiscoHand.Selected)
    def _selected(self, message: DiscoHand.Selected) -> None:
        self.card, self.reading = message.card, None
        self.render_table()

    @on(DiscoHand.Chosen)
    def _chosen(self, message: DiscoHand.Chosen) -> None:
        self.card, self.reading = message.card, None
        self.render_table()
        if self.card is not None:
            self.query_one(DiscoBoard).action_row.focus()

    @on(DiscoActionRow.GapChosen)
    def _gap_chosen(self, message: DiscoActionRow.GapChosen) -> None:
        self.send(message.command)

    @on(DiscoActionRow.Backed)
    def _backed(self) -> None:
        self.query_one(DiscoHand).focus()

    @on(DiscoDraft.Picked)
    @on(DiscoDraft.Taken)
    @on(DiscoDraft.Passed)
    def _draft(self, message: DiscoDraft.Picked | DiscoDraft.Taken | DiscoDraft.Passed) -> None:
        self.send(message.command)

    @on(DiscoActionRow.CardClicked)
    @on(DiscoOrbitRow.CardClicked)
    def _clicked(self, message: Any) -> None:
        answer = answer_command(self.controller.view(self.seat), message.card)
        if answer is not None:
            self.send(answer)  # a card the question may choose: choose it
        else:
            self.read(message.card)

    @on(DiscoActionRow.CardHighlighted)
    @on(DiscoOrbitRow.CardHighlighted)
    @on(DiscoPiles.TrashHighlighted)
    @on(DiscoDraft.Highlighted)
    def _read(self, message: Any) -> None:
        self.read(message.card)
