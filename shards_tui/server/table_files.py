"""A networked table's file: what the server writes after each move and reads back at start-up
(the table's seats and options with the game's own save inside it). One writer and one reader,
used by the server's hub and by the benchmarks that set a server up with tables in play.

The hub saves through ``TableFiles``: on the event loop only a snapshot of the table is taken
(``table_text``: the state as pydantic's JSON, the history and seats copied); the text is
made and written by the folder's ``FileWriter`` thread (``table_writer.py``)."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from typing import Any, Callable

from shards_tui.core import saves
from shards_tui.core.controller import Controller
from shards_tui.core.errors import SaveFileError
from shards_tui.server.table import Seat, Table
from shards_tui.server.table_writer import FileWriter

TABLE_FORMAT = "shards-tui-table"


def table_doc(table: Table) -> dict[str, Any]:
    """The table as its file holds it."""
    return json.loads(table_text(table)())


def table_text(table: Table) -> Callable[[], str]:
    """What makes the table's file text as it is now: the part that reads the table runs
    here (the state as pydantic's JSON, about a quarter of a millisecond for six seats), the
    rest (the save's document, the file's JSON) when the returned function is called, which
    may be on another thread: it reads nothing the table changes afterwards (a move replaces
    the state object and appends to the history; the copies taken here stay as they are)."""
    ctl = table.controller
    head = json.dumps({"format": TABLE_FORMAT, "version": 1, "id": table.id,
                       "game": table.game_id, "seed": table.seed, "variant": table.variant,
                       "options": table.options, "seats": [s.to_json() for s in table.seats],
                       "saved": time.time()})
    if ctl is None:
        return lambda: head[:-1] + ', "save": null}'
    game_id, setup, history = ctl.game_id, ctl.setup, list(ctl.history)
    state = ctl.state.model_dump_json()

    def text() -> str:
        save = saves.SaveFile(format=saves.FORMAT, version=saves.VERSION, game=game_id,
                              made_with=saves.made_with(), setup=setup,
                              history=history, state=json.loads(state))
        return head[:-1] + ', "save": ' + json.dumps(save.model_dump(mode="json")) + "}"

    return text


def read_table(text: str, source: str) -> tuple[Table, Controller | None]:
    """The table a file holds, and its game if it had started. Raises SaveFileError,
    ValueError, KeyError or TypeError for a file that is not one (``source``: its name)."""
    doc = json.loads(text)
    if not isinstance(doc, dict) or doc.get("format") != TABLE_FORMAT:
        raise SaveFileError("not a table file")
    seats = [Seat.from_json(s) for s in doc["seats"]]
    table = Table(int(doc["id"]), str(doc["game"]), int(doc["seed"]),
                  str(doc.get("variant") or "standard"), seats,
                  options=dict(doc.get("options") or {}))
    save = doc.get("save")
    ctl = None if save is None else saves.from_json(json.dumps(save), source=source)
    return table, ctl


class TableFiles:
    """A server's folder of table files (``<data>/tables``), written by one thread shared by
    every hub of this process that uses the folder, so no two writers race over a file."""

    _writers: dict[Path, FileWriter] = {}
    _lock = threading.Lock()

    def __init__(self, data_dir: Path) -> None:
        self.folder = data_dir / "tables"
        with self._lock:
            key = self.folder.resolve()
            self.writer = self._writers.setdefault(key, FileWriter())

    def path(self, table: Table) -> Path:
        return self.folder / f"table-{table.id}.json"

    def save(self, table: Table) -> None:
        """Have the table written as it is now (removed, once its game is over)."""
        ctl = table.controller
        self.writer.put(self.path(table),
                        None if ctl is not None and ctl.over else table_text(table))

    def remove(self, table: Table) -> None:
        self.writer.put(self.path(table), None)

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every table handed over is written (False: ``timeout`` ran out)."""
        return self.writer.flush(timeout)
