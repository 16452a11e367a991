"""UI measurements for benchmarks/run.py: shards-tui and a bare Textual app, both in a
pseudo-terminal (benchmarks/pty_timing.py), measured the same way in the same run. (A quick
look at them: ``python benchmarks/run.py --tiny --only startup,keys,rules``.)

- startup: process start to the end of the first frame that shows the expected text;
- key to repaint: a key written to the terminal to the end of the next frame the app writes;
- peak memory: the app's resident-memory high-water mark (VmHWM) after loading a long game.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

from benchmarks.pty_timing import PtyApp, plain

HERE = Path(__file__).resolve().parent
BARE = [sys.executable, str(HERE / "bare_app.py")]
BARE_TEXT = "bare label 0"
BARE_PYDANTIC = [*BARE, "--pydantic"]
FLOOR = [sys.executable, str(HERE / "floor_app.py")]
FLOOR_TEXT = "floor ready"
SHARDS_TEXT = "press Enter"  # the hand-off screen a hot-seat game opens on
TITLE_TEXT = "Load a save"  # the title's menu (the title imports no game to paint it)
COLS, ROWS = 120, 40


def shards_argv(*args: str) -> list[str]:
    script = Path(sys.executable).parent / "shards-tui"
    return [str(script), *args] if script.exists() else [sys.executable, "-m", "shards_tui", *args]


def _env(home: str) -> dict[str, str]:
    env = dict(os.environ)
    env["SHARDS_TUI_HOME"] = home
    for name in ("NO_COLOR", "TEXTUAL_THEME", "FORCE_COLOR"):
        env.pop(name, None)
    return env


def _first_paint(argv: list[str], text: str, env: dict[str, str]) -> float:
    with PtyApp(argv, COLS, ROWS, env) as app:
        app.wait_for_text(text, timeout=60)
        frame = app.wait_for_frame(0, timeout=10)
        shown = app.frames[-1] if app.frames[-1].at >= frame.at else frame
        return shown.at - app.started


def compile_sources() -> None:
    """Write the bytecode of shards_tui, as installing it does (pip compiles what it installs;
    a checkout writes it on its first run). Where PYTHONDONTWRITEBYTECODE is set, every start
    would otherwise compile our modules again (about 30 ms) while Textual's come compiled."""
    import compileall

    compileall.compile_dir(str(HERE.parent / "shards_tui"), quiet=1)


def startup(runs: int) -> dict[str, Any]:
    """Median seconds to first paint of `shards-tui` (the title), of `shards-tui play shards`,
    of the bare app, and of the bare app importing pydantic first (the floor of the required
    packages), interleaved so that load on the machine hits all of them alike."""
    compile_sources()
    ours, titles, bare, floor = [], [], [], []
    game = shards_argv("play", "shards", "--seed", "1")
    title = shards_argv()
    with tempfile.TemporaryDirectory() as home:
        env = _env(home)
        for argv, text in ((game, SHARDS_TEXT), (title, TITLE_TEXT), (BARE, BARE_TEXT),
                           (BARE_PYDANTIC, BARE_TEXT)):
            _first_paint(argv, text, env)  # warm caches
        for _ in range(runs):
            ours.append(_first_paint(game, SHARDS_TEXT, env))
            titles.append(_first_paint(title, TITLE_TEXT, env))
            bare.append(_first_paint(BARE, BARE_TEXT, env))
            floor.append(_first_paint(BARE_PYDANTIC, BARE_TEXT, env))
    return {"shards_seconds": statistics.median(ours), "bare_seconds": statistics.median(bare),
            "title_seconds": statistics.median(titles),
            "bare_pydantic_seconds": statistics.median(floor),
            "shards_all": ours, "title_all": titles, "bare_all": bare, "bare_pydantic_all": floor}


