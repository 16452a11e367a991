"""The search bot: single-observer information-set Monte Carlo tree search (SO-ISMCTS).

Each iteration asks the harness-built ``world`` for a fresh determinization: a full game whose
hidden cards are resampled to agree with what the seat knows. It then walks one shared tree
(nodes are move sequences; each child remembers who moved) choosing among the moves legal in
that world with UCB1 over availability counts, expands one new move, plays on with the game's
greedy policy (``epsilon``: a share of random moves, none by default) until ``horizon`` turns
have ended, evaluates the world with the game's heuristic, and backs the value of each mover up
its path. The answer is the most visited root move. Budget: ``iterations`` and/or ``seconds``,
whichever ends first (an iteration budget alone keeps the bot deterministic for its seed); the
time budget is a ceiling for the whole move: no iteration starts that could not end within it,
and one that runs past it (a long playout, a busy machine) is dropped at its next step. A
twentieth of the budget is kept for what the harness does around the search (the seat's view,
the legal moves).

Defaults (``DEFAULTS``: 400 iterations, horizon 2 turns, exploration 0.3, the greedy top 6
moves at each node; a game may change them, ``GameAdapter.search_defaults``) were picked in 2-player selfplay against the greedy bot: 75% wins over 80 games, about
0.5 s per searched move on one core. Moves the game calls obvious (playing a card, exhausting
a champion) and forced moves are made without searching.
"""

from __future__ import annotations

import math
import time
from typing import Any

from shards_tui.bots.adapters import adapter
from shards_tui.bots.base import Bot, BotMove, World
from shards_tui.bots.greedy import best_index
from shards_tui.core.commands import Command
from shards_tui.core.view import SeatView
from shards_tui.core.errors import GameError


class OutOfTime(Exception):
    """The move's time ran out inside an iteration: the iteration is dropped."""


RESERVE = 0.05  # the share of the time budget kept for the harness's work around a search
DEFAULTS: dict[str, Any] = {"iterations": 400, "seconds": 2.0, "horizon": 2, "explore": 0.3,
                            "top_k": 6, "epsilon": 0.0, "max_steps": 300}


