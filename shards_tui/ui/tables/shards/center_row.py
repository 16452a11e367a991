"""The center row: six card boxes side by side (keys 1-6), and the center deck count.

One widget draws all six boxes, each framed in its faction's colour (dashed when the slot is
empty, heavy when selected) with its slot number on top and the keys that may act on it
underneath. It repaints only the rows that changed: a card you can now afford repaints the
bottom row of its box, a new selection two boxes.
"""

from __future__ import annotations

from typing import Hashable

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

from shards_tui.ui.widgets._tcss import tcss
from shards_tui.ui.tables.shards.card_lines import box_lines, fit, run_style, wrap
from shards_tui.ui.tables.shards.card_region import CardRegion, DrawnRows, faction_class
from shards_tui.ui.tables.shards.describe import CardInfo
from shards_tui.ui.widgets.unchanged import set_border_title

SLOTS = 6
PREFIX = "center-row"
FRAMES = {  # (top left, top, top right), (side, side), (bottom left, bottom, bottom right)
    "round": (("╭", "─", "╮"), ("│", "│"), ("╰", "─", "╯")),
    "heavy": (("┏", "━", "┓"), ("┃", "┃"), ("┗", "━", "┛")),
    "dashed": (("┏", "╍", "┓"), ("╏", "╏"), ("┗", "╍", "┛")),
}


