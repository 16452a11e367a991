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
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from benchmarks.pty_timing import PtyApp, plain
from shards_tui.core import registry

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
    """Median seconds to first paint of `shards-tui` (the title), of each game's table started
    as in ``TABLES``, of the bare app, and of the bare app importing pydantic first (the floor
    of the required packages), interleaved so that load on the machine hits all of them alike.
    The games' figures are under ``games`` by game id."""
    compile_sources()
    apps = {"title": (shards_argv(), TITLE_TEXT), "bare": (BARE, BARE_TEXT),
            "bare_pydantic": (BARE_PYDANTIC, BARE_TEXT),
            **{bench.game: (shards_argv(*bench.argv), bench.ready) for bench in tables()}}
    times: dict[str, list[float]] = {name: [] for name in apps}
    with tempfile.TemporaryDirectory() as home:
        env = _env(home)
        for argv, text in apps.values():
            _first_paint(argv, text, env)  # warm caches
        for _ in range(runs):
            for name, (argv, text) in apps.items():
                times[name].append(_first_paint(argv, text, env))
    figures = {name: {"seconds": statistics.median(v), "all": v} for name, v in times.items()}
    return {"title_seconds": figures["title"]["seconds"], "bare_seconds": figures["bare"]["seconds"],
            "bare_pydantic_seconds": figures["bare_pydantic"]["seconds"],
            "games": {bench.game: figures[bench.game] for bench in tables()},
            "all": {name: v for name, v in times.items()}}


