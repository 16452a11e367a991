"""The long rules fuzz: random legal moves to the end of many games, for every game, variant
and player count. Not run in CI (CI runs a short version: tests/fuzz/test_fuzz_run.py).

    python benchmarks/fuzz.py [--games 10000] [--game shards] [--seed 1] [--players 2,3,4]
        [--only standard:2,team:4] [--out benchmarks/results/fuzz.json]

Each game: build a new game, then pick a uniformly random legal command for whoever must act
until the game ends. Every 25th game is also saved at a random move and loaded back (replay
and check). Any exception, a rejected legal command, a game with no end after 20,000 moves or
a save that does not load is an error, reported with its seed. Exit status 1 if any error.

Variants come from the game's catalogue (GameInfo.variants and .expansions): the standard
game, each expansion left out, each variant alone and each pair that may be combined, at every
player count each allows.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import traceback
from pathlib import Path
from typing import Any, Iterator

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shards_tui.core import saves  # noqa: E402
from shards_tui.core.registry import GameInfo, game, games  # noqa: E402

MAX_MOVES = 20_000
SAVE_EVERY = 25


def variants(info: GameInfo) -> dict[str, dict[str, Any]]:
    """{name: extra setup fields}: "standard" (the default card sets) first, then each
    expansion left out, each variant of the game's catalogue, and each pair of variants that
    may be combined."""
    from itertools import combinations

    default = info.default_sets()
    out: dict[str, dict[str, Any]] = {"standard": {"sets": default}}
    # A game's own extra setups ({name: setup fields}; "player_counts" limits them to some counts)
    for name, extra in info.fuzz_setups.items():
        out[name] = {"sets": default, **extra}
    for exp in info.expansions:
        out[f"no-{exp.id}"] = {"sets": [s for s in default if s != exp.id]}
    for v in info.variants:
        out[v.id] = {"sets": default, "variants": [v.id]}
    for a, b in combinations(info.variants, 2):
        if a.id in b.excludes or b.id in a.excludes or not set(a.players) & set(b.players):
            continue
        out[f"{a.id}+{b.id}"] = {"sets": default, "variants": [a.id, b.id]}
    return out


def runs(game_ids: list[str], players: list[int] | None) -> Iterator[tuple[GameInfo, str, dict, int]]:
    """(game, variant name, extra setup fields, player count) for every count each allows."""
    from shards_tui.core.variants import player_counts

    for game_id in game_ids:
        info = game(game_id)
        default = range(info.min_players, info.max_players + 1)
        for name, extra in variants(info).items():
            allowed = player_counts(info.variants, extra.get("variants", []), default)
            if "player_counts" in extra:  # a game's own setup for some player counts only
                allowed = [n for n in allowed if n in extra["player_counts"]]
            for n in players or allowed:
                if n in allowed:
                    yield info, name, extra, n


def play_one(info: GameInfo, extra: dict[str, Any], players: int, seed: int,
             check_save: bool) -> tuple[int, str | None]:
    """(moves made, error or None) of one random game."""
    setup = {"kind": "new", "seed": seed, **{k: v for k, v in extra.items() if k != "player_counts"},
             "players": [{"name": f"P{i + 1}"} for i in range(players)]}
    rng = random.Random(seed)
    moves = 0
    try:
        ctl = info.controller.build(setup)
        save_at = rng.randrange(1, 400) if check_save else -1
        while not ctl.over:
            if moves >= MAX_MOVES:
                return moves, f"no winner after {MAX_MOVES} moves"
            seat = ctl.who_must_act()
            legal = ctl.legal_commands(seat)
            if not legal:
                return moves, f"seat {seat} must act but has no legal command"
            ctl.apply(rng.choice(legal))
            moves += 1
            if moves == save_at:
                loaded = saves.from_json(saves.to_json(ctl))
                if loaded.state_json() != ctl.state_json():
                    return moves, "a save loaded back to a different state"
    except Exception as exc:  # anything at all is a finding
        where = traceback.format_exc(limit=-2).strip().splitlines()
        return moves, f"{type(exc).__name__}: {exc} [{' | '.join(where[-3:])}]"
    return moves, None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10_000, help="games per game, variant and player count")
    ap.add_argument("--game", default="all", help="a game id, or 'all' (default)")
    ap.add_argument("--players", default=None, help="player counts, e.g. 2,4 (default: all allowed)")
    ap.add_argument("--only", default=None,
                    help="runs to play, as variant:players pairs, e.g. standard:2,team:4 (default: all)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default="benchmarks/results/fuzz.json")
    args = ap.parse_args(argv)
    game_ids = [g.id for g in games()] if args.game == "all" else [args.game]
    counts = [int(p) for p in args.players.split(",")] if args.players else None
    only = set(args.only.split(",")) if args.only else None
    results, failed = [], 0
    print(f"{'game':<8}{'variant':<30}{'players':>8}{'games':>8}{'moves':>10}{'games/s':>9}{'errors':>8}")
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    for info, name, extra, n in runs(game_ids, counts):
        if only is not None and f"{name}:{n}" not in only:
            continue
        start, moves, errors = time.perf_counter(), 0, []
        for g in range(args.games):
            seed = args.seed + g
            made, error = play_one(info, extra, n, seed, check_save=g % SAVE_EVERY == 0)
            moves += made
            if error:
                errors.append({"seed": seed, "move": made, "error": error})
        seconds = time.perf_counter() - start
        failed += len(errors)
        results.append({"game": info.id, "variant": name, "players": n, "games": args.games,
                        "moves": moves, "seconds": seconds, "errors": errors[:50],
                        "error_count": len(errors)})
        print(f"{info.id:<8}{name:<30}{n:>8}{args.games:>8}{moves:>10}{args.games / seconds:>9.1f}"
              f"{len(errors):>8}", flush=True)
        for e in errors[:5]:
            print(f"  seed {e['seed']}, move {e['move']}: {e['error']}")
        # Written after every run, so a long run stopped early keeps what it finished.
        out.write_text(json.dumps({"seed": args.seed, "games": args.games, "runs": results}, indent=2))
    out.write_text(json.dumps({"seed": args.seed, "games": args.games, "runs": results}, indent=2))
    print(f"{failed} errors; wrote {out}")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
