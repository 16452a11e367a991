"""Pilot tests of the lessons: title -> Learn to play -> a lesson, its coach and its end."""

from __future__ import annotations

from typing import Any

from tests.ui.tables.shards.shards_ui_support import screen_text
from tests.ui.waiting import until

from textual.widgets import OptionList, Static

from shards_tui.core.lesson import Lesson, lesson_files
from shards_tui.ui.app import ShardsApp
from shards_tui.ui.screens.lesson import LessonCompleteScreen, lesson_of, lesson_screen
from shards_tui.ui.screens.lessons_menu import LessonsMenuScreen

SIZE = (120, 40)


def coach(app: ShardsApp, part: str) -> str:
    """A part of the coach's text ('' while the coach is not on screen yet)."""
    found = app.screen.query(f"#coach-{part}").results(Static)
    return next((str(widget.render()) for widget in found), "")


async def test_learn_to_play_opens_a_lesson_that_follows_keys_and_explains() -> None:
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        title_menu = app.screen.query_one("#menu", OptionList)
        ids = [title_menu.get_option_at_index(i).id for i in range(title_menu.option_count)]
        assert "learn" in ids
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, LessonsMenuScreen)
        menu = app.screen.query_one("#lessons", OptionList)
        assert menu.option_count == len(lesson_files("shards"))
        assert "Playing cards and recruiting" in str(menu.get_option_at_index(0).prompt)
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert lesson_of(screen) is not None
        assert screen.query_one("#coach").border_title == "Lesson: Playing cards and recruiting"
        assert "A Crystal gives 1 gem" in coach(app, "instruction")
        assert screen.query_one("#coach").border_subtitle == "step 1 of 6"

        await pilot.press("p")  # the first card of the hand is selected: a Crystal
        await pilot.pause()
        assert lesson_of(screen).progress == (1, 6)
        assert "play your Shard Reactor" in coach(app, "instruction")
        assert screen.query_one("#coach").border_subtitle == "step 2 of 6"

        before = screen.ctl.state_json()
        await pilot.press("a")  # legal, but not what this step teaches
        await pilot.pause()
        assert "this step asks you to play the Shard Reactor" in coach(app, "feedback")
        assert "Hint:" in coach(app, "feedback")
        assert screen.ctl.state_json() == before

        await pilot.press("colon", *"recruit 2", "enter")  # refused by the rules
        await pilot.pause()
        assert "You have 1 gem; Reactor Drone costs 3." in coach(app, "feedback")
        assert screen.ctl.state_json() == before

        await pilot.press("colon", *"play shard_reactor", "enter")
        await pilot.pause()
        assert lesson_of(screen).progress == (2, 6)
        assert "Reactor Drone (cost 3)" in coach(app, "instruction")
        assert not screen.query_one("#coach-feedback").display

        actions = screen.query_one("#actions").text
        assert "undo" not in actions and "end turn" in actions  # the row does not offer it
        footer = {b.binding.action for b in screen.active_bindings.values() if b.enabled}
        assert "save" not in footer and "undo" in footer  # a lesson is never saved
        await pilot.press("u")  # undo is off: the lesson follows its steps, and the key says so
        await pilot.pause()
        assert lesson_of(screen).progress == (2, 6) and screen.ctl.history
        assert "Undo is off in lessons; press ctrl+r" in screen.query_one("#status").text

        await pilot.press("escape")  # back to the menu
        await pilot.pause()
        assert isinstance(app.screen, LessonsMenuScreen)


