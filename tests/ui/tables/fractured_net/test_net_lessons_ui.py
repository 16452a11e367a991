"""The Fractured Net's lessons open from Learn to play and are played at its own table, with
its own keys: the coach follows each key, a refused play is the step's lesson, the end offers
the next lesson. Every lesson opens at 120x40 and 80x24."""

from __future__ import annotations

import pytest
from textual.widgets import OptionList

from shards_tui.core.lesson import Lesson, lesson_files
from shards_tui.ui.app import ShardsApp
from shards_tui.ui.screens.lesson import LessonCompleteScreen, lesson_of, lesson_screen
from shards_tui.ui.screens.lessons_menu import LessonsMenuScreen
from shards_tui.ui.tables.fractured_net.screen import FracturedNetTable
from tests.ui.test_lessons_ui import coach, until

GAME = "fractured_net"


async def test_learn_to_play_opens_the_first_lesson_and_it_is_played_by_keys() -> None:
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        games = app.screen.query_one("#games", OptionList)
        games.highlighted = games.get_option_index(GAME)
        await pilot.pause()
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, LessonsMenuScreen)
        menu = app.screen.query_one("#lessons", OptionList)
        assert menu.option_count == len(lesson_files(GAME))
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, FracturedNetTable) and lesson_of(screen) is not None
        assert screen.query_one("#coach").border_title == "Lesson: Energy and resources"
        await pilot.press("enter")  # the first card of the hand: the Power Cell
        await pilot.pause()
        assert lesson_of(screen).progress[0] == 1
        await pilot.press("down")  # a move the step does not ask for: explained, not made
        await pilot.press("enter")
        await pilot.pause()
        assert "this step asks you to play Scrap Golem" in coach(app, "feedback")
        assert lesson_of(screen).progress[0] == 1
        await pilot.press("up", "enter")  # Scrap Golem
        await pilot.pause()
        assert lesson_of(screen).progress[0] == 2
        before = screen.ctl.state_json()
        await pilot.press("enter")  # Relay Courier: no energy left, and the step says why
        await pilot.pause()
        assert lesson_of(screen).progress[0] == 3
        assert screen.ctl.state_json() == before
        await pilot.press("e")  # end the turn; Ben's turn is the lesson's own
        await pilot.pause()
        assert lesson_of(screen).done
        assert isinstance(app.screen, LessonCompleteScreen)


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_every_lesson_opens_at_its_table(size: tuple[int, int]) -> None:
    files = lesson_files(GAME)
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for path in files:
            screen = lesson_screen(Lesson.load(path), files)
            await app.push_screen(screen)
            await until(pilot, lambda: app.screen is screen and coach(app, "instruction"))
            assert coach(app, "instruction"), path.name
            await pilot.press("escape")  # back
            await pilot.pause()
            assert app.screen is not screen


async def test_the_guides_panel_is_mounted_once_and_the_demo_opens() -> None:
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await app.push_screen(lesson_screen(Lesson.load(lesson_files(GAME)[0])))
        await pilot.pause()
        assert len(app.screen.query("#coach")) == 1
        await pilot.press("escape")
        await pilot.pause()
        app.open_demo(GAME)
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, FracturedNetTable)
        assert len(app.screen.query("#demo-side")) == 1
