"""Infinities Adventure balance: greedy bots in every seat of every chapter, each side's win
rate, games nobody won, the outcomes reached and the mean rounds. Prints tables; never asserts
(a chapter over the target says "over").

    PYTHONPATH=. python benchmarks/adventure_balance.py [--games 100] [--seed 1] [--jobs 2]
        [--chapters ID,ID] [--players N] [--levels greedy]

Target: no side wins more than 80% of a chapter's games, unless the chapter's story makes it a
last stand (``last_stand = true``; the table says "last stand"). A free for all lists each
seat as a side. Games are played at every player count a chapter takes, in turn (game k at the
k-th count), with the same seeds for every chapter. Whole-state validation is off (the rules
are the same; the fuzz tests validate every step).
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shards_tui.bots.base import act, make_bot  # noqa: E402
from shards_tui.core.registry import game  # noqa: E402

GAME = "infinities"
MAX_MOVES = 6000
TARGET = 0.80


def play_game(chapter_id: str, players: int, seed: int, level: str = "greedy") -> dict[str, Any]:
    """One bot game of a chapter: its winners' sides, outcome, rounds and any error."""
    from shards_tui.games.infinities.chapters import chapter

    ch = chapter(chapter_id)
    info = game(GAME)
    out: dict[str, Any] = {"sides": [], "outcome": None, "rounds": 0, "error": None, "players": players}
    try:
        ctl = info.controller.build({"kind": "new", "seed": seed, "chapter": chapter_id,
                                     "players": [{"name": f"{level}{s + 1}"} for s in range(players)]})
        ctl.validate_transitions = False
        bots = [make_bot(level, GAME, seed=seed * 16 + s) for s in range(players)]
        for _ in range(MAX_MOVES):
            if ctl.over:
                break
            seat = ctl.who_must_act()
            ctl.apply(act(bots[seat], ctl, seat).command)
        if not ctl.over:
            out["error"] = f"no end after {MAX_MOVES} moves"
            return out
        state = ctl.state
        out["rounds"] = state.round
        out["outcome"] = state.outcome or "none"
        names = {s: (f"seat {s + 1}" if ch.kind == "ffa" else ch.sides[ch.side_index(s, players)].name)
                 for s in range(players)}
        out["sides"] = sorted({names[s] for s in state.winners or []})
    except Exception as exc:  # a finding, reported with its seed
        out["error"] = f"{type(exc).__name__}: {exc} {traceback.format_exc(limit=-2)[-300:]}"
    return out


def _job(args: tuple) -> tuple[str, list[dict[str, Any]]]:
    chapter_id, counts, games, seed, level = args
    return chapter_id, [play_game(chapter_id, counts[g % len(counts)], seed + g, level)
                        for g in range(games)]


def chapter_rows(chapter_id: str, results: list[dict[str, Any]]) -> list[tuple[str, ...]]:
    """The table's rows for one chapter: one per side (and one for 'nobody')."""
    from shards_tui.games.infinities.chapters import chapter

    ch = chapter(chapter_id)
    done = [r for r in results if r["error"] is None]
    n = max(1, len(done))
    wins: Counter[str] = Counter(side for r in done for side in r["sides"])
    if ch.kind == "ffa":
        sides = [f"seat {s + 1}" for s in range(max(ch.players))]
    else:
        sides = [s.name for s in ch.sides]
    rows = []
    for k, side in enumerate(sides):
        # a free for all's seat counts only the games it sat in (fewer players, fewer seats)
        played = sum(1 for r in done if r["players"] > k) if ch.kind == "ffa" else n
        rate = wins[side] / max(1, played)
        verdict = "ok" if rate <= TARGET else ("last stand" if ch.last_stand else "over")
        rows.append((ch.id, side, f"{100 * rate:5.1f}%", verdict))
    nobody = sum(1 for r in done if not r["sides"]) / n
    rows.append((ch.id, "(nobody)", f"{100 * nobody:5.1f}%", ""))
    return rows


def main(argv: list[str] | None = None) -> int:
    from shards_tui.games.infinities.chapters import guide

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games a chapter (default 100)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--chapters", default="", help="chapter ids, comma-separated (default: all)")
    parser.add_argument("--players", type=int, default=None, help="one player count (default: each the chapter takes)")
    parser.add_argument("--levels", default="greedy", help="the bot level in every seat (default greedy)")
    args = parser.parse_args(argv)
    every = guide()
    ids = [c for c in args.chapters.split(",") if c] or list(every)
    unknown = [c for c in ids if c not in every]
    if unknown:
        print(f"There is no chapter '{unknown[0]}'.", file=sys.stderr)
        return 2
    jobs = []
    for cid in ids:
        counts = [args.players] if args.players else list(every[cid].players)
        if args.players and args.players not in every[cid].players:
            continue
        jobs.append((cid, counts, args.games, args.seed, args.levels))
    began = time.perf_counter()
    print(f"Adventure balance: {args.levels} bots in every seat, {args.games} games a chapter, "
          f"seeds from {args.seed}; target: no side above {100 * TARGET:.0f}% (a last stand excepted)")
    header = f"{'chapter':<26}{'side':<30}{'wins':>8}  {'':<10}"
    print(header)
    errors = 0
    outcomes: dict[str, Counter[str]] = {}
    rounds: dict[str, float] = {}
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for cid, results in pool.map(_job, jobs):
            for row in chapter_rows(cid, results):
                print(f"{row[0]:<26}{row[1]:<30}{row[2]:>8}  {row[3]:<10}", flush=True)
            bad = [r for r in results if r["error"]]
            errors += len(bad)
            for r in bad[:2]:
                print(f"  error ({r['players']} players): {r['error']}")
            outcomes[cid] = Counter(r["outcome"] for r in results if r["error"] is None)
            done = [r["rounds"] for r in results if r["error"] is None]
            rounds[cid] = sum(done) / max(1, len(done))
    print(f"\n{'chapter':<26}{'mean rounds':>12}  outcomes")
    for cid in outcomes:
        said = ", ".join(f"{k} {v}" for k, v in outcomes[cid].most_common())
        print(f"{cid:<26}{rounds[cid]:>12.1f}  {said}")
    print(f"\nerrors: {errors}; {time.perf_counter() - began:.0f} s")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
