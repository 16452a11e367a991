"""Every benchmark of shards-tui in one table, each figure next to its target.

    python benchmarks/run.py [--quick | --tiny] [--only engine,saves,startup,keys,rules] [--out FILE]

Figures with a natural baseline are ratios measured in the same run: startup and key-to-repaint
of each game's table (`shards-tui play GAME`, as ui_bench.TABLES starts it) against a bare
Textual app (benchmarks/bare_app.py), both in a pseudo-terminal (benchmarks/pty_timing.py); engine speed with whole-state validation against
the same games without it. Beside the key figures, benchmarks/floor_app.py shows what Textual
alone needs to repaint as many rows as a key changes on the table; beside startup, the bare app
started with pydantic imported first shows what the required packages alone cost.
The rules browser's rows time F1 to the first frame that shows the rules' text.
Nothing here asserts: a missed target is printed as "missed". ``--tiny`` runs every part at its
smallest (the test suite does, so that the script keeps working); its figures mean little.
Timings are wall-clock; on a busy machine they are noisy, so compare runs on the same machine.
The first row times a fixed Python loop: hosts differ by a factor of three or more, and the
absolute figures (games per second, milliseconds) move with it; the ratios much less.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import engine_bench, ui_bench  # noqa: E402
from shards_tui.core import registry  # noqa: E402

PARTS = ("engine", "saves", "startup", "keys", "rules")
Row = dict[str, Any]
SIZES = ("full", "quick", "tiny")


def by_size(size: str, full: Any, quick: Any, tiny: Any) -> Any:
    return {"full": full, "quick": quick, "tiny": tiny}[size]


def _row(figure: str, value: str, target: str = "-", met: bool | None = None, **data: Any) -> Row:
    return {"figure": figure, "value": value, "target": target,
            "met": None if met is None else bool(met), **data}


def host_loop_ms(repeats: int = 5) -> float:
    """The best of a few runs of one fixed pure-Python loop (a million additions), in ms: a
    yardstick for the host, so that absolute figures from different days can be compared."""
    best = float("inf")
    for _ in range(repeats):
        started = time.perf_counter()
        total = 0
        for i in range(1_000_000):
            total += i
        best = min(best, time.perf_counter() - started)
    return best * 1000


def host_rows(size: str) -> list[Row]:
    ms = host_loop_ms(by_size(size, 5, 5, 1))
    return [_row("host speed: a million Python additions", f"{ms:.0f} ms", ms=round(ms, 1))]


def engine_rows(size: str) -> list[Row]:
    rows: list[Row] = []
    games = by_size(size, {2: 100, 3: 40, 4: 30}, {2: 20, 3: 8, 4: 6}, {2: 1, 3: 1, 4: 1})
    for players, n in games.items():
        on = engine_bench.engine_run(players, n, validate=True)
        off = engine_bench.engine_run(players, n, validate=False)
        cost = on["ms_per_transition"] / off["ms_per_transition"]
        extra_ms = on["ms_per_transition"] - off["ms_per_transition"]
        rows.append(_row(f"engine {players}p: transitions/s (validated | not)",
                         f"{on['transitions_per_second']:.0f} | {off['transitions_per_second']:.0f}",
                         data={"on": on, "off": off}))
        rows.append(_row(f"engine {players}p: random games/s (validated | not)",
                         f"{on['games_per_second']:.1f} | {off['games_per_second']:.1f}",
                         ">= 20 validated" if players == 2 else "-",
                         on["games_per_second"] >= 20 if players == 2 else None))
        if players == 4:
            rows.append(_row("engine 4p: validation cost (ratio)", f"{cost:.2f}x", "<= 2x", cost <= 2))
            rows.append(_row("engine 4p: validated ms per transition",
                             f"{on['ms_per_transition']:.3f} ms (+{extra_ms:.3f})", "<= 1 ms",
                             on["ms_per_transition"] <= 1))
        else:
            rows.append(_row(f"engine {players}p: validation cost (ratio)", f"{cost:.2f}x"))
    v = engine_bench.view_run(4, by_size(size, 10, 3, 1))
    rows.append(_row("view 4p: ms per seat view (along random games)",
                     f"{v['ms_per_view']:.3f} ms", data=v))
    return rows


def save_rows(size: str) -> list[Row]:
    r = engine_bench.save_load(players=by_size(size, 4, 4, 2))
    text = r.pop("text")
    rows = [_row(f"save long {r['players']}p game ({r['moves']} moves)", f"{1000 * r['save_seconds']:.1f} ms"),
            _row("load (replay + check) of it", f"{1000 * r['load_seconds']:.0f} ms"),
            _row("its file size", f"{r['bytes'] / 1024:.0f} KiB", data=r)]
    mem = ui_bench.peak_memory(text)
    if mem["shards_kib"]:
        rows.append(_row("peak memory of the app after loading it",
                         f"{mem['shards_kib'] / 1024:.0f} MiB (bare app {mem['bare_kib'] / 1024:.0f} MiB)",
                         data=mem))
    return rows


def startup_rows(size: str) -> list[Row]:
    s = ui_bench.startup(by_size(size, 7, 3, 1))
    bare_ms = 1000 * s["bare_seconds"]

    def ratio_row(figure: str, seconds: float, target: bool, **data: Any) -> Row:
        ratio = seconds / s["bare_seconds"]
        value = f"{ratio:.2f}x ({1000 * seconds:.0f} / {bare_ms:.0f} ms)"
        return _row(figure, value, "<= 1.3x", ratio <= 1.3, **data) if target else \
            _row(figure, value, **data)

    rows = [ratio_row("startup to the title's first paint, no game imported (ratio to bare app)",
                      s["title_seconds"], True, data=s)]
    for game, figures in s["games"].items():
        rows.append(ratio_row(f"startup to first paint, play {game} (ratio to bare app)",
                              figures["seconds"], True))
    rows.append(ratio_row("bare app importing pydantic first (ratio)", s["bare_pydantic_seconds"],
                          False))
    return rows


def key_rows(size: str) -> list[Row]:
    rows: list[Row] = []
    for bench in ui_bench.tables():
        title = registry.listing(bench.game).title
        rounds = by_size(size, 10 * bench.rounds, 3 * bench.rounds, 1)  # bare app keys between
        ours, bare, floor = ui_bench.table_keys(bench, rounds)
        ratio = ours["all"]["p50_ms"] / bare["p50_ms"]
        to_floor = ours["all"]["p50_ms"] / floor["p50_ms"]
        to_floor95 = ours["all"]["p95_ms"] / floor["p95_ms"]
        rows += [_row(f"key to repaint, {title} table (p50 ratio to bare app)",
                      f"{ratio:.2f}x ({ours['all']['p50_ms']:.1f} / {bare['p50_ms']:.1f} ms)",
                      "<= 1.5x", ratio <= 1.5, data={bench.game: ours, "bare": bare,
                                                     "floor": floor}),
                 _row(f"key to repaint, {title} table against the floor, keys taken in turn "
                      "(p50 | p95 ratio)", f"{to_floor:.2f}x | {to_floor95:.2f}x (floor "
                      f"{floor['p50_ms']:.1f} | {floor['p95_ms']:.1f} ms)", "<= 1.5x | <= 2x",
                      to_floor <= 1.5 and to_floor95 <= 2),
                 _row(f"key to repaint, {title} table: p95", f"{ours['all']['p95_ms']:.1f} ms "
                      f"(bare {bare['p95_ms']:.1f} ms, n={ours['all']['n']})", "<= 16 ms",
                      ours["all"]["p95_ms"] <= 16)]
        for key, stats in ours.items():
            if isinstance(stats, dict) and key != "all":
                rows.append(_row(f"  '{key}' p50 | p95 (n={stats['n']})",
                                 f"{stats['p50_ms']:.1f} | {stats['p95_ms']:.1f} ms"))
    floor, floor_bare = ui_bench.floor_keys(by_size(size, 100, 30, 3))
    rows.append(_row("Textual alone, 40 rows in 8 panels (p50 ratio)",
                     f"{floor['p50_ms'] / floor_bare['p50_ms']:.2f}x ({floor['p50_ms']:.1f} / "
                     f"{floor_bare['p50_ms']:.1f} ms), p95 {floor['p95_ms']:.1f} ms",
                     data={"floor": floor, "bare": floor_bare}))
    return rows


def rules_rows(size: str) -> list[Row]:
    r = ui_bench.rules_open(by_size(size, 5, 2, 1))
    ms = {k: 1000 * r[f"{k}_seconds"] for k in ("title", "game", "again", "at_once")}
    return [_row("rules browser: F1 to its text, at the title", f"{ms['title']:.0f} ms",
                 "<= 300 ms", ms["title"] <= 300, data=r),
            _row("rules browser: F1 to its text, in a game", f"{ms['game']:.0f} ms",
                 "<= 300 ms", ms["game"] <= 300),
            _row("rules browser: F1 again after Esc", f"{ms['again']:.0f} ms",
                 "<= 300 ms", ms["again"] <= 300),
            _row("rules browser: F1 as soon as the title shows", f"{ms['at_once']:.0f} ms")]


def format_table(rows: list[Row]) -> str:
    width = max(len(r["figure"]) for r in rows) + 2
    vwidth = max(len(r["value"]) for r in rows) + 2
    lines = [f"{'figure':<{width}}{'measured':<{vwidth}}{'target':<18}met",
             "-" * (width + vwidth + 22)]
    for r in rows:
        met = {True: "yes", False: "MISSED", None: ""}[r["met"]]
        lines.append(f"{r['figure']:<{width}}{r['value']:<{vwidth}}{r['target']:<18}{met}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    how = ap.add_mutually_exclusive_group()
    how.add_argument("--quick", action="store_true", help="fewer games, runs and keys (about a minute)")
    how.add_argument("--tiny", action="store_true", help="every part at its smallest (a check that it runs)")
    ap.add_argument("--only", default=",".join(PARTS), help=f"some of {','.join(PARTS)}")
    ap.add_argument("--out", default="benchmarks/results/run.json")
    args = ap.parse_args(argv)
    size = "tiny" if args.tiny else "quick" if args.quick else "full"
    parts = [p.strip() for p in args.only.split(",") if p.strip()]
    unknown = [p for p in parts if p not in PARTS]
    if unknown:
        ap.error(f"unknown part(s) {', '.join(unknown)}; choose from {', '.join(PARTS)}")
    started = time.perf_counter()
    rows: list[Row] = host_rows(size)
    measure = {"engine": engine_rows, "saves": save_rows, "startup": startup_rows,
               "keys": key_rows, "rules": rules_rows}
    for part in PARTS:
        if part in parts:
            print(f"running {part} ...", file=sys.stderr, flush=True)
            rows += measure[part](size)
    machine = f"{platform.python_implementation()} {platform.python_version()}, {os.cpu_count()} cores, " \
              f"{platform.system()} {platform.machine()}"
    print(f"shards-tui benchmarks ({size}; {machine})")
    print(format_table(rows))
    missed = [r["figure"] for r in rows if r["met"] is False]
    print(f"{len([r for r in rows if r['met']])} targets met, {len(missed)} missed; "
          f"{time.perf_counter() - started:.0f} s")
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"size": size, "machine": machine, "rows": rows}, indent=2))
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
