"""How strong are the bots? Each level plays each other level, seats rotated every game.

    PYTHONPATH=. python benchmarks/bot_strength.py [--games 200] [--levels random,greedy,search]
        [--search-iterations 400] [--search-seconds 2] [--players 2] [--seed 1] [--out FILE]

Prints a table (wins %, games, mean seconds per move and per search) and writes JSON. It
never asserts: the targets (search >= 65% vs greedy, greedy >= 90% vs random, <= 2 s per
search move) are printed next to the measured numbers.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shards_tui.bots.selfplay import run_selfplay  # noqa: E402

TARGETS = {("search", "greedy"): 0.65, ("greedy", "random"): 0.90, ("search", "random"): 0.90}
MAX_SECONDS_PER_SEARCH = 2.0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="shards")
    ap.add_argument("--games", type=int, default=200, help="games per pairing (default 200)")
    ap.add_argument("--levels", default="random,greedy,search", help="weakest first")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--search-iterations", type=int, default=400)
    ap.add_argument("--search-seconds", type=float, default=2.0)
    ap.add_argument("--out", default="benchmarks/results/bot_strength.json")
    args = ap.parse_args(argv)
    levels = [lv.strip() for lv in args.levels.split(",") if lv.strip()]
    budget = {"iterations": args.search_iterations, "seconds": args.search_seconds}
    rows = []
    print(f"{args.game}: {args.games} games per pairing, {args.players} players, search budget "
          f"{args.search_iterations} iterations / {args.search_seconds} s, seed {args.seed}")
    print(f"{'pairing':<18}{'games':>6}{'A win %':>9}{'B win %':>9}{'target':>8}{'errors':>8}"
          f"{'turns':>7}{'s/search':>10}{'iters':>7}{'wall s':>8}")
    for b, a in combinations(levels, 2):  # levels go weakest first; A is the stronger one
        start = time.perf_counter()
        seats = [a, b] * ((args.players + 1) // 2)
        r = run_selfplay(args.game, args.games, args.seed, seats[:args.players], args.players,
                         budgets={"search": budget})
        stats = {**r.bot_stats.get("search", {})}
        row = {"a": a, "b": b, "games": r.finished, "a_win": r.win_rate(a), "b_win": r.win_rate(b),
               "target": TARGETS.get((a, b)), "errors": len(r.errors), "mean_turns": r.mean_turns,
               "seconds_per_search": r.seconds_per_search("search") if stats else None,
               "iterations_per_search": stats.get("iterations", 0) / max(1, stats.get("searches", 0))
               if stats else None, "seconds_per_move": {lv: r.seconds_per_move(lv) for lv in r.moves},
               "wall_seconds": time.perf_counter() - start, "error_samples": r.errors[:5]}
        rows.append(row)
        target = f"{row['target']:.0%}" if row["target"] else "-"
        sps = f"{row['seconds_per_search']:.3f}" if stats else "-"
        its = f"{row['iterations_per_search']:.0f}" if stats else "-"
        print(f"{a + ' vs ' + b:<18}{r.finished:>6}{100 * row['a_win']:>8.1f}%{100 * row['b_win']:>8.1f}%"
              f"{target:>8}{len(r.errors):>8}{r.mean_turns:>7.1f}{sps:>10}{its:>7}{row['wall_seconds']:>8.0f}",
              flush=True)
    slow = [r for r in rows if r["seconds_per_search"] and r["seconds_per_search"] > MAX_SECONDS_PER_SEARCH]
    print(f"target: <= {MAX_SECONDS_PER_SEARCH} s per search move: {'missed' if slow else 'met'}")
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"game": args.game, "games_per_pairing": args.games, "players": args.players,
                               "seed": args.seed, "search_budget": budget, "rows": rows}, indent=2))
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