async def test_finishing_a_lesson_offers_the_next_one() -> None:
    files = lesson_files("shards")
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = LessonsMenuScreen("shards")
        await app.push_screen(menu)
        await pilot.pause()
        await app.push_screen(lesson_screen(Lesson.load(files[0]), files))
        await pilot.pause()
        screen = app.screen
        assert lesson_of(screen) is not None
        for text in ["play crystal", "play shard_reactor", "recruit reactor_drone", "play all",
                     "recruit kiln_drone", "end"]:
            await pilot.press("colon", *text, "enter")
            await pilot.pause()
        assert lesson_of(screen).done
        assert isinstance(app.screen, LessonCompleteScreen)
        said = str(app.screen.query_one("#lesson-done-text", Static).render())
        assert lesson_of(screen).narration and all(line in said for line in lesson_of(screen).narration)
        assert said.endswith("You finished “Playing cards and recruiting”.")  # the last step's words
        await pilot.press("escape")  # stay at the table
        await pilot.pause()
        assert app.screen is screen
        assert "Lesson complete!" in coach(app, "instruction")
        await pilot.press("right_square_bracket")
        await pilot.pause()
        assert lesson_of(app.screen) is not None and app.screen is not screen
        assert lesson_of(app.screen).path == files[1]
        assert "Focus, mastery" in app.screen.query_one("#coach").border_title
        await pilot.press("escape")  # back to the menu: the first lesson is marked done
        await pilot.pause()
        assert app.screen is menu
        options = app.screen.query_one("#lessons", OptionList)
        assert "✓ done" in str(options.get_option_at_index(0).prompt)
        assert "✓ done" not in str(options.get_option_at_index(1).prompt)
    again = ShardsApp(cursor_blink=False)  # and it is remembered
    async with again.run_test(size=(80, 24)) as pilot:
        await again.push_screen(LessonsMenuScreen("shards"))
        await pilot.pause()
        options = again.screen.query_one("#lessons", OptionList)
        assert "✓ done" in str(options.get_option_at_index(0).prompt)


async def test_the_shield_lesson_is_answered_in_the_decision_panel() -> None:
    path = next(p for p in lesson_files("shards") if "shield" in p.name)
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await app.push_screen(lesson_screen(Lesson.load(path)))
        await until(pilot, lambda: "Ben ends his play phase" in coach(app, "narration"))
        screen = app.screen
        await until(pilot, lambda: screen.query_one("#decision").display
                    and screen.focused is not None)
        await pilot.press("enter")  # nothing ticked: asked once more before choosing none
        await pilot.pause()
        assert coach(app, "feedback") == "" and lesson_of(screen).progress == (0, 4)
        await pilot.press("enter")  # 'choose none', not what the step asks
        await until(pilot, lambda: "reveal Command Seer" in coach(app, "feedback"))
        await pilot.press("space", "enter")
        await until(pilot, lambda: lesson_of(screen).progress == (1, 4))
        assert screen.ctl.view(None).players[0].health == 48
        assert "Play Command Seer" in coach(app, "instruction")


async def test_on_a_short_screen_the_coach_says_what_the_hidden_status_line_would() -> None:
    path = lesson_files("shards")[0]
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(lesson_screen(Lesson.load(path)))
        await pilot.pause()
        assert not app.screen.query_one("#status").display
        await pilot.press("u")
        await pilot.pause()
        assert "Undo is off in lessons; press ctrl+r" in coach(app, "feedback")


async def test_the_shield_question_shows_its_option_in_a_lesson_at_80x24() -> None:
    path = next(p for p in lesson_files("shards") if "shield" in p.name)
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(lesson_screen(Lesson.load(path)))
        await pilot.pause()
        await pilot.pause()
        choices = app.screen.query_one("#decision .choices")
        assert app.screen.query_one("#coach").region.height <= 4  # its rows go to the question
        assert choices.region.height >= 1 and "Command Seer" in str(choices.render_line(0).text)
        await pilot.press("colon", *"choose command seer", "enter")  # the name, as the coach says
        await pilot.pause()
        assert lesson_of(app.screen).progress == (1, 4)


async def pick_from_the_palette(pilot, search: str) -> None:
    """ctrl+p, type ``search``, Enter: the palette sends the first command it finds."""
    await pilot.press("ctrl+p")
    await pilot.pause()
    await pilot.press(*search)
    await pilot.pause(0.3)
    await pilot.press("enter")
    await pilot.pause(0.3)


async def test_the_relic_lesson_shows_the_relics_and_takes_one_from_the_palette() -> None:
    """At 80x24: the relics are named at the bottom and in Ben's panel; ctrl+p takes one; a
    wrong pick from the palette leaves the coach scrolled to its feedback, under a long
    instruction."""
    from shards_tui.ui.tables.shards.player_panel import ResourceBar

    path = next(p for p in lesson_files("shards") if "relic" in p.name)
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(lesson_screen(Lesson.load(path)))
        for _ in range(200):  # until the table is drawn (a condition, never a length of time)
            shown = screen_text(app)
            if "relics Entropic Talons" in shown and "relics Datic Robes" in shown:
                break
            await pilot.pause()
        screen = app.screen
        bar = screen.query_one("#resources", ResourceBar)
        assert "relics Datic Robes / Terminal Crescents" in bar.plain
        text = screen_text(app)  # on screen, not only in the widgets' words
        assert "relics Entropic Talons / Panconscious Crown" in text
        assert "relics Datic Robes / Terminal Crescents" in text
        for text in ["relic terminal_crescents", "play crystal", "focus"]:
            await pilot.press("colon", *text, "enter")
            await pilot.pause()
        assert lesson_of(screen).progress == (3, 5)
        await pick_from_the_palette(pilot, "datic")
        assert "asks you to take Terminal Crescents" in coach(app, "feedback")
        panel = screen.query_one("#coach")
        assert panel.max_scroll_y > 0 and panel.scroll_y == panel.max_scroll_y  # feedback shows
        await pick_from_the_palette(pilot, "terminal")
        assert lesson_of(screen).progress == (4, 5)
        assert "discard 1" in bar.plain and "relics Terminal Crescents recruited; Datic Robes out of the game" in bar.plain
        assert "ctrl+p" not in screen.query_one("#actions").text  # no relic to take now


