"""Load a save: type a path, or choose one of the saves in the save folder."""

from __future__ import annotations

import time
from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from shards_tui.core import lesson_progress, saves
from shards_tui.core.errors import SaveFileError
from shards_tui.core.paths import save_dir

PEEK_LIMIT = 2_000_000  # bytes; larger files are listed without a summary


AUTOSAVE_NAME = "autosave.json"  # offered as Resume on the title, not listed here
NOT_SAVES = {AUTOSAVE_NAME, lesson_progress.FILE_NAME}  # the app's own files beside the saves


def saves_folder() -> Path:
    return save_dir() / "saves"


def list_saves(folders: list[Path] | None = None) -> list[Path]:
    """*.json in the saves folder and the save folder itself (not the autosave nor the lessons'
    progress), newest first."""
    files: list[Path] = []
    for folder in folders if folders is not None else [saves_folder(), save_dir()]:
        try:
            files += [p for p in folder.glob("*.json") if p.is_file() and p.name not in NOT_SAVES]
        except OSError:
            continue

    def mtime(path: Path) -> float:
        try:
            return path.stat().st_mtime
        except OSError:
            return 0.0

    return sorted(files, key=mtime, reverse=True)


def summarize(path: Path) -> Text:
    """'Ana, Ben · 42 moves · 2024-05-01 18:02' for a save that passes every check loading
    makes except the replay of its moves (too slow for a list: see ``saves.summary``); for
    one that will not load, why, marked with ✗."""
    try:
        stat = path.stat()
    except OSError as exc:
        return _will_not_load(f"it could not be read ({exc.strerror or exc}).")
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(stat.st_mtime))
    if stat.st_size > PEEK_LIMIT:
        return Text(when)  # too large to read for a list; loading it checks it
    try:
        about = saves.summary(saves.read_text(path, source="it"), source="it")
    except SaveFileError as exc:
        return _will_not_load(str(exc))
    moves = f"{about.moves} move{'s' if about.moves != 1 else ''}"
    return Text(f"{', '.join(about.players)} · {moves} · {when}")


def _will_not_load(why: str) -> Text:
    return Text.assemble(("✗ will not load: ", "bold red"), (why, "red"))


def _short(path: Path) -> str:
    try:
        return str(path.relative_to(save_dir()))
    except ValueError:
        return str(path)


def resolve(text: str) -> Path:
    """A typed path: ~ expanded; a bare name is looked up in the saves folder too."""
    path = Path(text.strip()).expanduser()
    if not path.exists():
        for candidate in (saves_folder() / path, saves_folder() / f"{path}.json",
                          save_dir() / path, save_dir() / f"{path}.json"):
            if not path.is_absolute() and candidate.exists():
                return candidate
    return path


class LoadScreen(Screen):
    """Choose a save file to continue."""

    CSS_PATH = "load.tcss"
    AUTO_FOCUS = "#load-list"
    BINDINGS = [
        Binding("escape", "back", "Back", id="load.back"),
        Binding("ctrl+o", "focus_path", "Type a path", id="load.path"),
    ]

    def compose(self) -> ComposeResult:
        folder = save_dir()
        files = list_saves()
        with Vertical(id="load-box"):
            yield Static("Load a save", id="load-title")
            yield Static("Type the path of a save file and press Enter:", classes="hint")
            yield Input(placeholder="e.g. ~/my-game.json", id="load-path", max_length=1024,
                        compact=True)
            yield Static(f"Saves in {folder}:" if files else f"There are no saves in {folder} yet.",
                         id="load-folder", classes="hint")
            options = [Option(Text.assemble(_short(p), "  ·  ", summarize(p)), id=str(p))
                       for p in files]
            yield OptionList(*options, id="load-list")
            yield Static("", id="load-error", classes="error")
        yield Footer()

    def on_mount(self) -> None:
        if not self.query_one("#load-list", OptionList).option_count:
            self.query_one("#load-list").display = False
            self.query_one("#load-path", Input).focus()

    def show_error(self, sentence: str) -> None:
        error = self.query_one("#load-error", Static)
        error.update(sentence)
        error.display = bool(sentence)

    def load(self, path: Path) -> None:
        try:
            controller = saves.load(path)
        except SaveFileError as exc:
            self.show_error(str(exc))
            return
        self.show_error("")
        self.app.start_game(controller)  # type: ignore[attr-defined]

    @on(OptionList.OptionSelected, "#load-list")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id:
            self.load(Path(event.option.id))

    @on(Input.Submitted, "#load-path")
    def _typed(self, event: Input.Submitted) -> None:
        event.stop()
        if not event.value.strip():
            self.show_error("Type the path of a save file first.")
            return
        self.load(resolve(event.value))

    def action_back(self) -> None:
        self.app.pop_screen()

    def action_focus_path(self) -> None:
        self.query_one("#load-path", Input).focus()
