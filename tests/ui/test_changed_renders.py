"""What a frame renders (``textual_compat.changed_renders``): each widget only for the rows of
the changes that overlap it, and what the frame writes is what a whole render of the screen
shows there, panels side by side and a box layered over them alike."""

from __future__ import annotations

import random

from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical
from textual.strip import Strip
from textual.widgets import Static

from shards_tui.ui.textual_compat.changed_renders import frame_now, whole_now


class Counted(Static):
    """A panel that counts the rows it is asked for."""

    asked = 0

    def render_lines(self, crop):  # type: ignore[override]
        self.asked += crop.height
        return super().render_lines(crop)


class Panels(App):
    CSS = """
    Horizontal { height: 1fr; }
    Vertical { width: 1fr; }
    Counted { height: 1fr; border: round $accent; }
    #box { layer: above; offset: 14 3; width: 22; height: 4; border: heavy $warning; }
    Screen { layers: base above; }
    """

    def compose(self) -> ComposeResult:
        with Horizontal():
            with Vertical():
                yield Counted("left top", id="lt")
                yield Counted("left bottom", id="lb")
            with Vertical():
                yield Counted("right top", id="rt")
                yield Counted("right bottom", id="rb")
        yield Counted("a box over both", id="box")


def _cells(strip: Strip) -> list[tuple[str, object]]:
    return [(char, segment.style) for segment in strip for char in segment.text]


def _mismatches(update, whole: list[Strip]) -> list[tuple[int, int]]:
    """(row, column) of every written cell that differs from the whole render."""
    wrong = []
    for y, x1, x2 in update.spans:
        expected = _cells(whole[y])
        for end, (x, strip) in zip(update.chop_ends[y], update.chops[y].items()):
            if end <= x1 or x >= x2:
                continue
            assert strip is not None, (y, x, x1, x2)  # every written cell was rendered
            got = _cells(strip)
            for cell in range(max(x, x1), min(end, x2)):
                if got[cell - x] != expected[cell]:
                    wrong.append((y, cell))
    return wrong


async def test_a_frame_renders_only_the_panels_a_change_overlaps_and_shows_the_whole_render():
    app = Panels()
    async with app.run_test(size=(60, 16)) as pilot:
        await pilot.pause()
        frame_now(app.screen)  # (whatever the first paint left)
        panels = {p.id: p for p in app.query(Counted)}
        for panel in panels.values():
            panel.asked = 0
        panels["lb"].update("left bottom, changed")  # (the box lies over the top panels)
        panels["rb"].update("right bottom, changed")
        update = frame_now(app.screen)
        asked = {name: panel.asked for name, panel in panels.items()}
        assert update is not None and _mismatches(update, whole_now(app.screen)) == []
        assert asked["lb"] and asked["rb"]
        assert asked["lt"] == 0 and asked["rt"] == 0 and asked["box"] == 0  # (Textual asked
        # every panel within the box around the changes for all its rows)


async def test_random_changes_under_and_over_a_layered_box_write_what_the_whole_render_shows():
    app = Panels()
    rng = random.Random(7)
    async with app.run_test(size=(60, 16)) as pilot:
        await pilot.pause()
        frame_now(app.screen)
        panels = list(app.query(Counted))
        for step in range(40):
            for panel in rng.sample(panels, rng.randint(1, 3)):
                panel.update("\n".join(f"{panel.id} {step} " + "x" * rng.randint(0, 20)
                                       for _ in range(rng.randint(1, 4))))
            update = frame_now(app.screen)
            assert update is not None
            assert _mismatches(update, whole_now(app.screen)) == [], step
