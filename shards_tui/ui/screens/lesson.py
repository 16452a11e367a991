"""A lesson at the table: the game's own table with a coach panel that says what to do.

``lesson_screen(lesson, playlist)`` opens the lesson's game's table (the registry's
``table_screen``) for the learner's seat, with a ``LessonGuide``: the coach panel, the
lesson's keys (Esc: the lessons menu, ctrl+r: restart, ]: the next lesson) and a filter on
every command the learner sends, by key, click, palette or the ':' command line: it goes to
``Lesson.try_command`` instead of straight to the game, so a move the step does not ask for is
explained and changes nothing. When the last step is done a small screen offers the next
lesson or the lessons menu. Lessons are never autosaved nor saved, and their steps are never
undone (ctrl+r starts again); after the last step the table is free to play on.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Button, Static

from shards_tui.core import lesson_progress
from shards_tui.core.errors import GameError
from shards_tui.core.lesson import Lesson, LessonError, Outcome
from shards_tui.core.registry import game, load_named
from shards_tui.core.wording import move_summary
from shards_tui.ui.tables.base.guide import TableGuide
from shards_tui.ui.tables.base.screen import TableScreen, view_log


class CoachPanel(Vertical):
    """The lesson's title and progress, what just happened, what to do now, and feedback."""

    DEFAULT_CSS = """
    CoachPanel {
        height: auto;
        max-height: 9;
        border: round $accent;
        border-title-color: $accent;
        border-title-style: bold;
        border-subtitle-color: $text-muted;
        padding: 0 1;
        overflow-y: auto;
    }
    CoachPanel.-done { border: round $success; border-title-color: $success; }
    CoachPanel #coach-narration { color: $text-muted; height: auto; }
    CoachPanel #coach-instruction { height: auto; }
    CoachPanel #coach-feedback { height: auto; color: $warning; }
    CoachPanel #coach-feedback.-error { color: $error; }
    """

    def compose(self) -> ComposeResult:
        yield Static("", id="coach-narration")
        yield Static("", id="coach-instruction")
        yield Static("", id="coach-feedback")

    def show(self, lesson: Lesson, feedback: str = "", error: bool = False,
             narration: list[str] | None = None, has_next: bool = False) -> None:
        done, total = lesson.progress
        self.border_title = f"Lesson: {lesson.title}"
        self.border_subtitle = f"step {min(done + 1, total)} of {total}" if not lesson.done \
            else f"{total} of {total} done"
        said = lesson.narration if narration is None else narration
        story = self.query_one("#coach-narration", Static)
        story.update(Text("\n".join(said)))
        story.display = bool(said)
        instruction = self.query_one("#coach-instruction", Static)
        if lesson.done:
            keys = ("Press ] for the next lesson or Escape for the lessons menu." if has_next
                    else "That was the last lesson: press Escape for the lessons menu.")
            instruction.update(Text.assemble(("Lesson complete! ", "bold"), keys))
        else:
            instruction.update(Text.assemble(("▶ ", "bold"), (lesson.current_instruction, "bold")))
        box = self.query_one("#coach-feedback", Static)
        box.update(Text(feedback))
        box.display = bool(feedback)
        box.set_class(error, "-error")
        self.set_class(lesson.done, "-done")
        # When the panel is short (small terminals) the instruction and feedback, at the
        # bottom, matter most. Anchored, it stays at the end once the new lines are laid out,
        # also when they come while another screen (the ctrl+p palette) is closing.
        self.anchor()


class LessonCompleteScreen(ModalScreen[str]):
    """Shown once when the last step is done: 'next', 'menu' or 'stay'."""

    CSS_PATH = "lesson.tcss"
    BINDINGS = [
        Binding("n,right_square_bracket", "pick('next')", "Next lesson", id="lesson_done.next"),
        Binding("m", "pick('menu')", "Lessons menu", id="lesson_done.menu"),
        Binding("escape", "pick('stay')", "Stay at the table", id="lesson_done.stay"),
    ]

    def __init__(self, title: str, has_next: bool, closing: list[str] | None = None) -> None:
        super().__init__()
        self.lesson_title = title
        self.has_next = has_next
        self.closing = list(closing or [])  # what the last step explained (this box covers it)

    def compose(self) -> ComposeResult:
        with Vertical(id="lesson-done-box"):
            yield Static(Text("Lesson complete", style="bold"), id="lesson-done-headline")
            yield Static(Text("\n".join([*self.closing, f"You finished “{self.lesson_title}”."])),
                         id="lesson-done-text")
            with Horizontal(id="lesson-done-buttons"):
                if self.has_next:
                    yield Button("Next lesson (n)", id="next", variant="primary", compact=True)
                yield Button("Lessons menu (m)", id="menu", compact=True)
                yield Button("Stay here (esc)", id="stay", compact=True)

    def on_mount(self) -> None:
        self.query(Button).first().focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id or "stay")

    def action_pick(self, choice: str) -> None:
        if choice == "next" and not self.has_next:
            return
        self.dismiss(choice)


