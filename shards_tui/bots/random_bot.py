"""The weakest bot: a uniform choice among the legal commands."""

from __future__ import annotations

from shards_tui.bots.base import Bot, BotMove, World
from shards_tui.core.commands import Command


class RandomBot(Bot):
    level = "random"

    def choose(self, view: dict, legal: list[Command], seat: int, world: World | None = None) -> BotMove:
        return BotMove(self.rng.choice(legal), f"random pick among {len(legal)} moves" if len(legal) != 1 else "the only move")
