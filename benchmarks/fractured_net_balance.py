"""The Fractured Net's figures: starter-deck balance, bot strength, random-play errors and the
cost of a validated transition. Prints tables; never asserts (a missed target says "missed").

    PYTHONPATH=. python benchmarks/fractured_net_balance.py [--games 200] [--bot-games 60]
        [--fuzz-games 10000] [--transitions 3000] [--parts decks,bots,fuzz,speed] [--seed 1]
        [--bot-pairs search-greedy,greedy-random] [--jobs 2]
        [--out benchmarks/results/fractured_net_balance.json]

decks: greedy against greedy, every pair of starter decks, seats rotated every game (and who
goes first drawn from the game's seed), --games games a pairing: each faction's overall win
rate (target 40-60%), each pairing's (target 30-70%) and the first player's (target 45-55%).
bots: search against greedy (target >= 65%) and greedy against random (>= 90%), starter decks
drawn at random, the mean seconds of a search and the slowest search-bot move, timed whole as
a player waits for it (<= 2 s); each game is printed as it ends, so a long run shows its progress
(a search game takes one to twenty minutes). fuzz: random legal moves to the
end of --fuzz-games games, random legal decks in every third, whole-state validation on: errors
(target 0). speed: the mean time of one validated transition in random games (target <= 1 ms).
Balance and bot games skip whole-state validation (the rules are the same; the fuzz part
validates every step).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import traceback
from concurrent.futures import ProcessPoolExecutor, as_completed
from itertools import combinations
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shards_tui.bots.base import act, make_bot  # noqa: E402
from shards_tui.core.registry import game  # noqa: E402

GAME = "fractured_net"
MAX_MOVES = 6000


def random_legal_deck(rng: random.Random) -> dict[str, int]:
    from shards_tui.core.rng import Rng
    from shards_tui.games.fractured_net.decks import random_deck

    return random_deck(Rng.from_seed(rng.getrandbits(63)))


def play_game(levels: tuple[str, str], decks: tuple[Any, Any], seed: int, validate: bool = False,
              budgets: dict | None = None) -> dict[str, Any]:
    """One bot game; ``decks`` are starter ids or card dicts. Returns the winner, who went
    first, turns, errors and the search bots' counters."""
    info = game(GAME)
    seats = []
    for s, deck in enumerate(decks):
        seat = {"name": f"{levels[s]}{s + 1}"}
        seat.update({"cards": deck} if isinstance(deck, dict) else {"deck": deck})
        seats.append(seat)
    out: dict[str, Any] = {"seed": seed, "winner": None, "first": None, "turns": 0, "error": None,
                           "search_seconds": 0.0, "searches": 0, "moves": 0, "slowest_search": 0.0}
    try:
        ctl = info.controller.build({"kind": "new", "seed": seed, "players": seats})
        ctl.validate_transitions = validate
        out["first"] = ctl.state.first
        bots = [make_bot(lv, GAME, seed=seed * 16 + s, **(budgets or {}).get(lv, {}))
                for s, lv in enumerate(levels)]
        for _ in range(MAX_MOVES):
            if ctl.over:
                break
            seat = ctl.who_must_act()
            began = time.perf_counter()
            move = act(bots[seat], ctl, seat)
            if levels[seat] == "search":  # the whole move as a player waits for it
                out["slowest_search"] = max(out["slowest_search"], time.perf_counter() - began)
            ctl.apply(move.command)
            out["moves"] += 1
        for b in bots:
            out["search_seconds"] += b.stats.get("search_seconds", 0.0)
            out["searches"] += b.stats.get("searches", 0)
        out["turns"] = ctl.state.flow.turn
        if not ctl.over:
            out["error"] = f"no winner after {MAX_MOVES} moves"
        else:
            out["winner"] = ctl.winners[0]
    except Exception as exc:  # a finding, reported with its seed
        out["error"] = f"{type(exc).__name__}: {exc} {traceback.format_exc(limit=-2)[-300:]}"
    return out


def _pairing_job(args: tuple) -> list[dict[str, Any]]:
    a, b, games, seed = args
    rows = []
    for g in range(games):
        decks = (a, b) if g % 2 == 0 else (b, a)
        r = play_game(("greedy", "greedy"), decks, seed + g)
        r["a_seat"] = 0 if g % 2 == 0 else 1
        rows.append(r)
    return rows


def _pct(x: float) -> str:
    return f"{100 * x:5.1f}%"


