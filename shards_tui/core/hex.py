"""Hexagon grids in axial coordinates, flat-topped: pure functions for any game with a hex map.

A hex is ``Hex(q, r)``; the third cube coordinate is ``s = -q - r``. With flat tops, ``q``
grows to the right (each column half a hex lower than the one before it) and ``r`` grows
downwards. The six directions (and the six edges of a hex, each named by the direction it
faces) are numbered clockwise from north: 0 n, 1 ne, 2 se, 3 s, 4 sw, 5 nw. The ideas follow
Red Blob Games' guide to hexagonal grids (axial and cube coordinates, rings, rounding).

An edge between two neighbouring hexes has one canonical key (``edge_key``) whichever side it
is seen from, so a wall is stored once. A tile printed with walls on some of its edges and
placed turned ``k`` steps clockwise has them on ``rotate_edges(walls, k)``.
"""

from __future__ import annotations

from collections import deque
from functools import lru_cache
from typing import Callable, Collection, Iterable, NamedTuple


class Hex(NamedTuple):
    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r


ORIGIN = Hex(0, 0)
DIRECTION_NAMES = ("n", "ne", "se", "s", "sw", "nw")
DIRECTION_WORDS = dict(zip(DIRECTION_NAMES, ("north", "north-east", "south-east", "south",
                                             "south-west", "north-west")))  # as a player reads them
DIRECTIONS = (Hex(0, -1), Hex(1, -1), Hex(1, 0), Hex(0, 1), Hex(-1, 1), Hex(-1, 0))

# An edge as (q, r, d): the edge of hex (q, r) facing direction d, d being 0, 1 or 2 (n, ne,
# se); the same edge seen from the other hex is turned into this form by edge_key.
EdgeKey = tuple[int, int, int]


def direction_index(name: str) -> int:
    """0-5 for 'n', 'ne', 'se', 's', 'sw', 'nw' (ValueError for anything else)."""
    return DIRECTION_NAMES.index(name.lower())


def opposite(direction: int) -> int:
    return (direction + 3) % 6


def neighbour(h: Hex, direction: int) -> Hex:
    d = DIRECTIONS[direction % 6]
    return Hex(h.q + d.q, h.r + d.r)


def neighbours(h: Hex) -> list[Hex]:
    """The six neighbours, in direction order (n first, clockwise)."""
    return [Hex(h.q + d.q, h.r + d.r) for d in DIRECTIONS]


def direction_to(a: Hex, b: Hex) -> int | None:
    """The direction from ``a`` to its neighbour ``b``; None if they are not neighbours."""
    step = (b.q - a.q, b.r - a.r)
    for i, d in enumerate(DIRECTIONS):
        if (d.q, d.r) == step:
            return i
    return None


def distance(a: Hex, b: Hex) -> int:
    dq, dr = a.q - b.q, a.r - b.r
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def ring(center: Hex, radius: int) -> list[Hex]:
    """The hexes exactly ``radius`` away, clockwise from the corner south-west of ``center``;
    ``[center]`` for radius 0."""
    if radius < 0:
        raise ValueError("a ring's radius cannot be negative")
    if radius == 0:
        return [center]
    out = []
    h = Hex(center.q + DIRECTIONS[4].q * radius, center.r + DIRECTIONS[4].r * radius)  # sw corner
    for side in range(6):
        for _ in range(radius):
            out.append(h)
            h = neighbour(h, side)
    return out


def within(center: Hex, radius: int) -> list[Hex]:
    """Every hex at most ``radius`` away (the center first, then ring by ring)."""
    return [h for k in range(radius + 1) for h in ring(center, k)]


def edge_key(h: Hex, direction: int) -> EdgeKey:
    """The one key of the edge of ``h`` facing ``direction``: the same from both sides."""
    direction %= 6
    if direction < 3:
        return (h.q, h.r, direction)
    other = neighbour(h, direction)
    return (other.q, other.r, direction - 3)


