"""Helpers for The Fractured Net's table widget tests: positions, and a small app that shows one
widget and records every message the widgets post."""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import App, ComposeResult

from shards_tui.core.registry import game
from shards_tui.ui.widgets.card_messages import SentBy
from tests.ui.part_app import PartApp, screen_text, showing  # noqa: F401  (the tests import them from here)

FILLER = ["relay_courier"] * 6


def net_position(ana: dict | None = None, ben: dict | None = None, **setup: Any):
    """A position in Ana's main phase (seat 0) unless ``setup`` says otherwise."""
    seats = [{"name": name, "deck": list(FILLER), **(spec or {})}
             for name, spec in (("Ana", ana), ("Ben", ben))]
    return game("fractured_net").controller.build({"kind": "scenario", "players": seats, **setup})


def net_game(seed: int = 7, **extra: Any):
    players = [{"name": "Ana", "deck": "kernel"}, {"name": "Ben", "deck": "rupture"}]
    return game("fractured_net").controller.build({"kind": "new", "seed": seed,
                                                   "players": players, **extra})


def blocking_position():
    """Ben assigns blockers: Ana attacks with Unstable Golem (5/5) and a Relay Courier (1/1)."""
    ctl = net_position({"creatures": ["unstable_golem", "relay_courier"]},
                       {"creatures": ["relay_courier", "scrap_golem", {"card": "iron_bulwark",
                                                                       "tapped": True}]})
    for line in ("attack unstable_golem", "attack relay_courier", "confirm"):
        ctl.apply(line, 0)
    ctl.apply("pass", 1)
    return ctl


class TablePlayApp(App[None]):
    """The widgets laid out and wired as a table screen would wire them (the shell's parts as
    plain panels), to play through them: each message becomes a command for the controller or a
    card to read, and every change renders the seat to act from its view (hot-seat without the
    hand-off cover, or always ``seat``)."""

    CSS = """
    #left { width: 1fr; }
    #below { height: 1fr; min-height: 5; }
    #below > NetHand { width: 1fr; }
    #below > NetCardText { width: 1fr; height: 100%; }
    #side-column { width: 36; }
    #side-column > .log { height: 1fr; border: round $panel-lighten-2; }
    Screen.-narrow #side-column { display: none; }
    Screen.-short NetCardText { display: none; }
    Screen.-short NetSide { border: none; padding: 0; }
    Screen.-short NetCombat { border: none; padding: 0; }
    .status { height: 1; background: $panel; }
    """
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (32, "-tall")]
    BINDINGS = [("e", "turn_bar('end')", "End turn"), ("p", "turn_bar('pass')", "Pass"),
                ("tab", "focus_next", "Next part")]

    def action_turn_bar(self, what: str) -> None:
        from shards_tui.ui.tables.fractured_net.turn_bar import NetTurnBar

        bar = self.query_one(NetTurnBar)
        bar.action_end() if what == "end" else bar.action_pass()

    def __init__(self, controller: Any, seat: int | None = None, follow: bool = True) -> None:
        super().__init__()
        self.controller = controller
        self.seat = seat
        self.follow = follow
        self.reading: str | None = None
        self.refused: list[str] = []
        self.note = ""

    def compose(self) -> ComposeResult:
        from textual.containers import Horizontal, Vertical
        from textual.widgets import Static

        from shards_tui.ui.tables.fractured_net.battlefield import NetBattlefield
        from shards_tui.ui.tables.fractured_net.card_text import NetCardText
        from shards_tui.ui.tables.fractured_net.combat_panel import NetCombat
        from shards_tui.ui.tables.fractured_net.hand import NetHand
        from shards_tui.ui.tables.fractured_net.mulligan import NetMulligan
        from shards_tui.ui.tables.fractured_net.turn_bar import NetTurnBar

        yield NetTurnBar()
        with Horizontal():
            with Vertical(id="left"):
                yield NetBattlefield()
                yield NetMulligan()
                yield NetCombat()
                with Horizontal(id="below"):
                    yield NetHand()
                    yield NetCardText()
            with Vertical(id="side-column"):
                yield Static("(the shell's log)", classes="log")
        yield Static("", classes="status")

    def on_mount(self) -> None:
        self.render_table()

    def render_table(self) -> None:
        from textual.widgets import Static

        from shards_tui.ui.tables.fractured_net.battlefield import NetBattlefield
        from shards_tui.ui.tables.fractured_net.card_details import describe
        from shards_tui.ui.tables.fractured_net.card_text import NetCardText
        from shards_tui.ui.tables.fractured_net.combat_panel import NetCombat, mode_of
        from shards_tui.ui.tables.fractured_net.hand import NetHand
        from shards_tui.ui.tables.fractured_net.mulligan import NetMulligan
        from shards_tui.ui.tables.fractured_net.table_data import table_data
        from shards_tui.ui.tables.fractured_net.turn_bar import NetTurnBar

        if self.follow:
            acting = self.controller.acting_seats()
            if acting and self.seat not in acting:
                self.seat = acting[0]
        view = self.controller.view(self.seat)
        data = table_data(view)
        self.data = data
        self.query_one(NetTurnBar).show(data)
        self.query_one(NetBattlefield).show(data)
        mulligan = self.query_one(NetMulligan)
        mulligan.display = data.mulligan.active
        mulligan.show(data.mulligan, data.hand)
        combat = self.query_one(NetCombat)
        combat.display = mode_of(data) != "none"
        combat.show(data)
        hand = self.query_one(NetHand)
        hand.display = not data.mulligan.active
        hand.show(data.hand, data.near_side.energy.available)
        self.query_one(NetCardText).show(describe(data, self.reading or hand.selected))
        self.query_one(".status", Static).update(self.note)
        if data.mulligan.mine:
            mulligan.focus()
        elif mode_of(data) in ("blocking",) or (mode_of(data) == "declaring" and data.combat.attackers):
            combat.focus()
        elif not any(w.has_focus for w in (hand, combat, self.query_one(NetBattlefield).side(True),
                                           self.query_one(NetBattlefield).side(False))):
            hand.focus()

    def send(self, command: Any) -> None:
        self.reading = None
        self.note = ""
        try:
            self.controller.apply(command)
        except Exception as refused:
            self.refused.append(str(refused))
            self.note = str(refused)
        self.render_table()

    @on(SentBy)
    def _message(self, message: SentBy) -> None:
        from shards_tui.ui.tables.fractured_net.hand import NetHand
        from shards_tui.ui.tables.fractured_net.side import NetSide
        from shards_tui.ui.tables.fractured_net.table_data import answer_command

        command = getattr(message, "command", None)
        if isinstance(message, NetHand.Played) and command is None:
            self.note = message.why_not
            self.render_table()
        elif command is not None:
            self.send(command)
        elif isinstance(message, NetSide.Chosen) and message.card:
            answer = answer_command(self.controller.view(self.seat), message.card)
            if answer is not None:
                self.send(answer)
            else:
                self.reading = message.card
                self.render_table()
        elif getattr(message, "card", None):
            self.reading = message.card
            self.render_table()
