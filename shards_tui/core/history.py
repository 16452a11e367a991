"""Finished games, kept: each one's save in a history folder, and what a list of them shows.

When a game ends, its save (the setup and every move: ``core.saves``) is written to the
history folder, named by the moment it ended (``20250501-203015-<game>.json``). At one
keyboard the folder is ``history/`` in the save folder; the SSH server keeps one per login.

``entries(folder)`` says what each kept game was (its game, date, players, winners, length,
what each seat played as, which seats bots played), read from its final position without
replaying it; what it read is cached in ``index.json`` beside the games, by file name, size
and modification time, so a long history lists at once. A file that cannot be read is listed
with the one sentence that says why (opening it says the same).
"""

from __future__ import annotations

import json
import logging
import re
from dataclasses import asdict, dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable

from shards_tui.core import saves
from shards_tui.core.controller import Controller
from shards_tui.core.errors import SaveFileError
from shards_tui.core.paths import save_dir
from shards_tui.core.stats_spec import spec_for
from shards_tui.core.untrusted import cleaned, one_line
from shards_tui.core.registry import Length, game

log = logging.getLogger("shards_tui.history")

FOLDER = "history"
INDEX = "index.json"
INDEX_VERSION = 1
_NAME = re.compile(r"(\d{8}-\d{6})-([a-z0-9_]+)(?:-\d+)?\.json")


def history_dir() -> Path:
    """The history folder at one keyboard: ``history/`` in the save folder."""
    return save_dir() / FOLDER


@dataclass(frozen=True)
class Entry:
    """One kept game, as a list shows it. ``problem``: why the file cannot be read (then
    only ``file`` and ``finished`` mean anything)."""

    file: str
    finished: str  # when it ended, ISO 8601 in UTC
    game_id: str = ""
    title: str = ""
    players: list[str] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    moves: int = 0
    length: int = 0  # how long it ran, in its game's unit (below)
    roles: list[list[str]] = field(default_factory=list)  # per seat: its role values' titles
    bots: list[str | None] = field(default_factory=list)  # per seat: the bot level, or None
    teams: list[int | None] = field(default_factory=list)  # per seat: its side, when sides
    unit: str = "turn"  # the unit its game counts its length in (GameInfo.length)
    problem: str | None = None

    @property
    def when(self) -> datetime:
        return datetime.fromisoformat(self.finished)

    @property
    def length_words(self) -> str:
        """'12 turns', '5 rounds'."""
        return Length(self.unit).words(self.length)

    @property
    def winner_names(self) -> list[str]:
        return [self.players[s] for s in self.winners if 0 <= s < len(self.players)]


# ---- keeping a game ----------------------------------------------------------------------------

def keep(controller: Controller, folder: Path, now: datetime | None = None,
         limit: int | None = None) -> Path:
    """Write a finished game's save into ``folder``; returns its path. ``limit``: the most
    games the folder keeps (the oldest go first; None: no limit). SaveFileError (one
    sentence) if it cannot be written."""
    now = now or datetime.now(timezone.utc)
    stem = f"{now.astimezone(timezone.utc):%Y%m%d-%H%M%S}-{controller.game_id}"
    path, n = folder / f"{stem}.json", 1
    while path.exists():
        n += 1
        path = folder / f"{stem}-{n}.json"
    try:
        saves.write_atomic(path, saves.to_json(controller))
        if limit is not None:
            for old in _kept_files(folder)[:-limit]:
                old.unlink(missing_ok=True)
    except OSError as exc:
        raise SaveFileError(f"The finished game could not be kept in {folder}: "
                            f"{exc.strerror or exc}.") from None
    return path


class HistoryKeeper:
    """A controller listener that keeps the game once, on the move that ends it.
    ``folder()`` says where (asked then: over SSH, the login's); ``on_error(sentence)`` is
    told if it cannot be written (the game itself is unharmed)."""

    def __init__(self, folder: Callable[[], Path], *, limit: int | None = None,
                 on_error: Callable[[str], object] | None = None) -> None:
        self.folder = folder
        self.limit = limit
        self.on_error = on_error
        self.kept: Path | None = None

    def __call__(self, controller: Controller) -> None:
        if self.kept is not None or not controller.over:
            return
        try:
            self.kept = keep(controller, self.folder(), limit=self.limit)
        except SaveFileError as exc:
            self.kept = Path()  # said once
            log.warning("%s", exc)
            if self.on_error is not None:
                self.on_error(str(exc))

    def attach(self, controller: Controller) -> None:
        """Listen to ``controller`` unless its game is over already (a finished game loaded
        again is not kept twice)."""
        if not controller.over:
            controller.listeners.append(self)


