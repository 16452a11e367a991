"""Every Infinities ruling is shown by a scenario file: each must load, narrate, check something
and pass, as `shards-tui scenario FILE --check` runs it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from shards_tui.core.scenario import flatten, load_scenario, run

SCENARIOS = Path(__file__).parent / "scenarios"
FILES = sorted(SCENARIOS.glob("*.toml"))
RULES = Path(__file__).resolve().parents[3] / "rulesets" / "infinities.md"


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path: Path):
    scenario = load_scenario(path)
    assert scenario.game == "infinities"
    assert scenario.title.strip() and scenario.description.strip()
    result = run(scenario)
    assert result.ok, "\n".join(result.failures)
    assert result.narration, "a scenario teaches: it needs narration ('say')"
    if scenario.setup_error is None:
        assert any(step.expect and flatten(step.expect) for step in scenario.step), \
            "a scenario needs at least one non-empty 'expect'"


def test_every_ruling_has_a_scenario():
    rulings = re.findall(r'<a id="(ruling-[a-z0-9-]+)"></a>', RULES.read_text(encoding="utf-8"))
    assert len(rulings) >= 30
    text = "\n".join(p.read_text(encoding="utf-8") for p in FILES if p.stem.startswith("ruling_"))
    shown = set(re.findall(r"#(ruling-[a-z0-9-]+)", text))
    missing = [r for r in rulings if r not in shown]
    assert not missing, f"rulings no scenario points to: {missing}"
