"""The action row: six spaces side by side, in the same columns as the orbit rows.

Attributes down: ``show(row, placing)`` with the row (``RowData``) and, while the viewer is
placing a hand card, every legal placement of it with its preview (``Placing``). The widget
keeps only a cursor: a gap while placing (0 before the first card, up to the number of cards),
else a space (for reading cards). While placing it draws the row as it would be after the card
goes into the gap under the cursor: the new card framed heavy, each card that would move
marked with the space it leaves ('4 was 3').

Messages up: ``GapHighlighted`` (the cursor or the mouse moved to another gap),
``GapChosen`` (Enter, or a click on a gap: it carries the legal ``Place`` command),
``CardHighlighted`` and ``CardClicked`` (a card of the row, when not placing), ``Backed``
(Escape while placing).
"""

from __future__ import annotations

from typing import Hashable

from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from shards_tui.ui.tables.disco.drawn import DrawnLines
from shards_tui.ui.widgets.card_messages import CardMessage, SentBy
from shards_tui.ui.tables.disco.paint import COLUMNS, DASHED, HEAVY, ROUND, column_at, column_edges, \
    Line, framed, joined, with_tokens, wrapped
from shards_tui.ui.tables.disco.placement import Placing, Preview, PreviewSpace
from shards_tui.ui.tables.disco.table_data import CardFace, RowCard, RowData
from shards_tui.ui.widgets._tcss import tcss

PREFIX = "action-row"


def _jump_bindings() -> list[Binding]:
    return [Binding(str(n), f"jump({n})", f"Gap {n}", show=False, id=f"disco.row.jump{n}",
                    tooltip=f"Placing: the gap where the card takes space {n}. "
                            f"Otherwise: read the card in space {n}.")
            for n in range(1, COLUMNS + 2)]


def asks_words(preview: Preview) -> str:
    """'it asks you: select a card in the action row to swap' (the question a placement's
    effect asks next, without the card's name before it)."""
    prompt = preview.asks.removeprefix(f"{preview.card.name}: ")
    return f"it asks {'you' if preview.asks_you else 'your opponent'}: {prompt.rstrip('.')}"


class PreviewMessage(SentBy):
    """A message about a gap: ``preview`` (the row after the placement), ``card`` (the hand
    card's id), ``gap`` and ``command`` (the legal ``Place``)."""

    def __init__(self, row: Widget, preview: Preview) -> None:
        super().__init__(row)
        self.preview = preview
        self.card = preview.card.id
        self.gap = preview.gap
        self.command = preview.command


