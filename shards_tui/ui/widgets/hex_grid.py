"""A map of flat-topped hexes drawn in character cells, for any game with a hex board.

``Canvas(faces, size)`` draws the hexes (``core.hex``'s axial coordinates and cell
layout: columns ``3 * size`` cells apart, each column ``size`` rows lower than the one to its
left) into rows of styled cells. Neighbours share their edges: a horizontal edge runs through
its two end corners, a slanted one has ``size - 1`` cells; where two hexes draw the same cell
the stronger look wins (the cursor, then a wall, an open edge, a plain edge, a ghost's dots).
Each hex's inside holds ``2 * size - 1`` centred lines of text.

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

from dataclasses import dataclass
from itertools import chain, compress, count, repeat
from operator import is_not, ne, or_
from typing import Iterable, Mapping

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from shards_tui.core.hex import Hex, cell_center, hex_at_cell, neighbour
from shards_tui.ui.textual_compat import OwnFocusLook
from shards_tui.ui.widgets.card_messages import SentBy
from shards_tui.ui.widgets.text_runs import fit, run_style
from shards_tui.ui.widgets.unchanged import set_virtual_size

WALL = "▓"
GHOST = "·"
PLAIN = {0: "─", 1: "╲", 2: "╱", 3: "─", 4: "╲", 5: "╱"}
# How strongly a cell is drawn: where two hexes draw one cell, the stronger wins.
GHOST_EDGE, PLAIN_EDGE, OPEN_EDGE, WALL_EDGE, CURSOR_EDGE = 1, 2, 3, 4, 5

Cell = tuple[str, Style]


@dataclass(frozen=True)
class HexFace:
    """What one hex shows. ``lines``: (text, style) for the rows inside it, top to bottom
    (``2 * size - 1`` of them are shown, each cut to the row's width and centred); ``fill``:
    the style of its inside; ``edge``: of its edges; ``ghost``: an empty space, its edges
    dotted; ``walls``: the edges (0 north, clockwise) drawn as walls; ``open``: edges drawn in
    the view's open style (a way through)."""

    lines: tuple[tuple[str, str], ...] = ()
    fill: str = ""
    edge: str = ""
    ghost: bool = False
    walls: frozenset[int] = frozenset()
    open: frozenset[int] = frozenset()


def edge_cells(center: tuple[int, int], size: int, direction: int) -> list[tuple[int, int]]:
    """The cells of one edge of the hex centred at ``center`` (north and south through their
    corners)."""
    cx, cy = center
    s = size
    if direction == 0:
        return [(cx + k, cy - s) for k in range(-s, s + 1)]
    if direction == 3:
        return [(cx + k, cy + s) for k in range(-s, s + 1)]
    steps = range(1, s)
    return {1: [(cx + s + k, cy - s + k) for k in steps],
            2: [(cx + 2 * s - k, cy + k) for k in steps],
            4: [(cx - 2 * s + k, cy + k) for k in steps],
            5: [(cx - 2 * s + k, cy - k) for k in steps]}[direction]


def inside_rows(center: tuple[int, int], size: int) -> list[tuple[int, int, int]]:
    """(row, first column, width) of each row inside the hex, top to bottom."""
    cx, cy = center
    out = []
    for j in range(-size + 1, size):
        width = 4 * size - 2 * abs(j) - 1
        out.append((cy + j, cx - width // 2, width))
    return out


@dataclass(frozen=True)
class Looks:
    """The styles a grid draws with, besides each face's own."""

    base: Style = Style()
    wall: Style = Style(bold=True)
    open: Style = Style(bold=True)
    cursor: Style = Style(reverse=True)
    cursor_edge: Style = Style(bold=True)

    @property
    def drawn(self) -> tuple[Style, Style, Style]:
        """The styles the map itself is drawn with (the cursor's are drawn over it)."""
        return self.base, self.wall, self.open


_SUMS: dict[tuple[Style, Style], Style] = {}


def _add(a: Style, b: Style) -> Style:
    """``a + b``, made once for each pair (a map combines a few styles many times over)."""
    found = _SUMS.get((a, b))
    if found is None:
        if len(_SUMS) > 4096:
            _SUMS.clear()
        found = _SUMS[(a, b)] = a + b
    return found


def changed_span(old: tuple, new: tuple) -> tuple[int, int]:
    """(first, last + 1): the cells in which two rows' runs of (text, style) differ."""
    a_text, a_styles = _cells(old)
    b_text, b_styles = _cells(new)
    # Told apart by identity first (a map draws each look with one style object), at C speed;
    # then cells of equal styles that are other objects are walked over one by one.
    first = next(compress(count(), map(or_, map(ne, a_text, b_text),
                                       map(is_not, a_styles, b_styles))), 0)
    end_a, end_b = len(a_text), len(b_text)
    while first < end_a and first < end_b and a_text[first] == b_text[first] \
            and a_styles[first] == b_styles[first]:
        first += 1
    same = next(compress(count(), map(or_, map(ne, reversed(a_text), reversed(b_text)),
                                      map(is_not, reversed(a_styles), reversed(b_styles)))), 0)
    same = min(same, end_a - first, end_b - first)
    end_a, end_b = end_a - same, end_b - same
    while end_a > first and end_b > first and a_text[end_a - 1] == b_text[end_b - 1] \
            and a_styles[end_a - 1] == b_styles[end_b - 1]:
        end_a, end_b = end_a - 1, end_b - 1
    return first, max(end_a, end_b)


def _cells(runs: tuple) -> tuple[str, list[Style]]:
    return "".join(text for text, _ in runs), list(chain.from_iterable(
        repeat(style, len(text)) for text, style in runs))


# A hex's drawing, relative to its centre: (its inside's rows: (row, first column, characters,
# styles)) and (its edges' cells: (column, row, strength, character, style)), made once for each
# face, size and looks (a map in play redraws the same few faces again and again).
Stamp = tuple[tuple[tuple[int, int, str, tuple[Style, ...]], ...],
              tuple[tuple[int, int, int, str, Style], ...]]
_STAMPS: dict[tuple[int, tuple[Style, Style, Style]], dict[HexFace, Stamp]] = {}


def stamps(size: int, looks: Looks) -> dict[HexFace, Stamp]:
    """The stamps made so far at this size with these looks, by face."""
    key = (size, looks.drawn)
    found = _STAMPS.get(key)
    if found is None:
        if len(_STAMPS) > 8:
            _STAMPS.clear()
        found = _STAMPS[key] = {}
    return found


def stamp(face: HexFace, size: int, looks: Looks, made: dict[HexFace, Stamp] | None = None) -> Stamp:
    """The cells one hex draws, centred on (0, 0) (``made``: ``stamps(size, looks)``)."""
    made = stamps(size, looks) if made is None else made
    found = made.get(face)
    if found is not None:
        return found
    base = looks.base
    fill = _add(base, run_style(face.fill)) if face.fill else base
    inside = []
    for n, (row, first, span) in enumerate(inside_rows((0, 0), size)):
        text, style = face.lines[n] if n < len(face.lines) else ("", "")
        text = fit(text, span)
        pad = (span - len(text)) // 2
        styles = [fill] * span
        if text and style:
            styles[pad:pad + len(text)] = [_add(fill, run_style(style))] * len(text)
        inside.append((row, first, " " * pad + text + " " * (span - pad - len(text)), tuple(styles)))
    edge = _add(base, run_style(face.edge)) if face.edge else base
    edges = []
    for d in range(6):
        if d in face.walls:
            power, char, style = WALL_EDGE, WALL, _add(edge, looks.wall)
        elif d in face.open:
            power, char, style = OPEN_EDGE, PLAIN[d], _add(edge, looks.open)
        elif face.ghost:
            power, char, style = GHOST_EDGE, GHOST, edge
        else:
            power, char, style = PLAIN_EDGE, PLAIN[d], edge
        edges.extend((col, row, power, char, style) for col, row in edge_cells((0, 0), size, d))
    if len(made) > 2048:
        made.clear()
    found = made[face] = (tuple(inside), tuple(edges))
    return found


class Canvas:
    """The map drawn once, without the cursor: a row of characters and a row of styles for
    each row of cells. ``row(y, cursor)`` is one row as a strip, the cursor's hex drawn on it
    (only the rows the cursor's hex covers differ from the map's own). Given the canvas it
    replaces (``before``), a row whose cells are the same keeps that canvas's strip."""

    def __init__(self, faces: Mapping[Hex, HexFace], size: int, looks: Looks = Looks(),
                 margin: int = 1, before: "Canvas | None" = None) -> None:
        self.hex_size = size
        self.looks = looks
        self._drawn: dict[int, tuple[tuple, Strip]] = {}  # rows made into strips (no cursor)
        centers = {h: cell_center(h, size) for h in faces}
        if not centers:
            self.origin, self.size = (0, 0), Size(0, 0)
            self.chars: list[list[str]] = []
            self.styles: list[list[Style]] = []
            return
        left = min(c for c, _ in centers.values()) - 2 * size - margin
        top = min(r for _, r in centers.values()) - size - margin
        width = max(c for c, _ in centers.values()) + 2 * size + margin - left + 1
        height = max(r for _, r in centers.values()) + size + margin - top + 1
        self.origin, self.size = (-left, -top), Size(width, height)
        base = looks.base
        chars = self.chars = [[" "] * width for _ in range(height)]
        styles = self.styles = [[base] * width for _ in range(height)]
        strength = [[-1] * width for _ in range(height)]
        made = stamps(size, looks)
        for h, face in faces.items():
            cx, cy = centers[h][0] - left, centers[h][1] - top
            inside, edges = stamp(face, size, looks, made)
            for row, first, text, row_styles in inside:
                first += cx
                chars[row + cy][first:first + len(text)] = text
                styles[row + cy][first:first + len(text)] = row_styles
            for col, row, power, char, style in edges:
                col, row = col + cx, row + cy
                if strength[row][col] <= power:
                    strength[row][col] = power
                    chars[row][col] = char
                    styles[row][col] = style
        if before is not None and before.size == self.size and before.origin == self.origin \
                and before.looks.drawn == looks.drawn:  # (the cursor is drawn over the rows)
            kept = before._drawn
            for y, drawn in kept.items():
                if chars[y] == before.chars[y] and styles[y] == before.styles[y]:
                    self._drawn[y] = drawn

    def hex_rows(self, h: Hex) -> range:
        """The rows of cells a hex's drawing covers."""
        _, cy = cell_center(h, self.hex_size, self.origin)
        return range(max(0, cy - self.hex_size), min(self.size.height, cy + self.hex_size + 1))

    def _cursor_cells(self, cursor: Hex) -> dict[int, list[tuple[int, str, Style]]]:
        out: dict[int, list[tuple[int, str, Style]]] = {}
        width, height = self.size
        center = cell_center(cursor, self.hex_size, self.origin)
        looks = self.looks
        for row, first, span in inside_rows(center, self.hex_size):
            if 0 <= row < height:
                out.setdefault(row, []).extend(
                    (x, self.chars[row][x], _add(self.styles[row][x], looks.cursor))
                    for x in range(max(0, first), min(width, first + span)))
        for d in range(6):
            for col, row in edge_cells(center, self.hex_size, d):
                if 0 <= row < height and 0 <= col < width:
                    held = self.chars[row][col]
                    char = held if held in (WALL, GHOST) else PLAIN[d]
                    out.setdefault(row, []).append((col, char, _add(self.styles[row][col],
                                                                  looks.cursor_edge)))
        return out

    def rows(self, cursor: Hex | None, only: Iterable[int] | None = None
             ) -> dict[int, tuple[tuple, Strip]]:
        """(key, strip) of each row (or of the rows ``only`` names), the cursor drawn; the key
        tells a changed row from an unchanged one."""
        overlay = self._cursor_cells(cursor) if cursor is not None else {}
        out = {}
        for y in (range(self.size.height) if only is None else only):
            if not 0 <= y < self.size.height:
                continue
            if y not in overlay:
                drawn = self._drawn.get(y)
                if drawn is None:
                    drawn = self._drawn[y] = self._strip(self.chars[y], self.styles[y])
                out[y] = drawn
                continue
            chars, styles = list(self.chars[y]), list(self.styles[y])
            for x, char, style in overlay[y]:
                chars[x], styles[x] = char, style
            out[y] = self._strip(chars, styles)
        return out

    def _strip(self, chars: list[str], styles: list[Style]) -> tuple[tuple, Strip]:
        """A row as runs of one style (the key) and as a strip."""
        text = "".join(chars)
        starts = [0, *compress(count(1), map(is_not, styles[1:], styles[:-1])), len(text)]
        runs = tuple((text[a:b], styles[a]) for a, b in zip(starts, starts[1:]) if b > a)
        return runs, Strip([Segment(part, style) for part, style in runs], self.size.width)


class HexGridView(OwnFocusLook, ScrollView, can_focus=True):
    """``show(faces, size)`` draws the map; ``cursor`` is the hex under the keyboard's cursor.
    Messages: ``CursorMoved(hex)`` and ``Chosen(hex)`` (Enter, or a click: the hex under the
    pointer, which need not be on the map)."""

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

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.faces: dict[Hex, HexFace] = {}
        self.hex_size = 3
        self.cursor = Hex(0, 0)
        self._canvas = Canvas({}, 3)
        self._rows: list[tuple[tuple, Strip]] = []  # each row on screen: (key, strip)
        self._row_anchor: int | None = None  # the row a sideways walk keeps to
        self._looks_key: object = None
        self._looks_now: Looks | None = None
        self._styles_seen: dict[Style, Style] = {}

    # ---- drawing ----------------------------------------------------------------------------

    def _looks(self) -> Looks:
        """The styles of the walls, open edges and cursor (the cursor only outlined while the
        keys are elsewhere), from the component classes, read once per theme and focus."""
        key = (self.app.theme if self.is_attached else None, self.has_focus)
        if key != self._looks_key or self._looks_now is None:
            part = self.get_component_rich_style
            focused = self.has_focus
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
        self._repaint()

    def on_resize(self) -> None:
        self.refresh()  # (a small map stays in the middle)

    def on_blur(self) -> None:
        self._repaint()

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
        if not 0 <= row < len(rows):
            return Strip.blank(width, self.rich_style)
        strip = rows[row][1]
        if left:
            strip = Strip.join([Strip.blank(left, self.rich_style), strip])
        return strip.crop_extend(scroll_x, scroll_x + width, self.rich_style)

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

    def move_cursor(self, h: Hex, centre: bool = False, always: bool = False) -> None:
        """Put the cursor on ``h`` (a hex of the map: the keys stop at its edge), scrolled
        into sight as ``show_hex`` does."""
        if self.faces and h not in self.faces:
            return
        if h == self.cursor:
            self.show_hex(h, centre, always)
            return
        old, self.cursor = self.cursor, h
        self._move_cursor_rows(old, h)
        self.show_hex(h, centre, always)
        self.post_message(self.CursorMoved(self, h))

    def action_step(self, direction: int) -> None:
        self._row_anchor = None
        self.move_cursor(neighbour(self.cursor, direction))

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
        self.move_cursor(up if above < below else down)
        self._row_anchor = anchor

    def action_choose(self) -> None:
        self.post_message(self.Chosen(self, self.cursor))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        event.stop()
        left, top = self.margins
        h = self.hex_at(offset.x + self.scroll_offset.x - left, offset.y + self.scroll_offset.y - top)
        if h in self.faces:
            self.move_cursor(h)
        self.post_message(self.Chosen(self, h))