def decks_part(games: int, seed: int, jobs: int, pairings: int | None = None) -> dict[str, Any]:
    from shards_tui.games.fractured_net.cards import starters

    ids = [d.id for d in starters()]
    pairs = list(combinations(ids, 2))[:pairings]
    wins = {i: 0.0 for i in ids}
    played = {i: 0 for i in ids}
    first_wins = finished = errors = 0
    table = []
    print(f"\nGreedy vs greedy, {games} games a pairing, seats rotated")
    print(f"{'deck A':<11}{'deck B':<11}{'A win %':>9}{'games':>7}{'turns':>7}{'errors':>8}  target 30-70%",
          flush=True)
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        # each pairing is printed as soon as it is done, so a long run shows its progress
        for (a, b), rows in zip(pairs, pool.map(_pairing_job, [
                (a, b, games, seed + 100_000 * k) for k, (a, b) in enumerate(pairs)])):
            done = [r for r in rows if r["winner"] is not None]
            errors += len(rows) - len(done)
            a_wins = sum(1 for r in done if r["winner"] == r["a_seat"])
            first_wins += sum(1 for r in done if r["winner"] == r["first"])
            finished += len(done)
            wins[a] += a_wins
            wins[b] += len(done) - a_wins
            played[a] += len(done)
            played[b] += len(done)
            rate = a_wins / max(1, len(done))
            turns = sum(r["turns"] for r in done) / max(1, len(done))
            ok = "" if 0.30 <= rate <= 0.70 else "  missed"
            print(f"{a:<11}{b:<11}{_pct(rate):>9}{len(done):>7}{turns:>7.1f}"
                  f"{len(rows) - len(done):>8}{ok}", flush=True)
            table.append({"a": a, "b": b, "a_win": rate, "games": len(done), "mean_turns": turns})
    print(f"\n{'faction':<11}{'win %':>8}{'games':>7}  target 40-60%")
    overall = {}
    for i in [i for i in ids if played[i]]:
        rate = wins[i] / max(1, played[i])
        overall[i] = rate
        print(f"{i:<11}{_pct(rate):>8}{played[i]:>7}{'' if 0.40 <= rate <= 0.60 else '  missed'}")
    first = first_wins / max(1, finished)
    print(f"\nfirst player wins {_pct(first)} of {finished} games (target 45-55%)"
          f"{'' if 0.45 <= first <= 0.55 else '  missed'}; errors {errors}")
    return {"games_per_pairing": games, "pairings": table, "factions": overall,
            "first_player": first, "errors": errors}


def _bot_game(args: tuple) -> dict[str, Any]:
    """One game of a bot pairing: starter decks drawn from the game's seed, the stronger bot
    in seat 0 on even games and seat 1 on odd ones."""
    strong, weak, g, seed, budgets = args
    from shards_tui.games.fractured_net.cards import starters

    ids = [d.id for d in starters()]
    rng = random.Random(seed + g)
    decks = (rng.choice(ids), rng.choice(ids))
    levels = (strong, weak) if g % 2 == 0 else (weak, strong)
    r = play_game(levels, decks, seed + g, budgets=budgets)
    r.update(strong_seat=g % 2, decks=list(decks), game=g)
    return r


BOT_PAIRS = {"search-greedy": ("search", "greedy", 0.65), "greedy-random": ("greedy", "random", 0.90)}


def bots_part(games: int, seed: int, jobs: int, iterations: int, seconds: float,
              pairs: tuple[str, ...] = tuple(BOT_PAIRS)) -> dict[str, Any]:
    budgets = {"search": {"iterations": iterations, "seconds": seconds}}
    out = {}
    print(f"\nBot strength, {games} games a pairing, random starter decks, seats rotated "
          f"(search: {iterations} iterations or {seconds} s a move); each game is printed as it ends")
    for strong, weak, target in (BOT_PAIRS[p] for p in pairs):
        rows: list[dict[str, Any]] = []
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(_bot_game, (strong, weak, g, seed, budgets)) for g in range(games)]
            for fut in as_completed(futures):
                r = fut.result()
                rows.append(r)
                wins = sum(1 for x in rows if x["winner"] == x["strong_seat"])
                result = r["error"] or ("won" if r["winner"] == r["strong_seat"] else "lost")
                print(f"  {strong} vs {weak} game {r['game']:>3} ({r['decks'][r['strong_seat']]} vs "
                      f"{r['decks'][1 - r['strong_seat']]}): {strong} {result} in {r['turns']} turns, "
                      f"{r['searches']} searches, slowest {r['slowest_search']:.2f} s; "
                      f"{wins}/{len(rows)} so far", flush=True)
        done = [r for r in rows if r["winner"] is not None]
        rate = sum(1 for r in done if r["winner"] == r["strong_seat"]) / max(1, len(done))
        searches = sum(r["searches"] for r in rows)
        sps = sum(r["search_seconds"] for r in rows) / max(1, searches)
        slowest = max((r["slowest_search"] for r in rows), default=0.0)
        ok = "" if rate >= target and (not searches or slowest <= 2.0) else "  missed"
        print(f"{'pairing':<18}{'win %':>8}{'games':>7}{'s/search':>10}{'slowest':>9}  target")
        print(f"{strong + ' vs ' + weak:<18}{_pct(rate):>8}{len(done):>7}"
              f"{(f'{sps:.3f}' if searches else '-'):>10}{(f'{slowest:.2f}' if searches else '-'):>9}"
              f"  >= {target:.0%}{ok}", flush=True)
        out[f"{strong}_vs_{weak}"] = {"win": rate, "games": len(done), "seconds_per_search": sps,
                                      "slowest_move": slowest, "searches": searches,
                                      "errors": len(rows) - len(done)}
    return out


