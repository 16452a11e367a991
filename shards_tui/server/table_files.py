"""A networked table's file: what the server writes after each move and reads back at start-up
(the table's seats and options with the game's own save inside it). One writer and one reader,
used by the server's hub and by the benchmarks that set a server up with tables in play."""

from __future__ import annotations

import json
import time
from typing import Any

from shards_tui.core import saves
from shards_tui.core.controller import Controller
from shards_tui.core.errors import SaveFileError
from shards_tui.server.table import Seat, Table

TABLE_FORMAT = "shards-tui-table"


def table_doc(table: Table) -> dict[str, Any]:
    """The table as its file holds it."""
    ctl = table.controller
    return {"format": TABLE_FORMAT, "version": 1, "id": table.id, "game": table.game_id,
            "seed": table.seed, "variant": table.variant, "options": table.options,
            "seats": [s.to_json() for s in table.seats], "saved": time.time(),
            "save": None if ctl is None else json.loads(saves.to_json(ctl))}


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
