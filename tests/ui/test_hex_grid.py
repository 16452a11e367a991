"""The generic hex map: flat-topped hexes drawn in cells with shared edges, walls over plain
edges, text centred inside; the cursor's step redraws the rows of two hexes only, and only the
cells that changed are repainted; a click chooses the hex under the pointer."""

from __future__ import annotations

from textual.app import App, ComposeResult

from shards_tui.core.hex import Hex, cell_center, hex_at_cell, neighbours
from shards_tui.ui.widgets.hex_grid import (GHOST, WALL, Canvas, HexFace, HexGridView,
                                            changed_span, inside_rows)


def _text(canvas: Canvas) -> list[str]:
    return ["".join(row) for row in canvas.chars]


def test_neighbours_share_their_edges_and_a_wall_wins_the_shared_cells() -> None:
    faces = {Hex(0, 0): HexFace(lines=(("", ""), ("", ""), ("Rift", ""))),
             Hex(1, 0): HexFace(walls=frozenset({5}))}  # its north-west edge: towards the Rift
    canvas = Canvas(faces, 3)
    rows = _text(canvas)
    ox, oy = canvas.origin
    assert "Rift" in rows[oy]  # its text, centred on its middle row
    # The Rift's south-east edge is the other hex's north-west edge: drawn once, as a wall.
    assert rows[oy + 1][ox + 5] == WALL and rows[oy + 2][ox + 4] == WALL
    assert sum(r.count(WALL) for r in rows) == 2  # (the two cells of that one edge)
    ghost = Canvas({Hex(0, 0): HexFace(ghost=True)}, 2)
    assert GHOST in "".join(_text(ghost))


def test_every_cell_inside_a_hex_maps_back_to_it() -> None:
    for size in (2, 3):
        canvas = Canvas({h: HexFace() for h in [Hex(0, 0), *neighbours(Hex(0, 0))]}, size)
        ox, oy = canvas.origin
        for h in neighbours(Hex(0, 0)):
            for row, first, span in inside_rows(cell_center(h, size, (ox, oy)), size):
                for col in range(first, first + span):
                    assert hex_at_cell(col, row, size, (ox, oy)) == h


def test_a_changed_span_is_the_cells_that_differ() -> None:
    assert changed_span((("abcdef", "x"),), (("abXdef", "x"),)) == (2, 3)
    assert changed_span((("ab", "x"), ("cd", "y")), (("ab", "x"), ("cd", "z"))) == (2, 4)


class GridApp(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.chosen: list[Hex] = []

    def compose(self) -> ComposeResult:
        yield HexGridView()

    def on_hex_grid_view_chosen(self, message: HexGridView.Chosen) -> None:
        self.chosen.append(message.hex)


async def test_a_cursor_step_redraws_two_hexes_rows_and_a_click_chooses() -> None:
    faces = {h: HexFace(lines=(("", ""), ("", ""), (f"{h.q},{h.r}", "")))
             for h in [Hex(0, 0), *neighbours(Hex(0, 0))]}
    app = GridApp()
    async with app.run_test(size=(60, 30)) as pilot:
        grid = app.query_one(HexGridView)
        grid.show(faces, 3)
        grid.focus()
        await pilot.pause()
        before = list(grid._rows)
        drawn: list[int] = []
        canvas_rows = grid._canvas.rows

        def counting(cursor, only=None):
            drawn.extend(only or [])
            return canvas_rows(cursor, only)

        grid._canvas.rows = counting  # type: ignore[method-assign]
        await pilot.press("8")  # north
        await pilot.pause()
        assert grid.cursor == Hex(0, -1)
        assert len(set(drawn)) <= 2 * 7 + 1  # the rows of the old hex and of the new one
        changed = [y for y, (a, b) in enumerate(zip(before, grid._rows)) if a[0] != b[0]]
        assert changed and set(changed) <= set(drawn)
        await pilot.press("8")  # off the map: the cursor stays on its edge
        await pilot.pause()
        assert grid.cursor == Hex(0, -1)
        await pilot.press("enter")
        left, top = grid.margins
        ox, oy = grid._canvas.origin
        await pilot.click(HexGridView, offset=(left + ox + 9, top + oy + 3))  # south-east's centre
        await pilot.pause()
        assert app.chosen == [Hex(0, -1), Hex(1, 0)] and grid.cursor == Hex(1, 0)
