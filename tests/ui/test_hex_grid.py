"""The generic hex map: flat-topped hexes drawn in cells with shared edges, walls over plain
edges, text centred inside; the cursor's step redraws the rows of two hexes only, and only the
cells that changed are repainted; a click chooses the hex under the pointer."""

from __future__ import annotations

from textual.app import App, ComposeResult

from shards_tui.core.hex import Hex, cell_center, hex_at_cell, neighbours
from shards_tui.ui.widgets.hex_canvas import (GHOST, WALL, Canvas, HexFace, Looks, changed_span,
                                              inside_rows)
from shards_tui.ui.widgets.hex_grid import HexGridView


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
        reads: list[int] = []
        style = HexGridView.rich_style

        def reading(widget):
            reads.append(1)
            return style.fget(widget)

        HexGridView.rich_style = property(reading)  # type: ignore[method-assign,assignment]
        try:
            await pilot.press("8")  # north
            await pilot.pause()
        finally:
            HexGridView.rich_style = style  # type: ignore[method-assign]
        # the rows repainted read the widget's style once, not once a row (which Textual
        # works out afresh from the ancestors each time: half the map's repaint)
        assert len(reads) <= 1, len(reads)
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


def _naive_span(old: tuple, new: tuple) -> tuple[int, int]:
    a = [(ch, style) for text, style in old for ch in text]
    b = [(ch, style) for text, style in new for ch in text]
    first = 0
    while first < len(a) and first < len(b) and a[first] == b[first]:
        first += 1
    end_a, end_b = len(a), len(b)
    while end_a > first and end_b > first and a[end_a - 1] == b[end_b - 1]:
        end_a, end_b = end_a - 1, end_b - 1
    return first, max(end_a, end_b)


def test_a_changed_span_is_the_same_as_one_found_cell_by_cell() -> None:
    # Styles that are equal but other objects count as equal (the fast pass tells them apart
    # by identity first).
    import random

    from rich.style import Style

    rng = random.Random(3)
    looks = [Style(bold=True), Style(color="red"), Style(bold=True)]
    for _ in range(2000):
        old, new = (tuple((rng.choice("ab ") * rng.randint(1, 4), rng.choice(looks))
                          for _ in range(rng.randint(0, 6))) for _ in range(2))
        assert changed_span(old, new) == _naive_span(old, new), (old, new)


def test_a_new_map_keeps_the_strips_of_the_rows_it_did_not_change() -> None:
    faces = {h: HexFace(lines=(("", ""), (f"{h.q},{h.r}", "")))
             for h in [Hex(0, 0), *neighbours(Hex(0, 0))]}
    old = Canvas(faces, 3)
    old_rows = old.rows(None)
    changed = {**faces, Hex(0, -1): HexFace(lines=(("", ""), ("moved", "")), walls=frozenset({0}))}
    new = Canvas(changed, 3, before=old)
    fresh = Canvas(changed, 3)
    assert new.chars == fresh.chars and new.styles == fresh.styles  # drawn as from scratch
    rows, fresh_rows = new.rows(Hex(1, 0)), fresh.rows(Hex(1, 0))
    assert [rows[y][0] for y in rows] == [fresh_rows[y][0] for y in fresh_rows]
    north = set(new.hex_rows(Hex(0, -1)))
    cursor = set(new.hex_rows(Hex(1, 0)))
    kept = [y for y in rows if y not in north | cursor]
    assert kept and all(rows[y][1] is old_rows[y][1] for y in kept)  # not made again
    assert all(new.rows(None)[y][1] is not old_rows[y][1] for y in north
               if new.rows(None)[y][0] != old_rows[y][0])


