"""Every Infinities ruling is shown by a scenario file: each must load, narrate, check something
and pass, as `shards-tui scenario FILE --check` runs it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.scenario_checks import check_scenario, rulings_without_scenario

SCENARIOS = Path(__file__).parent / "scenarios"
FILES = sorted(SCENARIOS.glob("*.toml"))
RULES = Path(__file__).resolve().parents[3] / "rulesets" / "infinities.md"


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path: Path):
    check_scenario(path, "infinities")


def test_every_ruling_has_a_scenario():
    missing = rulings_without_scenario(RULES, FILES, at_least=30)
    assert not missing, f"rulings no scenario points to: {missing}"