def slot_edges(width: int) -> list[int]:
    """Where each box starts (and the last one ends): six shares of ``width``, as even as
    whole cells allow."""
    return [width * n // SLOTS for n in range(SLOTS + 1)]


class CenterRow(CardRegion, Widget):
    """``show(cards, deck_count, empty, selected)``; ``select(slot)`` moves the selection."""

    COMPONENT_CLASSES = {f"{PREFIX}--{name}" for name in (
        "homodeus", "order", "undergrowth", "wraethe", "neutral", "empty", "selected",
        "selected-frame", "hover", "keys")}
    DEFAULT_CSS = tcss(__file__)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._cards: list[CardInfo | None] = [None] * SLOTS
        self._empty = "(empty)"
        self._selected: int | None = None  # slot 1-6
        self._hover: int | None = None
        self._boxes: list[Hashable] = []  # what each box shows
        self._lines: list[tuple[Strip, ...]] = []  # each row: its six parts
        self._drawn = DrawnRows()

    @property
    def cards(self) -> list[CardInfo | None]:
        return list(self._cards)

    def card(self, slot: int) -> CardInfo | None:
        """The card in slot 1-6 (None if the slot is empty)."""
        return self._cards[slot - 1] if 1 <= slot <= SLOTS else None

    def show(self, cards: list[CardInfo | None], deck_count: int, empty: str = "(empty)",
             selected: int | None = None) -> None:
        """``empty`` is what an empty slot says (in the Nemesis turn, why it is empty);
        ``selected``: the selected slot (1-6), if the selection is here."""
        set_border_title(self, f"Center row (keys 1-6) · center deck: {deck_count} cards")
        cards = [cards[n] if n < len(cards) else None for n in range(SLOTS)]
        if (cards, empty, selected) == (self._cards, self._empty, self._selected):
            return  # (its boxes are drawn from these alone)
        if cards != self._cards:
            self._hover = None
        self._cards, self._empty, self._selected = cards, empty, selected
        self._update()

    def select(self, slot: int | None) -> None:
        if slot != self._selected:
            self._selected = slot
            self._update()

    # ---- drawing ----------------------------------------------------------------------------

    def _update(self) -> None:
        self._boxes = [(card, self._empty if card is None else "", n + 1 == self._selected,
                        n == self._hover) for n, card in enumerate(self._cards)]
        width, height = self.content_size
        if width <= 0 or height <= 0:
            return
        before, self._lines = self._lines, self._draw_lines(width, height)
        changed = [y for y in range(height)
                   if y >= len(before) or before[y] != self._lines[y]]
        if len(before) != len(self._lines):
            self.refresh()
        elif changed:
            self.refresh(*(Region(0, y, width, 1) for y in changed))

    def _draw_lines(self, width: int, height: int) -> list[tuple[Strip, ...]]:
        edges = slot_edges(width)
        boxes = [self._drawn.get(self, (box, edges[n + 1] - edges[n], height),
                                 lambda box=box, w=edges[n + 1] - edges[n]: self._draw_box(box, w, height))
                 for n, box in enumerate(self._boxes)]
        return [tuple(box[y] for box in boxes) for y in range(height)]

    def _draw_box(self, box: Hashable, width: int, height: int) -> tuple[Strip, ...]:
        """The rows of one box (a tuple of strips, one per row, kept together in the cache)."""
        card, empty, selected, hovered = box
        classes = [f"{PREFIX}--empty" if card is None else faction_class(PREFIX, card)]
        if hovered:
            classes.append(f"{PREFIX}--hover")
        if selected:
            classes.append(f"{PREFIX}--selected")
        style = self.get_visual_style(*classes).rich_style
        frame_style = style + self._partial(f"{PREFIX}--selected-frame") if selected else style
        frame = FRAMES["heavy" if selected else "dashed" if card is None else "round"]
        inner = max(0, width - 2)
        keys = " ".join(card.keys) if card is not None and card.keys else ""
        top = _edge(frame[0], inner, frame_style, card.label if card is not None else "",
                    frame_style, right=False)
        bottom = _edge(frame[2], inner, frame_style, keys,
                       frame_style + self._partial(f"{PREFIX}--keys"), right=True)
        if card is None:
            lines = [(line, "italic") for line in wrap(empty, inner, height - 2)]
        else:
            lines = box_lines(card, inner, height - 2, selected)
        rows = [top]
        for y in range(height - 2):
            text, line_style = lines[y] if y < len(lines) else ("", "")
            text = fit(text, inner)
            rows.append(Strip([Segment(frame[1][0], frame_style),
                               Segment(text, style + run_style(line_style)),
                               Segment(" " * (inner - cell_len(text)), style),
                               Segment(frame[1][1], frame_style)], width))
        rows.append(bottom)
        return tuple(rows[:height])

    def _partial(self, component: str) -> Style:
        """A component's own style (its colour, say), to lay over another."""
        return self.get_visual_style(component, partial=True).rich_style

    def render_line(self, y: int) -> Strip:
        width, height = self.content_size
        if len(self._lines) != height or (self._lines and sum(
                part.cell_length for part in self._lines[0]) != width):
            self._lines = self._draw_lines(width, height) if width > 0 and height > 0 else []
        if not 0 <= y < len(self._lines):
            return Strip.blank(width, self.visual_style.rich_style)
        return Strip.join(self._lines[y])

    # ---- the mouse ----------------------------------------------------------------------------

    def _card_at(self, event: events.MouseEvent) -> int | None:
        offset = event.get_content_offset(self)
        if offset is None:
            return None
        edges = slot_edges(self.content_size.width)
        return next((n for n in range(SLOTS) if edges[n] <= offset.x < edges[n + 1]), None)


def _edge(chars: tuple[str, str, str], inner: int, style: Style, label: str, label_style: Style,
          right: bool) -> Strip:
    """A top or bottom edge with a label: '╭─ 1 ──────╮' (left) or '╰───── r f ─╯' (right)."""
    left_corner, line, right_corner = chars
    label = fit(label, max(0, inner - 4)) if label else ""
    if not label or inner < 5:
        return Strip([Segment(left_corner + line * inner + right_corner, style)], inner + 2)
    room = inner - cell_len(label) - 2  # the label with a space on each side
    lead, tail = (room - 1, 1) if right else (1, room - 1)
    return Strip([Segment(left_corner + line * lead + " ", style), Segment(label, label_style),
                  Segment(" " + line * tail + right_corner, style)], inner + 2)
