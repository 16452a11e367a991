"""The log's scrollbar repaints only the rows whose cells change, yet the screen always shows
the bar Textual's own scrollbar would draw: a log growing a line at a time, beside the same log
with Textual's scrollbar, shows the same bar (every cell's character and style) after every
line, far fewer rows are repainted, and the bar is drawn through Rich only for a look (size,
colours, an eighth of the thumb) it had not drawn before. The map's bars, the same, keep
through a restyle that changes none of their colours."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.containers import Horizontal
from textual.geometry import Region
from textual.scrollbar import ScrollBar
from textual.widget import Widget

from shards_tui.core.hex import Hex
from shards_tui.ui.textual_compat.widgets import screen_text
from shards_tui.ui.widgets.hex_canvas import HexFace
from shards_tui.ui.widgets.hex_grid import HexGridView
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
        for n in range(130):  # (the scroll passes 100 rows)
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


class PlainMap(HexGridView):
    """The map with Textual's own scrollbars."""

    vertical_scrollbar = Widget.vertical_scrollbar
    horizontal_scrollbar = Widget.horizontal_scrollbar


class Maps(App[None]):
    CSS = """
    HexGridView { width: 1fr; height: 12; }
    #plain.-red { scrollbar-color: red; scrollbar-background: darkblue; }
    #steady.-red { scrollbar-color: red; scrollbar-background: darkblue; }
    """

    def compose(self) -> ComposeResult:
        with Horizontal():
            yield HexGridView(id="steady")
            yield PlainMap(id="plain")


def _cells_of(bar: ScrollBar) -> list[list[object]]:
    return [list(strip) for strip in bar.render_lines(Region(0, 0, *bar.size))]


async def test_the_maps_bars_keep_through_a_restyle_and_follow_a_colour_change(
        monkeypatch) -> None:
    # Textual repaints a widget's bars whenever its styles are applied again (a class added,
    # a focus change where a rule says :focus), though their colours stay: 2 ms of a
    # discovery's key, the map's two bars. The steady bars repaint nothing then, and show what
    # Textual's bars show when a colour does change.
    app = Maps()
    async with app.run_test(size=(60, 14)) as pilot:
        steady, plain = app.query_one("#steady", HexGridView), app.query_one("#plain", HexGridView)
        faces = {Hex(q, r): HexFace(lines=((f"{q},{r}", "bold"),)) for q in range(-4, 5)
                 for r in range(-4, 5)}
        for grid in (steady, plain):
            grid.show(faces, 3)
        await pilot.pause()
        bars = {steady.vertical_scrollbar: "steady", steady.horizontal_scrollbar: "steady",
                plain.vertical_scrollbar: "plain", plain.horizontal_scrollbar: "plain"}
        assert all(bar.display for bar in bars) and isinstance(steady.horizontal_scrollbar,
                                                               SteadyScrollBar)
        for grid in (steady, plain):  # (the bars' own first restyle, once, repaints them)
            grid.add_class("-other")
        await pilot.pause()
        repaints = {"steady": 0, "plain": 0}
        original = Widget.refresh

        def counting(self, *regions, **kwargs):
            if self in bars and kwargs.get("repaint", True):
                repaints[bars[self]] += 1
            return original(self, *regions, **kwargs)

        monkeypatch.setattr(Widget, "refresh", counting)
        for grid in (steady, plain):
            grid.remove_class("-other")
            grid.add_class("-other")
        await pilot.pause()
        assert repaints["steady"] == 0 < repaints["plain"], repaints
        for grid in (steady, plain):
            grid.add_class("-red")
        await pilot.pause()
        assert repaints["steady"] > 0
        for kind in ("vertical_scrollbar", "horizontal_scrollbar"):
            assert _cells_of(getattr(steady, kind)) == _cells_of(getattr(plain, kind)), kind
