"""Every ruling is a scenario file: each one must load, narrate, check something, and pass."""

from __future__ import annotations

from pathlib import Path

import pytest

from shards_tui.core.scenario import flatten, load_scenario, run

SCENARIOS = Path(__file__).parent / "scenarios"
FILES = sorted(SCENARIOS.glob("*.toml"))


def test_there_are_scenarios():
    assert len(FILES) >= 40


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path: Path):
    scenario = load_scenario(path)
    assert scenario.game == "shards"
    assert scenario.title.strip() and scenario.description.strip()
    assert any(step.say for step in scenario.step), "a scenario teaches: it needs narration ('say')"
    assert any(step.expect and flatten(step.expect) for step in scenario.step), \
        "a scenario needs at least one non-empty 'expect'"
    result = run(scenario)
    assert result.ok, "\n".join(result.failures)
    assert result.narration


def test_every_base_card_appears_in_some_scenario():
    from shards_tui.games.shards.cards import card_db

    text = "\n".join(p.read_text(encoding="utf-8") for p in FILES)
    missing = [cid for cid in card_db(("base",)) if cid not in text]
    assert not missing, f"no scenario shows: {missing}"


def test_every_relics_card_appears_in_some_scenario():
    from shards_tui.games.shards.cards import card_db

    text = "\n".join(p.read_text(encoding="utf-8") for p in FILES)
    missing = [cid for cid, c in card_db(("base", "relics")).items() if c.set == "relics" and cid not in text]
    assert not missing, f"no scenario shows: {missing}"
