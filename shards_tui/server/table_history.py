"""A networked table's finished game, kept in the history folder of each login that played it
(``core.history``; the folder: ``login_files.history_folder``), so each player finds it under
Replays and counts it in Statistics; a spectator's history gets nothing."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from shards_tui.core.errors import SaveFileError
from shards_tui.core.history import keep
from shards_tui.server.login_files import history_folder

log = logging.getLogger("shards_tui.server")

MAX_KEPT = 500  # finished games one login keeps on the server (the oldest go first)


def keep_if_over(table: Any, data_dir: Path | None) -> None:
    """Keep the table's game for each of its players' logins once it has ended (once:
    ``table.kept``)."""
    ctl = table.controller
    if ctl is None or table.kept or not ctl.over:
        return
    table.kept = True
    logins = {seat.owner.login: seat.owner for seat in table.seats if seat.owner is not None}
    for who in logins.values():
        try:
            keep(ctl, history_folder(data_dir, who), limit=MAX_KEPT)
        except SaveFileError as exc:
            log.warning("table %d: %s", table.id, exc)
