"""Infinities from the command line: cards, rules, scenarios, selfplay with
its own options (--players 2-6, --teams, --quickplay)."""

from __future__ import annotations

import re
from pathlib import Path

from shards_tui import cli
from shards_tui.games.infinities.content import content

SCENARIOS = Path(__file__).parent / "scenarios"


def test_cards_lists_every_card_leader_tile_and_role(capsys):
    assert cli.main(["cards", "infinities"]) == 0
    out = capsys.readouterr().out
    c = content()
    for item in (*c.cards.values(), *c.leaders.values(), *c.tiles.values(), *c.roles.values()):
        assert item.name in out, item.name


def test_rules_prints_every_ruling(capsys):
    assert cli.main(["rules", "infinities"]) == 0
    out = " ".join(capsys.readouterr().out.split())  # lines wrapped to the terminal, joined
    text = (Path(__file__).resolve().parents[3] / "rulesets" / "infinities.md").read_text()
    rulings = re.findall(r'<a id="ruling-[^"]+"></a>\n### (.+)', text)
    assert len(rulings) >= 35 and "Rulings" in out and "<a id=" not in out
    for title in rulings:
        assert " ".join(title.replace("`", "").split()) in out, title


def test_a_scenario_checks_from_the_command_line(capsys):
    assert cli.main(["scenario", str(SCENARIOS / "ruling_block_cost.toml"), "--check"]) == 0


def test_selfplay_takes_the_games_own_options(capsys):
    assert cli.main(["selfplay", "infinities", "--players", "6", "--bots",
                     "random,random,random,random,random,random", "--games", "1"]) == 0
    assert "finished 1" in capsys.readouterr().out
    assert cli.main(["selfplay", "infinities", "--players", "6", "--teams", "2v2v2", "--bots",
                     "random", "--games", "1", "--quickplay"]) == 0
    assert "finished 1" in capsys.readouterr().out
    assert cli.main(["selfplay", "infinities", "--players", "5", "--teams", "3v3", "--bots",
                     "random", "--games", "1"]) == 2
    assert "Teams 'Two teams of 3 (6 players)' is for 6 players, not 5." in capsys.readouterr().err
    assert cli.main(["selfplay", "infinities", "--players", "7", "--bots", "random"]) == 2


def test_teams_for_another_player_count_are_refused_before_the_game_is_built(capsys, monkeypatch):
    from shards_tui.core.registry import game

    def never(setup):
        raise AssertionError("the game was built")

    monkeypatch.setattr(game("infinities").controller, "build", never)
    assert cli.main(["play", "infinities", "--players", "3", "--teams", "2v2"]) == 2
    assert "Teams 'Two teams of 2 (4 players)' is for 4 players, not 3." in capsys.readouterr().err
    assert cli.main(["selfplay", "infinities", "--players", "4", "--teams", "2v2v2", "--bots",
                     "random"]) == 2
    assert "is for 6 players, not 4." in capsys.readouterr().err
