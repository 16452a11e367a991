"""The long rules fuzz: random legal moves to the end of many games, for every game, variant
and player count. Not run in CI (CI runs a short version: tests/fuzz/test_fuzz_run.py).

    python benchmarks/fuzz.py [--games 10000] [--game shards] [--seed N] [--players 2,3,4]
        [--only standard:2,team:4] [--jobs 2] [--out benchmarks/results/fuzz.json]
        [--ledger benchmarks/fuzz_ledger.jsonl]
    python benchmarks/fuzz.py --totals [--game infinities]

Each game: build a new game, then pick a uniformly random legal command for whoever must act
until the game ends. Every 25th game is also saved at a random move and loaded back (replay
and check). Any exception, a rejected legal command, a game with no end after 20,000 moves or
a save that does not load is an error, reported with its seed. Exit status 1 if any error.

``--jobs N`` shares a run's games among N processes (game k always has seed ``seed + k``
and the same save check, however many processes play it). Each finished run is a line of the
ledger (JSON lines): the setup, its seeds, games, moves, errors, seconds, the git commit and a
hash of the source the run exercises (the game's rules and cards, shards_tui/core, rulesets/).
Without ``--seed`` a run starts after the last seed the ledger holds for that setup and that
hash, so runs made at different times on the same code add up to new games; ``--totals``
prints the ledger's sums for the current hash, one line a setup.

Variants come from the game's catalogue (GameInfo.variants and .expansions): the standard
game, each expansion left out, each variant alone and each pair that may be combined, at every
player count each allows.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import subprocess
import sys
import time
import traceback
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, Iterator

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shards_tui.core import saves  # noqa: E402
from shards_tui.core.registry import GameInfo, game, games  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
MAX_MOVES = 20_000
SAVE_EVERY = 25
LEDGER = ROOT / "benchmarks" / "fuzz_ledger.jsonl"


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


def source_hash(game_id: str) -> str:
    """A hash of the files a game's fuzz exercises: its rules, its cards, the shared core and
    the rulesets (paths and contents, as they are on disk now)."""
    digest = hashlib.sha256()
    for top in (f"shards_tui/games/{game_id}", "shards_tui/core", f"cards/{game_id}", "rulesets"):
        for path in sorted((ROOT / top).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
                digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0")
                digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def git_commit() -> str:
    """The commit checked out, with '+dirty' when tracked files (the ledger aside) differ."""
    def git(*args: str) -> str:
        done = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True)
        return done.stdout.strip() if done.returncode == 0 else ""
    commit = git("rev-parse", "HEAD") or "unknown"
    changed = git("status", "--porcelain", "--untracked-files=no", "--", ".",
                  f":!{LEDGER.relative_to(ROOT).as_posix()}")
    return commit + ("+dirty" if changed else "")


def read_ledger(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    out = []
    for line in path.read_text().splitlines():
        try:
            out.append(json.loads(line))
        except ValueError:  # a line cut short by a stopped run
            continue
    return out


def next_seed(ledger: list[dict[str, Any]], game_id: str, setup: str, code: str) -> int:
    """The first seed after every run the ledger holds for this setup on this code (1 if none)."""
    ends = [r["first_seed"] + r["games"] for r in ledger
            if r.get("game") == game_id and r.get("setup") == setup and r.get("source_hash") == code]
    return max(ends, default=1)


def totals(ledger: list[dict[str, Any]], game_id: str, code: str) -> dict[str, dict[str, Any]]:
    """{setup: sums} of the runs on this code. A run whose seeds overlap one already counted
    replays the same games: it is counted under ``repeats`` and not added."""
    out: dict[str, dict[str, Any]] = {}
    for r in ledger:
        if r.get("game") != game_id or r.get("source_hash") != code:
            continue
        t = out.setdefault(r["setup"], {"runs": 0, "games": 0, "moves": 0, "errors": 0,
                                        "seconds": 0.0, "cpu_seconds": 0.0, "repeats": 0,
                                        "seeds": []})
        span = (r["first_seed"], r["first_seed"] + r["games"])
        if any(a < span[1] and span[0] < b for a, b in t["seeds"]):
            t["repeats"] += 1
            continue
        t["seeds"].append(span)
        t["runs"] += 1
        for key in ("games", "moves", "errors", "seconds", "cpu_seconds"):
            t[key] += r[key]
    return out


def print_totals(path: Path, game_ids: list[str]) -> None:
    ledger = read_ledger(path)
    print(f"{'game':<11}{'setup':<22}{'runs':>5}{'games':>8}{'moves':>11}{'errors':>7}"
          f"{'CPU s/game':>11}{'CPU h for 10,000':>17}")
    for game_id in game_ids:
        code = source_hash(game_id)
        for setup, t in totals(ledger, game_id, code).items():
            per_game = t["cpu_seconds"] / t["games"] if t["games"] else 0.0
            note = f"  ({t['repeats']} repeated runs left out)" if t["repeats"] else ""
            print(f"{game_id:<11}{setup:<22}{t['runs']:>5}{t['games']:>8}{t['moves']:>11}"
                  f"{t['errors']:>7}{per_game:>11.3f}{per_game * 10_000 / 3600:>17.2f}{note}")
        print(f"  ({game_id}: code hash {code}; runs on other code are not counted)")


_RUN: dict[tuple[str, str, int], tuple[GameInfo, dict[str, Any]]] = {}


def play_games(game_id: str, name: str, players: int, seeds: list[int],
               first_seed: int) -> tuple[int, list[dict[str, Any]], float]:
    """(moves, errors, CPU seconds) of the games with these seeds (in a worker process or not);
    every SAVE_EVERY-th game of the run is also saved and loaded back."""
    key = (game_id, name, players)
    if key not in _RUN:
        info, _, extra, _ = next(r for r in runs([game_id], [players]) if r[1] == name)
        _RUN[key] = (info, extra)
    info, extra = _RUN[key]
    start, moves, errors = time.process_time(), 0, []
    for seed in seeds:
        made, error = play_one(info, extra, players, seed, check_save=(seed - first_seed) % SAVE_EVERY == 0)
        moves += made
        if error:
            errors.append({"seed": seed, "move": made, "error": error})
    return moves, errors, time.process_time() - start


def play_run(game_id: str, name: str, players: int, first_seed: int, games: int,
             jobs: int) -> tuple[int, list[dict[str, Any]], float]:
    """Every game of a run, shared among ``jobs`` processes in small batches (the same games
    and checks as in one process)."""
    seeds = list(range(first_seed, first_seed + games))
    if jobs <= 1 or games < 2:
        return play_games(game_id, name, players, seeds, first_seed)
    size = max(1, min(50, games // (jobs * 4)))
    batches = [seeds[i:i + size] for i in range(0, games, size)]
    moves, errors, cpu = 0, [], 0.0
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(play_games, game_id, name, players, b, first_seed) for b in batches]
        for f in futures:
            made, errs, seconds = f.result()
            moves, cpu = moves + made, cpu + seconds
            errors += errs
    return moves, errors, cpu


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10_000, help="games per game, variant and player count")
    ap.add_argument("--game", default="all", help="a game id, or 'all' (default)")
    ap.add_argument("--players", default=None, help="player counts, e.g. 2,4 (default: all allowed)")
    ap.add_argument("--only", default=None,
                    help="runs to play, as variant:players pairs, e.g. standard:2,team:4 (default: all)")
    ap.add_argument("--seed", type=int, default=None,
                    help="the first game's seed (default: after the ledger's last on this code)")
    ap.add_argument("--jobs", type=int, default=1, help="processes to share each run's games")
    ap.add_argument("--out", default="benchmarks/results/fuzz.json")
    ap.add_argument("--ledger", default=str(LEDGER), help="JSON lines, one a finished run")
    ap.add_argument("--totals", action="store_true",
                    help="print the ledger's totals per setup for the current code and stop")
    args = ap.parse_args(argv)
    game_ids = [g.id for g in games()] if args.game == "all" else [args.game]
    ledger_path = Path(args.ledger)
    if args.totals:
        print_totals(ledger_path, game_ids)
        return 0
    counts = [int(p) for p in args.players.split(",")] if args.players else None
    only = set(args.only.split(",")) if args.only else None
    results, failed = [], 0
    print(f"{'game':<11}{'variant':<27}{'players':>8}{'games':>8}{'moves':>10}{'games/s':>9}"
          f"{'CPU s/game':>11}{'errors':>8}")
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    ledger_path.parent.mkdir(parents=True, exist_ok=True)
    commit, hashes = git_commit(), {g: source_hash(g) for g in game_ids}
    for info, name, extra, n in runs(game_ids, counts):
        setup = f"{name}:{n}"
        if only is not None and setup not in only:
            continue
        code = hashes[info.id]
        first = args.seed if args.seed is not None else \
            next_seed(read_ledger(ledger_path), info.id, setup, code)
        start = time.perf_counter()
        moves, errors, cpu = play_run(info.id, name, n, first, args.games, args.jobs)
        seconds = time.perf_counter() - start
        failed += len(errors)
        results.append({"game": info.id, "variant": name, "players": n, "games": args.games,
                        "first_seed": first, "moves": moves, "seconds": seconds,
                        "cpu_seconds": cpu, "errors": errors[:50], "error_count": len(errors)})
        print(f"{info.id:<11}{name:<27}{n:>8}{args.games:>8}{moves:>10}{args.games / seconds:>9.1f}"
              f"{cpu / max(1, args.games):>11.3f}{len(errors):>8}", flush=True)
        for e in errors[:5]:
            print(f"  seed {e['seed']}, move {e['move']}: {e['error']}")
        line = {"game": info.id, "setup": setup, "first_seed": first, "games": args.games,
                "moves": moves, "errors": len(errors), "error_seeds": [e["seed"] for e in errors[:20]],
                "seconds": round(seconds, 2), "cpu_seconds": round(cpu, 2), "jobs": args.jobs,
                "commit": commit, "source_hash": code,
                "finished": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                "host_cpus": os.cpu_count()}
        with ledger_path.open("a") as ledger:  # one line a finished run, appended whole
            ledger.write(json.dumps(line) + "\n")
        # Written after every run, so a long run stopped early keeps what it finished.
        out.write_text(json.dumps({"games": args.games, "runs": results}, indent=2))
    out.write_text(json.dumps({"games": args.games, "runs": results}, indent=2))
    print(f"{failed} errors; wrote {out}; ledger {ledger_path}")
    return 1 if failed else 0

if __name__ == "__main__":
    raise SystemExit(main())
