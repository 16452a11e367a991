"""Every ruling and every keyword is a scenario file; each one loads, narrates, checks and passes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from shards_tui.core.paths import data_dir
from shards_tui.core.scenario import flatten, load_scenario, run
from shards_tui.games.fractured_net.cards import KEYWORDS

SCENARIOS = Path(__file__).parent / "scenarios"
FILES = sorted(SCENARIOS.glob("*.toml"))
# Rulings about deck building are checked where decks are: test_fn_decks.py.
DECK_RULINGS = {"r-legendary": "test_fn_decks.py", "r-casual-decks": "test_fn_decks.py"}
# Rulings a scenario shows under another name.
SHOWN_BY = {"r-first-capacity": "r_first_turn", "r-mulligans": "r_first_turn",
            "r-first-player": "r_first_turn", "r-echo": "kw_echo", "r-armored": "kw_armored",
            "r-drain": "kw_drain", "r-reckless": "kw_reckless", "r-persistent": "kw_persistent",
            "r-volatile": "kw_volatile", "r-owner": "r_destruction_owner",
            "r-energy-between-turns": "r_energy_between_turns"}


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path: Path):
    scenario = load_scenario(path)
    assert scenario.game == "fractured_net"
    assert scenario.title.strip() and scenario.description.strip()
    assert any(step.say for step in scenario.step), "a scenario teaches: it needs narration"
    assert any(step.expect and flatten(step.expect) for step in scenario.step)
    result = run(scenario)
    assert result.ok, "\n".join(result.failures)


def test_every_keyword_has_its_scenario():
    names = {p.stem for p in FILES}
    missing = [k for k in KEYWORDS if f"kw_{k}" not in names]
    assert not missing


def test_every_ruling_is_tested():
    text = (data_dir("rulesets") / "fractured_net.md").read_text(encoding="utf-8")
    rulings = re.findall(r'<a id="(r-[a-z-]+)"></a>', text)
    assert len(rulings) >= 25
    names = {p.stem for p in FILES}
    here = Path(__file__).parent
    for ruling in rulings:
        if ruling in DECK_RULINGS:
            assert ruling in (here / DECK_RULINGS[ruling]).read_text(encoding="utf-8")
            continue
        stem = SHOWN_BY.get(ruling, ruling.replace("-", "_"))
        assert stem in names, f"no scenario shows the ruling {ruling}"


def test_every_anchor_the_rules_cite_exists():
    text = (data_dir("rulesets") / "fractured_net.md").read_text(encoding="utf-8")
    anchors = set(re.findall(r'<a id="([a-z0-9-]+)"></a>', text))
    code = "\n".join(p.read_text(encoding="utf-8") for p in
                     (Path(__file__).resolve().parents[3] / "shards_tui/games/fractured_net").glob("*.py"))
    cited = set(re.findall(r'anchor="([a-z0-9-]+)"', code))
    cited |= set(re.findall(r'IllegalCommand\([^)]*?,\s*"([a-z0-9-]+)"\)', code, re.S))
    assert cited and not cited - anchors, sorted(cited - anchors)
    links = set(re.findall(r"\]\(#([a-z0-9-]+)\)", text))
    assert not links - anchors, sorted(links - anchors)
