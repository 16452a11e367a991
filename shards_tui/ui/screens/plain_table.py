"""A plain table for a game that has no table screen of its own yet: the players' public facts
as lines of text, the question, the log. It shows positions (a replay), any game's, from its
view alone; nobody plays at it."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.containers import VerticalScroll
from textual.widget import Widget
from textual.widgets import Static

from shards_tui.core.view import SeatView
from shards_tui.core.wording import who_won
from shards_tui.ui.tables.base.screen import TableScreen
from shards_tui.ui.widgets.command_line import CommandLine
from shards_tui.ui.widgets.decision import DecisionPanel
from shards_tui.ui.widgets.key_hints import KeyHint, KeyHints, StatusLine
from shards_tui.ui.widgets.log_view import LogView
from shards_tui.ui.widgets.steady_footer import SteadyFooter

MAX_LISTED = 12  # items of a list a line names before it says how many more


def fact_text(value: Any) -> str:
    """One public fact as a player reads it: a number, a name, or a list of names."""
    if isinstance(value, list):
        names = [fact_text(v) for v in value]
        more = f" and {len(names) - MAX_LISTED} more" if len(names) > MAX_LISTED else ""
        return (", ".join(names[:MAX_LISTED]) + more) if names else "none"
    if isinstance(value, dict):
        return str(value.get("name") or value.get("card") or value.get("id") or
                   ", ".join(f"{k} {fact_text(v)}" for k, v in value.items()))
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "—" if value is None else str(value)


def player_lines(view: Any) -> Text:
    """Each player's public facts (and the seat's own, in its own view), a line for each."""
    text = Text()
    for player in view.public()["players"]:
        seat = player.get("seat")
        text.append(str(player.get("name", "?")), style="bold")
        if seat == view.you:
            text.append(" (this view)", style="dim")
        text.append("\n")
        for key, value in player.items():
            if key in ("seat", "name"):
                continue
            text.append(f"  {key.replace('_', ' ')}: ", style="dim")
            text.append(f"{fact_text(value)}\n")
    return text


class PlainTable(TableScreen[SeatView]):
    DEFAULT_CSS = """
    PlainTable #plain-facts { height: 1fr; border: round $accent; padding: 0 1; }
    PlainTable LogView { height: 8; border: round $accent-darken-2; }
    PlainTable CommandLine { display: none; }
    """

    def table_parts(self) -> list[Widget]:
        return [VerticalScroll(Static("", id="plain-players"), id="plain-facts"),
                DecisionPanel(id="decision"), StatusLine(id="status"), KeyHints(id="actions"),
                LogView(id="log"), CommandLine(id="command"), SteadyFooter(compact=True)]

    def show_view(self, view: SeatView, seat: int | None) -> tuple[str, list[KeyHint]]:
        self.query_one("#plain-players", Static).update(player_lines(view))
        panel = self._part(DecisionPanel)
        panel.display = False
        heading = f"Turn {view.turn}, {view.phase}"
        if view.pending is not None:
            heading += f" · {self.ctl.seat_name(view.pending.seat)}: {view.pending.prompt}"
        return heading, []

    def summary(self) -> tuple[str, list[str]]:
        names = [self.ctl.seat_name(s) for s in self.ctl.winners or []]
        return who_won(names), []
