"""What the game-agnostic bots need from a game, provided by each game (``GameInfo.bots``).

The bots see only a seat's view and its legal commands; a game's adapter scores those
commands (greedy), samples worlds that agree with what a seat knows (search), and steps and
evaluates those worlds fast.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable

from shards_tui.core.commands import Command


@dataclass(frozen=True)
class GameAdapter:
    game_id: str
    # Greedy: (score, reason) for each legal command, from the seat's view and its notes.
    scores: Callable[[Any, list[Command], int, dict], list[tuple[float, str]]]
    # Harness side: (real controller, seat) -> rng -> a sampled world the seat cannot tell apart.
    world_sampler: Callable[[Any, int], Callable[[random.Random], Any]]
    # Inside sampled worlds only:
    sim_step: Callable[[Any, Command], None]  # apply a legal command, fast
    sim_scores: Callable[[Any, int, list[Command]], list[float]]  # greedy scores for playouts
    evaluate: Callable[[Any], list[float]]  # each seat's estimated chance to win
    turn_of: Callable[[Any], int]  # a counter that grows by one each turn
    obvious: float | None = None  # greedy scores at least this high need no search
    # Commands that only take back a choice made this turn (a declared attacker, a block):
    # for a person who changed their mind. The search never tries them: it would go round
    # in circles, choosing and taking back the same move for as long as the move budget lasts.
    takes_back: Callable[[Command], bool] = lambda command: False
    # The search bot's settings for this game where they differ from its own defaults (a
    # shorter horizon, a smaller time budget); a budget given when the bot is made still wins.
    search_defaults: dict[str, Any] = field(default_factory=dict)


def simulator(ctl: Any, state: Any, *, log_events: bool = True) -> Any:
    """A controller of ``ctl``'s kind around a sampled ``state`` that skips whole-state validation
    (speed; an instance attribute, so real games keep validating). ``log_events=False`` also
    turns off the event log, for a game whose controller keeps one (``log_events``)."""
    sim = type(ctl)(state, ctl.setup)
    sim.validate_transitions = False
    if not log_events:
        sim.log_events = False
    return sim


def sim_step(sim: Any, command: Command) -> None:
    """Apply a legal command to a sampled world in place (no copy, no validation)."""
    sim.execute(sim.state, command)


def world_sampler_for(determinize: Callable[[Any, int, random.Random], Any], *,
                      log_events: bool = True) -> Callable[[Any, int], Callable[[random.Random], Any]]:
    """A game's ``world_sampler`` from its ``determinize(state, seat, rng)``: built by the harness
    from the real controller, it gives simulators around worlds the seat cannot tell apart, so
    the bot only ever sees sampled worlds."""
    def world_sampler(ctl: Any, seat: int) -> Callable[[random.Random], Any]:
        state = ctl.state
        return lambda rng: simulator(ctl, determinize(state, seat, rng), log_events=log_events)
    return world_sampler
