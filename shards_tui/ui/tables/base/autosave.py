"""``TableAutosave``: with an autosave file, every commit of the game is written on a thread,
in order; a failure is posted back to the table as ``AutosaveFailed`` (one warning), and
leaving the table flushes the writes (what the title reads next is this game's last position).
A part of the table, which owns the writer.

The position is taken at the commit and handed to the writer once the move's frame is drawn:
waking the writer's thread in the middle of a frame made the frame wait for it on a busy
machine (the thread takes the interpreter's lock while the frame is being drawn).
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from shards_tui.core.controller import Controller
from shards_tui.core.autosaves import Autosaver
from shards_tui.ui.messages import AutosaveFailed
from shards_tui.ui.textual_compat.app_loop import on_app_thread
from shards_tui.ui.tables.base.surface import TableSurface


class TableAutosave:
    def __init__(self, table: TableSurface, path: Path | None) -> None:
        self.table = table
        self.writer = Autosaver(path, background=True,
                                on_error=lambda text: table.post_message(AutosaveFailed(text)),
                                later=self._after_frame) if path else None

    def _after_frame(self, hand_over: Callable[[], None]) -> None:
        """Hand the position over once the frame being drawn is written (at once when the
        commit came from another thread or the table is gone)."""
        table = self.table
        if table.is_attached and on_app_thread(table.app):
            table.call_after_paint(hand_over)
        else:
            hand_over()

    def start(self, controller: Controller) -> None:
        if self.writer is not None:
            self.writer.attach(controller)

    def stop(self, controller: Controller) -> None:
        if self.writer is None:
            return
        if self.writer in controller.listeners:
            controller.listeners.remove(self.writer)
        self.writer.flush()
