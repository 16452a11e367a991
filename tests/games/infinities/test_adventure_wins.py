"""Every win condition of every chapter is reached in a test: the ones the chapter scenarios
(scenarios/chapter_*.toml) do not reach are reached here, each through the move that meets it,
and the chapter's 'nobody wins' ending where a chapter's clock runs out."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from shards_tui.core.registry import game
from shards_tui.games.infinities.chapters import guide

SCENARIOS = Path(__file__).parent / "scenarios"
MAP = [{"hex": "0,-1", "tile": "gale_spire", "rot": 1}, {"hex": "0,-2", "tile": "sunken_steppe"},
       {"hex": "1,0", "tile": "lumen_market"}]
WARDENS = ["vessa_emberborn", "orun_stonewarden", "lyra_tidecaller"]
ASCENDANCY = ["kaida_vex", "auditor_sol", "nyx_archivist"]
PLACES = ["0,-1", "0,-2", "1,0"]


def chapter_game(chapter: str, leaders: list[str], tiles=None, **setup):
    """A chapter position: seat k leads ``leaders[k]`` at the k-th place of the small map."""
    players = setup.pop("players", [{} for _ in leaders])
    seats = [{"name": ["Ana", "Ben", "Cy"][k], "leader": leader, "at": PLACES[k], **players[k]}
             for k, leader in enumerate(leaders)]
    return game("infinities").controller.build({"kind": "scenario", "seed": 5, "chapter": chapter,
                                                "tiles": tiles or MAP, "players": seats, **setup})


# (chapter, condition, leaders, setup, moves, winners)
CASES = [
    ("embers_at_the_spine", "shards_uploaded", ["vessa_emberborn", "kaida_vex"],
     {"active": 1, "order": [1, 0], "dice": ["tide", "tide", "power", "power"],
      "players": [{}, {"plots": ["P1", "P3", "P3"]}]}, ["special upload"], [1]),
    ("cold_boot", "none", ["kaida_vex", "auditor_sol"],
     {"round": 6, "active": 1, "order": [0, 1], "dice": ["tide", "tide", "power", "power"],
      "players": [{"plots": ["P2"]}, {}]}, ["end"], []),
    ("the_broken_oath", "spines_kindled", WARDENS,
     {"dice": ["tide", "tide", "power", "power"],
      "tiles": [{"hex": "0,-1", "tile": "gale_spire", "rot": 1},
                {"hex": "0,-2", "tile": "sunken_steppe"}, {"hex": "1,0", "tile": "lumen_market"},
                {"hex": "-1,0", "tile": "moonpool", "tokens": ["P6"]},
                {"hex": "-1,1", "tile": "barrow_of_kings", "tokens": ["P6"]}],
      "players": [{"plots": ["P4"]}, {}, {}]}, ["special kindle"], [0]),
    ("the_broken_oath", "heart_kept", WARDENS,
     {"round": 7, "active": 2, "order": [0, 1, 2], "dice": ["tide", "tide", "power", "power"],
      "players": [{"plots": ["P4"]}, {}, {}]}, ["end"], [0]),
    ("scavengers_of_the_rift", "blood_named", ["vessa_emberborn", "kaida_vex"],
     {"dice": ["power", "tide", "tide", "tide"],
      "players": [{"plots": ["P0"]}, {"damage": 4, "plots": ["P5"]}]}, ["damage ben"], [0]),
    ("signal_from_beyond", "chain_complete", ["kaida_vex", "vessa_emberborn"],
     {"dice": ["tide", "fortitude", "power", "power"],
      "tiles": [{"hex": "0,-1", "tile": "archive_spire"}, {"hex": "0,-2", "tile": "sunken_steppe", "tokens": ["P3"]},
                {"hex": "1,0", "tile": "relay_tower", "tokens": ["P3"]}]}, ["special raise_beacon"], [0]),
    ("through_the_rift", "rift_held", ["vessa_emberborn", "kaida_vex"],
     {"active": 1, "order": [1, 0], "dice": ["tide", "fortitude", "power", "power"],
      "tiles": [{"hex": "0,-1", "tile": "gale_spire", "rot": 1, "tokens": ["P3"]},
                {"hex": "0,-2", "tile": "sunken_steppe"}, {"hex": "1,0", "tile": "lumen_market", "tokens": ["P3"]}]},
     ["special drive_pylon"], [1]),
    ("the_ember_tyrant", "stand_broken", ["kaida_vex", "vessa_emberborn", "auditor_sol"],
     {"dice": ["power", "tide", "tide", "tide"], "order": [0, 1, 2],
      "players": [{"plots": ["P6"] + ["P0"] * 9}, {}, {}]}, ["damage ben"], [0]),
    ("the_terracomputers_heart", "none", ["vessa_emberborn", "kaida_vex"],
     {"round": 7, "active": 1, "order": [0, 1], "dice": ["tide", "tide", "power", "power"],
      "players": [{"plots": ["P7", "P7"]}, {}]}, ["end"], []),
    ("defiance_of_fate", "rift_sealed", ["vessa_emberborn", "kaida_vex"],
     {"dice": ["tide", "tide", "power", "power"], "players": [{"plots": ["P1", "P1", "P9"]}, {}]},
     ["special seal"], [0]),
]


@pytest.mark.parametrize("chapter,condition,leaders,setup,moves,winners", CASES,
                         ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_the_condition_ends_the_chapter(chapter, condition, leaders, setup, moves, winners):
    setup = {k: (list(v) if isinstance(v, list) else v) for k, v in setup.items()}
    ctl = chapter_game(chapter, leaders, **setup)
    assert not ctl.over
    for move in moves:
        ctl.apply(move, ctl.who_must_act())
    assert ctl.over and ctl.state.outcome == condition
    assert ctl.winners == winners
    assert ctl.view(None).adventure.outcome == condition


def test_every_condition_is_reached_by_a_scenario_or_a_case_here():
    reached = {(c[0], c[1]) for c in CASES}
    scenario_chapters = set()
    for path in SCENARIOS.glob("chapter_*.toml"):
        text = path.read_text(encoding="utf-8")
        chapter = re.search(r'^chapter = "([a-z_]+)"', text, re.M).group(1)
        scenario_chapters.add(chapter)
        reached |= {(chapter, o) for o in re.findall(r'"adventure\.outcome" = "([a-z_]+)"', text)}
    wanted = {(ch.id, w.id) for ch in guide().values() for w in ch.win}
    assert wanted <= reached, sorted(wanted - reached)
    assert scenario_chapters == set(guide()), "every chapter has a scenario-tested position"
