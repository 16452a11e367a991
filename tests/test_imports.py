"""The rules layers (core and games) import without Textual, and every module imports."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SCRIPT = textwrap.dedent("""
    import importlib, pkgutil, sys
    import shards_tui.core, shards_tui.games
    names = []
    for package in (shards_tui.core, shards_tui.games):
        names.append(package.__name__)
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            names.append(info.name)
    for name in names:
        importlib.import_module(name)
    bad = sorted(m for m in sys.modules if m == "textual" or m.startswith("textual."))
    ui = sorted(m for m in sys.modules if m.startswith("shards_tui.ui") or m == "shards_tui.cli")
    print(len(names))
    assert not bad, f"textual was imported: {bad[:5]}"
    assert not ui, f"the rules layers imported the UI: {ui[:5]}"
""")


def test_rules_layers_import_without_textual():
    result = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True, text=True,
                            timeout=60, env={"PYTHONPATH": str(ROOT), "PATH": ""})
    assert result.returncode == 0, result.stderr
    assert int(result.stdout.strip()) >= 20  # core and shards modules were all walked


def test_core_does_not_import_games():
    script = ("import sys, importlib, pkgutil, shards_tui.core as c\n"
              "[importlib.import_module(i.name) for i in pkgutil.walk_packages(c.__path__, 'shards_tui.core.')]\n"
              "bad = [m for m in sys.modules if m.startswith('shards_tui.games')]\n"
              "assert not bad, bad\n")
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True,
                            timeout=60, env={"PYTHONPATH": str(ROOT), "PATH": ""})
    assert result.returncode == 0, result.stderr
