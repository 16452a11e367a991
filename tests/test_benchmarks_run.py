"""Every benchmark script runs, at a tiny size, as a person would start it: so that none of
them rots while nobody measures. Nothing here judges a figure (the scripts never assert);
each must finish, exit 0 and print its table."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BENCHMARKS = ROOT / "benchmarks"
# The scripts a person runs, and the ones they drive (run.py times the apps in a terminal
# through ui_bench.py and pty_timing.py; engine_bench.py plays the games; ssh.py drives
# ssh_client.py).
COVERED = {"run.py": ["engine_bench.py", "ui_bench.py", "pty_timing.py", "bare_app.py",
                      "floor_app.py"],
           "bot_strength.py": [], "fuzz.py": [], "ssh.py": ["ssh_client.py"],
           # Each game's balance script has its tiny run beside the game's tests.
           "disco_balance.py": [], "fractured_net_balance.py": []}


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
    assert scripts == named, f"not run by this file: {sorted(scripts - named)}"


def test_run_py(tmp_path: Path) -> None:
    out = run("run.py", "--tiny", "--out", str(tmp_path / "run.json"), tmp=tmp_path)
    for row in ("engine 4p: validated ms per transition", "load (replay + check)",
                "startup to the title's first paint", "startup to first paint, play shards",
                "key to repaint, Shards table: p95", "Textual alone"):
        assert row in out, out
    assert (tmp_path / "run.json").exists()


def test_bot_strength_py(tmp_path: Path) -> None:
    out = run("bot_strength.py", "--games", "1", "--search-iterations", "3",
              "--search-seconds", "0.2", "--out", str(tmp_path / "bots.json"), tmp=tmp_path)
    assert "search vs greedy" in out and "target:" in out


def test_fuzz_py(tmp_path: Path) -> None:
    out = run("fuzz.py", "--games", "1", "--only", "standard:2", "--out",
              str(tmp_path / "fuzz.json"), tmp=tmp_path)
    assert "0 errors" in out


def test_ssh_py(tmp_path: Path) -> None:
    pytest.importorskip("asyncssh")
    out = run("ssh.py", "--seats", "1", "--repeat", "1", "--keys", "2", "--flood", "0.3",
              "--boxes", "palette,setup name", tmp=tmp_path)
    for row in ("connect to first paint", "server memory, 1 idle seat",
                "idle player's key to repaint, alone", "while another types into the palette",
                "while another types into the setup name", "one action / full redraw"):
        assert row in out, out


def test_disco_balance_py(tmp_path: Path) -> None:
    out = run("disco_balance.py", "--games", "1", "--search-games", "1", "--greedy-games", "1",
              "--random-games", "1", "--search-iterations", "2", "--jobs", "1", tmp=tmp_path)
    assert "| faction | games | win % |" in out


def test_fractured_net_balance_py(tmp_path: Path) -> None:
    out = run("fractured_net_balance.py", "--games", "1", "--bot-games", "1", "--fuzz-games", "1",
              "--transitions", "20", "--search-iterations", "2", "--search-seconds", "0.1",
              "--jobs", "1", "--pairings", "1", "--out", str(tmp_path / "fn.json"), tmp=tmp_path)
    assert "Random games: 1" in out and "A validated transition" in out
