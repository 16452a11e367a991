"""Disco Infinity's balance and quality figures, printed as tables (never a pass/fail test).

    python benchmarks/disco_balance.py [--games 200] [--search-games 60] [--random-games 10000]
        [--jobs 2] [--seed 1] [--markdown]

1. Greedy against greedy for every pairing of two factions, seats rotated (each faction sits
   first in half the games): each faction's win rate over all its games (target 40-60%),
   each pairing's (target 30-70%), and the mean game length in rounds.
2. The search bot against the greedy bot, and the greedy bot against the random bot, seats
   rotated, factions at random (targets: search wins at least 65%, greedy at least 90%);
   the slowest and the mean search move (target: at most 2 s).
3. Random legal games to the end (target: no errors), and the mean time of one validated
   transition (target: at most 1 ms).

The test suite runs this script at a tiny size (tests/benchmarks), so it cannot rot.
"""

from __future__ import annotations

import argparse
import itertools
import os
import random
import sys
import time
import traceback
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shards_tui.bots.base import act, make_bot  # noqa: E402
from shards_tui.core.registry import game  # noqa: E402

GAME = "disco"


def factions() -> list[str]:
    return [c.id for c in game(GAME).setup_spec().role.choices]  # type: ignore[union-attr]


def play(seed: int, levels: tuple[str, str], picks: tuple[str | None, str | None],
         budget: dict[str, Any] | None = None) -> dict[str, Any]:
    """One bot game; the winner's seat, the rounds, the factions, the search moves' times."""
    info = game(GAME)
    setup = {"kind": "new", "seed": seed,
             "players": [{"name": f"{lv}{s + 1}", "faction": f} for s, (lv, f) in
                         enumerate(zip(levels, picks))]}
    ctl = info.controller.build(setup)
    bots = [make_bot(lv, GAME, seed=seed * 2 + s, **(budget if lv == "search" else {}) or {})
            for s, lv in enumerate(levels)]
    search_times: list[tuple[float, float]] = []  # (wall, cpu) seconds of each searched move
    for _ in range(5000):
        seat = ctl.who_must_act()
        if seat is None:
            break
        before = bots[seat].stats.get("searches", 0)
        wall, cpu = time.perf_counter(), time.process_time()
        move = act(bots[seat], ctl, seat)
        if bots[seat].stats.get("searches", 0) > before:
            search_times.append((time.perf_counter() - wall, time.process_time() - cpu))
        ctl.apply(move.command)
    public = ctl.view(None)
    return {"winner": (ctl.winners or [None])[0], "rounds": public.round,
            "factions": [p.faction for p in public.players], "search": search_times}


def random_game(seed: int) -> tuple[int, float, float, str | None]:
    """(moves, wall-clock and processor seconds spent in validated transitions, error) of one
    random legal game."""
    rng = random.Random(seed)
    moves, wall, cpu = 0, 0.0, 0.0
    try:
        ctl = game(GAME).controller.build({"kind": "new", "seed": seed,
                                           "players": [{"name": "P1"}, {"name": "P2"}]})
        while not ctl.over:
            if moves > 20_000:
                return moves, wall, cpu, "no winner after 20000 moves"
            seat = ctl.who_must_act()
            command = rng.choice(ctl.legal_commands(seat))
            start, start_cpu = time.perf_counter(), time.process_time()
            ctl.apply(command)
            wall += time.perf_counter() - start
            cpu += time.process_time() - start_cpu
            moves += 1
    except Exception as exc:  # any exception at all is a finding
        error = f"{type(exc).__name__}: {exc} {traceback.format_exc(limit=-2)[-300:]}"
        return moves, wall, cpu, error
    return moves, wall, cpu, None


def _pool(jobs: int) -> ProcessPoolExecutor:
    return ProcessPoolExecutor(max_workers=jobs, initializer=_nice)


def _nice() -> None:
    try:
        os.nice(5)
    except OSError:
        pass


