"""The battlefield: both sides, the opponent's beyond and the viewer's nearer, each with its
meters line.

Attributes down: ``show(data)`` (``TableData``). Composes, top to bottom, ``#far-meters``
(``NetMeters``), ``#far-side`` and ``#near-side`` (``NetSide``), ``#near-meters``; the sides'
messages bubble through it. ``.side(near)`` and ``.meters(near)`` reach the parts.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical

from shards_tui.ui.tables.fractured_net.meters import NetMeters
from shards_tui.ui.tables.fractured_net.side import NetSide
from shards_tui.ui.tables.fractured_net.table_data import TableData
from shards_tui.ui.widgets._tcss import tcss


class NetBattlefield(Vertical):
    DEFAULT_CSS = tcss(__file__)

    def compose(self) -> ComposeResult:
        yield NetMeters(id="far-meters")
        yield NetSide(id="far-side")
        yield NetSide(id="near-side")
        yield NetMeters(id="near-meters")

    def side(self, near: bool) -> NetSide:
        return self.query_one("#near-side" if near else "#far-side", NetSide)

    def meters(self, near: bool) -> NetMeters:
        return self.query_one("#near-meters" if near else "#far-meters", NetMeters)

    def show(self, data: TableData) -> None:
        far, near = data.sides
        self.meters(False).show(far)
        self.side(False).show(far)
        self.side(True).show(near)
        self.meters(True).show(near)
