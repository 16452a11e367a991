"""A networked table's rated game, once it ends: its players' ratings (``core.ratings``), SSH
players known by their login key, bots by level, in the one ratings file the title's
leaderboard and ``shards-tui ladder`` read."""

from __future__ import annotations

import logging
from typing import Any

from shards_tui.core.ratings import Ratings, bot_player, ssh_player
from shards_tui.session.rating_change import rate_and_tell

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
    sentence, changes = rate_and_tell(table.game_id, players, ctl.winners, Ratings())
    if not changes:
        log.warning("table %d could not be rated: %s", table.id, sentence)
    if table.session is not None:  # each seat's result screen shows its change
        table.session.rating_changes = changes
