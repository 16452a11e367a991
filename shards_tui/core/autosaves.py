"""Autosaves: each game in progress is written after every move to a file of its own
('autosave.json', then 'autosave-2.json', ...), on a writer thread off the mover's path.
A finished game's autosave is removed. The save format is ``saves``'s.
"""

from __future__ import annotations

import atexit
import re
import threading
import time
from functools import partial
from pathlib import Path
from typing import Callable, ClassVar

from shards_tui.core.controller import Controller
from shards_tui.core.paths import save_dir
from shards_tui.core.saves import position_json, to_json, write_atomic


def _no_file() -> None:
    """The autosave of a finished game: its file is removed."""
    return None



Job = Callable[[], "str | None"]  # makes the text to write (None: remove the file)


class _Writer:
    """Writes one file on a thread of its own, in order: only the newest position still
    waiting is written (each autosave contains the earlier ones). A position is turned into
    text on this thread too, ``DELAY`` seconds after it arrives, so that the move's frame is
    drawn first (the text of a long game takes milliseconds to make, and it holds the
    interpreter while it is made). ``flush`` writes at once.

    The thread waits for the next position instead of ending after each write (starting a
    thread holds the mover until the new thread has run, milliseconds on a busy machine), and
    ends once it has had nothing to write for ``IDLE`` seconds. It is a daemon thread: at exit
    ``flush_autosaves`` (registered with atexit) waits for what is pending."""

    DELAY = 0.05
    IDLE = 60.0
    _guard = threading.Lock()
    _by_path: ClassVar[dict[Path, "_Writer"]] = {}

    def __init__(self) -> None:
        self._wake = threading.Condition()
        self._pending: list[tuple[Job, Autosaver]] = []  # at most one entry
        self._due = 0.0
        self._thread: threading.Thread | None = None
        self._idle = threading.Event()
        self._idle.set()
        self._hurry = False

    @classmethod
    def of(cls, path: Path) -> "_Writer":
        with cls._guard:
            return cls._by_path.setdefault(path, cls())

    def put(self, job: Job, saver: Autosaver) -> None:
        with self._wake:
            self._pending[:] = [(job, saver)]
            self._due = time.monotonic() + self.DELAY
            self._idle.clear()
            if self._thread is None:
                self._thread = threading.Thread(target=self._drain, name="autosave", daemon=True)
                self._thread.start()
            else:
                self._wake.notify()

    def _next(self) -> tuple[Job, Autosaver] | None:
        """The position to write once it is due (None: the thread has been idle long enough
        and ends)."""
        with self._wake:
            while True:
                if not self._pending:
                    self._idle.set()  # (only here: after the last write has finished)
                    if not self._wake.wait(self.IDLE) and not self._pending:
                        self._thread = None
                        return None
                    continue
                wait = self._due - time.monotonic()
                if wait <= 0 or self._hurry:
                    return self._pending.pop()
                self._wake.wait(wait)

    def _drain(self) -> None:
        while (task := self._next()) is not None:
            job, saver = task
            try:
                saver._write(job())
            except Exception as exc:  # never leave the writer stuck (flush would wait)
                saver._failed(str(exc))

    def flush(self, timeout: float | None) -> bool:
        with self._wake:
            self._hurry = True
            self._wake.notify()
        try:
            return self._idle.wait(timeout)
        finally:
            with self._wake:
                self._hurry = False