def test_a_lesson_that_ends_a_turn_with_something_unused_says_e_twice() -> None:
    """Where the first e only reminds (of cards in hand or the unused focus), the lesson must
    not tell the learner that one press ends the turn."""
    from shards_tui.games.shards.cards import card_db
    from shards_tui.ui.tables.shards.screen import _character
    from shards_tui.ui.tables.shards.table_data import TableData

    cards, checked = card_db(("base", "relics")), 0
    for path in lesson_files("shards"):
        lesson = Lesson.load(path)
        while not lesson.done:
            step = lesson.step
            if step.do == "end":
                view = lesson.controller.view(lesson.seat_of(step))
                if TableData.build(view, cards, _character).end_turn_unused:
                    checked += 1
                    assert "twice" in step.hint and "again" in step.say, path.stem
            lesson.try_command(step.do)
    assert checked >= 3


async def open_shield_lesson(app: ShardsApp, pilot) -> Any:
    """The shields lesson, open at its first step (a question: which shields to reveal)."""
    path = next(p for p in lesson_files("shards") if "shield" in p.name)
    await app.push_screen(lesson_screen(Lesson.load(path)))
    await pilot.pause()
    await pilot.pause()
    return app.screen


async def test_a_refusal_under_a_lesson_question_at_80x24_leaves_the_options_on_screen() -> None:
    """The coach says the refusal; the status line said it again under the question and
    pushed its only option out of sight."""
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_shield_lesson(app, pilot)
        assert screen.run_command_text("choose foo") is False
        await pilot.pause()
        assert "'foo' is not one of the choices" in coach(app, "feedback")
        choices = screen.query_one("#decision .choices")
        assert choices.region.height >= 1 and "Command Seer" in str(choices.render_line(0).text)
        assert screen.query_one("#actions").display  # nothing was hidden to make room


async def test_a_lesson_question_at_80x24_leaves_the_log_some_lines() -> None:
    """The log kept only its title while a question was open: the card panel gives it rows,
    and the question and the coach's instruction stay on screen."""
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_shield_lesson(app, pilot)
        log = screen.query_one("#log")
        assert screen.region.contains_region(log.region)
        assert log.content_region.height >= 3, screen_text(app)
        text = screen_text(app)
        assert "Ben assigns 7 power to" in text  # the log's last line
        assert "Reveal Command Seer: in the question panel" in text
        assert "▶ [ ] Command Seer (shield 5)" in text
        assert "Command Seer" in screen.query_one("#card-view").text
        await pilot.press("space", "enter")  # answered: the card panel has its rows again
        await pilot.pause()
        await pilot.press("h")  # Command Seer, first in hand
        await pilot.pause()
        assert screen.query_one("#card-view").region.height > 5


async def test_at_80x24_the_first_e_of_a_lesson_says_its_reminder_in_the_coach() -> None:
    """The status line is hidden in a lesson at 80x24: the first e seemed to do nothing."""
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(lesson_screen(Lesson.load(lesson_files("shards")[0])))
        await pilot.pause()
        screen = app.screen
        while lesson_of(screen).step.do != "end":
            assert screen.run_command_text(lesson_of(screen).step.do) is not False
            await pilot.pause()
        done = lesson_of(screen).progress[0]
        await pilot.press("e")
        await pilot.pause()
        assert "Press e again to end your turn" in coach(app, "feedback")
        assert lesson_of(screen).progress[0] == done
        await pilot.press("e")
        await pilot.pause()
        assert lesson_of(screen).progress[0] == done + 1
