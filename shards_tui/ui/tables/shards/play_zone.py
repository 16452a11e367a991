"""Your play zone: the cards played this turn (a line, two if need be) and your champions
(selectable)."""

from __future__ import annotations

from typing import Hashable

from textual.containers import Vertical
from textual.content import Content
from textual.strip import Strip

from shards_tui.ui.widgets._tcss import tcss
from shards_tui.ui.tables.shards.card_rows import CardRows
from shards_tui.ui.tables.shards.describe import CardInfo
from shards_tui.ui.widgets.rows_view import RowsView, plain_rows
from shards_tui.ui.widgets.unchanged import set_border_title


class PlayedLine(RowsView):
    """'Turn 3, play phase · Played: Crystal ×2, Blaster'."""

    def paragraph_text(self, paragraph: Hashable) -> Content:
        return Content(str(paragraph))

    def paragraph_rows(self, paragraph: Hashable, width: int) -> list[Strip]:
        """Plain text wrapped by words, made quickly (it changes with every card played)."""
        return plain_rows(str(paragraph), width, self.visual_style.rich_style)

    @property
    def text(self) -> str:
        return "\n".join(str(p) for p in self.paragraphs)


class PlayZone(Vertical):
    DEFAULT_CSS = tcss(__file__)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._played = PlayedLine(classes="played")
        self.champions = CardRows(classes="champions")

    def compose(self):
        yield self._played
        yield self.champions

    def show(self, played: str, champions: list[CardInfo], title: str = "In play",
             phase: str = "", selected: str | None = None) -> None:
        set_border_title(self, title)
        lead = f"{phase} · " if phase else ""
        self._played.show_paragraphs(
            [lead + (f"Played: {played}" if played else "Played: nothing yet")])
        self.champions.display = bool(champions)
        self.champions.show(champions, selected)
