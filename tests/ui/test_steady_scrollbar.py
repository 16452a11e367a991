"""The log's scrollbar repaints only the rows whose cells change, yet the screen always shows
the bar Textual's own scrollbar would draw: a log growing a line at a time, beside the same log
with Textual's scrollbar, shows the same bar (every cell's character and style) after every
line, far fewer rows are repainted, and the bar is drawn through Rich only for a look (size,
colours, an eighth of the thumb) it had not drawn before."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.containers import Horizontal
from textual.geometry import Region
from textual.scrollbar import ScrollBar
from textual.widget import Widget

from shards_tui.ui.textual_compat.widgets import screen_text
from shards_tui.ui.widgets.log_view import LogView
from shards_tui.ui.widgets.steady_scrollbar import SteadyScrollBar


class PlainLog(LogView):
    """The same log with Textual's own scrollbar."""

    vertical_scrollbar = Widget.vertical_scrollbar


class Logs(App[None]):
    CSS = "LogView { width: 1fr; height: 12; }"

    def compose(self) -> ComposeResult:
        with Horizontal():
            yield LogView(id="steady")
            yield PlainLog(id="plain")


def _bar_column(app: App, log: LogView) -> list[str]:
    """The scrollbar's cells as the screen shows them (from what each widget drew last)."""
    bar = log.vertical_scrollbar
    rows = screen_text(app.screen).splitlines()
    x = bar.region.x
    return [row[x:x + 1] for row in rows[bar.region.y:bar.region.bottom]]


def _bar_cells(log: LogView) -> list[list[object]]:
    """Each row of the bar as drawn: its segments (text and style)."""
    bar = log.vertical_scrollbar
    return [list(strip) for strip in bar.render_lines(Region(0, 0, *bar.size))]


async def test_the_steady_bar_shows_what_textuals_bar_shows_and_repaints_less(monkeypatch) -> None:
    app = Logs()
    async with app.run_test(size=(80, 14)) as pilot:
        steady, plain = app.query_one("#steady", LogView), app.query_one("#plain", LogView)
        bars = {steady.vertical_scrollbar: "steady", plain.vertical_scrollbar: "plain"}
        repainted = {"steady": 0, "plain": 0}  # rows each bar asked Textual to repaint
        original = Widget.refresh

        def counting(self, *regions, **kwargs):
            if self in bars and kwargs.get("repaint", True):
                repainted[bars[self]] += sum(r.height for r in regions) if regions \
                    else self.size.height
            return original(self, *regions, **kwargs)

        monkeypatch.setattr(Widget, "refresh", counting)
        drawn = {"steady": 0, "plain": 0}  # times each bar was drawn through Rich
        original_render = ScrollBar.render

        def counting_render(self):
            if self in bars:
                drawn[bars[self]] += 1
            return original_render(self)

        monkeypatch.setattr(ScrollBar, "render", counting_render)
        assert isinstance(steady.vertical_scrollbar, SteadyScrollBar)
        assert not isinstance(plain.vertical_scrollbar, SteadyScrollBar)
        lines: list[tuple[int, str]] = []
        for n in range(150):
            lines.append((n, f"line {n}" + " word" * (n % 7)))
            steady.show(lines)
            plain.show(lines)
            await pilot.pause()
            if steady.max_scroll_y > 0:
                assert _bar_column(app, steady) == _bar_column(app, plain), n
                assert _bar_cells(steady) == _bar_cells(plain), n
        assert steady.scroll_y == steady.max_scroll_y > 100
        assert repainted["steady"] * 3 < repainted["plain"]
        # Textual's bar is drawn at every line the log gains; the steady one once per look
        # (the eighths at the thumb's ends: a few dozen), whichever rows it repaints.
        assert drawn["steady"] * 3 < drawn["plain"], drawn
