"""A networked table's rated game, once it ends: its players' ratings (``core.ratings``), SSH
players known by their login key, bots by level, in the one ratings file the title's
leaderboard and ``shards-tui ladder`` read."""

from __future__ import annotations

import logging
from typing import Any

from shards_tui.core.ratings import Ratings, RatingsError, bot_player, ssh_player

log = logging.getLogger("shards_tui.server")


def rate_if_over(table: Any) -> None:
    """Rate the table's game if it is rated and has just ended (once: ``table.rated``)."""
    ctl = table.controller
    if ctl is None or table.rated or not ctl.over or not ctl.rated or not ctl.winners:
        return
    table.rated = True
    names = ctl.seat_names()
    players = [bot_player(s.bot) if s.bot else ssh_player(s.owner.login if s.owner else "?", n)
               for s, n in zip(table.seats, names)]
    try:
        Ratings().record_seats(table.game_id, players, ctl.winners)
    except RatingsError as exc:
        log.warning("table %d could not be rated: %s", table.id, exc)
