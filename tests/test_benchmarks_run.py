"""Every benchmark script runs, at a tiny size, as a person would start it: so that none of
them rots while nobody measures. Nothing here judges a figure (the scripts never assert);
each must finish, exit 0 and print its table."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from shards_tui.core import registry

ROOT = Path(__file__).resolve().parent.parent
BENCHMARKS = ROOT / "benchmarks"
# The scripts a person runs, and the ones they drive (run.py times the apps in a terminal
# through ui_bench.py and pty_timing.py; engine_bench.py plays the games; ssh.py drives
# ssh_client.py, and ssh_memory.py too).
COVERED = {"run.py": ["engine_bench.py", "ui_bench.py", "pty_timing.py", "bare_app.py",
                      "floor_app.py"],
           "bot_strength.py": [], "fuzz.py": [], "ssh.py": ["ssh_client.py", "ssh_attacks.py"],
           "ssh_memory.py": ["ssh_client.py", "table_floor_app.py"],
           "infinities_board.py": ["infinities_floor.py"],
           "infinities_ssh.py": ["ssh_client.py"]}
# Scripts run at a tiny size by a test beside their game.
ELSEWHERE = {"disco_balance.py": ROOT / "tests/games/disco/test_balance_script.py",
             "fractured_net_balance.py": ROOT / "tests/games/fractured_net/test_fn_balance_bench.py",
             "infinities_balance.py": ROOT / "tests/games/infinities/test_balance_script.py",
             "fractured_net_stops.py": ROOT / "tests/games/fractured_net/test_fn_stops_bench.py",
             "adventure_balance.py": ROOT / "tests/games/infinities/test_adventure_balance_bench.py"}


def run(script: str, *args: str, tmp: Path, timeout: float = 600) -> str:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SHARDS_TUI_HOME": str(tmp / "home")}
    for name in ("NO_COLOR", "TEXTUAL_THEME", "FORCE_COLOR"):
        env.pop(name, None)
    done = subprocess.run([sys.executable, str(BENCHMARKS / script), *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-3000:]
    assert "Traceback" not in done.stderr, done.stderr[-3000:]
    return done.stdout


def test_every_benchmark_script_is_run_here() -> None:
    scripts = {p.name for p in BENCHMARKS.glob("*.py") if p.name != "__init__.py"}
    named = set(COVERED) | {s for helpers in COVERED.values() for s in helpers}
    assert scripts == named | set(ELSEWHERE), f"not run by any test: {sorted(scripts - named)}"
    for script, test in ELSEWHERE.items():
        assert script.removesuffix(".py") in test.read_text(), f"{test} does not run {script}"


def test_run_py(tmp_path: Path) -> None:
    out = run("run.py", "--tiny", "--out", str(tmp_path / "run.json"), tmp=tmp_path)
    for row in ("engine 4p: validated ms per transition", "load (replay + check)",
                "startup to the title's first paint", "Textual alone"):
        assert row in out, out
    for game in registry.listings():  # every game with a table: its startup and table rows
        if not registry.game(game.id).table_screen:
            continue
        for row in (f"startup to first paint, play {game.id} (ratio to bare app)",
                    f"key to repaint, {game.title} table (p50 ratio to bare app)",
                    f"key to repaint, {game.title} table: p95"):
            assert row in out, out
    assert (tmp_path / "run.json").exists()


def test_bot_strength_py(tmp_path: Path) -> None:
    out = run("bot_strength.py", "--games", "1", "--search-iterations", "3",
              "--search-seconds", "0.2", "--out", str(tmp_path / "bots.json"), tmp=tmp_path)
    assert "search vs greedy" in out and "target:" in out


def test_fuzz_py(tmp_path: Path) -> None:
    ledger = tmp_path / "ledger.jsonl"
    out = run("fuzz.py", "--games", "2", "--jobs", "2", "--only", "standard:2", "--out",
              str(tmp_path / "fuzz.json"), "--ledger", str(ledger), tmp=tmp_path)
    assert "0 errors" in out
    lines = [json.loads(line) for line in ledger.read_text().splitlines()]
    assert {line["game"] for line in lines} == {g.id for g in registry.games()}
    assert all(line["setup"] == "standard:2" and line["games"] == 2 and line["first_seed"] == 1
               and line["errors"] == 0 and line["moves"] > 0 and len(line["source_hash"]) == 16
               for line in lines)
    totals = run("fuzz.py", "--totals", "--game", "infinities", "--ledger", str(ledger), tmp=tmp_path)
    row = next(line.split() for line in totals.splitlines() if "standard:2" in line)
    assert row[:5] == ["infinities", "standard:2", "1", "2", str(lines[-1]["moves"])]


def test_fuzz_ledger_adds_up_runs_on_the_same_code() -> None:
    from benchmarks.fuzz import next_seed, totals

    def line(first: int, games: int, code: str = "h1", setup: str = "standard:6") -> dict:
        return {"game": "infinities", "setup": setup, "first_seed": first, "games": games,
                "moves": games * 10, "errors": 0, "seconds": 1.0, "cpu_seconds": 2.0,
                "source_hash": code}

    ledger = [line(1, 100), line(101, 50), line(1, 100), line(1, 999, code="h0"),
              line(1, 7, setup="standard:3")]
    assert next_seed(ledger, "infinities", "standard:6", "h1") == 151  # after the last run
    assert next_seed(ledger, "infinities", "standard:6", "h2") == 1  # new code: from the start
    t = totals(ledger, "infinities", "h1")
    # The third run replays the first's seeds: left out; the old code's run is not counted.
    assert (t["standard:6"]["runs"], t["standard:6"]["games"], t["standard:6"]["repeats"]) == (2, 150, 1)
    assert t["standard:6"]["moves"] == 1500 and t["standard:3"]["games"] == 7


def test_ssh_py(tmp_path: Path) -> None:
    pytest.importorskip("asyncssh")
    out = run("ssh.py", "--repeat", "1", "--keys", "2", "--flood", "0.3",
              "--boxes", "palette,setup name", tmp=tmp_path)
    for row in ("connect to first paint", "idle player's key to repaint, alone", "while another types into the palette",
                "while another types into the setup name", "one action / full redraw",
                "sends focus out/in", "resizes to 2000x1000", "types size reports",
                "resizes between two sizes", "opens sessions", "makes new tables"):
        assert row in out, out


def test_ssh_memory_py(tmp_path: Path) -> None:
    pytest.importorskip("asyncssh")
    out = run("ssh_memory.py", "--seats", "1", tmp=tmp_path)
    for row in ("floor, 1 idle", "table-floor, 1 idle", "lobby, 1 idle", "seat, 1 idle",
                "infinities, 1 idle",
                "load average"):
        assert row in out, out
    # Tracing is slow (a seat's takes minutes on a busy host): the floor's keeps it working.
    out = run("ssh_memory.py", "--seats", "1", "--kinds", "floor", "--trace", "1", "--top", "3",
              "--collect", tmp=tmp_path)
    for row in ("traced: floor, 1 idle", "widgets and screens: total", "by library",
                "by our line"):
        assert row in out, out


def test_infinities_board_py(tmp_path: Path) -> None:
    out = run("infinities_board.py", "--rounds", "1", "--floor-keys", "2", tmp=tmp_path)
    for row in ("cursor", "move", "discovery", "whole map (z)", "Textual floor",
                "Textual alone, a discovery's changes (pages scrolled)"):
        assert row in out, out


def test_infinities_ssh_py(tmp_path: Path) -> None:
    pytest.importorskip("asyncssh")
    out = run("infinities_ssh.py", "--keys", "2", "--tables", "4", "--idle", "1", "--seats", "1",
              "--bot-pace", "0.5", tmp=tmp_path)  # (a quicker pace outruns the keys)
    for row in ("one action / full redraw", "6-seat table", "bot tables (every game)",
                "memory per idle seat"):
        assert row in out, out