def balance(games: int, seed: int, jobs: int) -> list[str]:
    names = factions()
    pairs = list(itertools.combinations(names, 2))
    tasks = []
    for n, (a, b) in enumerate(pairs):
        for g in range(games):
            picks = (a, b) if g % 2 == 0 else (b, a)
            tasks.append((seed + 100_000 * n + g, ("greedy", "greedy"), picks))
    with _pool(jobs) as pool:
        results = list(pool.map(_play_task, tasks, chunksize=8))
    wins = {f: 0.0 for f in names}
    seats = {f: 0 for f in names}
    pair_wins: dict[tuple[str, str], float] = {p: 0.0 for p in pairs}
    rounds = []
    first_seat = 0.0
    for (_, _, picks), r in zip(tasks, results):
        rounds.append(r["rounds"])
        for s, f in enumerate(picks):
            seats[f] += 1
            if r["winner"] == s:
                wins[f] += 1
        key = tuple(sorted(picks, key=names.index))
        if r["winner"] is not None and picks[r["winner"]] == key[0]:
            pair_wins[key] += 1  # type: ignore[index]
        first_seat += r["winner"] == 0
    lines = [f"Greedy vs greedy, {games} games per pairing, seats rotated "
             f"({len(tasks)} games, mean {sum(rounds) / len(rounds):.1f} rounds, "
             f"seat 1 won {100 * first_seat / len(tasks):.1f}%)", "",
             "| faction | games | win % |", "|---|---:|---:|"]
    lines += [f"| {f} | {seats[f]} | {100 * wins[f] / max(1, seats[f]):.1f} |" for f in names]
    lines += ["", "| pairing (first wins) | games | first's win % |", "|---|---:|---:|"]
    lines += [f"| {a} vs {b} | {games} | {100 * pair_wins[(a, b)] / games:.1f} |" for a, b in pairs]
    return lines


def _play_task(task: tuple) -> dict[str, Any]:
    seed, levels, picks = task[:3]
    budget = task[3] if len(task) > 3 else None
    return play(seed, levels, picks, budget)


def match(levels: tuple[str, str], games: int, seed: int, jobs: int,
          budget: dict[str, Any] | None = None) -> tuple[str, list[float]]:
    tasks = [(seed + g, levels if g % 2 == 0 else levels[::-1], (None, None), budget)
             for g in range(games)]
    with _pool(jobs) as pool:
        results = list(pool.map(_play_task, tasks))
    won = sum(1 for (_, lv, _, _), r in zip(tasks, results)
              if r["winner"] is not None and lv[r["winner"]] == levels[0])
    times = [t for r in results for t in r["search"]]
    return (f"| {levels[0]} vs {levels[1]} | {games} | {100 * won / games:.1f} |"), times


def randoms(games: int, seed: int, jobs: int) -> list[str]:
    with _pool(jobs) as pool:
        results = list(pool.map(random_game, range(seed, seed + games), chunksize=50))
    moves = sum(r[0] for r in results)
    wall, cpu = sum(r[1] for r in results), sum(r[2] for r in results)
    errors = [(seed + k, r[3]) for k, r in enumerate(results) if r[3]]
    lines = [f"| random legal games | {games} |", f"| errors | {len(errors)} |",
             f"| moves | {moves} |",
             f"| validated transition, mean processor time | {1000 * cpu / max(1, moves):.3f} ms |",
             f"| validated transition, mean wall clock | {1000 * wall / max(1, moves):.3f} ms "
             f"(load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores) |"]
    lines += [f"  seed {s}: {e}" for s, e in errors[:5]]
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="greedy games per faction pairing")
    ap.add_argument("--search-games", type=int, default=60)
    ap.add_argument("--greedy-games", type=int, default=200, help="greedy vs random games")
    ap.add_argument("--random-games", type=int, default=10_000)
    ap.add_argument("--search-iterations", type=int, default=None)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", default="balance,bots,random",
                    help="which parts to run (balance, bots, random)")
    args = ap.parse_args(argv)
    parts = set(args.only.split(","))
    start = time.perf_counter()
    if "balance" in parts:
        print("\n".join(balance(args.games, args.seed, args.jobs)), flush=True)
    if "bots" in parts:
        budget = {} if args.search_iterations is None else {"iterations": args.search_iterations}
        search_row, times = match(("search", "greedy"), args.search_games, args.seed, args.jobs, budget)
        greedy_row, _ = match(("greedy", "random"), args.greedy_games, args.seed, args.jobs)
        print("\n| match (first listed wins) | games | win % |\n|---|---:|---:|")
        print(search_row)
        print(greedy_row)
        if times:
            walls, cpus = [w for w, _ in times], [c for _, c in times]
            print(f"\nsearch moves: {len(times)}; wall clock mean {sum(walls) / len(walls):.2f} s, "
                  f"slowest {max(walls):.2f} s; processor time mean {sum(cpus) / len(cpus):.2f} s, "
                  f"slowest {max(cpus):.2f} s (load average {os.getloadavg()[0]:.1f} on "
                  f"{os.cpu_count()} cores)", flush=True)
    if "random" in parts:
        print("\n| random play | |\n|---|---:|")
        print("\n".join(randoms(args.random_games, args.seed, args.jobs)))
    print(f"\n({time.perf_counter() - start:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
