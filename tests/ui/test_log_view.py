"""The game log at the table: its newest line is always in sight, also after a resize."""

from __future__ import annotations

from tests.ui.tables.shards.shards_ui_support import NEW_GAME, TableApp, build, screen_text, settle

from shards_tui.ui.widgets.log_view import LogView


def newest_in_sight(app) -> None:
    log = app.table.query_one(LogView)
    assert log.max_scroll_y > 0  # more lines than fit: the test means something
    assert log.scroll_y == log.max_scroll_y
    region = log.region
    rows = screen_text(app).splitlines()[region.y:region.bottom]
    shown = " ".join(row[region.x:region.right].strip("│ ▁▂▃▄▅▆▇█") for row in rows)
    assert " ".join(log.lines_text[-1].split()) in " ".join(shown.split())


async def test_log_keeps_its_newest_line_in_sight() -> None:
    ctl = build(NEW_GAME)
    app = TableApp(ctl, hotseat=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        while len(ctl.state.log) < 260:  # past the view's 200-line window, which then slides
            seat = ctl.who_must_act()
            view = ctl.view(seat)
            if view.pending:
                ctl.apply("choose " + (view.pending.options[0].id
                                       if view.pending.min else "none"), seat)
            else:
                if view.players[seat].hand:
                    ctl.apply("play all", seat)
                ctl.apply("end", seat)
            await settle(pilot)
        newest_in_sight(app)
        await pilot.resize_terminal(80, 24)
        await settle(pilot, 5)
        newest_in_sight(app)
        await pilot.resize_terminal(120, 40)
        await settle(pilot, 5)
        newest_in_sight(app)


async def test_a_log_as_long_as_the_view_allows_still_shows_each_new_line() -> None:
    """The view sends the last 200 entries: once full, each move keeps the count the same
    while the lines change, and the panel must draw the new ones (and a seat's own lines,
    never the previous seat's)."""
    from textual.app import App, ComposeResult

    class LogApp(App[None]):
        def compose(self) -> ComposeResult:
            yield LogView()

    def lines(first: int) -> list[tuple[int, str]]:
        return [(n, f"entry {n}") for n in range(first, first + 200)]

    app = LogApp()
    async with app.run_test(size=(60, 12)) as pilot:
        log = app.query_one(LogView)
        log.show(lines(0))
        await pilot.pause()
        assert "entry 199" in log.render_line(log.size.height - 1).text
        joined, wrap = [], log._wrap

        def wrapping(paragraph, width):
            joined.append(paragraph)
            return wrap(paragraph, width)

        log._wrap = wrapping  # type: ignore[method-assign]
        log.show(lines(1))
        await pilot.pause()
        assert "entry 200" in log.render_line(log.size.height - 1).text
        # the window slid by a line: the rows of the 199 lines kept are kept too, only the
        # new line is joined to them (all 200 were, a few milliseconds each move at the table)
        assert set(joined) == {(200, "entry 200")}, len(joined)
        del log._wrap
        # and it keeps its lines' rows at the width it shows them (beside its scrollbar), not
        # also at the full width it tried first (a 200-line log's rows twice over, each seat)
        assert {width for _, width in log._wrapped} == {log.scrollable_content_region.width}
        log.show([(n, "Bob draws 1 card.") for n, _ in lines(1)])  # the next seat's view
        await pilot.pause()
        assert "entry" not in "".join(log.render_line(y).text for y in range(log.size.height))


def test_plain_rows_wrap_at_spaces_and_cut_a_word_longer_than_a_row() -> None:
    from rich.style import Style

    from shards_tui.ui.widgets.rows_view import plain_rows

    rows = [strip.text for strip in plain_rows("Ben gains 1 gem from Crystal.", 12, Style())]
    assert rows == ["Ben gains 1", "gem from", "Crystal."]
    rows = [strip.text for strip in plain_rows("a Supercalifragilistic word", 8, Style())]
    assert rows == ["a", "Supercal", "ifragili", "stic", "word"]
    assert [s.text for s in plain_rows("", 8, Style())] == [""]
    assert all(strip.cell_length <= 8 for strip in plain_rows("♥ ◆ ⚔ ✦ " * 5, 8, Style()))


def test_runs_rows_keep_each_words_style_across_rows() -> None:
    from rich.style import Style

    from shards_tui.ui.widgets.rows_view import runs_rows

    rows = runs_rows([("Keys: ", "bold"), ("r recruit · f fast-play", "")], 14, Style())
    assert [strip.text for strip in rows] == ["Keys: r", "recruit · f", "fast-play"]
    first = list(rows[0])
    assert first[0].text == "Keys:" and first[0].style.bold
    assert not any(seg.style.bold for seg in first[1:])


async def test_a_long_log_that_lost_its_last_lines_is_not_wrapped_again() -> None:
    """An undo takes the last lines off a log that overflows: it still has more lines than
    rows, so it overflows at any width, and its rows are taken beside the scrollbar where
    they were wrapped already (every line was wrapped again at the full width first: an
    undo late in a game cost about a millisecond more than a play)."""
    from textual.app import App, ComposeResult

    class LogApp(App[None]):
        def compose(self) -> ComposeResult:
            yield LogView()

    lines = [(n, f"entry {n}") for n in range(60)]
    app = LogApp()
    async with app.run_test(size=(60, 12)) as pilot:
        log = app.query_one(LogView)
        log.show(lines)
        await pilot.pause()
        joined, wrap = [], log._wrap

        def wrapping(paragraph, width):
            if (paragraph, width) not in log._wrapped:
                joined.append(paragraph)
            return wrap(paragraph, width)

        log._wrap = wrapping  # type: ignore[method-assign]
        log.show(lines[:-2])  # the last move taken back
        await pilot.pause()
        assert joined == []
        assert "entry 57" in log.render_line(log.size.height - 1).text
        assert log.scroll_y == log.max_scroll_y > 0
        log.show(lines[:5])  # fewer lines than rows: the full width again, no scrollbar
        await pilot.pause()
        assert not log.show_vertical_scrollbar
        assert "entry 4" in "".join(log.render_line(y).text for y in range(log.size.height))


async def test_rows_that_read_differently_are_asked_to_repaint_at_once(monkeypatch) -> None:
    """Text whose second and fourth rows changed repaints those two rows, asked for in one
    call (each call does the widget's bookkeeping again), and shows the new text."""
    from textual.app import App, ComposeResult
    from textual.widget import Widget

    from shards_tui.ui.textual_compat.widgets import screen_text as text_of
    from shards_tui.ui.widgets.rows_view import RowsView

    class Rows(App[None]):
        CSS = "RowsView { height: 6; }"

        def compose(self) -> ComposeResult:
            yield RowsView()

    app = Rows()
    async with app.run_test(size=(30, 8)) as pilot:
        view = app.query_one(RowsView)
        view.show_paragraphs(["one", "two", "three", "four", "five"])
        await pilot.pause()
        asked: list[list[tuple[int, int]]] = []
        original = Widget.refresh

        def counting(self, *regions, **kwargs):  # type: ignore[no-untyped-def]
            if self is view:
                asked.append([(region.y, region.height) for region in regions])
            return original(self, *regions, **kwargs)

        monkeypatch.setattr(Widget, "refresh", counting)
        view.show_paragraphs(["one", "TWO", "three", "FOUR", "five"])
        monkeypatch.setattr(Widget, "refresh", original)
        await pilot.pause()
        assert asked == [[(1, 1), (3, 1)]]
        assert [row.strip() for row in text_of(app.screen).splitlines()[:5]] == [
            "one", "TWO", "three", "FOUR", "five"]