def edge_hexes(key: EdgeKey) -> tuple[Hex, Hex]:
    """The two hexes an edge lies between."""
    h = Hex(key[0], key[1])
    return h, neighbour(h, key[2])


def rotate_edges(edges: Iterable[int], steps: int) -> frozenset[int]:
    """A tile's edge numbers once the tile is turned ``steps`` sixths clockwise."""
    return frozenset((e + steps) % 6 for e in edges)


def rotate_hex(h: Hex, steps: int, center: Hex = ORIGIN) -> Hex:
    """``h`` turned about ``center`` by ``steps`` sixths clockwise."""
    q, r, s = h.q - center.q, h.r - center.r, -(h.q - center.q) - (h.r - center.r)
    for _ in range(steps % 6):
        q, r, s = -r, -s, -q
    return Hex(q + center.q, r + center.r)


def walls_of(h: Hex, edges: Iterable[int]) -> set[EdgeKey]:
    """The edge keys of a hex's walls, given the edge numbers (already turned) they are on."""
    return {edge_key(h, e) for e in edges}


def reachable(start: Hex, steps: int, enter: Callable[[Hex], bool],
              walls: Collection[EdgeKey] = (), pass_through: Callable[[Hex], bool] | None = None
              ) -> dict[Hex, int]:
    """Every hex a path of at most ``steps`` moves from ``start`` can end on, with the fewest
    moves it takes (``start`` itself at 0). A move goes to a neighbour that ``enter`` allows,
    across no edge in ``walls``; a path may go on from a hex only if ``pass_through`` allows it
    (by default every enterable hex), so a blocked hex can end a path but not carry one."""
    through = pass_through or enter
    best = {start: 0}
    todo = deque([start])
    while todo:
        h = todo.popleft()
        k = best[h]
        if k >= steps or (h != start and not through(h)):
            continue
        for d in range(6):
            n = neighbour(h, d)
            if n in best or edge_key(h, d) in walls or not enter(n):
                continue
            best[n] = k + 1
            todo.append(n)
    return best


# ---- text and character cells ------------------------------------------------------------

def hex_text(h: Hex) -> str:
    """'q,r' (a hex as a key in a saved game)."""
    return f"{h.q},{h.r}"


@lru_cache(maxsize=4096)
def parse_hex(text: str) -> Hex:
    """The hex written 'q,r' (ValueError for anything else). Kept: a map's keys are read
    many times a move."""
    q, _, r = text.partition(",")
    return Hex(int(q), int(r))


def cell_center(h: Hex, size: int, origin: tuple[int, int] = (0, 0)) -> tuple[int, int]:
    """(column, row) of the centre of a flat-topped hex drawn in character cells, ``size`` rows
    from its centre to its top edge. Columns of hexes are ``3 * size`` cells apart and each
    column is ``size`` rows lower than the one to its left (cells are about twice as tall as
    wide, so the hexes look regular)."""
    if size < 1:
        raise ValueError("a hex is at least one row tall from its centre")
    return origin[0] + 3 * size * h.q, origin[1] + 2 * size * h.r + size * h.q


def hex_at_cell(column: int, row: int, size: int, origin: tuple[int, int] = (0, 0)) -> Hex:
    """The hex whose drawing holds this cell (nearest centre, by cube rounding)."""
    fq = (column - origin[0]) / (3 * size)
    fr = ((row - origin[1]) - size * fq) / (2 * size)
    return cube_round(fq, fr)


def cube_round(fq: float, fr: float) -> Hex:
    """The hex nearest to fractional axial coordinates."""
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(int(q), int(r))


def bounds(hexes: Iterable[Hex], size: int) -> tuple[int, int, int, int]:
    """(left, top, right, bottom) cells of the drawings of these hexes (centres at origin 0)."""
    cells = [cell_center(h, size) for h in hexes]
    if not cells:
        return 0, 0, 0, 0
    half = 2 * size
    return (min(c for c, _ in cells) - half, min(r for _, r in cells) - size,
            max(c for c, _ in cells) + half, max(r for _, r in cells) + size)