def _percentiles(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return {"n": len(ordered), "p50_ms": 1000 * statistics.median(ordered), "p95_ms": 1000 * p95,
            "max_ms": 1000 * ordered[-1]}


def table_keys(turns: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """Keys on the table screen of a hot-seat game, turn after turn: play a hand card, undo
    it, play it again, play all, then select center-row cards and recruit until one is
    recruited, and end the turn. Each of these keys changes the table and repaints it.

    The bare app runs beside it: after each of our turns it takes as many keys as the turn
    timed, so that the machine's load at each moment weighs on both alike. Returns (ours,
    bare)."""
    samples: dict[str, list[float]] = {"play": [], "undo": [], "play all": [], "select": [],
                                       "recruit": []}
    bare_samples: list[float] = []
    recruited = 0
    with tempfile.TemporaryDirectory() as home, \
            PtyApp(shards_argv("play", "shards", "--seed", "1"), COLS, ROWS, _env(home)) as app, \
            PtyApp(BARE, COLS, ROWS) as bare:
        app.wait_for_text(SHARDS_TEXT, timeout=60)
        bare.wait_for_text(BARE_TEXT, timeout=60)
        for _ in range(turns):
            before = sum(len(group) for group in samples.values())
            recruited += _table_turn(app, samples)
            for _ in range(sum(len(group) for group in samples.values()) - before):
                bare.settle(0.05)
                bare_samples.append(bare.key(" "))
    every = [s for group in samples.values() for s in group]
    ours = {"all": _percentiles(every), "recruited": recruited,
            **{k: _percentiles(v) for k, v in samples.items() if v}}
    return ours, _percentiles(bare_samples)


def floor_keys(keys: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """Key to repaint of benchmarks/floor_app.py (forty rows changed in eight bordered panels,
    nothing else computed) and of the bare app, key for key in turn. Returns (floor, bare)."""
    floor_samples: list[float] = []
    bare_samples: list[float] = []
    with PtyApp(FLOOR, COLS, ROWS) as floor, PtyApp(BARE, COLS, ROWS) as bare:
        floor.wait_for_text(FLOOR_TEXT, timeout=60)
        bare.wait_for_text(BARE_TEXT, timeout=60)
        for _ in range(keys):
            floor.settle(0.05)
            floor_samples.append(floor.key(" "))
            bare.settle(0.05)
            bare_samples.append(bare.key(" "))
    return _percentiles(floor_samples), _percentiles(bare_samples)


def _table_turn(app: PtyApp, samples: dict[str, list[float]]) -> int:
    """One turn of the table benchmark (see ``table_keys``); 1 if a card was recruited."""
    app.settle(0.6)  # the hand-off takes keys half a second after it is drawn
    app.send("\r")  # the hand-off: "I am Player N: show my cards"
    app.send("n")  # answer a question owed first (an attack with no shield) with "none"
    app.send("h")
    samples["play"].append(app.key("p"))
    samples["undo"].append(app.key("u"))
    app.send("h")
    samples["play"].append(app.key("p"))
    samples["play all"].append(app.key("a"))
    recruited = 0
    for slot in "123456":
        samples["select"].append(app.key(slot))
        mark = len(app.output)
        samples["recruit"].append(app.key("r"))
        if "recruits" in plain(bytes(app.output[mark:])):
            recruited = 1
            break
    end_turn(app)
    return recruited


def end_turn(app: PtyApp) -> None:
    """End the turn: the first e may only name what would go unused ('Press e again to end
    your turn'); then a second one ends it. (Without it, every other turn of the benchmark
    timed keys refused on an empty hand.)"""
    mark = len(app.output)
    app.send("e", quiet=0.2)
    if "Press e again" in plain(bytes(app.output[mark:])):
        app.send("e")


F1 = "\x1bOP"  # the F1 key as an xterm sends it
RULES_TEXT = "Every player leads a faction"  # the rules' first part, where F1 opens them
READ_FIRST = 1.5  # seconds a player spends on a screen before pressing F1


def rules_open(runs: int) -> dict[str, Any]:
    """Seconds from F1 to the end of the first frame that shows the rules' text. The app lays
    the rules out on a thread once its first screen is drawn (``ShardsApp.prepare_rules``):
    ``title`` presses F1 after a player's pause at the title (``READ_FIRST``), ``again`` once
    more after Esc, ``game`` at the table after the hand-off, and ``at_once`` as soon as the
    title is drawn, while that work is still under way. Medians of ``runs`` processes each."""
    compile_sources()
    times: dict[str, list[float]] = {"title": [], "again": [], "game": [], "at_once": []}
    with tempfile.TemporaryDirectory() as home:
        env = _env(home)
        for _ in range(runs):
            with PtyApp(shards_argv(), COLS, ROWS, env) as app:
                app.wait_for_text("Learn to play", timeout=60)
                app.settle(READ_FIRST, READ_FIRST + 1)
                times["title"].append(app.key_to_text(F1, RULES_TEXT))
                app.send("\x1b", quiet=0.5)  # Esc: back to the title
                times["again"].append(app.key_to_text(F1, RULES_TEXT))
            with PtyApp(shards_argv(), COLS, ROWS, env) as app:
                app.wait_for_text("Learn to play", timeout=60)
                times["at_once"].append(app.key_to_text(F1, RULES_TEXT))
            with PtyApp(shards_argv("play", "shards", "--seed", "1"), COLS, ROWS, env) as app:
                app.wait_for_text(SHARDS_TEXT, timeout=60)
                app.settle(0.6)  # the hand-off takes keys half a second after it is drawn
                app.send("\r", quiet=READ_FIRST)
                times["game"].append(app.key_to_text(F1, RULES_TEXT))
    return {**{f"{k}_seconds": statistics.median(v) for k, v in times.items()},
            **{f"{k}_all": v for k, v in times.items()}}


def peak_memory(save_text: str) -> dict[str, Any]:
    """VmHWM of `shards-tui load` on the long game, after its table is on screen, and of the
    bare app for comparison."""
    with tempfile.TemporaryDirectory() as home:
        path = Path(home) / "long.json"
        path.write_text(save_text, encoding="utf-8")
        with PtyApp(shards_argv("load", str(path)), COLS, ROWS, _env(home)) as app:
            app.wait_for_text(SHARDS_TEXT, timeout=120)
            app.settle(0.6)  # (the hand-off's key grace)
            app.key("\r")
            app.settle(0.5)
            ours = app.peak_rss_kib()
    with PtyApp(BARE, COLS, ROWS) as app:
        app.wait_for_text(BARE_TEXT, timeout=60)
        app.settle(0.3)
        bare = app.peak_rss_kib()
    return {"shards_kib": ours, "bare_kib": bare}
