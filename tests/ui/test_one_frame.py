"""A key on the table is answered with one frame: everything it changes is drawn together.

A second frame a timer tick later (about 17 ms) doubles what a player waits for and writes the
screen to the terminal twice. These tests count the frames the app hands to its driver.
"""

from __future__ import annotations

from test_table_support import TableApp, scenario, settle

from shards_tui.ui.screens.handoff import HandoffScreen
from shards_tui.ui.screens.table import TableScreen

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
        assert isinstance(app.screen, TableScreen)
        counts = {}
        for key in ("p", "u", "p", "2", "3", "a", "2", "r"):
            counts.setdefault(key, []).append(await _frames_for(pilot, key))
        # Each move changed the table (the log proves it) and took exactly one frame.
        assert "recruits Kiln Drone" in "\n".join(app.screen.query_one("#log").lines_text)
        assert counts == {"p": [1, 1], "u": [1], "2": [1, 1], "3": [1], "a": [1], "r": [1]}
