"""The command line with the Single Player Nemesis Challenge: selfplay and play's setup."""

from __future__ import annotations

import json

from shards_tui import cli
from shards_tui.cli_setup import play_setup
from shards_tui.core.registry import game


def test_selfplay_nemesis_with_one_bot_reports_a_win_rate(capsys) -> None:
    assert cli.main(["selfplay", "shards", "--games", "3", "--seed", "2", "--bots", "greedy",
                     "--variant", "nemesis", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["errors"] == [] and report["finished"] == 3
    assert report["players"] == 1 and len(report["wins_by_seat"]) == 1
    assert report["seats_by_level"] == {"greedy": 3}
    assert 0 <= report["win_rate"]["greedy"] <= 1


def test_play_setup_for_nemesis_has_one_person_and_builds_two_seats() -> None:
    info = game("shards")
    setup = play_setup(None, 4, None, info, variants=["nemesis"])
    assert len(setup["players"]) == 1 and setup["variants"] == ["nemesis"]
    ctl = info.controller.build(setup)
    assert len(ctl.seat_names()) == 2 and ctl.state.players[1].nemesis
    assert ctl.who_must_act() == 0


def test_play_nemesis_flag_names_its_character(monkeypatch, capsys) -> None:
    seen = {}
    monkeypatch.setattr(cli, "_run_app", lambda **kw: seen.update(kw) or 0)
    assert cli.main(["play", "shards", "--variant", "nemesis", "--nemesis", "Ko-Syn-Wu", "--seed", "3"]) == 0
    state = seen["controller"].state
    assert state.players[1].nemesis and state.players[1].character == "ko_syn_wu"
    assert state.players[0].character != "ko_syn_wu"


def test_play_nemesis_flag_refusals(monkeypatch, capsys) -> None:
    monkeypatch.setattr(cli, "_run_app", lambda **kw: 0)
    assert cli.main(["play", "shards", "--nemesis", "volos"]) == 2
    assert "needs --variant nemesis" in capsys.readouterr().err
    assert cli.main(["play", "shards", "--variant", "nemesis", "--nemesis", "bob"]) == 2
    assert "There is no character 'bob'" in capsys.readouterr().err
