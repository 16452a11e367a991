"""Whether a leader meets a step's condition (its tile's type or Influence, their units, a
track's level): read by the interpreter before a step and by a chapter's requirements."""

from __future__ import annotations

from shards_tui.games.infinities import effects as fx
from shards_tui.games.infinities.board import Board


def holds(b: Board, seat: int, cond: fx.Condition) -> bool:
    if isinstance(cond, fx.OnTileType):
        tile = b.tile_under(seat)
        return tile is not None and tile.type in cond.types
    if isinstance(cond, fx.InfluenceAtLeast):
        return b.influence(seat) >= cond.at_least
    if isinstance(cond, fx.UnitsAtLeast):
        return len(b.state.players[seat].group) >= cond.at_least
    if isinstance(cond, fx.LevelAtLeast):
        return b.level(seat, cond.attr) >= cond.at_least
    return True
