"""A map of flat-topped hexes drawn in character cells, for any game with a hex board.

``Canvas(faces, size)`` (``hex_canvas``) draws the hexes into rows of styled cells; ``HexFace``
says what one hex shows.

``HexGridView`` shows them with Textual's Line API: each row is one strip, kept; a new map is
compared row by row with the one on screen and only the rows that differ are repainted (a
cursor step draws and repaints the rows of two hexes only). It scrolls (the wheel, the keys keeping the
cursor in sight) and keeps what is on screen steady while the map grows on any side. Keys:
the arrows (left and right zig-zag along a row of hexes) and 8 9 3 2 1 7 for the six
directions from north clockwise (a keypad's layout), Enter chooses the hex under the cursor;
a click chooses the hex under the pointer. Nothing here knows a game: a game's board says
what each hex shows (``HexFace``) and what choosing one does.
"""

from __future__ import annotations

from typing import Mapping

from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.geometry import Region
from textual.scroll_view import ScrollView
from textual.strip import Strip

from shards_tui.core.hex import Hex, cell_center, hex_at_cell, neighbour
from shards_tui.ui.widgets.card_messages import SentBy
from shards_tui.ui.widgets.hex_canvas import Canvas, HexFace, Looks, changed_span
from shards_tui.ui.widgets.quiet_repaints import OwnFocusLook
from shards_tui.ui.widgets.steady_scrollbar import (steady_horizontal_scrollbar,
                                                    steady_vertical_scrollbar)
from shards_tui.ui.widgets.unchanged import set_virtual_size