class Autosaver:
    """Saves after every commit; failures are reported once and the game goes on.

    ``last_error`` is the failure of the latest write (None when it worked); ``new_error`` is
    True only for the first failure of a run of failures on this path (remembered across
    autosavers), so the player reads the message once, not after every move.

    With ``background=True`` the committed position is taken at once (a committed state is
    never changed: each move works on a copy), and turned into text, written and fsynced on a
    writer thread, off the caller's path, in order (one writer per file). ``flush()`` (or
    ``flush_autosaves()``) waits for what is pending; ``on_error(message)`` is called, from
    the writer thread, for a new failure.

    ``later(hand_over)``, if given, chooses when the position taken is handed to the writer
    (a table: once the move's frame is drawn, so that waking the writer's thread does not
    hold the drawing up); until then it is held, and a newer position replaces it."""

    _failing: ClassVar[set[Path]] = set()
    _holding: ClassVar[set["Autosaver"]] = set()  # those holding a position for later

    def __init__(self, path: Path, *, background: bool = False,
                 on_error: Callable[[str], object] | None = None,
                 later: Callable[[Callable[[], None]], object] | None = None) -> None:
        self.path = path
        self.last_error: str | None = None
        self.new_error = False
        self.background = background
        self.on_error = on_error
        self.later = later
        self._held: Job | None = None
        self._hold = threading.Lock()

    def __call__(self, controller: Controller) -> None:
        if not self.background:
            self._write(None if controller.over else to_json(controller))
            return
        job: Job = _no_file if controller.over else partial(
            position_json, controller.game_id, dict(controller.setup),
            list(controller.history), controller.state)
        if self.later is None:
            _Writer.of(self.path).put(job, self)
            return
        with self._hold:
            held, self._held = self._held, job
            Autosaver._holding.add(self)
        if held is None:
            self.later(self.hand_over)

    def hand_over(self) -> None:
        """Give the position held (if any) to the writer."""
        with self._hold:
            job, self._held = self._held, None
            Autosaver._holding.discard(self)
        if job is not None:
            _Writer.of(self.path).put(job, self)

    def _write(self, text: str | None) -> None:
        try:
            if text is None:
                self.path.unlink(missing_ok=True)
            else:
                write_atomic(self.path, text)
            self.last_error = None
            self.new_error = False
            Autosaver._failing.discard(self.path)
        except OSError as exc:
            self._failed(str(exc.strerror or exc))

    def _failed(self, why: str) -> None:
        self.last_error = f"Autosave failed ({why}); the game goes on unsaved."
        self.new_error = self.path not in Autosaver._failing
        Autosaver._failing.add(self.path)
        if self.new_error and self.on_error is not None:
            self.on_error(self.last_error)

    def flush(self, timeout: float | None = 10.0) -> bool:
        """Wait until the positions taken for this file are written; False on timeout."""
        self.hand_over()
        return _Writer.of(self.path).flush(timeout)

    def attach(self, controller: Controller) -> None:
        controller.listeners.append(self)


def flush_autosaves(timeout: float | None = 10.0) -> None:
    """Wait for every background autosave still being written (before reading a save)."""
    for saver in list(Autosaver._holding):
        saver.hand_over()
    with _Writer._guard:
        writers = list(_Writer._by_path.values())
    for writer in writers:
        writer.flush(timeout)


atexit.register(flush_autosaves)  # the writers' threads are daemons: finish their writes first


AUTOSAVE_NAME = "autosave.json"


def autosave_path() -> Path:
    """The first autosave file at this keyboard; each game in progress writes its own after
    every move (this one, or the first of 'autosave-2.json', ... that no other game uses)."""
    return save_dir() / AUTOSAVE_NAME


def is_autosave(path: Path, first: Path) -> bool:
    """Whether ``path`` is one of the autosaves named after ``first`` ('autosave.json', then
    'autosave-2.json', ...)."""
    name = re.compile(rf"{re.escape(first.stem)}(-[0-9]+)?{re.escape(first.suffix)}")
    return path.parent == first.parent and name.fullmatch(path.name) is not None


def autosaves(first: Path) -> list[Path]:
    """The autosaves named after ``first`` that exist, the newest first. Each unfinished game
    has one of its own, so that starting or loading a game never replaces another's."""
    try:
        found = [p for p in first.parent.iterdir() if is_autosave(p, first) and p.is_file()]
    except OSError:
        return []

    def newest_first(path: Path) -> tuple[float, str]:
        try:
            return (-path.stat().st_mtime, path.name)
        except OSError:
            return (0.0, path.name)

    return sorted(found, key=newest_first)


def new_autosave(first: Path) -> Path:
    """Where a game without an autosave of its own is autosaved: ``first``, or the first of
    'autosave-2.json', 'autosave-3.json', ... that no game uses."""
    flush_autosaves()  # a game just left may still be writing its last position
    path, n = first, 1
    while path.exists():
        n += 1
        path = first.with_name(f"{first.stem}-{n}{first.suffix}")
    return path