# ---- reading the history ----------------------------------------------------------------------

def _kept_files(folder: Path) -> list[Path]:
    """The kept games' files, oldest first (by the moment in their names)."""
    try:
        found = [p for p in folder.iterdir() if p.suffix == ".json" and p.name != INDEX
                 and not p.name.startswith(".")]
    except OSError:
        return []
    return sorted(found, key=lambda p: (_finished(p), len(p.name), p.name))  # (-2 after none)


def _finished(path: Path) -> str:
    match = _NAME.fullmatch(path.name)
    if match:
        try:
            when = datetime.strptime(match.group(1), "%Y%m%d-%H%M%S")
            return when.replace(tzinfo=timezone.utc).isoformat()
        except ValueError:
            pass
    try:
        return datetime.fromtimestamp(path.stat().st_mtime, timezone.utc).isoformat()
    except OSError:
        return datetime.fromtimestamp(0, timezone.utc).isoformat()


def describe(path: Path) -> Entry:
    """What one kept game was, from its final position (SaveFileError's sentence in
    ``problem`` for a file that is not a readable save of a finished game)."""
    finished = _finished(path)
    try:
        doc, controller = saves.final_position(saves.read_text(path), source=path.name)
        return _entry(path.name, finished, doc, controller)
    except SaveFileError as exc:
        return Entry(path.name, finished, problem=str(exc))
    except Exception as exc:  # anything a strange file makes the game's own code raise
        return Entry(path.name, finished, problem=f"{path.name} cannot be read as a finished "
                                                  f"game ({type(exc).__name__}).")


def _entry(name: str, finished: str, doc: Any, controller: Controller) -> Entry:
    if not controller.over:
        return Entry(name, finished, problem=f"{name} holds a game that did not end.")
    info = game(doc.game)
    spec = spec_for(info)
    view = controller.view(None)
    public = view.public()["players"]
    roles = [[one_line(spec.title(p.get(r.key)), 40) for r in spec.roles] for p in public]
    teams = [p.get(spec.team) if spec.team and isinstance(p.get(spec.team), int) else None
             for p in public]
    seats = doc.setup.get("players") if isinstance(doc.setup.get("players"), list) else []
    bots = [str(s.get("bot"))[:20] if isinstance(s, dict) and s.get("bot") else None
            for s in seats] + [None] * (len(public) - len(seats))
    return Entry(name, finished, doc.game, controller.title,
                 [one_line(n, 40) for n in controller.seat_names()],
                 list(controller.winners or []), len(doc.history), info.length.count(view),
                 roles, bots[:len(public)], teams, info.length.unit)


def entries(folder: Path, game_id: str | None = None) -> list[Entry]:
    """Every kept game in ``folder`` (of ``game_id`` only, if given), the newest first; files
    that cannot be read come with their ``problem``."""
    files = _kept_files(folder)
    cache = _read_index(folder)
    fresh: dict[str, Any] = {}
    out = []
    for path in files:
        try:
            stat = path.stat()
        except OSError:
            continue
        stamp = [stat.st_size, stat.st_mtime_ns]
        cached = cache.get(path.name)
        entry = None
        if isinstance(cached, dict) and cached.get("stamp") == stamp:
            entry = _from_json(cached.get("entry"))
        if entry is None:
            entry = describe(path)
        fresh[path.name] = {"stamp": stamp, "entry": asdict(entry)}
        out.append(entry)
    if fresh != cache:
        _write_index(folder, fresh)
    out.reverse()
    return [e for e in out if game_id is None or e.game_id == game_id]


def _read_index(folder: Path) -> dict[str, Any]:
    try:
        raw = json.loads((folder / INDEX).read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return {}
    if not isinstance(raw, dict) or raw.get("version") != INDEX_VERSION:
        return {}
    games = raw.get("games")
    return games if isinstance(games, dict) else {}


def _write_index(folder: Path, games: dict[str, Any]) -> None:
    try:
        saves.write_atomic(folder / INDEX, json.dumps({"version": INDEX_VERSION, "games": games}))
    except OSError as exc:  # a cache: the list is right without it, only slower next time
        log.warning("the history index of %s could not be written: %s", folder, exc)


def _from_json(raw: Any) -> Entry | None:
    """An entry cached in the index (None if it is not one: it is read again)."""
    if not isinstance(raw, dict):
        return None
    try:
        entry = Entry(**cleaned(raw))
        entry.when  # noqa: B018 (a date that does not parse)
    except (TypeError, ValueError):
        return None
    return entry
