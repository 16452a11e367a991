"""A key on the table is answered with one frame: everything it changes is drawn together.

A second frame a timer tick later (about 17 ms) doubles what a player waits for and writes the
screen to the terminal twice. These tests count the frames the app hands to its driver.
"""

from __future__ import annotations

import sys

from tests.ui.tables.shards.shards_ui_support import TableApp, scenario, settle
from tests.ui.waiting import until

from shards_tui.ui.screens.handoff import HandoffScreen
from shards_tui.ui.tables.shards.screen import ShardsTable
from shards_tui.ui.textual_compat.widgets import screen_text

ANA_BEN = [{"name": "Ana", "hand": ["crystal", "crystal", "blaster", "crystal", "blaster"]},
           {"name": "Ben", "hand": ["crystal", "crystal"]}]


class CountingApp(TableApp):
    frames = 0

    def _display(self, screen, renderable) -> None:  # type: ignore[no-untyped-def]
        if renderable is not None:
            self.frames += 1
        super()._display(screen, renderable)


async def _frames_for(pilot, key: str) -> int:
    app = pilot.app
    await settle(pilot)
    before = app.frames
    await pilot.press(key)
    await pilot.pause(0.2)  # ten timer ticks: any follow-up frame would have come by now
    return app.frames - before


async def test_moves_and_selections_draw_one_frame_each() -> None:
    ctl = scenario(ANA_BEN, turn={"gems": 4})
    app = CountingApp(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HandoffScreen)
        await pilot.press("enter")
        await pilot.pause(0.2)
        assert isinstance(app.screen, ShardsTable)
        counts = {}
        for key in ("p", "u", "p", "2", "3", "a", "2", "r"):
            counts.setdefault(key, []).append(await _frames_for(pilot, key))
        # Each move changed the table (the log proves it) and took exactly one frame.
        assert "recruits Kiln Drone" in "\n".join(app.screen.query_one("#log").lines_text)
        assert counts == {"p": [1, 1], "u": [1], "2": [1, 1], "3": [1], "a": [1], "r": [1]}


async def test_a_scrollbar_that_comes_with_a_layout_gets_its_own_arrangement() -> None:
    """Five rows shown at once in a box of two: the layout that shows them gives the box a
    scrollbar, which narrows the rows. Dropping that second arrangement as a repeat left the
    rows unplaced and the box blank (a whole hand of cards at 80x24)."""
    from textual.app import App
    from textual.containers import VerticalScroll
    from textual.widgets import Static

    from shards_tui.ui.textual_compat.one_frame import OneFrame

    class Box(OneFrame):
        def compose(self):
            with VerticalScroll(id="box"):
                for n in range(5):
                    yield Static(f"card {n}", classes="row")

    class BoxApp(App[None]):
        CSS = "#box { height: 4; border: round white; } .row { display: none; }"

        def on_mount(self) -> None:
            self.push_screen(Box())

    app = BoxApp()
    async with app.run_test(size=(30, 8)) as pilot:
        await pilot.pause(0.1)
        box = app.screen.query_one("#box", VerticalScroll)
        assert not box.show_vertical_scrollbar
        for row in app.screen.query(".row"):
            row.display = True
        await pilot.pause(0.2)
        assert box.show_vertical_scrollbar
        first = app.screen.query(".row").first()
        assert first.region.width == box.scrollable_content_region.width
        text = screen_text(app.screen)
        assert "card 0" in text and "card 1" in text


async def test_the_screen_is_walked_again_only_when_its_widgets_change() -> None:
    """The widgets a frame looks through are kept between frames: repaints alone walk the
    screen's widgets no more, while a widget mounted later, and a scrollbar that comes, are
    among them at the next frame (their text and bar are drawn)."""
    from textual.app import App
    from textual.containers import VerticalScroll
    from textual.widgets import Static

    from shards_tui.ui.textual_compat.one_frame import OneFrame

    walks = 0

    class Counted(OneFrame):
        def compose(self):
            with VerticalScroll(id="box"):
                yield Static("first", id="first")

        def walk_children(self, *args, **kwargs):  # type: ignore[no-untyped-def]
            nonlocal walks
            if sys._getframe(1).f_code.co_name == "_all_widgets":  # (the pilot walks too)
                walks += 1
            return super().walk_children(*args, **kwargs)

    class CountedApp(App[None]):
        CSS = "#box { height: 4; } Static { height: 1; }"

        def on_mount(self) -> None:
            self.push_screen(Counted())

    app = CountedApp()
    async with app.run_test(size=(30, 8)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, Counted)
                    and "first" in screen_text(app.screen))
        await pilot.pause()
        screen = app.screen
        first = screen.query_one("#first", Static)
        before = walks
        for n in range(5):
            first.update(f"first {n}", layout=False)  # (a layout walks the screen itself)
            await until(pilot, lambda: f"first {n}" in screen_text(screen))
        assert walks == before  # five frames, no walk
        box = screen.query_one("#box", VerticalScroll)
        await box.mount(*(Static(f"row {n}") for n in range(6)))
        await until(pilot, lambda: "row 0" in screen_text(screen) and box.show_vertical_scrollbar)
        assert walks > before
        assert "row 0" in screen_text(screen) and box.show_vertical_scrollbar
        assert box.vertical_scrollbar in screen._all_widgets()
        assert all(row in screen._all_widgets() for row in screen.query(Static))
