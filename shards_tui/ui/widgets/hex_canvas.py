"""A map of flat-topped hexes drawn into rows of styled character cells (``HexGridView`` in
``hex_grid`` shows it).

``Canvas(faces, size)`` draws the hexes (``core.hex``'s axial coordinates and cell layout:
columns ``3 * size`` cells apart, each column ``size`` rows lower than the one to its left).
Neighbours share their edges: a horizontal edge runs through its two end corners, a slanted one
has ``size - 1`` cells; where two hexes draw the same cell the stronger look wins (the cursor,
then a wall, an open edge, a plain edge, a ghost's dots). Each hex's inside holds
``2 * size - 1`` centred lines of text. A hex's drawing is made once for each face (``stamp``);
a canvas made from the one it replaces draws again only the hexes whose faces changed (and
their neighbours' shared edges) and keeps that one's strips for the rows that did not change;
``changed_span`` finds the cells of a row that did.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import chain, compress, count, repeat
from operator import is_not, ne, or_
from typing import Iterable, Mapping

from rich.segment import Segment
from rich.style import Style
from textual.geometry import Size
from textual.strip import Strip

from shards_tui.core.caches import cached
from shards_tui.core.hex import Hex, cell_center, neighbours
from shards_tui.ui.widgets.text_runs import fit, run_style

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


_FOOTPRINTS: dict[int, tuple[tuple[int, int], ...]] = {}


def _footprint(size: int) -> tuple[tuple[int, int], ...]:
    """Every cell a hex centred on (0, 0) draws (its inside and its edges), as (column, row)."""
    def make() -> tuple[tuple[int, int], ...]:
        cells = {(col, row) for row, first, span in inside_rows((0, 0), size)
                 for col in range(first, first + span)}
        cells.update(cell for d in range(6) for cell in edge_cells((0, 0), size, d))
        return tuple(sorted(cells))
    return cached(_FOOTPRINTS, size, make, 8)


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
    """(first, last + 1): the cells in which two rows' runs of (text, style) differ. The runs
    the two rows begin with alike are passed over whole (a move changes a hex or two of a row
    of a dozen runs); the cells from the first run that differs on are compared one by one."""
    most = min(len(old), len(new))
    head = 0
    while head < most and old[head] == new[head]:
        head += 1
    if not head:
        return _cell_span(old, new)
    skipped = sum(len(text) for text, _ in old[:head])
    first, end = _cell_span(old[head:], new[head:])
    return skipped + first, skipped + end


def _cell_span(old: tuple, new: tuple) -> tuple[int, int]:
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
    return cached(_STAMPS, (size, looks.drawn), dict, 8)


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
        self.faces = dict(faces)
        self.redrawn_hexes: tuple[Hex, ...] | None = None  # drawn again from ``before`` (None:
        # the map drawn whole)
        self._drawn: dict[int, tuple[tuple, Strip]] = {}  # rows made into strips (no cursor)
        centers = {h: cell_center(h, size) for h in faces}
        if not centers:
            self.origin, self.size = (0, 0), Size(0, 0)
            self.chars: list[list[str]] = []
            self.styles: list[list[Style]] = []
            self._strength: list[list[int]] = []
            return
        left = min(c for c, _ in centers.values()) - 2 * size - margin
        top = min(r for _, r in centers.values()) - size - margin
        width = max(c for c, _ in centers.values()) + 2 * size + margin - left + 1
        height = max(r for _, r in centers.values()) + size + margin - top + 1
        self.origin, self.size = (-left, -top), Size(width, height)
        if before is not None and before.size == self.size and before.origin == self.origin \
                and before.hex_size == size and before.looks.drawn == looks.drawn \
                and self._redraw(before):  # (the cursor is drawn over the rows)
            return
        base = looks.base
        self.chars = [[" "] * width for _ in range(height)]
        self.styles = [[base] * width for _ in range(height)]
        self._strength = [[-1] * width for _ in range(height)]
        made = stamps(size, looks)
        for h, face in faces.items():
            self._stamp(h, stamp(face, size, looks, made))
        if before is not None and before.size == self.size and before.origin == self.origin \
                and before.looks.drawn == looks.drawn:
            self._keep_strips(before, before._drawn)

    def _stamp(self, h: Hex, drawn: Stamp, only: set[tuple[int, int]] | None = None) -> None:
        """Draw one hex's stamp (with ``only``: its edges' cells in that set alone, not its
        inside)."""
        cx, cy = cell_center(h, self.hex_size, self.origin)
        chars, styles, strength = self.chars, self.styles, self._strength
        inside, edges = drawn
        if only is None:
            for row, first, text, row_styles in inside:
                first += cx
                chars[row + cy][first:first + len(text)] = text
                styles[row + cy][first:first + len(text)] = row_styles
        for col, row, power, char, style in edges:
            col, row = col + cx, row + cy
            if only is not None and (col, row) not in only:
                continue
            if strength[row][col] <= power:
                strength[row][col] = power
                chars[row][col] = char
                styles[row][col] = style

    def _redraw(self, before: "Canvas") -> bool:
        """Draw this map as ``before`` with only the hexes that changed drawn again (their
        cells cleared, then they and their neighbours' edges drawn over them: only
        neighbours share cells). False when most of the map changed (drawn whole instead)."""
        faces, old = self.faces, before.faces
        changed = [h for h in faces.keys() | old.keys() if faces.get(h) != old.get(h)]
        if 2 * len(changed) > len(faces):
            return False
        self.redrawn_hexes = tuple(changed)
        self.chars, self.styles = list(before.chars), list(before.styles)
        self._strength = list(before._strength)
        size, looks, base = self.hex_size, self.looks, self.looks.base
        cleared: set[tuple[int, int]] = set()
        rows: set[int] = set()
        for h in changed:
            cx, cy = cell_center(h, size, self.origin)
            cells = [(col + cx, row + cy) for col, row in _footprint(size)]
            cleared.update(cells)
            rows.update(row for _, row in cells)
        chars, styles, strength = self.chars, self.styles, self._strength
        for y in rows:  # (the rows drawn on are copies: ``before`` keeps its own)
            chars[y], styles[y], strength[y] = list(chars[y]), list(styles[y]), list(strength[y])
        for col, row in cleared:
            chars[row][col], styles[row][col], strength[row][col] = " ", base, -1
        made = stamps(size, looks)
        again = set(changed)
        near = {n for h in changed for n in neighbours(h)} - again
        for h, face in faces.items():  # (in the map's order: of two equal edges, the later wins)
            if h in again:
                self._stamp(h, stamp(face, size, looks, made))
            elif h in near:
                self._stamp(h, stamp(face, size, looks, made), cleared)
        self._keep_strips(before, {y: drawn for y, drawn in before._drawn.items()
                                   if y not in rows or (chars[y] == before.chars[y]
                                                        and styles[y] == before.styles[y])},
                          check=False)
        return True

    def _keep_strips(self, before: "Canvas", kept: dict[int, tuple[tuple, Strip]],
                     check: bool = True) -> None:
        """Keep ``before``'s strips of the rows whose cells are the same."""
        chars, styles = self.chars, self.styles
        for y, drawn in kept.items():
            if not check or (chars[y] == before.chars[y] and styles[y] == before.styles[y]):
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
