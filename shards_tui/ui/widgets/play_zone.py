"""Your play zone: the cards played this turn (one line) and your champions (selectable)."""

from __future__ import annotations

from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Static

from shards_tui.ui.widgets._tcss import tcss
from shards_tui.ui.widgets.card_rows import CardRows
from shards_tui.ui.widgets.describe import CardInfo
from shards_tui.ui.widgets.unchanged import set_border_title, steady_update, unchanged


class PlayZone(Vertical):
    DEFAULT_CSS = tcss(__file__)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._played = Static("", classes="played")
        self.champions = CardRows(classes="champions")

    def compose(self):
        yield self._played
        yield self.champions

    def show(self, played: str, champions: list[CardInfo], title: str = "In play",
             phase: str = "", selected: str | None = None) -> None:
        set_border_title(self, title)
        if not unchanged(self, "played", played, phase):
            lead = f"{phase} · " if phase else ""
            steady_update(self._played,
                          Content(lead + (f"Played: {played}" if played else "Played: nothing yet")))
        self.champions.display = bool(champions)
        self.champions.show(champions, selected)
