"""One player's orbit row: six orbit spaces in the columns of the action row.

Attributes down: ``show(orbit)`` with the row (``OrbitData``). Each column starts with a line
naming the space and that player's research points there ('2 ◆3'), then its stack of
satellites, bottom first, each with its power tokens ('Dry Dock ●4'); a stack taller than the
rows there are ends in '+2 more'. The widget keeps only a cursor (a column and a place in its
stack) for reading satellites with the keys.

Messages up: ``CardHighlighted`` (the cursor moved onto a satellite, or off them),
``CardClicked`` (a satellite was clicked, or Enter pressed on it).
"""

from __future__ import annotations

from typing import Hashable

from textual import events
from textual.binding import Binding
from textual.reactive import reactive
from textual.strip import Strip

from shards_tui.ui.tables.disco.drawn import DrawnLines
from shards_tui.ui.widgets.card_messages import CardMessage
from shards_tui.ui.tables.disco.paint import COLUMNS, Line, cells, column_at, column_edges, cut, joined, \
    with_tokens
from shards_tui.ui.tables.disco.table_data import CardFace, OrbitData, OrbitSpace
from shards_tui.ui.widgets._tcss import tcss

PREFIX = "orbit-row"


class DiscoOrbitRow(DrawnLines, can_focus=True):
    DEFAULT_CSS = tcss(__file__)
    COMPONENT_CLASSES = {f"{PREFIX}--{name}" for name in (
        "head", "research", "satellite", "more", "cursor", "option")}
    BINDINGS = [
        Binding("left", "move(-1, 0)", "Left", id="disco.orbit.left",
                tooltip="The orbit space to the left."),
        Binding("right", "move(1, 0)", "Right", id="disco.orbit.right",
                tooltip="The orbit space to the right."),
        Binding("up", "move(0, -1)", "Up", id="disco.orbit.up", show=False,
                tooltip="The satellite under this one in the stack."),
        Binding("down", "move(0, 1)", "Down", id="disco.orbit.down", show=False,
                tooltip="The satellite over this one in the stack."),
        Binding("enter", "choose", "Pick", id="disco.orbit.choose",
                tooltip="Pick the satellite under the cursor."),
    ]

    column: reactive[int] = reactive(0, init=False)
    level: reactive[int] = reactive(0, init=False)

    class CardHighlighted(CardMessage):
        """The cursor is on a satellite (``card``: its id), or on an empty space (None)."""

    class CardClicked(CardMessage):
        """A satellite was clicked, or Enter pressed on it."""

    PREFIX = PREFIX

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._orbit: OrbitData | None = None

    # ---- attributes down ------------------------------------------------------------------

    def show(self, orbit: OrbitData) -> None:
        tall = max((len(s.stack) for s in orbit.spaces), default=0)
        before = self._orbit
        self._orbit = orbit
        self.set_reactive(DiscoOrbitRow.column, min(self.column, len(orbit.spaces) - 1))
        self.set_reactive(DiscoOrbitRow.level, min(self.level, max(0, len(self._stack()) - 1)))
        if before is None or tall != max((len(s.stack) for s in before.spaces), default=0):
            self.refresh(layout=True)  # as tall as its tallest stack
        self.refresh()

    @property
    def orbit(self) -> OrbitData | None:
        return self._orbit

    def _stack(self, column: int | None = None) -> tuple[CardFace, ...]:
        if self._orbit is None:
            return ()
        column = self.column if column is None else column
        return self._orbit.spaces[column].stack if 0 <= column < len(self._orbit.spaces) else ()

    @property
    def highlighted(self) -> CardFace | None:
        stack = self._stack()
        return stack[self.level] if 0 <= self.level < len(stack) else None

    def get_content_height(self, container, viewport, width: int) -> int:
        tall = max((len(s.stack) for s in self._orbit.spaces), default=0) if self._orbit else 0
        return 1 + max(1, tall)

    # ---- keys -------------------------------------------------------------------------------

    def action_move(self, columns: int, levels: int) -> None:
        if self._orbit is None:
            return
        if columns:
            self.column = max(0, min(len(self._orbit.spaces) - 1, self.column + columns))
            self.level = min(self.level, max(0, len(self._stack()) - 1))
        if levels:
            self.level = max(0, min(max(0, len(self._stack()) - 1), self.level + levels))

    def on_focus(self) -> None:
        """The keys came here: a cursor on an empty space goes to the first satellite."""
        if self._orbit is not None and not self._stack():
            first = next((n for n, s in enumerate(self._orbit.spaces) if s.stack), None)
            if first is not None:
                self.set_reactive(DiscoOrbitRow.column, first)
                self.set_reactive(DiscoOrbitRow.level, 0)
                self.refresh()

    def action_choose(self) -> None:
        card = self.highlighted
        if card is not None:
            self.post_message(self.CardClicked(self, card.id))

    def _moved(self) -> None:
        card = self.highlighted
        self.post_message(self.CardHighlighted(self, card.id if card is not None else None))
        self.refresh()

    def watch_column(self) -> None:
        self._moved()

    def watch_level(self) -> None:
        self._moved()

    # ---- the mouse --------------------------------------------------------------------------

    def _place_at(self, event: events.MouseEvent) -> tuple[int, int] | None:
        """(column, place in its stack) under the pointer, if a satellite is there."""
        offset = event.get_content_offset(self)
        if offset is None or self._orbit is None:
            return None
        column = column_at(offset.x, self.content_size.width, len(self._orbit.spaces))
        if column is None:
            return None
        shown = self._shown(column, self.content_size.height - 1)
        line = offset.y - 1
        level = shown[line][0] if 0 <= line < len(shown) else None
        return (column, level) if level is not None else None

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self.hover = self._place_at(event)

    def on_click(self, event: events.Click) -> None:
        place = self._place_at(event)
        if place is None:
            return
        event.stop()
        column, level = place
        self.set_reactive(DiscoOrbitRow.column, column)
        self.set_reactive(DiscoOrbitRow.level, level)
        self.refresh()
        self.action_choose()

    # ---- drawing ----------------------------------------------------------------------------

    def _shown(self, n: int, rows: int) -> list[tuple[int | None, str]]:
        """The lines of column ``n``'s stack in ``rows`` rows: (place in the stack, name) for
        its satellites, bottom first; when they do not all fit, a last line says how many more
        there are, and the cursor's satellite is kept in sight."""
        if self._orbit is None or rows <= 0:
            return []
        stack = self._orbit.spaces[n].stack
        places = list(range(len(stack)))
        if len(stack) > rows:
            seen = rows - 1
            start = 0 if n != self.column else max(0, min(self.level - seen + 1, len(stack) - seen))
            places = places[start:start + seen]
        lines: list[tuple[int | None, str]] = [(k, stack[k].name) for k in places]
        if len(places) < len(stack):
            lines.append((None, f"+{len(stack) - len(places)} more"))
        return lines

    def shown(self) -> Hashable:
        return (self._orbit, self.column, self.level)

    def draw(self, width: int, height: int) -> list[Strip]:
        if self._orbit is None:
            return []
        spaces = self._orbit.spaces
        edges = column_edges(width, len(spaces) or COLUMNS)
        columns = [self._column_lines(n, space, edges[n + 1] - edges[n], height)
                   for n, space in enumerate(spaces)]
        return joined(columns, width, height)

    def _column_lines(self, n: int, space: OrbitSpace, width: int, height: int) -> list[Line]:
        base = self.style_of()
        inner = max(0, width - 2)  # a cell each side, as inside the action row's boxes
        head = [(" ", base), (str(space.space), self.style_of("head"))]
        if space.research:
            head.append((f" ◆{space.research}", self.style_of("research")))
        rows = [cells(head, width, base)]
        for level, text in self._shown(n, height - 1):
            card = space.stack[level] if level is not None else None
            if card is not None:
                text = with_tokens(text, card.tokens, inner)
            names = ["satellite"] if card is not None else ["more"]
            if card is not None and card.option:
                names.append("option")
            if (self.has_focus and (n, level) == (self.column, self.level)) or self.hover == (n, level):
                names.append("cursor")
            rows.append(cells([(" ", base), (cut(text, inner), self.style_of(*names))], width, base))
        while len(rows) < height:
            rows.append(cells([], width, base))
        return rows
