"""Bots that play from a seat's view and its legal commands only: random, greedy and search.

    bot = make_bot("search", "shards", seed=1)          # or "random", "greedy"
    move = act(bot, controller, seat)                   # BotMove(command, reason)
    controller.apply(move.command)

Game knowledge comes from a per-game adapter (``bots.adapters``); ``bots.selfplay`` pits bots
against each other.
"""

from shards_tui.bots.base import LEVELS, Bot, BotMove, act, make_bot

__all__ = ["LEVELS", "Bot", "BotMove", "act", "make_bot"]
