"""Every Disco Infinity ruling and card is shown by a scenario file: each one must load, narrate,
check something and pass, and `shards-tui scenario FILE --check` must pass on it."""

from __future__ import annotations

from pathlib import Path

import pytest

from shards_tui.core.scenario import load_scenario, run
from shards_tui.games.disco.cards import card_db, card_of
from tests.scenario_checks import check_scenario, rulings_without_scenario

SCENARIOS = Path(__file__).parent / "scenarios"
FILES = sorted(SCENARIOS.glob("*.toml"))
RULES = Path(__file__).resolve().parents[3] / "rulesets" / "disco_infinity.md"


def test_there_are_scenarios():
    assert len(FILES) >= 30


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path: Path):
    check_scenario(path, "disco")


def test_every_ruling_has_a_scenario():
    missing = rulings_without_scenario(RULES, FILES, at_least=15)
    assert not missing, f"rulings no scenario points to: {missing}"


def test_every_card_is_shown_by_a_scenario():
    text = "\n".join(p.read_text(encoding="utf-8") for p in FILES)
    missing = [cid for cid in card_db() if f'"{cid}"' not in text]
    assert not missing, f"no scenario shows: {missing}"


TRIGGERS = ("placement", "action", "start_of_round", "end_of_round", "after_drift", "on_selected")


def test_every_effect_of_every_card_is_carried_out_in_a_scenario(monkeypatch):
    """Naming a card in a scenario is not enough: each of its effects (Placement, Action,
    the round effects, after drifting, when selected) must run in one, where its expectations
    check what it did."""
    import shards_tui.games.disco.interpreter as interpreter

    ran: set[tuple[str, str]] = set()
    carry_out = interpreter._carry_out

    def seen(b, frame, step, chosen):
        ran.add((card_of(frame.source), frame.trigger))
        return carry_out(b, frame, step, chosen)

    monkeypatch.setattr(interpreter, "_carry_out", seen)
    for path in FILES:
        run(load_scenario(path))
    assert {t for _, t in ran} <= set(TRIGGERS)
    missing = [f"{cid} ({trigger})" for cid, card in card_db().items() for trigger in TRIGGERS
               if card.steps(trigger) and (cid, trigger) not in ran]
    assert not missing, f"effects no scenario carries out: {missing}"


def test_the_command_line_checks_a_scenario(capsys):
    from shards_tui.cli import main

    assert main(["scenario", str(SCENARIOS / "ruling_drift_from_space_6.toml"), "--check"]) == 0
    assert "every expectation passed" in capsys.readouterr().out
    assert main(["scenario", str(SCENARIOS / "ruling_same_faction.toml"), "--check"]) == 0
    assert "refused, as expected" in capsys.readouterr().out
