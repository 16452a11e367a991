"""The map as a bot reads it from a seat's view: where a leader can walk and how far each tile
is, the open edge of the map where tiles wait to be discovered, and whom a leader would have in
reach from a tile. Only what the view shows (tiles, their turned walls, pawns) is used."""

from __future__ import annotations

from typing import Any

from shards_tui.core.hex import Hex, distance, edge_key, neighbour, parse_hex, reachable, walls_of

FAR = 99  # the distance of a place that cannot be walked to


class BotMap:
    def __init__(self, view: Any) -> None:
        self.tiles: dict[Hex, Any] = {}
        self.walls: set = set()
        self.pawns: dict[Hex, int] = {}
        self.rift: Hex | None = None
        for t in view.tiles:
            h = parse_hex(t.hex)
            if not t.face_up:
                continue
            self.tiles[h] = t
            self.walls |= walls_of(h, t.walls)
            if t.pawn is not None:
                self.pawns[h] = t.pawn
            if t.type == "rift":
                self.rift = h
        self._walks: dict[Hex, dict[Hex, int]] = {}

    def tile(self, h: Hex) -> Any | None:
        return self.tiles.get(h)

    def open_way(self, h: Hex, direction: int) -> bool:
        return edge_key(h, direction) not in self.walls

    def walk(self, start: Hex) -> dict[Hex, int]:
        """The fewest moves from ``start`` to each face-up tile a leader may walk to (no wall
        crossed, no pawn in the way), and to each empty space on the edge of the map (entered
        by discovering it, which ends that path)."""
        if start not in self._walks:
            free = lambda h: h in self.tiles and (h not in self.pawns or h == start)  # noqa: E731
            found = dict(reachable(start, 12, free, self.walls))
            for h, k in list(found.items()):
                for d in range(6):
                    n = neighbour(h, d)
                    if n not in self.tiles and self.open_way(h, d) and k + 1 < found.get(n, FAR):
                        found[n] = k + 1
            self._walks[start] = found
        return self._walks[start]

    def from_rift(self, h: Hex) -> int:
        return distance(h, self.rift) if self.rift is not None else 0

    def in_reach(self, start: Hex, reach: int, target: Hex) -> bool:
        """Whether a leader standing on ``start`` would have ``target`` in reach: a clear path
        of face-up tiles at most ``reach`` long, pawns ending a path."""
        if distance(start, target) > reach:
            return False
        found = reachable(start, reach, lambda h: h in self.tiles, self.walls,
                          pass_through=lambda h: h not in self.pawns or h == start)
        return target in found
