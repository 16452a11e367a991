"""What every game's scenario tests check of a scenario file and of its rules reference: a
scenario loads for its game, narrates, checks something and passes; every ruling the rules
reference marks is pointed to by a 'ruling_*' scenario."""

from __future__ import annotations

import re
from pathlib import Path

from shards_tui.core.scenario import flatten, load_scenario, run


def check_scenario(path: Path, game_id: str) -> None:
    scenario = load_scenario(path)
    assert scenario.game == game_id
    assert scenario.title.strip() and scenario.description.strip()
    result = run(scenario)
    assert result.ok, "\n".join(result.failures)
    assert result.narration, "a scenario teaches: it needs narration ('say')"
    if scenario.setup_error is None:
        assert any(step.expect and flatten(step.expect) for step in scenario.step), \
            "a scenario needs at least one non-empty 'expect'"


def rulings_without_scenario(rules: Path, files: list[Path], at_least: int) -> list[str]:
    """The rulings of ``rules`` no 'ruling_*' scenario among ``files`` points to (and the
    reference holds ``at_least`` rulings, so a broken anchor pattern cannot pass)."""
    rulings = re.findall(r'<a id="(ruling-[a-z0-9-]+)"></a>', rules.read_text(encoding="utf-8"))
    assert len(rulings) >= at_least
    text = "\n".join(p.read_text(encoding="utf-8") for p in files if p.stem.startswith("ruling_"))
    shown = set(re.findall(r"#(ruling-[a-z0-9-]+)", text))
    return [r for r in rulings if r not in shown]