def fuzz_part(games: int, seed: int) -> dict[str, Any]:
    info = game(GAME)
    errors, moves, start = [], 0, time.perf_counter()
    for g in range(games):
        rng = random.Random(seed + g)
        seats = [{"name": "P1"}, {"name": "P2"}]
        if g % 3 == 0:
            seats = [{"name": n, "cards": random_legal_deck(rng)} for n in ("P1", "P2")]
        try:
            ctl = info.controller.build({"kind": "new", "seed": seed + g, "players": seats})
            while not ctl.over and moves < 10**9:
                legal = ctl.legal_commands(ctl.who_must_act())
                ctl.apply(rng.choice(legal))
                moves += 1
        except Exception as exc:
            errors.append(f"seed {seed + g}: {type(exc).__name__}: {exc}")
        if (g + 1) % 1000 == 0 and g + 1 < games:  # a long run shows its progress
            print(f"  {g + 1} games, {moves} moves, errors {len(errors)}", flush=True)
    seconds = time.perf_counter() - start
    print(f"\nRandom games: {games}, {moves} moves, {games / seconds:.1f} games/s, "
          f"errors {len(errors)} (target 0){'' if not errors else '  missed'}")
    for e in errors[:5]:
        print("  " + e)
    return {"games": games, "moves": moves, "errors": errors[:20], "error_count": len(errors)}


def speed_part(transitions: int, seed: int) -> dict[str, Any]:
    info = game(GAME)
    rng = random.Random(seed)
    total, count, g = 0.0, 0, 0
    while count < transitions:
        ctl = info.controller.build({"kind": "new", "seed": seed + g, "players": [{"name": "A"}, {"name": "B"}]})
        g += 1
        while not ctl.over and count < transitions:
            command = rng.choice(ctl.legal_commands(ctl.who_must_act()))
            t0 = time.perf_counter()
            ctl.apply(command)
            total += time.perf_counter() - t0
            count += 1
    ms = 1000 * total / max(1, count)
    print(f"\nA validated transition: {ms:.3f} ms on average over {count} random moves "
          f"(target <= 1 ms){'' if ms <= 1 else '  missed'}")
    return {"transitions": count, "ms": ms}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="games a starter-deck pairing")
    ap.add_argument("--bot-games", type=int, default=60, help="games a bot pairing")
    ap.add_argument("--fuzz-games", type=int, default=10_000)
    ap.add_argument("--transitions", type=int, default=3000)
    ap.add_argument("--parts", default="decks,bots,fuzz,speed")
    ap.add_argument("--bot-pairs", default=",".join(BOT_PAIRS),
                    help="which bot pairings: " + ", ".join(BOT_PAIRS))
    ap.add_argument("--search-iterations", type=int, default=300)
    ap.add_argument("--search-seconds", type=float, default=1.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--pairings", type=int, default=None, help="only the first N pairings (tiny runs)")
    ap.add_argument("--out", default="benchmarks/results/fractured_net_balance.json")
    args = ap.parse_args(argv)
    parts = set(args.parts.split(","))
    results: dict[str, Any] = {"seed": args.seed}
    if "decks" in parts:
        results["decks"] = decks_part(args.games, args.seed, args.jobs, args.pairings)
    if "bots" in parts:
        results["bots"] = bots_part(args.bot_games, args.seed, args.jobs, args.search_iterations,
                                    args.search_seconds, tuple(args.bot_pairs.split(",")))
    if "fuzz" in parts:
        results["fuzz"] = fuzz_part(args.fuzz_games, args.seed)
    if "speed" in parts:
        results["speed"] = speed_part(args.transitions, args.seed)
    if args.out:
        out = Path(args.out)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