class LessonGuide(TableGuide):
    """The coach and the lesson's rules of play, added to a game's table."""

    BINDINGS = [
        Binding("escape", "guide('lessons_menu')", "Lessons", id="lesson.menu",
                tooltip="Leave this lesson and go back to the lessons menu."),
        Binding("ctrl+r", "guide('restart_lesson')", "Restart", id="lesson.restart",
                tooltip="Start this lesson again from the beginning."),
        Binding("right_square_bracket", "guide('next_lesson')", "Next lesson", key_display="]",
                id="lesson.next", tooltip="Go on to the next lesson."),
    ]
    # In a lesson the way back and the way to start again come before the moves (the coach
    # names the key of each step).
    footer_first = ("guide('lessons_menu')", "guide('restart_lesson')", "guide('next_lesson')")
    css_class = "-coached"

    def __init__(self, lesson: Lesson, playlist: list[Path] | None = None) -> None:
        self.lesson = lesson
        self.playlist = list(playlist or ([lesson.path] if lesson.path else []))
        self._complete_shown = False
        self.coach = CoachPanel(id="coach")

    def widgets(self) -> list[Widget]:
        return [self.coach]

    def mounted(self) -> None:
        self._coach()

    def shown(self, view: Any) -> None:
        if self.coach.is_mounted:  # a short screen gives a question's rows to its options
            self.coach.set_class(self.table.question_is_mine(), "-deciding")

    def _coach(self, feedback: str = "", error: bool = False,
               narration: list[str] | None = None) -> None:
        if self.coach.is_mounted:
            self.coach.show(self.lesson, feedback, error, narration,
                            has_next=self._next_path() is not None)
            self.coach.set_class(self.table.question_is_mine(), "-deciding")
        self.table.refresh_bindings()

    # ---- the one place commands arrive -------------------------------------------------------

    def send(self, text: str) -> bool | None:
        if self.lesson.done:
            return None  # free play once the lesson is over
        table = self.table
        if table.seat is None:
            return False
        seen = max((seq for seq, _text in view_log(table.view)), default=-1)
        try:
            outcome = self.lesson.try_command(text)
        except LessonError as err:
            table.say(str(err), error=True)
            self._coach(f"{err} Press ctrl+r to restart the lesson.", error=True)
            return False
        if not outcome.accepted:
            self._wrong(outcome)
            return False
        lines = [line for seq, line in view_log(table.view) if line and seq > seen]
        if outcome.message:  # the step asked to see a move refused: that refusal comes first
            table.say(outcome.message)
            self._coach(narration=[f"The rules said: “{outcome.message}”", *outcome.narration])
        else:
            table.say(move_summary(lines, text))
            self._coach()
        if self.lesson.done and not self._complete_shown:
            self._complete_shown = True
            if self.lesson.path is not None:
                lesson_progress.mark_finished(table.ctl.game_id, self.lesson.path)
            closing = [f"The rules said: “{outcome.message}”"] if outcome.message else []
            closing += outcome.narration or self.lesson.narration
            table.app.push_screen(LessonCompleteScreen(self.lesson.title,
                                                       self._next_path() is not None, closing),
                                  self._after_complete)
        return True

    def said(self, message: str, error: bool) -> None:
        if message and error and self.table.has_class("-short") and self.coach.is_mounted:
            self._coach(message, error=True)  # a short screen hides the status line: say it here

    def _wrong(self, outcome: Outcome) -> None:
        if outcome.error is not None:
            self.table.reject(outcome.error)
        else:
            self.table.say(outcome.message, error=True)
        feedback = outcome.message + (f"\nHint: {outcome.hint}" if outcome.hint else "")
        self._coach(feedback, error=True)

    # ---- the table's keys in a lesson ---------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "guide" and parameters == ("next_lesson",):
            return self.lesson.done and self._next_path() is not None
        if action == "guide" and parameters == ("restart_lesson",):
            return self.lesson.path is not None
        if action == "undo" and not self.lesson.done:
            return True  # the key says why not (undo_refusal)
        if action == "save":
            return False  # a lesson is started again, never saved (and its footer stays short)
        return None

    @property
    def offers_undo(self) -> bool:
        return self.lesson.done  # the steps are never undone; ctrl+r starts the lesson again

    def undo_refusal(self) -> str | None:
        if self.lesson.done:
            return None  # free play after the last step
        return "Undo is off in lessons; press ctrl+r to start the lesson again."

    # ---- moving between lessons ---------------------------------------------------------------

    def _next_path(self) -> Path | None:
        if self.lesson.path is None or self.lesson.path not in self.playlist:
            return None
        index = self.playlist.index(self.lesson.path) + 1
        return self.playlist[index] if index < len(self.playlist) else None

    def _after_complete(self, choice: str | None) -> None:
        if choice == "next":
            self.action_next_lesson()
        elif choice == "menu":
            self.action_lessons_menu()

    def _open(self, path: Path) -> None:
        try:
            lesson = Lesson.load(path)
        except GameError as err:
            self.table.say(str(err), error=True)
            return
        self.table.app.switch_screen(lesson_screen(lesson, self.playlist))

    def action_next_lesson(self) -> None:
        path = self._next_path()
        if path is not None and self.lesson.done:
            self._open(path)

    def action_restart_lesson(self) -> None:
        if self.lesson.path is not None:
            self._open(self.lesson.path)

    def action_lessons_menu(self) -> None:
        if len(self.table.app.screen_stack) > 1:
            self.table.app.pop_screen()


def lesson_screen(lesson: Lesson, playlist: list[Path] | None = None) -> TableScreen:
    """The lesson's game's table, for the learner, with the coach."""
    table = load_named(game(lesson.controller.game_id).table_screen)
    return table(lesson.controller, None, hotseat=False, seat=lesson.learner,
                 guide=LessonGuide(lesson, playlist))


def lesson_of(screen: Screen[Any] | None) -> Lesson | None:
    """The lesson a screen teaches (None: not a lesson's table)."""
    guide = getattr(screen, "guide", None)
    return guide.lesson if isinstance(guide, LessonGuide) else None
