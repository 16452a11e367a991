"""A stack of pages swapped by a scroll: nothing laid out, only the stack's rows written, the
pages out of sight kept from the keys and the wheel (``ui/widgets/scrolled_pages.py``, and the
scrolling path of ``OneFrame``)."""

from __future__ import annotations

from textual.app import App
from textual.containers import Horizontal
from textual.geometry import Region
from textual.widgets import Static

from shards_tui.ui.textual_compat.frame_writes import ChopsUpdate
from shards_tui.ui.textual_compat.one_frame import OneFrame
from shards_tui.ui.textual_compat.widgets import screen_text
from shards_tui.ui.widgets.scrolled_pages import ScrolledPages
from tests.ui.waiting import until

TOP_ROWS = 10


class Part(Static, can_focus=True):
    pass


class Table(OneFrame):
    def compose(self):
        yield Part("\n".join(f"map row {n}" for n in range(TOP_ROWS)), id="top")
        yield ScrolledPages(Horizontal(Part("dice", id="dice"), Part("hand", id="hand"), id="cards"),
                            Part("tile list\nsecond tile", id="tiles"), id="stack")


class TableApp(App[None]):
    CSS = "#top { height: 10; } #stack { height: 1fr; } #dice, #hand { width: 1fr; }"
    rows: list[set[int]]

    def on_mount(self) -> None:
        self.rows = []
        self.push_screen(Table())

    def _display(self, screen, renderable) -> None:  # type: ignore[no-untyped-def]
        if renderable is not None:  # the rows each frame writes (all of them: a whole screen)
            spans = renderable.spans if isinstance(renderable, ChopsUpdate) else None
            self.rows.append({y for y, _, _ in spans} if spans is not None else set(range(99)))
        super()._display(screen, renderable)


async def _frame(pilot) -> set[int]:
    """The rows the change's frame wrote (waited for, then the app let go idle: a frame right
    behind it would be counted too)."""
    app = pilot.app
    before = len(app.rows)
    await until(pilot, lambda: len(app.rows) > before, what="a frame")
    await pilot.pause()
    return set().union(*app.rows[before:])


async def _started(pilot) -> tuple[Table, ScrolledPages, Part]:
    """The table's screen, its stack and the tile list's page, once the start is all drawn."""
    await until(pilot, lambda: isinstance(pilot.app.screen, Table) and pilot.app.rows
                and "hand" in screen_text(pilot.app.screen), what="the table's first frame")
    await pilot.pause()  # (the app idle: the layouts of its start all done)
    screen = pilot.app.screen
    return screen, screen.query_one(ScrolledPages), screen.query_one("#tiles", Part)


async def test_a_page_is_swapped_without_a_layout_and_only_the_stack_is_written() -> None:
    app = TableApp()
    async with app.run_test(size=(40, 16)) as pilot:
        screen, stack, tiles = await _started(pilot)
        assert "hand" in screen_text(app.screen) and "tile list" not in screen_text(app.screen)
        layouts = screen.layouts
        screen.query_one("#top").region  # a look at a place (a focus does it) kept none
        stack.show_page(tiles)
        written = await _frame(pilot)
        assert "tile list" in screen_text(app.screen) and "hand" not in screen_text(app.screen)
        assert stack.showing(tiles) and screen.layouts == layouts
        assert written and written <= set(range(TOP_ROWS, 16)), sorted(written)
        # The page brought into sight was painted whole: its next change writes its own row.
        tiles.refresh(Region(0, 1, tiles.size.width, 1))
        assert await _frame(pilot) == {TOP_ROWS + 1}
        stack.show_page(screen.query_one("#cards"))
        await _frame(pilot)
        assert "hand" in screen_text(app.screen) and screen.layouts == layouts


async def test_the_pages_out_of_sight_keep_the_keys_and_the_wheel_out() -> None:
    app = TableApp()
    async with app.run_test(size=(40, 16)) as pilot:
        screen, stack, tiles = await _started(pilot)
        screen.query_one("#top").focus()
        for _ in range(3):  # Tab goes round the page in sight
            await pilot.press("tab")
            assert screen.focused is not tiles
        stack.show_page(tiles)
        await until(pilot, lambda: "tile list" in screen_text(app.screen))
        for _ in range(3):
            await pilot.press("tab")
            assert screen.focused not in (screen.query_one("#dice"), screen.query_one("#hand"))
        stack.scroll_up(animate=False, immediate=True)  # as the wheel and the keys do: the
        stack.scroll_page_down(animate=False)  # page stays
        await pilot.pause()
        assert "tile list" in screen_text(app.screen)
        await pilot.resize_terminal(40, 20)  # a taller stack: the page in sight is still it
        await until(pilot, lambda: pilot.app.screen.size.height == 20)
        await pilot.pause()
        assert "tile list" in screen_text(app.screen) and "hand" not in screen_text(app.screen)
