"""The Infinities lessons are played at the real table with the coach: the first two by their
keys as the coach words them (at 120x40 and 80x24), every one to its end through the table at
80x24 (each step's move sent as the table sends a key's move)."""

from __future__ import annotations

from pathlib import Path

from inf_ui_support import settle

from shards_tui.core.lesson import Lesson, lesson_files
from shards_tui.ui.app import ShardsApp
from shards_tui.ui.screens.lesson import LessonCompleteScreen, lesson_of, lesson_screen
from shards_tui.ui.tables.infinities.discovery import InfDiscovery
from shards_tui.ui.tables.infinities.screen import InfinitiesTable
from tests.ui.test_lessons_ui import coach

FILES = lesson_files("infinities")


async def _open(app: ShardsApp, pilot, path: Path) -> InfinitiesTable:
    screen = lesson_screen(Lesson.load(path), FILES)
    await app.push_screen(screen)
    await settle(pilot)
    assert isinstance(screen, InfinitiesTable) and lesson_of(screen) is not None
    return screen


async def test_the_dice_lesson_is_played_with_the_keys_it_names() -> None:
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _open(app, pilot, FILES[0])
        lesson = lesson_of(screen)
        for keys in (("t", "p", "p", "f", "enter"), ("right", "right", "r"), ("left", "c"),
                     ("enter",), ("h", "enter", "enter"), ("m", "8", "enter")):
            step = lesson.progress[0]
            await pilot.press(*keys)
            await settle(pilot)
            assert lesson.progress[0] == step + 1, (keys, coach(app, "feedback"))
        assert lesson.done and isinstance(app.screen, LessonCompleteScreen)


async def test_the_moving_lesson_is_played_with_the_keys_and_the_picker() -> None:
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open(app, pilot, FILES[1])
        lesson = lesson_of(screen)
        for keys in (("1", "enter"), ("c", "2", "enter"), ("3", "enter")):
            step = lesson.progress[0]
            await pilot.press(*keys)
            await settle(pilot)
            assert lesson.progress[0] == step + 1, (keys, coach(app, "feedback"))
        picker = screen.query_one(InfDiscovery)
        assert screen.focused is picker
        wanted = list(picker.tiles).index("lumen_market")
        await pilot.press(*["down"] * wanted)
        await settle(pilot)
        assert picker.tile == "lumen_market" and picker.rot == 0
        await pilot.press("enter")
        await settle(pilot)
        assert lesson.done and isinstance(app.screen, LessonCompleteScreen)


async def test_every_lesson_is_completed_at_its_table_at_80x24() -> None:
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=(80, 24)) as pilot:
        for path in FILES:
            screen = await _open(app, pilot, path)
            lesson = lesson_of(screen)
            assert coach(app, "instruction"), path.name
            while not lesson.done:
                step = lesson.step
                screen.run_command_text(step.do)
                await settle(pilot)
            assert isinstance(app.screen, LessonCompleteScreen), path.name
            await pilot.press("escape")
            await settle(pilot)
            while app.screen is not app.screen_stack[0]:
                app.pop_screen()
                await settle(pilot)