class Node:
    __slots__ = ("mover", "children", "visits", "total", "avail")

    def __init__(self, mover: int) -> None:
        self.mover = mover  # the seat whose move led here
        self.children: dict[tuple[int, str], Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 0

    def ucb(self, explore: float) -> float:
        return self.total / self.visits + explore * math.sqrt(math.log(max(1, self.avail)) / self.visits)


class SearchBot(Bot):
    level = "search"
    wants_world = True

    def __init__(self, game_id: str, seed: int = 0, **budget: Any) -> None:
        super().__init__(game_id, seed)
        self.game = adapter(game_id)
        unknown = sorted(set(budget) - set(DEFAULTS))
        if unknown:
            raise TypeError(f"The search bot has no setting '{unknown[0]}'.")
        # its own defaults, then the game's (GameAdapter.search_defaults), then what was given
        opts = {**DEFAULTS, **self.game.search_defaults, **budget}
        iterations, seconds = opts["iterations"], opts["seconds"]
        if iterations is None and seconds is None:
            raise ValueError("The search bot needs an iteration or a time budget.")
        self.iterations, self.seconds = iterations, seconds
        self.horizon, self.explore, self.top_k = opts["horizon"], opts["explore"], opts["top_k"]
        self.epsilon, self.max_steps = opts["epsilon"], opts["max_steps"]
        self.last_iterations = 0
        self.sim_errors = 0
        self.deadline: float | None = None

    def choose(self, view: SeatView, legal: list[Command], seat: int, world: World | None = None) -> BotMove:
        begun = time.perf_counter()
        scores = self.game.scores(view, legal, seat, self.notes)
        if len(legal) == 1:  # its own words, as when there is a choice: 'the only move' at a
            return BotMove(legal[0], scores[0][1])  # shields question would say 'no shields'
        best = best_index(scores)
        if world is None:
            return BotMove(legal[best], f"{scores[best][1]} (greedy: no world to search)")
        if self.game.obvious is not None and scores[best][0] >= self.game.obvious:
            return BotMove(legal[best], scores[best][1])
        cands = [legal[i] for i in self.top_moves(legal, [s for s, _ in scores])]
        root = Node(seat)
        done, start, longest = 0, time.perf_counter(), 0.0
        # The time budget is a ceiling for the whole move: no iteration starts that the
        # longest one so far could not finish within it, and one still running at the
        # deadline stops at its next step.
        self.deadline = None if self.seconds is None else begun + (1 - RESERVE) * self.seconds
        while (self.iterations is None or done < self.iterations) and (
                self.deadline is None or time.perf_counter() + longest < self.deadline):
            began = time.perf_counter()
            self.iterate(world(self.rng), root, seat, cands)
            longest = max(longest, time.perf_counter() - began)
            done += 1
        self.last_iterations = done
        spent = time.perf_counter() - start
        for key, amount in (("searches", 1), ("iterations", done), ("search_seconds", spent)):
            self.stats[key] = self.stats.get(key, 0) + amount
        keyed = {(seat, c.text()): c for c in cands}
        visited = [(n.visits, -k, key) for k, (key, n) in enumerate(
            (key, root.children[key]) for key in keyed if key in root.children)]
        if not visited:
            return BotMove(legal[best], f"{scores[best][1]} (greedy: the search found nothing)")
        _, _, key = max(visited)
        node = root.children[key]
        rate = node.total / max(1, node.visits)
        return BotMove(keyed[key], f"picks by search (ISMCTS): {done} iterations, {rate:.0%} wins")

    # --- one iteration --------------------------------------------------------------------

    def iterate(self, sim: Any, root: Node, seat: int, root_cands: list[Command]) -> None:
        g = self.game
        turn0 = g.turn_of(sim)
        node, path = root, [root]
        try:
            while not sim.over and g.turn_of(sim) - turn0 < self.horizon:
                mover = sim.who_must_act()
                cands = root_cands if node is root else self.candidates(sim, mover)
                keys = [(mover, c.text()) for c in cands]
                for key in keys:
                    if key in node.children:
                        node.children[key].avail += 1
                fresh = [i for i, key in enumerate(keys) if key not in node.children]
                if fresh:
                    child = node.children[keys[fresh[0]]] = Node(mover)
                    child.avail = 1
                    self.step(sim, cands[fresh[0]])
                    path.append(child)
                    break
                i = max(range(len(keys)), key=lambda j: node.children[keys[j]].ucb(self.explore))
                node = node.children[keys[i]]
                self.step(sim, cands[i])
                path.append(node)
            self.playout(sim, turn0)
            values = g.evaluate(sim)
        except GameError:  # the rules refused a move inside a sampled world: drop this iteration
            self.sim_errors += 1
            return
        except OutOfTime:
            return
        for n in path:
            n.visits += 1
            n.total += values[n.mover]

    def candidates(self, sim: Any, mover: int) -> list[Command]:
        legal = sim.legal_commands(mover)
        if len(legal) == 1:
            return legal
        scores = self.game.sim_scores(sim, mover, legal)
        order = self.top_moves(legal, scores)
        if self.game.obvious is not None and scores[order[0]] >= self.game.obvious:
            return [legal[order[0]]]
        return [legal[i] for i in order]

    def top_moves(self, legal: list[Command], scores: list[float]) -> list[int]:
        """The indexes of the ``top_k`` best-scored moves, leaving out moves that take back
        a choice (unless nothing else is legal)."""
        kept = [i for i, c in enumerate(legal) if not self.game.takes_back(c)] or list(range(len(legal)))
        return sorted(kept, key=lambda i: -scores[i])[:self.top_k]

    def playout(self, sim: Any, turn0: int) -> None:
        g, steps = self.game, 0
        while not sim.over and g.turn_of(sim) - turn0 < self.horizon and steps < self.max_steps:
            mover = sim.who_must_act()
            legal = sim.legal_commands(mover)
            if len(legal) == 1:
                cmd = legal[0]
            elif self.rng.random() < self.epsilon:
                cmd = self.rng.choice(legal)
            else:
                scores = g.sim_scores(sim, mover, legal)
                cmd = legal[max(range(len(legal)), key=scores.__getitem__)]
            self.step(sim, cmd)
            steps += 1

    def step(self, sim: Any, command: Command) -> None:
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise OutOfTime
        self.game.sim_step(sim, command)
