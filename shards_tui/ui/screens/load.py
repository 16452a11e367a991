"""Load a save: type a path, or choose one of the saves in the save folder.

The list shows at once what each save says about itself, checked as loading checks it short
of the replay of its moves (``saves.summary``); then a worker thread replays each save that
passed (``saves.check``, as loading does; the one under the cursor first) and marks the ones
that will not load; keys work meanwhile, and leaving stops it between two moves. Each row is
one line, so a row whose text changes never moves the others; the sentence under the list
says in full why the highlighted save will not load.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from shards_tui.core import autosaves, lesson_progress, saves
from shards_tui.core.errors import SaveFileError
from shards_tui.core.paths import save_dir
from shards_tui.ui.widgets.ordered_input import OrderedInput

PEEK_LIMIT = 2_000_000  # bytes; larger files are listed without a summary until replayed
CHECKS = "load-checks"  # the worker group that replays the listed saves
CHECKING_NOTE_DELAY = 0.3  # seconds of checking before the list says it is checking


NOT_SAVES = {lesson_progress.FILE_NAME}  # the app's own files beside the saves (and the
# autosaves, offered as Resume on the title)


def saves_folder() -> Path:
    return save_dir() / "saves"


def list_saves(folders: list[Path] | None = None) -> list[Path]:
    """*.json in the saves folder and the save folder itself (not the autosaves nor the
    lessons' progress), newest first."""
    files: list[Path] = []
    first = autosaves.autosave_path()
    for folder in folders if folders is not None else [saves_folder(), save_dir()]:
        try:
            files += [p for p in folder.glob("*.json") if p.is_file() and p.name not in NOT_SAVES
                      and not autosaves.is_autosave(p, first)]
        except OSError:
            continue

    def mtime(path: Path) -> float:
        try:
            return path.stat().st_mtime
        except OSError:
            return 0.0

    return sorted(files, key=mtime, reverse=True)


@dataclass(frozen=True)
class Listed:
    """What the list knows of one save: the text after its name, why it will not load (None
    while it may), and whether its moves are still to be replayed."""

    label: Text
    why: str | None = None
    to_replay: bool = False


def look(path: Path) -> Listed:
    """'Ana, Ben · 42 moves · 2024-05-01 18:02' for a save that passes every check loading
    makes except the replay of its moves (too slow to wait for: see ``replay``), which is
    still to come; for one that will not load, why, marked with ✗."""
    listed = _listed(path, lambda text: saves.summary(text, source="it"), peek=True)
    assert listed is not None  # only a stopped replay gives None
    return listed


def replay(path: Path, stop: Callable[[], bool] | None = None) -> Listed | None:
    """What loading ``path`` would find, its replay included; None when ``stop()`` ends it."""
    return _listed(path, lambda text: saves.check(text, source="it", stop=stop), peek=False)


def _listed(path: Path, checked: Callable[[str], saves.SaveSummary | None],
            peek: bool) -> Listed | None:
    try:
        stat = path.stat()
    except OSError as exc:
        return _will_not_load(f"it could not be read ({exc.strerror or exc}).")
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(stat.st_mtime))
    if peek and stat.st_size > PEEK_LIMIT:
        return Listed(Text(when), to_replay=True)  # too large to read at once; replayed later
    try:
        about = checked(saves.read_text(path, source="it"))
    except SaveFileError as exc:
        return _will_not_load(str(exc))
    if about is None:
        return None
    moves = f"{about.moves} move{'s' if about.moves != 1 else ''}"
    return Listed(Text(f"{', '.join(about.players)} · {moves} · {when}"), to_replay=peek)


def _will_not_load(why: str) -> Listed:
    return Listed(Text.assemble(("✗ will not load: ", "bold red"), (why, "red")), why=why)


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


class Todo:
    """The saves still to replay, in order, shared with the checks' thread: the one the
    player moves the cursor to goes first."""

    def __init__(self, paths: list[Path]) -> None:
        self._paths = paths
        self._lock = threading.Lock()

    def __bool__(self) -> bool:
        with self._lock:
            return bool(self._paths)

    def first(self, path: Path) -> None:
        with self._lock:
            if path in self._paths:
                self._paths.remove(path)
                self._paths.insert(0, path)

    def next(self) -> Path | None:
        with self._lock:
            return self._paths.pop(0) if self._paths else None


