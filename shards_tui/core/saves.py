"""Save files: JSON with a format name and version, the setup, the history and the state.

Loading validates the file, rebuilds the game from its setup, replays the history and
checks that the replay reaches the saved state exactly; ``check`` makes every one of these
checks without keeping the game, and ``summary`` every one but the replay (the quick part, for
a list of saves). Writes are atomic.

Each save records which rules and cards made it (``made_with``, a digest of the game code and
data). A save made by another version may not replay as it was played (a card's numbers or a
rule changed since): its game then goes on from the saved state under this version's rules,
and the moves before it are kept only in its log. A save that this very version made and that
does not replay was edited, and is refused.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

from pydantic import BaseModel, ValidationError

from shards_tui.core.controller import Controller, HistoryEntry
from shards_tui.core.errors import GameError, SaveFileError
from shards_tui.core.paths import data_dir
from shards_tui.core.registry import game
from shards_tui.core.untrusted import printable

FORMAT = "shards-tui-save"
VERSION = 2  # 2: a Shards game's setup and state say in which order shields are asked
OLDEST = 1  # older saves load too: their game brings them up to date (Controller.upgrade_save)
MAX_SAVE_BYTES = 20_000_000


class SaveHeader(BaseModel):
    """What any version of a save says first: its format, version and game."""

    format: str
    version: int
    game: str


class SaveFile(SaveHeader):
    made_with: str | None = None  # the digest of the rules and cards that made it (None: older)
    setup: dict[str, Any]
    history: list[HistoryEntry]
    state: dict[str, Any]


CONTINUED = ("This game was saved by another version of shards-tui, whose rules or cards differ "
             "from this one's: it goes on from where it was saved, under this version's rules.")


@lru_cache(maxsize=1)
def made_with() -> str:
    """A digest of every file the rules and cards come from (the game code and the data
    folders): two installations agree on it exactly when they play the same games."""
    roots = [Path(__file__).resolve().parent, Path(__file__).resolve().parent.parent / "games",
             data_dir("cards"), data_dir("rulesets")]
    digest = hashlib.sha256()
    for root in roots:
        for path in sorted(p for p in root.rglob("*") if p.suffix in (".py", ".toml", ".md") and p.is_file()):
            digest.update(path.relative_to(root).as_posix().encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


@dataclass(frozen=True)
class SaveSummary:
    """What a save says about itself, checked: its game, players and number of moves."""

    game_id: str
    title: str
    players: list[str]
    moves: int


def to_json(controller: Controller) -> str:
    return position_json(controller.game_id, controller.setup, controller.history,
                         controller.state)


def position_json(game_id: str, setup: dict[str, Any], history: list[HistoryEntry],
                  state: BaseModel) -> str:
    """The save text of a position (a background autosave makes it on its writer thread)."""
    doc = SaveFile(format=FORMAT, version=VERSION, game=game_id, made_with=made_with(), setup=setup,
                   history=history, state=state.model_dump(mode="json"))
    return doc.model_dump_json(indent=1)


def write_atomic(path: Path, text: str) -> None:
    """Write to a temporary file beside ``path`` and rename it over the target."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def save(controller: Controller, path: Path) -> None:
    try:
        write_atomic(path, to_json(controller))
    except OSError as exc:
        raise SaveFileError(f"Could not save to {path}: {exc.strerror or exc}.") from exc


def _open(text: str, source: str) -> tuple[SaveFile, Controller, BaseModel]:
    """Every check of a save short of the replay: its size, JSON, format, version, game,
    fields, setup and state. Returns the file, the game built from its setup (no move made
    yet) and the saved state; raises SaveFileError with the sentence to show."""
    if len(text) > MAX_SAVE_BYTES:
        raise SaveFileError(f"{source} is too large to be a save file.")
    if not text.strip():
        raise SaveFileError(f"{source} is empty.")
    try:
        raw = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        raise SaveFileError(f"{source} is not valid JSON (it may be truncated).") from None
    except ValueError:  # e.g. an integer of thousands of digits, which Python refuses to read
        raise SaveFileError(f"{source} holds a number too long to be part of a save file.") from None
    try:  # the header first: a save of another version may differ in everything else
        header = SaveHeader.model_validate(raw)
    except (ValidationError, RecursionError):
        raise SaveFileError(f"{source} is not a shards-tui save file.") from None
    if header.format != FORMAT:
        raise SaveFileError(f"{source} is a '{printable(header.format[:40])}' file, not a shards-tui save.")
    if not OLDEST <= header.version <= VERSION:
        raise SaveFileError(f"{source} is save format version {header.version}; "
                            f"this version reads {OLDEST} to {VERSION}.")
    try:
        info = game(header.game)
    except KeyError:
        raise SaveFileError(f"{source} is for an unknown game, '{printable(header.game[:40])}'.") from None
    if header.version < VERSION:
        raw = info.controller.upgrade_save(raw, header.version)
    try:
        doc = SaveFile.model_validate(raw)
    except (ValidationError, RecursionError):
        raise SaveFileError(f"{source} is not a shards-tui save file.") from None
    cls = info.controller
    try:
        saved_state = cls.state_type.model_validate(doc.state)
        controller = cls.build(doc.setup)
    except Exception:  # untrusted input: whatever stops the rebuild, the file is damaged
        raise SaveFileError(f"{source} has a damaged setup or state.") from None
    return doc, controller, saved_state


