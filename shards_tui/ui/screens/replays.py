"""Replays: the finished games kept in the history folder (``core.history``), the newest first,
and the way into the replay viewer (``replay_view``).

The app says which folder (``history_folder``: at one keyboard the save folder's, over SSH the
login's own). The list is read on a thread (a long history read for the first time takes a
moment); a game opens on a thread too, its replay checked as loading checks a save. A file
that cannot be read is listed with the sentence that says why.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from shards_tui.core.errors import SaveFileError
from shards_tui.core.history import Entry, entries
from shards_tui.core.replay import Replay
from shards_tui.core.wording import name_list
from shards_tui.ui.screens.replay_view import replay_screen

COLUMNS = ("Ended", "Game", "Players", "Winner", "Length")


def ended_text(entry: Entry) -> str:
    """When the game ended, in this computer's time: '2025-05-01 20:30'."""
    return f"{entry.when.astimezone():%Y-%m-%d %H:%M}"


def row_cells(entry: Entry) -> tuple[str | Text, ...]:
    if entry.problem is not None:
        return (ended_text(entry), Text("unreadable", style="red"), Text(entry.file[:30]), "", "")
    return (ended_text(entry), Text(entry.title[:26]), Text(", ".join(entry.players)[:28]),
            Text(name_list(entry.winner_names)[:20] or "nobody"), entry.length_words)


class ReplaysScreen(Screen[None]):
    DEFAULT_CSS = """
    ReplaysScreen { align: center top; }
    #replays-box { width: 100; max-width: 100%; height: 1fr; padding: 0 1; }
    #replays-title { text-style: bold; color: $accent; margin-top: 1; }
    #replays-note { color: $text-muted; }
    #replays-problem { color: $error; height: auto; }
    #replays { height: 1fr; }
    """
    AUTO_FOCUS = "#replays"
    BINDINGS = [
        Binding("enter", "watch", "Watch", id="replays.watch", show=False,
                tooltip="Watch the highlighted game again."),
        Binding("escape", "app.pop_screen", "Back", id="replays.back"),
    ]

    def __init__(self, folder: Path | None = None) -> None:
        super().__init__()
        self.folder = folder
        self.entries: list[Entry] = []
        self.opening = False

    def compose(self) -> ComposeResult:
        with Vertical(id="replays-box"):
            yield Static("Replays: your finished games", id="replays-title")
            yield Static("Reading your finished games…", id="replays-note")
            table: DataTable[Any] = DataTable(id="replays", cursor_type="row", zebra_stripes=True)
            table.add_columns(*COLUMNS)
            yield table
            yield Static("", id="replays-problem")
        yield Footer()

    def on_mount(self) -> None:
        if self.folder is None:
            self.folder = getattr(self.app, "history_folder", None)
        self._read()

    @work(thread=True, exclusive=True, group="replays-read")
    def _read(self) -> None:
        found = entries(self.folder) if self.folder is not None else []
        self.app.call_from_thread(self._fill, found)

    def _fill(self, found: list[Entry]) -> None:
        if not self.is_attached:
            return
        self.entries = found
        table = self.query_one("#replays", DataTable)
        table.clear()
        for entry in found:
            table.add_row(*row_cells(entry), key=entry.file)
        note = self.query_one("#replays-note", Static)
        if found:
            games = f"{len(found)} finished game{'s' if len(found) != 1 else ''}"
            note.update(f"{games}, the newest first. Enter: watch one again, from any "
                        "player's view or, the game being over, with every hand shown.")
        else:
            note.update("No finished games yet: every game played to its end, at this "
                        "keyboard or at a table, is kept here to be watched again.")
        table.display = bool(found)
        self._show_problem()

    def _highlighted(self) -> Entry | None:
        table = self.query_one("#replays", DataTable)
        if not self.entries or not 0 <= table.cursor_row < len(self.entries):
            return None
        return self.entries[table.cursor_row]

    def on_data_table_row_highlighted(self, _event: DataTable.RowHighlighted) -> None:
        self._show_problem()

    def _show_problem(self, text: str | None = None) -> None:
        entry = self._highlighted()
        shown = text or (entry.problem if entry is not None else None) or ""
        self.query_one("#replays-problem", Static).update(Text(shown))

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_watch()

    def action_watch(self) -> None:
        entry = self._highlighted()
        if entry is None or self.folder is None or self.opening:
            return
        if entry.problem is not None:
            self._show_problem(entry.problem)
            return
        self.opening = True
        self._show_problem("Opening the game…")
        self._open(self.folder / entry.file)

    @work(thread=True, exclusive=True, group="replays-open")
    def _open(self, path: Path) -> None:
        try:
            replay: Replay | str = Replay.load(path)
        except SaveFileError as exc:
            replay = str(exc)
        self.app.call_from_thread(self._opened, replay)

    def _opened(self, replay: Replay | str) -> None:
        self.opening = False
        if not self.is_attached:
            return
        if isinstance(replay, str):
            self._show_problem(replay)
            return
        self._show_problem("")

        self.app.push_screen(replay_screen(replay))
