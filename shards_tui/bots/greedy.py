"""The greedy bot: scores every legal command with the game's heuristic and takes the best."""

from __future__ import annotations

from shards_tui.bots.adapters import adapter
from shards_tui.bots.base import Bot, BotMove, World
from shards_tui.core.commands import Command
from shards_tui.core.view import SeatView


def best_index(scores: list[tuple[float, str]]) -> int:
    return max(range(len(scores)), key=lambda i: scores[i][0])


class GreedyBot(Bot):
    level = "greedy"

    def choose(self, view: SeatView, legal: list[Command], seat: int, world: World | None = None) -> BotMove:
        scores = adapter(self.game_id).scores(view, legal, seat, self.notes)
        i = best_index(scores)
        return BotMove(legal[i], scores[i][1])
