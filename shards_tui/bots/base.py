"""The bot interface: a bot sees one seat's view and its legal commands, and picks one.

Bots never read a controller's state. The search bot may also be handed a ``world`` callable
(built by the harness, see :func:`act`) that returns a simulated game whose hidden cards are
freshly sampled to agree with what the seat knows.
"""

from __future__ import annotations

import importlib
import random
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, Callable, ClassVar

from shards_tui.core.commands import Command
from shards_tui.core.view import SeatView
from shards_tui.bots.adapters import adapter

World = Callable[[random.Random], Any]  # rng -> a simulated controller (a sampled world)


@dataclass(frozen=True)
class BotMove:
    """A bot's answer: the command and a short reason for the log, starting with a verb
    ('plays Crystal: …'), as it follows the seat's name."""

    command: Command
    reason: str

    def text(self) -> str:
        return self.command.text()


class Bot(ABC):
    level: ClassVar[str]
    wants_world: ClassVar[bool] = False  # True: the harness should pass a world sampler

    def __init__(self, game_id: str, seed: int = 0, **budget: Any) -> None:
        self.game_id = game_id
        self.seed = seed
        self.rng = random.Random(seed)
        self.notes: dict = {}  # what the bot remembers between moves (cards seen, ...)
        self.stats: dict[str, float] = {}  # counters for reports (searches, search_seconds, ...)
        if budget:
            raise TypeError(f"The {self.level} bot takes no budget options: {', '.join(budget)}.")

    @abstractmethod
    def choose(self, view: SeatView, legal: list[Command], seat: int, world: World | None = None) -> BotMove:
        """Pick one of ``legal`` (never empty) for ``seat`` from its ``view``."""


_LEVELS = {"random": "shards_tui.bots.random_bot:RandomBot",
           "greedy": "shards_tui.bots.greedy:GreedyBot",
           "search": "shards_tui.bots.search:SearchBot"}
LEVELS = tuple(_LEVELS)


def bot_class(level: str) -> type[Bot]:
    if level not in _LEVELS:
        raise ValueError(f"There is no bot level '{level}'; choose one of {', '.join(LEVELS)}.")
    module, name = _LEVELS[level].split(":")
    return getattr(importlib.import_module(module), name)


def make_bot(level: str, game_id: str, seed: int = 0, **budget: Any) -> Bot:
    """A bot of this level for this game; the same seed gives the same choices."""
    return bot_class(level)(game_id, seed, **budget)


def bot_note(level: str, reason: str, seat_name: str, fallback: bool = False) -> str:
    """The log note for a bot's move, to follow the seat's name ('(greedy bot) plays Crystal');
    the level is named unless the name already says it. ``reason`` starts with a verb."""
    label = f"{level} bot" + (", fallback move" if fallback else "")
    if level.lower() in seat_name.lower() and not fallback:
        return reason
    return f"({label}) {reason}"


def act(bot: Bot, ctl: Any, seat: int) -> BotMove:
    """Ask ``bot`` for ``seat``'s move in a real game (the harness side of the interface)."""
    legal = ctl.legal_commands(seat)
    if not legal:
        raise ValueError(f"Seat {seat} has nothing to do now.")
    world = adapter(bot.game_id).world_sampler(ctl, seat) if bot.wants_world else None
    return bot.choose(ctl.view(seat), legal, seat, world=world)
