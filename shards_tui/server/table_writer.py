"""The server's table files are written by one thread of their own, not by the event loop.

Writing a table after a move (its JSON, then ``fsync``) took about a tenth of the loop's time
on a busy server. Now the loop only hands the writer a snapshot of the table (cheap, and
immutable), and the writer's thread turns it into text and writes it. For each file only the
latest snapshot matters: one handed over while an older one still waits replaces it, so a
table that moves faster than the disk is written as often as the disk allows, never out of
order (one thread writes, one file at a time). Each write goes to a temporary file renamed
over the old one (``saves.write_atomic``), so a crash mid-write leaves the previous file.
``flush`` waits until everything handed over is on disk: the server calls it as it stops.
"""

from __future__ import annotations

import logging
import threading
from pathlib import Path
from typing import Callable

from shards_tui.core import saves

log = logging.getLogger("shards_tui.server")

Text = Callable[[], str]  # makes a file's text; run on the writer's thread
Write = Callable[[Path, "Text | None"], None]  # writes (or, for None, removes) one file
IDLE = 30.0  # seconds the thread waits for work before it ends (the next save starts another)


def write_file(path: Path, text: Text | None) -> None:
    """Write ``text()`` to ``path`` atomically, or remove ``path`` (None)."""
    if text is None:
        path.unlink(missing_ok=True)
    else:
        saves.write_atomic(path, text())


class FileWriter:
    """One thread writing files in the background: the latest of each, in order per file."""

    def __init__(self, write: Write = write_file, name: str = "table-writer") -> None:
        self._write = write
        self._name = name
        self._changed = threading.Condition()
        self._waiting: dict[Path, Text | None] = {}  # the newest of each file not yet taken
        self._busy = False  # the thread is writing one it took
        self._thread: threading.Thread | None = None

    def put(self, path: Path, text: Text | None) -> None:
        """Have ``path`` written with ``text()`` (None: removed), replacing a waiting older
        version of it. Returns at once."""
        with self._changed:
            self._waiting[path] = text
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name=self._name, daemon=True)
                self._thread.start()
            self._changed.notify_all()

    def pending(self) -> int:
        """How many files wait to be written (or are being written)."""
        with self._changed:
            return len(self._waiting) + self._busy

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every file handed over is written; False if ``timeout`` ran out first."""
        with self._changed:
            return self._changed.wait_for(lambda: not self._waiting and not self._busy, timeout)

    def _run(self) -> None:
        while True:
            with self._changed:
                if not self._changed.wait_for(lambda: bool(self._waiting), IDLE):
                    self._thread = None
                    return
                path = next(iter(self._waiting))
                text = self._waiting.pop(path)
                self._busy = True
            try:
                self._write(path, text)
            except OSError as exc:
                log.warning("%s could not be %s: %s", path.name,
                            "removed" if text is None else "saved", exc)
            except Exception:  # a table that cannot be written must not stop the others'
                log.exception("%s could not be written", path.name)
            finally:
                with self._changed:
                    self._busy = False
                    self._changed.notify_all()
