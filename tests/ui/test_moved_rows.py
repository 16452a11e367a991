"""A widget's styled rows kept by what they show (``textual_compat.moved_rows``): a log that
scrolls by a line styles only its new line again, and what it draws is what Textual's own
styling draws, after a scroll and after its styles change."""

from __future__ import annotations

from textual.app import App, ComposeResult

from shards_tui.ui.textual_compat.moved_rows import styles_cache
from shards_tui.ui.widgets.log_view import LogView

CSS = "LogView { border: round white; padding: 0 1; height: 12; }"


class LogApp(App[None]):
    CSS = CSS

    def compose(self) -> ComposeResult:
        yield LogView()


def lines(count: int) -> list[tuple[int, str]]:
    return [(n, f"entry {n}: Ana plays Crystal") for n in range(count)]


async def test_a_log_that_scrolls_by_a_line_styles_only_that_line(monkeypatch) -> None:
    from shards_tui.ui.textual_compat.moved_rows import StylesCache

    styled: list[int] = []  # the log's rows styled (not its scrollbar's)
    style_row = StylesCache.render_line

    def counting(self, styles, y, *args, **kwargs):
        if log is not None and self is styles_cache(log):
            styled.append(y)
        return style_row(self, styles, y, *args, **kwargs)

    log: LogView | None = None
    monkeypatch.setattr(StylesCache, "render_line", counting)
    app = LogApp()
    async with app.run_test(size=(60, 16)) as pilot:
        log = app.query_one(LogView)
        log.show(lines(40))
        await pilot.pause()
        assert log.size.height >= 8 and log.max_scroll_y > 0
        whole = log.outer_size.region
        log.render_lines(whole)  # (as a frame does)
        styled.clear()
        log.show(lines(41))  # a move's line: every row moves up by one
        await pilot.pause()
        log.render_lines(whole)
        assert "entry 40" in log.render_line(log.size.height - 1).text
        content_rows = [y for y in styled if 0 < y < log.outer_size.height - 1]
        assert len(content_rows) <= 1, styled  # the new line alone (each row before: 10)


async def test_rows_kept_by_what_they_show_draw_as_textual_does() -> None:
    """After a scroll and after its border, colours and tint change, every row the widget
    draws (each styled afresh by place, so found by what it shows where it can be) is the row
    Textual's own styling makes."""
    from shards_tui.ui.textual_compat.moved_rows import StylesCache
    from textual.color import Color

    def check(log: LogView) -> None:
        region = log.outer_size.region
        styles_cache(log).clear()  # by place only: what the rows show is kept
        ours = log.render_lines(region)
        assert ours == StylesCache().render_widget(log, region)

    app = LogApp()
    async with app.run_test(size=(60, 16)) as pilot:
        log = app.query_one(LogView)
        log.show(lines(40))
        await pilot.pause()
        check(log)
        log.show(lines(43))
        await pilot.pause()
        check(log)
        log.styles.border = ("heavy", "red")
        log.styles.background = "darkblue"
        await pilot.pause()
        check(log)
        log.styles.tint = Color(0, 255, 0, 0.3)
        log.styles.text_opacity = 0.5
        await pilot.pause()
        check(log)
        log.styles.padding = (0, 2)
        await pilot.pause()
        check(log)


async def test_an_idle_screen_forgets_the_rows_kept_by_what_they_show() -> None:
    """``forget_drawn_lines`` (an idle seat's screen on the server) drops them too."""
    from shards_tui.ui.textual_compat.widgets import drawn_lines_kept, forget_drawn_lines

    app = LogApp()
    async with app.run_test(size=(60, 16)) as pilot:
        log = app.query_one(LogView)
        log.show(lines(40))
        await pilot.pause()
        log.render_lines(log.outer_size.region)
        assert styles_cache(log).kept > 0
        forget_drawn_lines(app.screen)
        assert styles_cache(log).kept == 0
        assert drawn_lines_kept(app.screen) == 0