class LoadScreen(Screen):
    """Choose a save file to continue."""

    CSS_PATH = "load.tcss"
    AUTO_FOCUS = "#load-list"
    BINDINGS = [
        Binding("escape", "back", "Back", id="load.back"),
        Binding("ctrl+o", "focus_path", "Type a path", id="load.path"),
    ]

    class Checked(Message):
        """A save's replay ended: what the list now knows of it (from the checks' thread)."""

        def __init__(self, path: Path, listed: Listed) -> None:
            super().__init__()
            self.path = path
            self.listed = listed

    def __init__(self) -> None:
        super().__init__()
        self.listed: dict[str, Listed] = {}  # option id (the path) -> what is known
        self._said = False  # the sentence under the list answers Enter (kept until a move)
        self._checking_noted = False
        self._todo = Todo([])

    def compose(self) -> ComposeResult:
        folder = save_dir()
        files = list_saves()
        self.listed = {str(p): look(p) for p in files}
        with Vertical(id="load-box"):
            yield Static("Load a save", id="load-title")
            yield Static("Type the path of a save file and press Enter:", classes="hint")
            yield OrderedInput(placeholder="e.g. ~/my-game.json", id="load-path", max_length=1024,
                        compact=True)
            yield Static(f"Saves in {folder}:" if files else f"There are no saves in {folder} yet.",
                         id="load-folder", classes="hint")
            options = [Option(self._prompt(p), id=str(p)) for p in files]
            yield OptionList(*options, id="load-list")
            yield Static("", id="load-error", markup=False)
        yield Footer()

    def _prompt(self, path: Path) -> Text:
        return Text.assemble(_short(path), "  ·  ", self.listed[str(path)].label)

    def on_mount(self) -> None:
        if not self.query_one("#load-list", OptionList).option_count:
            self.query_one("#load-list").display = False
            self.query_one("#load-path", Input).focus()
        self._start_checks()

    # ---- the replay of each listed save, on a thread ----------------------------------------

    @property
    def checking(self) -> bool:
        """Some listed saves are still to be replayed."""
        return any(listed.to_replay for listed in self.listed.values())

    def _start_checks(self) -> None:
        todo = self._todo = Todo([Path(key) for key, listed in self.listed.items()
                                  if listed.to_replay])
        if todo:
            highlighted = self.query_one("#load-list", OptionList).highlighted_option
            if highlighted is not None and highlighted.id:
                todo.first(Path(highlighted.id))
            self.run_worker(lambda: self._replay_all(todo), thread=True, group=CHECKS,
                            exclusive=True, exit_on_error=False, name="replay the saves")
            self.set_timer(CHECKING_NOTE_DELAY, self._note_checking)

    def _stop_checks(self) -> None:
        self.workers.cancel_group(self, CHECKS)

    def _replay_all(self, todo: Todo) -> None:
        """On the worker's thread: replay each save in turn, posting what is found; stops
        (between two moves) once the worker is cancelled, e.g. when the screen closes."""
        worker = get_current_worker()
        while (path := todo.next()) is not None:
            try:
                listed = replay(path, stop=lambda: worker.is_cancelled)
            except Exception as exc:  # a bug, not the file: loading would fail the same way
                listed = _will_not_load(f"it could not be checked ({exc}).")
            if listed is None or worker.is_cancelled:
                return
            try:
                self.post_message(self.Checked(path, listed))
            except RuntimeError:  # the app has closed its loop
                return

    def on_load_screen_checked(self, message: Checked) -> None:
        key = str(message.path)
        if key not in self.listed or not self.is_attached:
            return
        self.listed[key] = message.listed
        listing = self.query_one("#load-list", OptionList)
        listing.replace_option_prompt(key, self._prompt(message.path))
        self._describe_highlighted()

    def _note_checking(self) -> None:
        self._checking_noted = True
        self._describe_highlighted()

    # ---- the sentence under the list --------------------------------------------------------

    def _describe_highlighted(self) -> None:
        """Why the highlighted save will not load, in full (its row may be cut), unless the
        sentence answers Enter; else that saves are still being replayed, if they are."""
        if self._said or not self.is_attached:
            return
        listing = self.query_one("#load-list", OptionList)
        option = listing.highlighted_option if listing.display else None
        listed = self.listed.get(option.id or "") if option is not None else None
        if listed is not None and listed.why is not None and option is not None:
            self._show(f"✗ {Path(option.id or '').name} will not load: {listed.why}")
        elif self.checking and self._checking_noted:
            self._show("Checking that each save's moves replay as saved…", error=False)
        else:
            self._show("")

    @on(OptionList.OptionHighlighted, "#load-list")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self._said = False
        if event.option.id:
            self._todo.first(Path(event.option.id))  # the save under the cursor is next
        self._describe_highlighted()

    def _show(self, sentence: str, error: bool = True) -> None:
        said = self.query_one("#load-error", Static)
        said.update(sentence)
        said.set_class(error, "error")
        said.set_class(not error, "hint")

    def show_error(self, sentence: str) -> None:
        self._said = bool(sentence)
        if sentence:
            self._show(sentence)
        else:
            self._describe_highlighted()

    def load(self, path: Path) -> None:
        self._stop_checks()  # the load replays the game itself, on this thread: no sharing
        try:
            controller = saves.load(path)
        except SaveFileError as exc:
            self.show_error(str(exc))
            self._start_checks()
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
        self._stop_checks()
        self.app.pop_screen()

    def action_focus_path(self) -> None:
        self.query_one("#load-path", Input).focus()
