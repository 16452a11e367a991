"""Cards one to a row: your hand, your champions, an opponent's champions.

The widget draws its rows itself and repaints only those whose card, selection mark or hover
changed, so playing a card repaints a few rows of the hand and lays out nothing. It is told
which card is selected (``select``) and scrolls to it; the mouse posts ``Hovered`` and
``Clicked`` (``CardRegion``). With no cards it may show one line of ``note``.
"""

from __future__ import annotations

from itertools import zip_longest
from typing import Hashable

from rich.cells import cell_len
from textual import events
from textual.geometry import Region, Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from shards_tui.ui.textual_compat.moved_rows import keep_moved_rows
from shards_tui.ui.textual_compat.widgets import AfterSize
from shards_tui.ui.widgets._tcss import tcss
from shards_tui.ui.tables.shards.card_lines import card_row, fit, plain
from shards_tui.ui.tables.shards.card_region import CardRegion, DrawnRows, faction_class
from shards_tui.ui.tables.shards.describe import CardInfo
from shards_tui.ui.widgets.rows_view import row_runs, runs_line
from shards_tui.ui.widgets.unchanged import set_virtual_size

PREFIX = "card-rows"


class CardRows(CardRegion, AfterSize, ScrollView, can_focus=False):
    COMPONENT_CLASSES = {f"{PREFIX}--{name}" for name in (
        "homodeus", "order", "undergrowth", "wraethe", "neutral", "exhausted", "selected",
        "hover", "note")}
    DEFAULT_CSS = tcss(__file__)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        keep_moved_rows(self)  # (a hand closes up when a card is played)
        self._cards: list[CardInfo] = []
        self._note = ""
        self._selected: str | None = None
        self._hover: int | None = None
        self._rows: list[Hashable] = []  # what each row shows
        self._owner = ""  # named at the end of each card's row when set (tag_owner)
        self._drawn = DrawnRows()

    @property
    def cards(self) -> list[CardInfo]:
        return list(self._cards)

    @property
    def selected(self) -> str | None:
        return self._selected

    @property
    def note(self) -> str:
        """The line shown instead of cards ('' when there are cards)."""
        return "" if self._cards else self._note

    def show(self, cards: list[CardInfo], selected: str | None = None, note: str = "") -> None:
        """``selected``: the id of the selected card, if it is one of these."""
        cards = list(cards)
        selected = selected if any(c.id == selected for c in cards) else None
        if (cards, note, selected) == (self._cards, self._note, self._selected):
            return  # (its rows are drawn from these alone)
        if cards != self._cards:
            self._hover = None  # the row under the mouse shows another card now
        self._cards, self._note = cards, note
        self._selected = selected
        self._update()

    def tag_owner(self, owner: str) -> None:
        """Name ``owner`` at the end of each card's row ('' for no one): where the line that
        names them is scrolled out of sight, a champion alone reads as no one's."""
        if owner != self._owner:
            self._owner = owner
            self._update()

    def select(self, selected: str | None) -> None:
        selected = selected if any(c.id == selected for c in self._cards) else None
        if selected != self._selected:
            self._selected = selected
            self._update()

    # ---- rows ---------------------------------------------------------------------------------

    def _row_keys(self) -> list[Hashable]:
        if not self._cards:
            return [("note", self._note)] if self._note else []
        return [(card, card.id == self._selected, n == self._hover, self._owner)
                for n, card in enumerate(self._cards)]

    def _update(self) -> None:
        before, self._rows = self._rows, self._row_keys()
        if len(before) != len(self._rows):
            set_virtual_size(self, Size(self.scrollable_content_region.width, len(self._rows)))
            if self.styles.height is None or self.styles.height.is_auto:
                self.refresh(layout=True)  # a list as tall as its cards: one row more or less
        top = round(self.scroll_offset.y)
        changed = [y - top for y, (old, new) in enumerate(zip_longest(before, self._rows))
                   if old != new]
        if changed:  # (one repaint asked for: a hand that closes up changes most of its rows)
            self.refresh(*row_runs(changed, self.size.width))
        self._scroll_to_selected()

    def _scroll_to_selected(self) -> None:
        index = next((n for n, c in enumerate(self._cards) if c.id == self._selected), None)
        height = self.scrollable_content_region.height
        if index is None or height <= 0:
            return
        top = round(self.scroll_offset.y)
        if index < top:
            self.scroll_to(y=index, animate=False, immediate=True)
        elif index >= top + height:
            self.scroll_to(y=index - height + 1, animate=False, immediate=True)

    def row_region(self, card_id: str) -> Region | None:
        """Where a card's row is on the screen (None if it is not one of these cards)."""
        index = next((n for n, c in enumerate(self._cards) if c.id == card_id), None)
        if index is None:
            return None
        content = self.scrollable_content_region
        return Region(content.x, content.y + index - round(self.scroll_offset.y), content.width, 1)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._rows)

    def size_updated(self, changed: bool) -> None:
        set_virtual_size(self, Size(self.scrollable_content_region.width, len(self._rows)))

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        index = round(self.scroll_offset.y) + y
        if not 0 <= index < len(self._rows):
            return Strip.blank(width, self.visual_style.rich_style)
        key = self._rows[index]
        return self._drawn.get(self, (key, width), lambda: self._draw(key, width))

    def _draw(self, key: Hashable, width: int) -> Strip:
        if key[0] == "note":
            runs, classes = [(key[1], "")], [f"{PREFIX}--note"]
        else:
            card, selected, hovered, owner = key
            tag = f" {fit(owner, 14)} " if owner else ""
            runs = card_row(card, max(width - cell_len(tag), 8) if tag else width, selected)
            if tag:  # at the right-hand end
                room = width - cell_len(tag) - cell_len(plain(runs))
                runs += [(" " * max(0, room), ""), (tag, "italic")]
            classes = [faction_class(PREFIX, card)]
            if card.exhausted:
                classes.append(f"{PREFIX}--exhausted")
            if hovered:
                classes.append(f"{PREFIX}--hover")
            if selected:
                classes.append(f"{PREFIX}--selected")
        return runs_line(runs, width, self.get_visual_style(*classes).rich_style)

    # ---- the mouse ------------------------------------------------------------------------------

    def _card_at(self, event: events.MouseEvent) -> int | None:
        offset = event.get_content_offset(self)
        if offset is None:
            return None
        index = round(self.scroll_offset.y) + offset.y
        return index if 0 <= index < len(self._cards) else None