class HexGridView(OwnFocusLook, ScrollView, can_focus=True):
    """``show(faces, size)`` draws the map; ``cursor`` is the hex under the keyboard's cursor.
    Messages: ``CursorMoved(hex)``, ``Chosen(hex)`` (Enter, or a click: the hex under the
    pointer, which need not be on the map) and ``Stopped(hex, direction)`` (a key that would
    take the cursor off the map: the cursor stays, the owner says why)."""

    DEFAULT_CSS = """
    HexGridView { background: $surface; }
    HexGridView > .hex-grid--wall { color: $warning; text-style: bold; }
    HexGridView > .hex-grid--open { color: $success; text-style: bold; }
    HexGridView > .hex-grid--cursor { background: $accent 30%; }
    HexGridView > .hex-grid--cursor-edge { color: $accent; text-style: bold; }
    HexGridView > .hex-grid--cursor-away { color: $accent 60%; }
    """
    COMPONENT_CLASSES = {"hex-grid--wall", "hex-grid--open", "hex-grid--cursor",
                         "hex-grid--cursor-edge", "hex-grid--cursor-away"}
    BINDINGS = [
        Binding("up,8", "step(0)", "North", show=False, id="hexgrid.n",
                tooltip="Move the cursor one hex north."),
        Binding("9", "step(1)", "North-east", show=False, id="hexgrid.ne",
                tooltip="Move the cursor one hex north-east."),
        Binding("3", "step(2)", "South-east", show=False, id="hexgrid.se",
                tooltip="Move the cursor one hex south-east."),
        Binding("down,2", "step(3)", "South", show=False, id="hexgrid.s",
                tooltip="Move the cursor one hex south."),
        Binding("1", "step(4)", "South-west", show=False, id="hexgrid.sw",
                tooltip="Move the cursor one hex south-west."),
        Binding("7", "step(5)", "North-west", show=False, id="hexgrid.nw",
                tooltip="Move the cursor one hex north-west."),
        Binding("left", "sideways(-1)", "West", show=False, id="hexgrid.left",
                tooltip="Move the cursor to the hex on the left (north-west or south-west, "
                        "keeping to the row)."),
        Binding("right", "sideways(1)", "East", show=False, id="hexgrid.right",
                tooltip="Move the cursor to the hex on the right (north-east or south-east, "
                        "keeping to the row)."),
        Binding("enter", "choose", "Choose", show=False, id="hexgrid.choose",
                tooltip="Choose the hex under the cursor."),
    ]

    class CursorMoved(SentBy):
        def __init__(self, widget: "HexGridView", hex: Hex) -> None:
            super().__init__(widget)
            self.hex = hex

    class Chosen(SentBy):
        def __init__(self, widget: "HexGridView", hex: Hex) -> None:
            super().__init__(widget)
            self.hex = hex

    class Stopped(SentBy):
        """A key sent the cursor off the map's edge: it stays on ``hex``; ``direction`` is the
        way it was sent (0 to 5, north first, as ``core.hex.neighbour``)."""

        def __init__(self, widget: "HexGridView", hex: Hex, direction: int) -> None:
            super().__init__(widget)
            self.hex = hex
            self.direction = direction

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.faces: dict[Hex, HexFace] = {}
        self.hex_size = 3
        self.cursor = Hex(0, 0)
        self._canvas = Canvas({}, 3)
        self._rows: list[tuple[tuple, Strip]] = []  # each row on screen: (key, strip)
        self._row_anchor: int | None = None  # the row a sideways walk keeps to
        self._looks_key: object = None
        self._focused = False  # (has_focus, told by the focus and blur events)
        self._looks_now: Looks | None = None
        self._styles_seen: dict[Style, Style] = {}

    # ---- drawing ----------------------------------------------------------------------------

    @property
    def vertical_scrollbar(self):  # type: ignore[override]
        """Repainted only when what it shows changes (Textual repaints a widget's bars at each
        focus change; the map's keep their colours)."""
        return steady_vertical_scrollbar(self)

    @property
    def horizontal_scrollbar(self):  # type: ignore[override]
        return steady_horizontal_scrollbar(self)

    def _looks(self) -> Looks:
        """The styles of the walls, open edges and cursor (the cursor only outlined while the
        keys are elsewhere), from the component classes, read once per theme and focus."""
        focused = self._focused
        key = (self.app.theme if self.is_attached else None, focused)
        if key != self._looks_key or self._looks_now is None:
            part = self.get_component_rich_style
            # A style read again is the object read before when it is equal: the map tells
            # its cells apart by the style objects (identity, at C speed), and a row of
            # equal cells in new objects was compared cell by cell.
            if len(self._styles_seen) > 64:
                self._styles_seen.clear()
            same = self._styles_seen.setdefault
            self._looks_now = Looks(
                base=same(base := self.rich_style, base),
                wall=same(wall := part("hex-grid--wall", partial=True), wall),
                open=same(way := part("hex-grid--open", partial=True), way),
                cursor=same(cursor := part("hex-grid--cursor", partial=True) if focused
                            else Style(), cursor),
                cursor_edge=same(edge := part("hex-grid--cursor-edge" if focused
                                              else "hex-grid--cursor-away", partial=True), edge))
            self._looks_key = key
        return self._looks_now

    def show(self, faces: Mapping[Hex, HexFace], size: int | None = None) -> None:
        """Draw these hexes (repainting only the rows that changed; nothing at all when they
        are the hexes shown)."""
        faces = dict(faces)
        if faces == self.faces and size in (None, self.hex_size) and self._rows:
            return
        self.faces = faces
        if size is not None:
            self.hex_size = size
        self._repaint()

    def _repaint(self) -> None:
        """Draw the map again (the faces, their size or the looks changed); repaint the rows
        that differ from those on screen."""
        old = self._canvas
        new = Canvas(self.faces, self.hex_size, self._looks(), before=old)
        self._canvas = new
        rows = new.rows(self.cursor)
        shown, self._rows = self._rows, [rows[y] for y in range(new.size.height)]
        shift = (new.origin[0] - old.origin[0], new.origin[1] - old.origin[1])
        set_virtual_size(self, new.size)
        if old.size != new.size or shift != (0, 0) or not self.size.area:
            if shift != (0, 0) and shown:  # the map grew: what was on screen stays put
                self.scroll_to(self.scroll_x + shift[0], self.scroll_y + shift[1], animate=False,
                               immediate=True, force=True)
            self.refresh()
            return
        self._refresh_spans({y: changed_span(a[0], b[0]) for y, (a, b) in
                             enumerate(zip(shown, self._rows)) if a[0] != b[0]})

    def _move_cursor_rows(self, old: Hex, new: Hex) -> None:
        """The cursor moved: draw again only the rows of its old hex and its new one."""
        canvas = self._canvas
        rows = sorted(set(canvas.hex_rows(old)) | set(canvas.hex_rows(new)))
        drawn = canvas.rows(new, rows)
        changed = {}
        for y, row in drawn.items():
            if y < len(self._rows) and self._rows[y][0] != row[0]:
                changed[y] = changed_span(self._rows[y][0], row[0])
                self._rows[y] = row
        self._refresh_spans(changed)

    def _refresh_spans(self, spans: dict[int, tuple[int, int]]) -> None:
        """Repaint these cells of these rows of the canvas ({row: (first, last + 1)}): only
        what changed is drawn again, and sent to a terminal."""
        if not spans:
            return
        left, top = self.margins
        x0, y0 = self.scroll_offset.x - left, self.scroll_offset.y - top
        self.refresh(*(Region(first - x0, y - y0, end - first, 1)
                       for y, (first, end) in spans.items() if end > first))

    def on_focus(self) -> None:
        self._focused = True  # (Textual sets has_focus after this handler)
        self._cursor_look_changed()

    def on_resize(self) -> None:
        self.refresh()  # (a small map stays in the middle)

    def on_blur(self) -> None:
        self._focused = False
        self._cursor_look_changed()

    def _cursor_look_changed(self) -> None:
        """The focus came or went: the cursor is drawn in other styles, the map's own cells
        in the same ones (``Looks.drawn``), so only the cursor's rows are drawn again (the
        whole map was: the canvas made again, every row compared)."""
        looks, canvas = self._looks(), self._canvas
        if looks.drawn != canvas.looks.drawn or len(self._rows) != canvas.size.height:
            self._repaint()
            return
        canvas.looks = looks  # (its rows without the cursor stay as drawn)
        self._move_cursor_rows(self.cursor, self.cursor)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._looks_now = None  # (a new theme: the styles are read again at the next paint)

    @property
    def margins(self) -> tuple[int, int]:
        """(columns, rows) of space left of and above a map smaller than the view: a small
        map is drawn in the middle."""
        size = self._canvas.size
        return (max(0, (self.size.width - size.width) // 2),
                max(0, (self.size.height - size.height) // 2))

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        left, top = self.margins
        row = y + scroll_y - top
        width = self.size.width
        rows = self._rows
        base = self._looks().base  # (the widget's style, read once per theme and focus: read
        # for each row it took half the map's repaint)
        if not 0 <= row < len(rows):
            return Strip.blank(width, base)
        strip = rows[row][1]
        if left:
            strip = Strip.join([Strip.blank(left, base), strip])
        return strip.crop_extend(scroll_x, scroll_x + width, base)

    # ---- where things are ---------------------------------------------------------------------

    def hex_region(self, h: Hex) -> Region:
        """The cells a hex takes on the canvas."""
        cx, cy = cell_center(h, self.hex_size, self._canvas.origin)
        s = self.hex_size
        return Region(cx - 2 * s, cy - s, 4 * s + 1, 2 * s + 1)

    def hex_at(self, col: int, row: int) -> Hex:
        """The hex drawn at this cell of the canvas."""
        return hex_at_cell(col, row, self.hex_size, self._canvas.origin)

    def in_sight(self, h: Hex) -> bool:
        """Whether the whole of hex ``h`` is on screen now."""
        left, top = self.margins
        width, height = self.scrollable_content_region.size
        seen = Region(self.scroll_offset.x - left, self.scroll_offset.y - top, width, height)
        return seen.contains_region(self.hex_region(h))

    def show_hex(self, h: Hex, centre: bool = False, always: bool = False) -> None:
        """Scroll so that ``h`` is in sight; with ``centre``, in the middle (when it was out
        of sight, or ``always``). A hex in sight stays where it is: nothing scrolls."""
        region = self.hex_region(h)
        if centre and not always and self.in_sight(h):
            return
        if centre:
            width, height = self.scrollable_content_region.size
            x = region.x + region.width // 2 - width // 2
            y = region.y + region.height // 2 - height // 2
            self.scroll_to(max(0, x), max(0, y), animate=False, immediate=True, force=True)
        else:
            self.scroll_to_region(region, animate=False, immediate=True, force=True)

    # ---- the cursor ---------------------------------------------------------------------------

    def move_cursor(self, h: Hex, centre: bool = False, always: bool = False) -> bool:
        """Put the cursor on ``h`` (a hex of the map: the keys stop at its edge), scrolled
        into sight as ``show_hex`` does; False (nothing changed) when ``h`` is off the map."""
        if self.faces and h not in self.faces:
            return False
        if h == self.cursor:
            self.show_hex(h, centre, always)
            return True
        old, self.cursor = self.cursor, h
        self._move_cursor_rows(old, h)
        self.show_hex(h, centre, always)
        self._tell(self.CursorMoved(self, h))
        return True

    def _step_to(self, direction: int) -> None:
        if not self.move_cursor(neighbour(self.cursor, direction)):
            self._tell(self.Stopped(self, self.cursor, direction))

    def action_step(self, direction: int) -> None:
        self._row_anchor = None
        self._step_to(direction)

    def action_sideways(self, way: int) -> None:
        """Left or right along a row: of the two hexes that way, the one nearer the row the
        walk started on (a zig-zag, since neighbouring columns are half a hex apart)."""
        _, row = cell_center(self.cursor, self.hex_size)
        if self._row_anchor is None:
            self._row_anchor = row
        ups, downs = (5, 4) if way < 0 else (1, 2)
        up, down = neighbour(self.cursor, ups), neighbour(self.cursor, downs)
        above = abs(cell_center(up, self.hex_size)[1] - self._row_anchor)
        below = abs(cell_center(down, self.hex_size)[1] - self._row_anchor)
        anchor = self._row_anchor
        self._step_to(ups if above < below else downs)
        self._row_anchor = anchor

    def _tell(self, message: SentBy) -> None:
        """The map's messages start at its screen (which holds what draws the map and acts on
        them), and bubble on from there: each container between, which does nothing with
        them, would be one more turn of a message loop before the screen's frame."""
        self.screen.post_message(message)

    def action_choose(self) -> None:
        self._tell(self.Chosen(self, self.cursor))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        event.stop()
        left, top = self.margins
        h = self.hex_at(offset.x + self.scroll_offset.x - left, offset.y + self.scroll_offset.y - top)
        if h in self.faces:
            self.move_cursor(h)
        self._tell(self.Chosen(self, h))