class DiscoActionRow(DrawnLines, can_focus=True):
    DEFAULT_CSS = tcss(__file__)
    COMPONENT_CLASSES = {f"{PREFIX}--{name}" for name in (
        "mine", "theirs", "empty", "new", "moved", "firing", "fired", "cursor", "option")}
    BINDINGS = [
        Binding("left", "move(-1)", "Left", id="disco.row.left",
                tooltip="Placing: the gap to the left. Otherwise: the space to the left."),
        Binding("right", "move(1)", "Right", id="disco.row.right",
                tooltip="Placing: the gap to the right. Otherwise: the space to the right."),
        Binding("home", "move(-9)", "First", show=False, id="disco.row.first",
                tooltip="The first gap (or space)."),
        Binding("end", "move(9)", "Last", show=False, id="disco.row.last",
                tooltip="The last gap (or space)."),
        *_jump_bindings(),
        Binding("enter", "choose", "Place here", id="disco.row.choose",
                tooltip="Placing: put the card into the gap shown. Otherwise: pick the card "
                        "under the cursor."),
        Binding("escape", "back", "Back", id="disco.row.back",
                tooltip="Stop placing and go back to your hand."),
    ]

    cursor: reactive[int] = reactive(0, init=False)

    class GapHighlighted(PreviewMessage):
        """The gap under the cursor changed; ``preview`` is the row if the card went there."""

    class GapChosen(PreviewMessage):
        """Place the card into this gap: ``command`` is the legal ``Place``."""

    class CardHighlighted(CardMessage):
        """The cursor is on a card of the row (``card``: its id), or on an empty space (None)."""

    class CardClicked(CardMessage):
        """A card of the row was clicked, or Enter pressed on it (not while placing)."""

    class Backed(SentBy):
        """Escape while placing: the player wants their hand back."""

    PREFIX = PREFIX

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._row = RowData((None,) * COLUMNS, 0)
        self._placing: Placing | None = None
        self._title = "Action row"
        self._boxes: dict[Hashable, list[Line]] = {}  # drawn boxes, for one size and style
        self._boxes_for: Hashable = None

    # ---- attributes down ------------------------------------------------------------------

    def show(self, row: RowData, placing: Placing | None = None, title: str = "Action row") -> None:
        """The row, and the hand card being placed (its legal gaps and their previews)."""
        was = self._placing
        self._row, self._placing = row, placing
        if placing is not None:
            keep = was is not None and was.card.id == placing.card.id and self.cursor in placing.gaps
            self.set_reactive(DiscoActionRow.cursor, self.cursor if keep else placing.gaps[-1])
        elif was is not None:  # from a gap to a card: the last placed, if the gap was past it
            self.set_reactive(DiscoActionRow.cursor, min(self.cursor, max(0, row.placed - 1)))
        else:
            self.set_reactive(DiscoActionRow.cursor, min(self.cursor, len(row.spaces) - 1))
        self._title = title
        self._label()
        self.refresh()

    @property
    def row(self) -> RowData:
        return self._row

    @property
    def placing(self) -> Placing | None:
        return self._placing

    @property
    def preview(self) -> Preview | None:
        """The row as it would be if the card went into the gap under the cursor."""
        return self._placing.preview(self.cursor) if self._placing is not None else None

    def _label(self) -> None:
        """The border: what is being placed where, and the keys for it."""
        preview = self.preview
        if self._placing is None or preview is None:
            self.border_title, self.border_subtitle = self._title, ""
            return
        gaps = self._placing.gaps
        numbers = f"{gaps[0] + 1}-{gaps[-1] + 1}" if len(gaps) > 1 else f"{gaps[0] + 1}"
        where = f"{preview.card.name} into space {preview.gap + 1}"
        # A question the placement asks goes in the title: a short screen has no lower border.
        self.border_title = f"{where}, then {asks_words(preview)}" if preview.asks \
            else f"{self._title}: {where}"
        self.border_subtitle = f"←→ or {numbers}: gap · enter: place · esc: back"

    # ---- keys -------------------------------------------------------------------------------

    def action_move(self, delta: int) -> None:
        if self._placing is not None:
            gaps = self._placing.gaps
            at = gaps.index(self.cursor) if self.cursor in gaps else len(gaps) - 1
            self.cursor = gaps[max(0, min(len(gaps) - 1, at + delta))]
        else:
            self.cursor = max(0, min(len(self._row.spaces) - 1, self.cursor + delta))

    def action_jump(self, number: int) -> None:
        if self._placing is not None:
            if number - 1 in self._placing.gaps:
                self.cursor = number - 1
        elif 1 <= number <= len(self._row.spaces):
            self.cursor = number - 1

    def action_choose(self) -> None:
        preview = self.preview
        if preview is not None:
            self.post_message(self.GapChosen(self, preview))
        elif self._placing is None:
            card = self._card_in(self.cursor)
            if card is not None:
                self.post_message(self.CardClicked(self, card.id))

    def action_back(self) -> None:
        if self._placing is not None:
            self.post_message(self.Backed(self))

    def watch_cursor(self) -> None:
        preview = self.preview
        if preview is not None:
            self.post_message(self.GapHighlighted(self, preview))
        elif self._placing is None:
            card = self._card_in(self.cursor)
            self.post_message(self.CardHighlighted(self, card.id if card is not None else None))
        self._label()
        self.refresh()

    @property
    def highlighted(self) -> RowCard | None:
        """The card under the cursor when not placing (None: placing, or an empty space)."""
        return self._card_in(self.cursor) if self._placing is None else None

    def _card_in(self, index: int) -> RowCard | None:
        return self._row.spaces[index] if 0 <= index < len(self._row.spaces) else None

    # ---- the mouse --------------------------------------------------------------------------

    def gap_at(self, x: int) -> int | None:
        """The gap a pointer ``x`` cells into the row stands for while placing: over the new
        card, its own gap; over another card, the gap before it (its left half) or after it
        (its right half); past the last card, the end. The nearest legal gap to that."""
        preview = self.preview
        width = self.content_size.width
        column = column_at(x, width, len(self._row.spaces))
        if self._placing is None or preview is None or column is None:
            return None
        edges = column_edges(width, len(self._row.spaces))
        right = (x - edges[column]) * 2 >= edges[column + 1] - edges[column]
        placed = len(preview.spaces) - 1
        if column == preview.gap:
            gap = preview.gap
        elif column < preview.gap:
            gap = column + right
        elif column <= placed:
            gap = column - 1 + right
        else:
            gap = placed
        return min(self._placing.gaps, key=lambda g: (abs(g - gap), g))

    def _column(self, event: events.MouseEvent) -> int | None:
        offset = event.get_content_offset(self)
        if offset is None:
            return None
        return column_at(offset.x, self.content_size.width, len(self._row.spaces))

    def on_mouse_move(self, event: events.MouseMove) -> None:
        offset = event.get_content_offset(self)
        if self._placing is not None and offset is not None:
            gap = self.gap_at(offset.x)
            if gap is not None:
                self.cursor = gap
        else:
            self.hover = self._column(event)  # a card's column, to read it

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        event.stop()
        if self._placing is not None:
            gap = self.gap_at(offset.x)
            if gap is not None:
                self.cursor = gap
                self.action_choose()
            return
        column = self._column(event)
        card = self._card_in(column) if column is not None else None
        if card is not None:
            self.set_reactive(DiscoActionRow.cursor, column)
            self.post_message(self.CardClicked(self, card.id))

    # ---- drawing ----------------------------------------------------------------------------

    def _spaces(self) -> list[PreviewSpace | None]:
        """What each space shows: the row after the placement while placing, else the row."""
        preview = self.preview
        if preview is not None:
            shown: list[PreviewSpace | None] = list(preview.spaces)
        else:
            shown = [PreviewSpace(n + 1, c, was=n + 1) if c is not None else None
                     for n, c in enumerate(self._row.spaces[:self._row.placed])]
        return shown + [None] * (len(self._row.spaces) - len(shown))

    def shown(self) -> Hashable:
        return (self._row, self._placing, self.cursor)

    def draw(self, width: int, height: int) -> list[Strip]:
        edges = column_edges(width, len(self._row.spaces))
        # (Focus changes only the row's border, so a box drawn with or without it is the same.)
        epoch = (width, height, self.app.theme)
        if epoch != self._boxes_for or len(self._boxes) > 64:
            self._boxes_for, self._boxes = epoch, {}
        preview = self.preview
        asks = preview is not None and bool(preview.asks)
        boxes = []
        for n, space in enumerate(self._spaces()):
            firing = self._row.firing == n + 1 and self._placing is None
            cursor = self._placing is None and (
                (self.has_focus and self.cursor == n) or self.hover == n)
            key = (n, space, edges[n + 1] - edges[n], firing, cursor, asks)
            box = self._boxes.get(key)
            if box is None:  # (a key that moves one card redraws its box, not the others)
                box = self._boxes[key] = self._box(n, space, edges[n + 1] - edges[n], height,
                                                   firing, cursor, asks)
            boxes.append(box)
        return joined(boxes, width, height)

    def _box(self, index: int, space: PreviewSpace | None, width: int, height: int,
             firing: bool, cursor: bool, asks: bool) -> list[Line]:
        number = index + 1
        if space is None or space.card is None:
            style = self.style_of("empty", *(["cursor"] if cursor else []))
            return framed(HEAVY if cursor else DASHED, width, style, str(number),
                          [("(empty)", style)] if space is None and height > 2 else [], height)
        card = space.card
        names = ["new"] if space.new else ["mine" if isinstance(card, RowCard) and card.mine else "theirs"]
        if space.moved:
            names.append("moved")
        if isinstance(card, RowCard) and card.fired and not firing:
            names.append("fired")
        if card.option:
            names.append("option")
        if firing:
            names.append("firing")
        if cursor:
            names.append("cursor")
        style = self.style_of(*names)
        title = f"{number} was {space.was}" if space.moved else f"{number} new" if space.new \
            else f"{number} ▶ now" if firing else str(number)
        frame = HEAVY if space.new or firing or cursor else ROUND
        body = self._body(card, space, firing, width - 2, height - 2, style, asks=asks)
        return framed(frame, width, style, title, body, height)

    @staticmethod
    def _body(card: CardFace, space: PreviewSpace, firing: bool, inner: int, lines: int,
              style: Style, asks: bool = False) -> list[tuple[str, Style]]:
        """The lines inside a box: the name, whose it is with its tokens, its state, and the
        card's text when there is room; the state before the owner when there is not."""
        if isinstance(card, RowCard):
            who = with_tokens(card.owner, card.tokens, inner)
            state = "▶ firing" if firing else "✗ jammed" if card.jammed else \
                "✓ fired" if card.fired else ""
        else:
            who, state = card.kind, ("? then asks" if asks else "▼ goes here") if space.new else ""
        if card.option:
            state = "◆ a choice"
        extra = [t for t in (who, state) if t]
        if lines - 1 < len(extra):
            extra = [t for t in (state or who,) if t][:max(0, lines - 1)]
        name = wrapped(card.name, inner, max(1, min(2, lines - len(extra))))
        room = lines - len(name) - len(extra)
        gap = [""] if room >= 4 else []  # a blank line before the text, when it has room
        text = gap + wrapped(card.text, inner, room - len(gap)) if room >= 2 else []
        dim = style + Style(dim=True)
        return ([(line, style) for line in name + extra] + [(line, dim) for line in text])[:lines]