def summary(text: str, source: str = "the save") -> SaveSummary:
    """Check a save as loading does, except for the replay of its moves (a long game's replay
    takes a noticeable time): a save that passes can still fail to load, when a move was
    edited so that it is refused, or the state edited into another well-formed state; only
    the replay shows these (``check`` makes it)."""
    doc, controller, _ = _open(text, source)
    return SaveSummary(doc.game, controller.title, controller.seat_names(), len(doc.history))


def _replayed(text: str, source: str, stop: Callable[[], bool] | None = None,
              each: Callable[[int, Controller], None] | None = None
              ) -> tuple[SaveFile, Controller] | None:
    """Every check loading makes: ``_open``, then the replay of the history, which must reach
    the saved state; a save of another version that does not is continued from its saved
    state (``_continued``). None when ``stop()`` turns true (asked before each move).
    ``each(n, controller)``: called at every position of the replay, after n moves (a
    replay's viewer keeps some of them)."""
    doc, controller, saved_state = _open(text, source)
    if each is not None:
        each(0, controller)
    for number, entry in enumerate(doc.history, start=1):
        if stop is not None and stop():
            return None
        try:
            controller.apply(entry.text, entry.seat, note=entry.note)
            if each is not None:
                each(number, controller)
        except GameError as exc:  # rejected, or the rules broke on a strange position
            if doc.made_with != made_with():
                return doc, _continued(doc, saved_state, source)
            raise SaveFileError(f"{source} does not replay: move {number} ('{printable(entry.text[:60])}') "
                                f"was rejected: {exc}") from None
    # The log is narration: its wording may improve between versions, so it is rebuilt by the
    # replay and not compared. Everything that decides the game must match exactly.
    if (controller.state.model_dump(mode="json", exclude={"log"})
            != saved_state.model_dump(mode="json", exclude={"log"})):
        if doc.made_with != made_with():
            return doc, _continued(doc, saved_state, source)
        raise SaveFileError(f"{source} was edited: replaying its moves does not give its saved state.")
    return doc, controller


def _continued(doc: SaveFile, saved_state: Any, source: str) -> Controller:
    """The game of a save made by another version, going on from its saved state: a new
    setup of the kind 'continued' carries that state (the log says why), so that the game's
    own saves replay from it."""
    state = saved_state.model_copy(deep=True)
    state.add_event(CONTINUED)
    setup = {**doc.setup, "kind": "continued", "state": state.model_dump(mode="json")}
    try:
        return game(doc.game).controller.build(setup)
    except Exception:  # the saved state breaks this version's rules (a card it holds is gone)
        raise SaveFileError(f"{source} was saved by another version of shards-tui, and its game "
                            f"cannot go on under this version's rules.") from None


def replayed(text: str, source: str = "the save",
             each: Callable[[int, Controller], None] | None = None) -> tuple[SaveFile, Controller]:
    """A save checked and replayed exactly as loading does (``each(n, controller)`` sees every
    position on the way): the file and its game at the end. A save of another version that
    does not replay is continued from its saved state: its controller's setup is then of the
    kind 'continued'. Raises SaveFileError as loading does."""
    done = _replayed(text, source, each=each)
    assert done is not None  # only a stop ends a replay early
    return done


def final_position(text: str, source: str = "the save") -> tuple[SaveFile, Controller]:
    """The file, and its game at the saved position, every check made but the replay (the
    quick part: for a list of finished games, whose replay is checked when one is opened)."""
    doc, controller, saved_state = _open(text, source)
    return doc, type(controller)(saved_state, doc.setup, doc.history)


def check(text: str, source: str = "the save",
          stop: Callable[[], bool] | None = None) -> SaveSummary | None:
    """Check a save exactly as loading does, the replay included, and say what it holds:
    raises the SaveFileError loading would raise. ``stop``: asked before each move of the
    replay (a long game's takes up to a second); once it says True the check ends and
    returns None, neither passed nor failed."""
    replayed = _replayed(text, source, stop)
    if replayed is None:
        return None
    doc, controller = replayed
    return SaveSummary(doc.game, controller.title, controller.seat_names(), len(doc.history))


def from_json(text: str, source: str = "the save") -> Controller:
    replayed = _replayed(text, source)
    assert replayed is not None  # only a stop ends a replay early
    controller = replayed[1]
    controller.undo_starts_here("since the game was loaded")
    return controller


def read_text(path: Path, source: str | None = None) -> str:
    """The text of a save file; SaveFileError says why it cannot be read. ``source``: how
    the sentence names the file (its name by default)."""
    path = Path(path)
    name = source or path.name
    try:
        if path.is_dir():
            raise SaveFileError(f"{path} is a folder, not a save file.")
        if path.exists() and not path.is_file():  # a device or a pipe: reading may never end
            raise SaveFileError(f"{path} is not a regular file, so not a save.")
        with path.open("rb") as handle:
            data = handle.read(MAX_SAVE_BYTES + 1)
        if len(data) > MAX_SAVE_BYTES:
            raise SaveFileError(f"{name} is too large to be a save file.")
        return data.decode("utf-8")
    except FileNotFoundError:
        raise SaveFileError(f"There is no save file at {path}.") from None
    except UnicodeDecodeError:
        raise SaveFileError(f"{name} is not a text file, so not a save.") from None
    except OSError as exc:
        raise SaveFileError(f"Could not read {path}: {exc.strerror or exc}.") from None


def load(path: Path) -> Controller:
    path = Path(path)
    return from_json(read_text(path), source=path.name)


def quarantine(path: Path) -> Path:
    """Move a bad save aside (never delete it); returns where it went."""
    target = path.with_suffix(path.suffix + ".bad")
    n = 1
    while target.exists():
        target = path.with_suffix(f"{path.suffix}.bad{n}")
        n += 1
    os.replace(path, target)
    return target
