"""Helpers for the Disco table widgets' tests: positions, and small apps that show the widgets
(one at a time, or all of them laid out as a table screen would) and record their messages."""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Static

from shards_tui.core.registry import game
from shards_tui.ui.tables.disco.board import DiscoBoard
from shards_tui.ui.tables.disco.card_details import describe
from shards_tui.ui.tables.disco.card_text import DiscoCardText
from shards_tui.ui.tables.disco.hand import DiscoHand
from shards_tui.ui.tables.disco.messages import SentBy
from shards_tui.ui.tables.disco.piles import DiscoPiles
from shards_tui.ui.tables.disco.placement import placing
from shards_tui.ui.tables.disco.table_data import table_data


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


def screen_text(app: App) -> str:
    """Everything on the terminal now, as plain text."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


class PartApp(App[None]):
    """Shows one widget; records every message the Disco widgets post."""

    def __init__(self, part: Widget, css: str = "") -> None:
        super().__init__()
        self.part = part
        self.posted: list[Message] = []
        if css:
            self.CSS = css

    def compose(self) -> ComposeResult:
        yield self.part

    def on_mount(self) -> None:
        if self.part.can_focus:
            self.part.focus()

    @on(SentBy)  # (an @on handler also receives every subclass of its message)
    def _record(self, message: SentBy) -> None:
        self.posted.append(message)

    def of(self, kind: type[Message]) -> list[Any]:
        return [m for m in self.posted if isinstance(m, kind)]


class TableLayoutApp(App[None]):
    """The widgets laid out as a table screen would (the shell's parts as plain panels): the
    board on the left with the hand and card text below it; at 100 columns and more the piles
    in a column on the right, over a log."""

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

    def __init__(self, controller: Any, seat: int | None, card: str | None = None) -> None:
        super().__init__()
        self.controller = controller
        self.seat = seat
        self.card = card

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
        view = self.controller.view(self.seat)
        data = table_data(view)
        self.query_one(DiscoBoard).show(data, placing(view, self.card, data))
        self.query_one(DiscoHand).show(data.hand, self.card)
        self.query_one(DiscoCardText).show(describe(data, self.card) if self.card else None)
        self.query_one(DiscoPiles).show(data.piles)
        if self.card:
            self.query_one(DiscoBoard).action_row.focus()
