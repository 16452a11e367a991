"""Every benchmark script runs here at its smallest, so that none of them stops working
unnoticed (the SSH benchmark had: the new-table dialog's second seat became an open seat, and
it waited for a table that never started). What they measure is not checked: benchmarks print
tables and never assert a time."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
HANG = 600  # seconds: only a script that hangs takes this long


def run_script(*argv: str, home: Path) -> str:
    env = dict(os.environ, SHARDS_TUI_HOME=str(home), PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, *argv], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=HANG)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    return done.stdout


def test_run_py_measures_every_part_at_its_smallest(tmp_path: Path) -> None:
    out = tmp_path / "run.json"
    printed = run_script("benchmarks/run.py", "--tiny", "--out", str(out), home=tmp_path)
    rows = json.loads(out.read_text(encoding="utf-8"))["rows"]
    figures = " ".join(row["figure"] for row in rows)
    for part in ("host speed", "engine 2p", "save long", "startup to first paint",
                 "key to repaint", "Textual alone", "rules browser: F1 to its text, at the title"):
        assert part in figures and part in printed, part


def test_bot_strength_plays_a_pairing(tmp_path: Path) -> None:
    out = tmp_path / "bots.json"
    printed = run_script("benchmarks/bot_strength.py", "--games", "1", "--levels", "random,greedy",
                         "--out", str(out), home=tmp_path)
    assert "greedy vs random" in printed and out.exists()


def test_fuzz_plays_a_game(tmp_path: Path) -> None:
    out = tmp_path / "fuzz.json"
    printed = run_script("benchmarks/fuzz.py", "--games", "1", "--only", "standard:2",
                         "--out", str(out), home=tmp_path)
    assert "0 errors" in printed


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads the server's /proc")
def test_ssh_connects_sits_at_a_table_and_measures(tmp_path: Path) -> None:
    printed = run_script("benchmarks/ssh.py", "--seats", "1", "--repeat", "1", home=tmp_path)
    assert "key to repaint (table, select hand)" in printed
    assert "server memory, 1 idle seat" in printed
