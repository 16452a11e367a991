"""The map as the Infinities table shows it: what the seat on screen may do there, whether
Enter moves or flips, the tile a discovery previews, the zoom, and the cursor kept on the pawn.

``TableMap`` keeps that state for the screen and draws it into the ``HexGridView`` it is
given; what a chosen hex does is ``choosing.on_hex``, what the hexes show ``map_data.faces``.
"""

from __future__ import annotations

from typing import Callable

from shards_tui.core.hex import Hex, parse_hex
from shards_tui.games.infinities.models import Phase
from shards_tui.games.infinities.view import InfView
from shards_tui.ui.tables.infinities.choosing import Outcome, on_hex
from shards_tui.ui.tables.infinities.map_data import describe_hex, faces, preview_for
from shards_tui.ui.tables.infinities.table_data import Targets, looks, pawn_hex, targets
from shards_tui.ui.widgets.hex_grid import HexGridView

FLIPPING = "Flipping: Enter on a marked tile next to you flips it face down."
NO_FLIP = "No tile next to you can be flipped now (it costs 1 Fortitude)."


class TableMap:
    def __init__(self) -> None:
        self.aims = Targets()  # the seat's moves by hex
        self.flip_mode = False
        self.preview: tuple[str, int] | None = None  # a discovery's tile and turn
        self.zoom: int | None = None  # None: 3 rows from centre to edge, 2 on a short screen
        self._cursor_for: tuple[int | None, str | None] | None = None

    def size(self, short: bool) -> int:
        return self.zoom or (2 if short else 3)

    def follow(self, view: InfView, seat: int | None, discovering: bool,
               offered: tuple[str | None, int]) -> None:
        """A new view: the seat's moves on the map; a discovery previews the tile ``offered``
        (the picker's) until another is chosen; flipping ends when nothing can be flipped."""
        self.aims = targets(view) if seat is not None else Targets()
        if not discovering:
            self.preview = None
        elif self.preview is None and offered[0] is not None:
            self.preview = (offered[0], offered[1])
        if not self.aims.flips:
            self.flip_mode = False

    def forget(self) -> None:
        """Another player takes the keyboard: nothing of the last one's map stays chosen."""
        self.flip_mode = False
        self.preview = None

    def draw(self, board: HexGridView, view: InfView, short: bool) -> None:
        preview = preview_for(view, *self.preview) if self.preview else None
        mine = view.you is not None and view.you == view.active and view.phase == Phase.ACT
        power = mine and any(d.face == "power" and not d.spent for d in view.dice)
        size = self.size(short)
        board.show(faces(view, looks(view), self.aims, size, flip_mode=self.flip_mode,
                         reach=power, preview=preview), size)

    def keep_cursor(self, board: HexGridView, view: InfView, seat: int | None,
                    later: Callable[..., object]) -> None:
        """At each new turn, and after the viewer's pawn moves, the cursor goes to their pawn
        (or the discovery's space) and the map scrolls to it (``later``: once drawn)."""
        who = seat if seat is not None and pawn_hex(view, seat) is not None else view.active
        where = view.discovering or (view.players[who].at if 0 <= who < len(view.players) else None)
        key = (who, where)
        if key == self._cursor_for or where is None:
            return
        self._cursor_for = key
        later(board.move_cursor, parse_hex(where), True)

    def chosen(self, view: InfView, h: Hex) -> Outcome:
        return on_hex(view, self.aims, h, self.flip_mode)

    def describe(self, view: InfView, h: Hex) -> str:
        return describe_hex(view, h, self.aims)

    def switch_flipping(self) -> str | None:
        """Flip mode on or off: the sentence to say, or None when nothing can be flipped."""
        if not self.aims.flips and not self.flip_mode:
            return None
        self.flip_mode = not self.flip_mode
        return FLIPPING if self.flip_mode else "Back to moving."

    def switch_zoom(self, short: bool) -> None:
        self.zoom = 2 if self.size(short) == 3 else 3
