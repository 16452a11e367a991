"""Which seats bots play, and the bots themselves (no Textual here, easy to test).

A game's bot seats come from the table's ``bots`` argument or, by default, from the game's
setup (``setup["players"][i]["bot"]``, so a saved or resumed game keeps its bots). Each bot is
seeded from the game seed and its seat, and is reseeded before every move from the position
(the length of the history), so a game with the same seed and the same human moves plays out
the same way, even after an undo or a resume.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass
from typing import Any, Mapping

from shards_tui.bots.base import LEVELS, Bot, BotMove, act, make_bot
from shards_tui.core.rng import secret_seed

BOT_LABELS = {"random": "Random bot", "greedy": "Greedy bot", "search": "Search bot"}
SEED_MOD = 2**63


def bots_from_setup(setup: Mapping[str, Any]) -> dict[int, str]:
    """{seat: level} for the seats a game's setup gives to bots (unknown levels are ignored)."""
    out: dict[int, str] = {}
    for seat, player in enumerate(setup.get("players") or []):
        level = player.get("bot") if isinstance(player, Mapping) else None
        if isinstance(level, str) and level in LEVELS:
            out[seat] = level
    return out


def check_bots(bots: Mapping[int, str], seats: int) -> dict[int, str]:
    """A clean copy of ``bots``, or ValueError naming the bad seat or level."""
    out: dict[int, str] = {}
    for seat, level in bots.items():
        if not isinstance(seat, int) or not 0 <= seat < seats:
            raise ValueError(f"There is no seat {seat} in this {seats}-player game.")
        if level not in LEVELS:
            raise ValueError(f"There is no bot level '{level}'; choose one of {', '.join(LEVELS)}.")
        out[seat] = level
    return out


def record_bots(setup: Mapping[str, Any], bots: Mapping[int, str]) -> dict[str, Any] | None:
    """A copy of a new game's setup with the bot levels written in (so saves keep them), or
    None if this kind of setup has no place for them (scenario positions). The given setup
    is left as it is (callers may share it)."""
    if setup.get("kind", "new") != "new" or not isinstance(setup.get("players"), list):
        return None
    players = [dict(p) for p in setup["players"]]
    for seat, player in enumerate(players):
        if seat in bots:
            player["bot"] = bots[seat]
        else:
            player.pop("bot", None)
    return {**setup, "players": players}


def bot_seed(game_seed: int, seat: int, moves: int = 0) -> int:
    """A bot's seed: the same game seed, seat and position always give the same seed."""
    return (game_seed * 1_000_003 + (seat + 1) * 7_919 + moves * 104_729) % SEED_MOD


@dataclass
class BotJob:
    """One bot move being computed: who, at which position (the state object it read)."""

    seat: int
    level: str
    bot: Bot
    snapshot: Any  # a shallow copy of the controller, pinned to ``state``
    state: Any
    moves: int  # len(history) when the bot started thinking

    def run(self) -> BotMove:
        """The bot's move (called in a worker thread; reads only the snapshot)."""
        return act(self.bot, self.snapshot, self.seat)


class BotSeats:
    """The bot seats of one game and a bot object for each (made when first needed)."""

    def __init__(self, bots: Mapping[int, str], game_id: str, game_seed: int) -> None:
        self.levels = dict(bots)
        self.game_id = game_id
        self.game_seed = game_seed
        self._bots: dict[int, Bot] = {}

    def __contains__(self, seat: object) -> bool:
        return seat in self.levels

    def __bool__(self) -> bool:
        return bool(self.levels)

    def humans(self, seats: int) -> list[int]:
        return [s for s in range(seats) if s not in self.levels]

    def label(self, seat: int, names: list[str]) -> str:
        """'Ben (greedy bot)'; 'Greedy bot 2' as it is, the name saying it already (as in the
        log's bot notes)."""
        name = names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"
        level = self.levels[seat]
        return name if level.lower() in name.lower() else f"{name} ({level} bot)"

    def bot(self, seat: int) -> Bot:
        if seat not in self._bots:
            self._bots[seat] = make_bot(self.levels[seat], self.game_id,
                                        bot_seed(self.game_seed, seat))
        return self._bots[seat]

    def job(self, controller: Any, seat: int) -> BotJob:
        """Everything a worker needs to compute ``seat``'s move at the controller's position.

        The snapshot is a shallow copy of the controller: a commit or an undo on the real one
        replaces its state object rather than changing it, so the worker keeps reading one
        consistent position whatever happens on the UI thread meanwhile."""
        snapshot = copy.copy(controller)
        snapshot.listeners = []
        snapshot.history = list(controller.history)
        snapshot._undo = list(getattr(controller, "_undo", []))
        moves = len(controller.history)
        bot = self.bot(seat)
        bot.rng = random.Random(bot_seed(self.game_seed, seat, moves))
        return BotJob(seat, self.levels[seat], bot, snapshot, controller.state, moves)

    def fallback(self, controller: Any, seat: int) -> BotMove:
        """A random legal move (when a bot failed), seeded from the position."""
        rng = random.Random(bot_seed(self.game_seed, seat, len(controller.history)) ^ 1)
        legal = controller.legal_commands(seat)
        if not legal:
            raise ValueError(f"Seat {seat} has nothing to do now.")
        return BotMove(rng.choice(legal), "picks a legal move at random")  # (no count: it leaks)


def rematch_setup(setup: Mapping[str, Any]) -> dict[str, Any] | None:
    """The setup of a rematch: the same players with the same choices (names, bots, picks),
    the seats rotated by one (who sat second sits first, so another player begins), the same
    variants and options, a new secret seed. None for a game that was not set up as a new game (a lesson, a scenario,
    a save of another version)."""
    players = setup.get("players")
    if setup.get("kind") != "new" or not isinstance(players, list) or len(players) < 1:
        return None
    again = copy.deepcopy(dict(setup))
    again["players"] = again["players"][1:] + again["players"][:1]
    again["seed"] = secret_seed()  # ('first', a seat, stays: the next player in turn begins)
    return again
