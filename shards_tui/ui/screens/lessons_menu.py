"""The lessons menu: every lesson of a game, in order, with what it teaches."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from shards_tui.core import lesson_progress
from shards_tui.core.errors import GameError
from shards_tui.core.lesson import Lesson, lesson_files, load_lesson_file
from shards_tui.ui.game_tables import no_table, table_class
from shards_tui.ui.screens.lesson import lesson_screen


class LessonsMenuScreen(Screen[None]):
    CSS_PATH = "lessons_menu.tcss"
    AUTO_FOCUS = "#lessons"
    BINDINGS = [
        Binding("escape", "back", "Back", id="lessons.back"),
    ]

    def __init__(self, game_id: str) -> None:
        super().__init__()
        self.game_id = game_id
        self.paths: list[Path] = []
        self.problems: list[str] = []
        self._lessons: list[tuple[str, str]] = []  # (title, description) of each path
        for path in lesson_files(game_id):
            try:
                spec = load_lesson_file(path)
            except GameError as err:
                self.problems.append(str(err))
                continue
            self._lessons.append((spec.title, " ".join(spec.description.split())))
            self.paths.append(path)

    def _entries(self) -> list[Option]:
        """One option per lesson; a finished one is marked '✓ done' (words, not only colour)."""
        done = lesson_progress.finished(self.game_id)
        entries = []
        for n, (path, (title, description)) in enumerate(zip(self.paths, self._lessons)):
            prompt = Text()
            prompt.append(f"{n + 1}. {title}", style="bold")
            if path.name in done:
                prompt.append("  ✓ done", style="green")
            prompt.append("\n" + description, style="dim")
            entries.append(Option(prompt, id=str(n)))
        return entries

    def compose(self) -> ComposeResult:
        with Vertical(id="lessons-box"):
            yield Static("Learn to play", id="lessons-title")
            yield Static("Short guided turns on a table set up for each rule. Pick a lesson "
                         "and press Enter; Escape comes back here.", id="lessons-intro")
            yield Static("", id="lessons-message", classes="error")
            yield OptionList(*self._entries(), id="lessons")
        yield Footer()

    def on_mount(self) -> None:
        message = self.query_one("#lessons-message", Static)
        text = " ".join(self.problems)
        if not self.paths:
            text = ("There are no lessons for this game yet. " + text).strip()
        message.update(text)
        message.display = bool(text)
        if self.paths:
            self.query_one("#lessons", OptionList).highlighted = 0

    def on_screen_resume(self) -> None:
        """Back from a lesson: mark the ones finished meanwhile."""
        menu = self.query_one("#lessons", OptionList)
        highlighted = menu.highlighted
        menu.set_options(self._entries())
        if self.paths:
            menu.highlighted = highlighted if highlighted is not None else 0

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.open_lesson(int(event.option.id or 0))

    def open_lesson(self, index: int) -> None:
        try:
            lesson = Lesson.load(self.paths[index])
        except GameError as err:
            self._tell(str(err))
            return
        if table_class(lesson.controller.game_id) is None:
            self._tell(no_table(lesson.controller.game_id))
            return
        self.app.push_screen(lesson_screen(lesson, self.paths))

    def _tell(self, sentence: str) -> None:
        message = self.query_one("#lessons-message", Static)
        message.update(sentence)
        message.display = True

    def action_back(self) -> None:
        self.app.pop_screen()