def _percentiles(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return {"n": len(ordered), "p50_ms": 1000 * statistics.median(ordered), "p95_ms": 1000 * p95,
            "max_ms": 1000 * ordered[-1]}


def table_keys(bench: "TableBench", rounds: int
               ) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """Keys on a game's table (``bench``, one of ``TABLES``), ``rounds`` rounds of its keys,
    each of which changes the table and repaints it.

    The bare app and the floor app (benchmarks/floor_app.py) run beside it: after each of our
    rounds each takes as many keys as the round timed, so that the machine's load at each
    moment weighs on all three alike. Returns (ours, bare, floor); ours has every key's
    figures under "all", each key's under its name, and the counts a round returns (Shards:
    "recruited")."""
    samples: dict[str, list[float]] = {}
    bare_samples: list[float] = []
    floor_samples: list[float] = []
    extra: dict[str, int] = {}
    with tempfile.TemporaryDirectory() as home, \
            PtyApp(shards_argv(*bench.argv), COLS, ROWS, _env(home)) as app, \
            PtyApp(BARE, COLS, ROWS) as bare, PtyApp(FLOOR, COLS, ROWS) as floor:
        app.wait_for_text(bench.ready, timeout=60)
        bare.wait_for_text(BARE_TEXT, timeout=60)
        floor.wait_for_text(FLOOR_TEXT, timeout=60)
        bench.reach(app)
        for _ in range(rounds):
            before = sum(len(group) for group in samples.values())
            for name, count in bench.turn(app, samples).items():
                extra[name] = extra.get(name, 0) + count
            for _ in range(sum(len(group) for group in samples.values()) - before):
                bare.settle(0.05)
                bare_samples.append(bare.key(" "))
                floor.settle(0.05)
                floor_samples.append(floor.key(" "))
    every = [s for group in samples.values() for s in group]
    ours = {"all": _percentiles(every), **extra,
            **{k: _percentiles(v) for k, v in samples.items() if v}}
    return ours, _percentiles(bare_samples), _percentiles(floor_samples)


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


def shards_turn(app: PtyApp, samples: dict[str, list[float]]) -> dict[str, int]:
    """One turn at the Shards table, hot-seat: play a hand card, undo it, play it again, play
    all, then select center-row cards and recruit until one is recruited, and end the turn.
    Returns {"recruited": 1} if a card was recruited."""
    app.settle(0.6)  # the hand-off takes keys half a second after it is drawn
    app.send("\r")  # the hand-off: "I am Player N: show my cards"
    app.send("n")  # answer a question owed first (an attack with no shield) with "none"
    app.send("h")
    _timed(app, samples, "play", "p")
    _timed(app, samples, "undo", "u")
    app.send("h")
    _timed(app, samples, "play", "p")
    _timed(app, samples, "play all", "a")
    recruited = 0
    for slot in "123456":
        _timed(app, samples, "select", slot)
        mark = len(app.output)
        _timed(app, samples, "recruit", "r")
        if "recruits" in plain(bytes(app.output[mark:])):
            recruited = 1
            break
    end_turn(app)
    return {"recruited": recruited}


def _timed(app: PtyApp, samples: dict[str, list[float]], name: str, key: str) -> None:
    samples.setdefault(name, []).append(app.key(key))


def keys_turn(keys: tuple[tuple[str, str], ...]) -> Callable[[PtyApp, dict[str, list[float]]],
                                                             dict[str, int]]:
    """A round of keys that change the screen and not the game (moving a selection, opening
    and closing a choice), so that every round finds the table as the first did. A key with
    an empty name is sent untimed (Esc: Textual waits a while after a lone Esc byte to tell
    it from the start of a key's sequence, so its figure would be mostly that wait)."""
    def turn(app: PtyApp, samples: dict[str, list[float]]) -> dict[str, int]:
        for name, key in keys:
            if name:
                _timed(app, samples, name, key)
            else:
                app.send(key, quiet=0.3)
        return {}
    return turn


def send_until(*steps: tuple[str, str, int]) -> Callable[[PtyApp], None]:
    """From a table's first paint to where its keys are timed: for each (text, key, times),
    ``times`` over, wait until the text shows after the previous key (an empty text: until
    the app is quiet), then send the key (an empty key only waits)."""
    def reach(app: PtyApp) -> None:
        mark = 0
        for text, key, times in steps:
            for _ in range(times):
                _wait_for(app, text, mark)
                if key:
                    app.settle(0.3)
                # (marked after the settle: a repaint of the same words while the screen
                # settles is not the answer to the key about to be sent)
                mark = len(app.output)
                if key:
                    app.send(key)
        app.settle(0.3)
    return reach


def _wait_for(app: PtyApp, text: str, since: int, timeout: float = 60) -> None:
    deadline = time.perf_counter() + timeout
    while text not in plain(bytes(app.output[since:])):
        if time.perf_counter() > deadline:
            raise TimeoutError(f"'{text}' did not appear within {timeout} s")
        app.pump(0.05)


def keep_then_main(app: PtyApp) -> None:
    """The Fractured Net's opening: keep the hand, pass the bot's Response window if one is
    offered (whether it is depends on the deal and on the stops), until the main phase."""
    mark = len(app.output)  # nothing before the keep says "Enter plays a card"
    send_until(("Choose k or m", "k", 1))(app)
    deadline = time.perf_counter() + 60
    while True:
        shown = plain(bytes(app.output[mark:]))
        if "Enter plays a card" in shown:
            break
        if "pass to go on" in shown:
            app.send("p")
            mark = len(app.output)
        if time.perf_counter() > deadline:
            raise TimeoutError("the main phase did not come within 60 s")
        app.pump(0.05)
    app.settle(0.3)


def end_turn(app: PtyApp) -> None:
    """End the turn: the first e may only name what would go unused ('Press e again to end
    your turn'); then a second one ends it. (Without it, every other turn of the benchmark
    timed keys refused on an empty hand.)"""
    mark = len(app.output)
    app.send("e", quiet=0.2)
    if "Press e again" in plain(bytes(app.output[mark:])):
        app.send("e")


def at_first_paint(app: PtyApp) -> None:
    """Nothing to reach: the keys start where the table first paints (Shards: each turn
    begins at its own hand-off)."""


@dataclass(frozen=True)
class TableBench:
    """How the benchmarks start a game's table and which keys they time there."""

    game: str  # the registry's id
    argv: tuple[str, ...]  # the shards-tui command line that opens the table
    ready: str  # text of the first paint (the startup figure ends with it)
    reach: Callable[[PtyApp], None]  # from there to where the keys are timed
    turn: Callable[[PtyApp, dict[str, list[float]]], dict[str, int]]  # one round of keys
    rounds: int = 1  # rounds per step of a run's size (so that each game times about as many keys)


DOWN, UP, RIGHT, LEFT, ESC = "\x1b[B", "\x1b[A", "\x1b[C", "\x1b[D", "\x1b"
# Every registered game's table, from a seeded start: Shards hot-seat (each turn from its
# hand-off), the others against a greedy bot, once the opening (a draft, a mulligan) is done.
TABLES = {bench.game: bench for bench in (
    TableBench("shards", ("play", "shards", "--seed", "1"), SHARDS_TEXT, at_first_paint,
               shards_turn),
    # after the four draft picks, one placement each (the row then has three gaps), the
    # second placement of round 1: the hand, a card picked and the gap it would go into
    # moved, then back to the hand
    TableBench("disco", ("play", "disco", "--seed", "1", "--bots", "human,greedy"),
               "Draft: keep", send_until(("Keep one of the three", "\r", 4),
                                         ("Place a card in the action row", "h", 1),
                                         ("", "\r", 2),  # pick the first card, place it
                                         ("Place a card in the action row", "h", 1)),
               keys_turn((("hand down", DOWN), ("hand up", UP), ("pick a card", "\r"),
                          ("gap left", LEFT), ("gap right", RIGHT), ("", ESC))), rounds=3),
    # keep the opening hand (a Response window the bot's turn opens for the person is passed
    # if it is offered: with no energy it is passed for them at once), then the first main
    # phase: the hand, the opponent's creature, back to the hand
    TableBench("fractured_net", ("play", "fractured_net", "--seed", "1", "--bots", "human,greedy"),
               "keep or mulligan", keep_then_main,
               keys_turn((("hand down", DOWN), ("hand up", UP), ("your creatures", "f"),
                          ("their creature", "f"), ("back to the hand", "h"))), rounds=3),
    # the first paint: stepping out of the Rift, the map's cursor on it; the cursor walks
    # round the Rift and back (benchmarks/infinities_board.py times the map of a game in play)
    TableBench("infinities", ("play", "infinities", "--seed", "1", "--bots", "human,greedy"),
               "Step out of the Rift", at_first_paint,
               keys_turn((("cursor n", "8"), ("cursor se", "3"), ("cursor sw", "1"),
                          ("cursor nw", "7"), ("cursor ne", "9"), ("cursor s", "2"))), rounds=3),
)}


def tables() -> list[TableBench]:
    """The table benchmarks of the registered games, in the registry's order."""
    played = [game for game in registry.game_ids() if registry.game(game).table_screen]
    missing = [game for game in played if game not in TABLES]
    if missing:
        raise KeyError(f"no table benchmark for {', '.join(missing)}: add it to TABLES")
    return [TABLES[game] for game in played]


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
