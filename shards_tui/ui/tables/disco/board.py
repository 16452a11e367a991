"""The board: both orbit rows with the action row between them, in one set of columns, and
each player's meters beside their orbit row; the draft takes the action row's place while a
draft is on.

Attributes down: ``show(data, placing)`` hands each part its share of the table data
(``TableData``) and the hand card being placed (``Placing``). The parts post their own
messages, which bubble up through the board to the screen.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical

from shards_tui.games.disco.models import Phase
from shards_tui.ui.tables.disco.action_row import DiscoActionRow
from shards_tui.ui.tables.disco.draft import DiscoDraft
from shards_tui.ui.tables.disco.meters import DiscoMeters
from shards_tui.ui.tables.disco.orbit_row import DiscoOrbitRow
from shards_tui.ui.tables.disco.placement import Placing
from shards_tui.ui.tables.disco.table_data import TableData
from shards_tui.ui.widgets._tcss import tcss

PHASES = {"setup": "drafting the starting decks", "place": "placement", "action": "action phase",
          "drift": "drift", "end": "end of round", "start": "start of round",
          "start_effects": "start of round", "cleanup": "cleanup", "draft": "draft cycles"}


def row_title(data: TableData) -> str:
    """'Action row · round 3, placement' (with the space firing in the action phase)."""
    if data.phase == Phase.SETUP:
        return "Action row · before round 1"
    firing = f": space {data.row.firing} firing" if data.row.firing else ""
    return f"Action row · round {data.round}, {PHASES.get(data.phase, data.phase)}{firing}"


class DiscoBoard(Vertical):
    DEFAULT_CSS = tcss(__file__)

    def compose(self) -> ComposeResult:
        yield DiscoMeters(id="far-meters")
        yield DiscoOrbitRow(id="far-orbit")
        yield DiscoActionRow(id="action-row")
        yield DiscoDraft(id="draft")
        yield DiscoOrbitRow(id="near-orbit")
        yield DiscoMeters(id="near-meters")

    def show(self, data: TableData, placing: Placing | None = None) -> None:
        far, near = data.orbits
        self.query_one("#far-meters", DiscoMeters).show(data.meters[0])
        self.query_one("#near-meters", DiscoMeters).show(data.meters[1])
        self.query_one("#far-orbit", DiscoOrbitRow).show(far)
        self.query_one("#near-orbit", DiscoOrbitRow).show(near)
        drafting = data.draft.active and placing is None
        self.action_row.show(data.row, placing, row_title(data))
        self.action_row.display = not drafting
        self.draft.show(data.draft)
        self.draft.display = drafting

    @property
    def action_row(self) -> DiscoActionRow:
        return self.query_one(DiscoActionRow)

    @property
    def draft(self) -> DiscoDraft:
        return self.query_one(DiscoDraft)

    def orbit(self, near: bool) -> DiscoOrbitRow:
        return self.query_one("#near-orbit" if near else "#far-orbit", DiscoOrbitRow)
