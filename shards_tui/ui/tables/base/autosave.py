"""``TableAutosave``: with an autosave file, every commit of the game is written on a thread,
in order; a failure is posted back to the table as ``AutosaveFailed`` (one warning), and
leaving the table flushes the writes (what the title reads next is this game's last position).
A part of the table, which owns the writer.
"""

from __future__ import annotations

from pathlib import Path

from shards_tui.core.controller import Controller
from shards_tui.core.saves import Autosaver
from shards_tui.ui.messages import AutosaveFailed
from shards_tui.ui.tables.base.surface import TableSurface


class TableAutosave:
    def __init__(self, table: TableSurface, path: Path | None) -> None:
        self.writer = Autosaver(path, background=True,
                                on_error=lambda text: table.post_message(AutosaveFailed(text))
                                ) if path else None

    def start(self, controller: Controller) -> None:
        if self.writer is not None:
            self.writer.attach(controller)

    def stop(self, controller: Controller) -> None:
        if self.writer is None:
            return
        if self.writer in controller.listeners:
            controller.listeners.remove(self.writer)
        self.writer.flush()
