"""Shared fixtures: building games without the UI, and keeping tests out of the real home."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Callable

import pytest

# The checkout root, so that `shards_tui` and `tests.conftest` import from any working folder.
_ROOT = str(Path(__file__).resolve().parent.parent)
if _ROOT not in sys.path:
    sys.path.insert(0, _ROOT)

from shards_tui.core.registry import game  # noqa: E402


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--run-slow", action="store_true",
                     help="also run the long runs marked 'slow' (or set SHARDS_TUI_SLOW=1)")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "slow: a long run, skipped unless --run-slow or "
                                       "SHARDS_TUI_SLOW=1")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    import os

    if config.getoption("--run-slow") or os.environ.get("SHARDS_TUI_SLOW"):
        return
    skip = pytest.mark.skip(reason="a long run: use --run-slow or SHARDS_TUI_SLOW=1")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path_factory, monkeypatch):
    """Saves and autosaves made by any test land in a temporary folder, never in ~/.local."""
    monkeypatch.setenv("SHARDS_TUI_HOME", str(tmp_path_factory.mktemp("home")))


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The test's own tmp_path as the home, for a test that reads or writes what lands there."""
    monkeypatch.setenv("SHARDS_TUI_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture(autouse=True)
def _no_handoff_grace(monkeypatch):
    """Pilot tests press Enter on a hand-off cover as soon as it is drawn, which a player
    handing the keyboard over cannot do; the grace itself has its own test (test_hotseat)."""
    handoff = sys.modules.get("shards_tui.ui.screens.handoff")
    if handoff is not None:
        monkeypatch.setattr(handoff.HandoffScreen, "KEY_GRACE", 0.0)


def new_shards(players: int = 2, seed: int = 7, **extra: Any):
    """A new Shards of Infinity game with players Ana, Ben, Cy, Di."""
    names = ["Ana", "Ben", "Cy", "Di"][:players]
    setup = {"kind": "new", "players": [{"name": n} for n in names], "seed": seed, **extra}
    return game("shards").controller.build(setup)


def shards_scenario(**setup: Any):
    """A Shards of Infinity position from ScenarioSetup fields."""
    return game("shards").controller.build({"kind": "scenario", **setup})


@pytest.fixture
def make_game() -> Callable[..., Any]:
    return new_shards


@pytest.fixture
def make_scenario() -> Callable[..., Any]:
    return shards_scenario
