"""Selfplay: every level at 2, 3 and 4 players without errors; the report and the CLI entry."""

from __future__ import annotations

import json
from argparse import Namespace

import pytest

from shards_tui.bots.selfplay import format_report, run_selfplay, selfplay_main


@pytest.mark.parametrize("players", [2, 3, 4])
def test_selfplay_every_level_without_errors(players):
    levels = ["random", "greedy", "search", "greedy"][:players] if players > 2 else ["greedy", "random"]
    report = run_selfplay("shards", 2, 40 + players, levels, players, iterations=3, seconds=None)
    assert report.errors == []
    assert report.finished == 2
    assert sum(report.wins_by_seat) == pytest.approx(2)
    assert sum(report.seats_by_level.values()) == 2 * players
    assert report.mean_turns > 1
    text = format_report(report)
    assert "win %" in text and "greedy" in text


def test_search_selfplay_two_players():
    report = run_selfplay("shards", 1, 77, ["search", "random"], iterations=3, seconds=None)
    assert report.errors == [] and report.finished == 1


def test_levels_rotate_through_the_seats():
    report = run_selfplay("shards", 2, 5, ["greedy", "random"])
    assert report.seats_by_level == {"greedy": 2, "random": 2}
    data = json.loads(report.to_json())
    assert data["games"] == 2 and data["errors"] == [] and "greedy" in data["win_rate"]


def test_engine_errors_are_recorded_not_raised(monkeypatch):
    from shards_tui.games.shards.controller import ShardsController

    def boom(self, state, command):
        raise RuntimeError("rules bug")

    monkeypatch.setattr(ShardsController, "execute", boom)
    report = run_selfplay("shards", 2, 1, ["random", "random"])
    assert len(report.errors) == 2 and report.finished == 0
    assert report.errors[0]["seed"] == 1 and report.errors[0]["move"]
    assert "rules bug" in report.errors[0]["error"]


def test_selfplay_main(capsys):
    args = Namespace(game="shards", games=1, seed=3, bots="greedy,random", players=None, json=True)
    assert selfplay_main(args) == 0
    assert json.loads(capsys.readouterr().out)["finished"] == 1
    bad = Namespace(game="shards", games=1, seed=3, bots="greedy,wizard", players=None, json=False)
    assert selfplay_main(bad) == 2
    assert "wizard" in capsys.readouterr().out


def test_the_report_names_the_games_seat_role():
    report = run_selfplay("shards", 1, 3, ["greedy", "random"])
    assert report.role == "character" and report.role_key == "character"
    assert sum(report.seats_by_character.values()) == 2 and "?" not in report.seats_by_character
    assert "\ncharacter " in format_report(report)
