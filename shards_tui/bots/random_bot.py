"""The weakest bot: a uniform choice among the legal commands."""

from __future__ import annotations

from shards_tui.bots.base import Bot, BotMove, World
from shards_tui.core.commands import Command
from shards_tui.core.view import SeatView


class RandomBot(Bot):
    level = "random"

    def choose(self, view: SeatView, legal: list[Command], seat: int, world: World | None = None) -> BotMove:
        # The note never says how many moves there were: at a shields question that number
        # would tell the table how many shields the bot holds.
        return BotMove(self.rng.choice(legal), "picks a legal move at random")