def test_a_map_drawn_again_for_the_hexes_that_changed_is_the_map_drawn_whole() -> None:
    """A new canvas from the one before draws only the hexes that changed (and their
    neighbours' shared edges): after each of many random changes (a face's text, fill, walls,
    open edges, a ghost, a hex gone or come back) it is cell for cell, and row for row, the
    canvas drawn from nothing."""
    import random

    from rich.style import Style

    rng = random.Random(7)
    looks = Looks(base=Style(color="white"), wall=Style(bold=True, color="yellow"),
                  open=Style(bold=True, color="green"))
    area = [Hex(q, r) for q in range(-3, 4) for r in range(-3, 4) if abs(q + r) <= 3]

    def face() -> HexFace:
        return HexFace(lines=tuple((rng.choice(["", "Rift", "go", "Ana ▶"]), rng.choice(["", "bold"]))
                                   for _ in range(rng.randint(0, 3))),
                       fill=rng.choice(["", "on #21402c", "on #2a2438"]), edge=rng.choice(["", "dim"]),
                       ghost=rng.random() < 0.3,
                       walls=frozenset(rng.sample(range(6), rng.randint(0, 2))),
                       open=frozenset(rng.sample(range(6), rng.randint(0, 1))))

    for size in (2, 3):
        faces = {h: face() for h in area}
        canvas = Canvas(faces, size, looks)
        canvas.rows(None)
        redrawn = 0
        for _ in range(60):
            faces = dict(faces)
            for h in rng.sample(area[1:-1], rng.randint(1, 4)):  # (the corners keep the bounds)
                if h in faces and rng.random() < 0.15:
                    del faces[h]
                else:
                    faces[h] = face()
            new = Canvas(faces, size, looks, before=canvas)
            fresh = Canvas(faces, size, looks)
            assert new.size == fresh.size and new.origin == fresh.origin
            assert new.chars == fresh.chars and new.styles == fresh.styles
            cursor = rng.choice(list(faces))
            rows, fresh_rows = new.rows(cursor), fresh.rows(cursor)
            assert [rows[y][0] for y in rows] == [fresh_rows[y][0] for y in fresh_rows]
            assert [rows[y][1].text for y in rows] == [fresh_rows[y][1].text for y in fresh_rows]
            redrawn += new.redrawn_hexes is not None
            canvas = new
        assert redrawn > 40  # (most changes took the short way)


async def test_the_focus_coming_or_going_repaints_the_cursors_rows_not_the_map() -> None:
    from textual.widget import Widget
    from textual.widgets import Button

    class TwoApp(App[None]):
        def compose(self) -> ComposeResult:
            yield HexGridView()
            yield Button("other")

    faces = {h: HexFace(lines=(("", ""), (f"{h.q},{h.r}", "")))
             for h in [Hex(0, 0), *neighbours(Hex(0, 0))]}
    app = TwoApp()
    async with app.run_test(size=(60, 30)) as pilot:
        grid = app.query_one(HexGridView)
        grid.show(faces, 3)
        grid.focus()
        await pilot.pause()
        asked: list[tuple] = []
        refresh = Widget.refresh

        def noting(widget, *regions, **kwargs):
            if widget is grid:
                asked.append(regions)
            return refresh(widget, *regions, **kwargs)

        Widget.refresh = noting  # type: ignore[method-assign]
        try:
            app.query_one(Button).focus()
            await pilot.pause()
            grid.focus()
            await pilot.pause()
        finally:
            Widget.refresh = refresh  # type: ignore[method-assign]
        assert asked and all(regions for regions in asked)  # rows, never the whole map
        assert len({r.y for regions in asked for r in regions}) <= 7  # the cursor's hex
        cursor_looks = set()
        for focused in (True, False, True):  # the rows drawn are those of the map drawn whole
            (grid if focused else app.query_one(Button)).focus()
            await pilot.pause()
            drawn = grid._canvas.looks
            edge = "hex-grid--cursor-edge" if focused else "hex-grid--cursor-away"
            assert drawn.cursor_edge == grid.get_component_rich_style(edge, partial=True)  # (the
            # look of the focus now, not of the one before)
            cursor_looks.add((drawn.cursor, drawn.cursor_edge))
            whole = Canvas(faces, 3, drawn).rows(grid.cursor)
            assert [key for key, _ in grid._rows] == [whole[y][0] for y in sorted(whole)]
        assert len(cursor_looks) == 2


async def test_a_focus_change_works_the_maps_styles_out_again_only_when_a_rule_says_focus(
        ) -> None:
    # Textual works a widget's styles out again at each focus change, and its scrollbars' and
    # component classes' (a third of a discovery's restyling, for the map). The map's look
    # does not follow the focus through its styles, so it is skipped; a map that a rule styles
    # at :focus is still restyled, and shows it.
    from textual.css.stylesheet import Stylesheet

    class RedWhenFocused(HexGridView):
        DEFAULT_CSS = "RedWhenFocused:focus { background: red; }"

    class TwoMaps(App[None]):
        def compose(self) -> ComposeResult:
            yield HexGridView(id="plain")
            yield RedWhenFocused(id="red")

    app = TwoMaps()
    async with app.run_test(size=(60, 30)) as pilot:
        plain, red = app.query_one("#plain", HexGridView), app.query_one("#red", HexGridView)
        plain.focus()
        await pilot.pause()
        styled: list[object] = []
        apply = Stylesheet.apply

        def noting(sheet, node, *args, **kwargs):
            styled.append(node)
            return apply(sheet, node, *args, **kwargs)

        Stylesheet.apply = noting  # type: ignore[method-assign]
        try:
            red.focus()
            await pilot.pause()
            assert red.styles.background.rgb == (255, 0, 0)
            plain.focus()
            await pilot.pause()
        finally:
            Stylesheet.apply = apply  # type: ignore[method-assign]
        assert plain not in styled and red in styled
        assert red.styles.background.rgb != (255, 0, 0)
