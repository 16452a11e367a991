"""Scenario files: loading, errors, expectations and the runner's reports."""

from __future__ import annotations

from pathlib import Path

import pytest

from shards_tui.core.errors import ScenarioError
from shards_tui.core.scenario import Scenario, build, flatten, load_scenario, lookup, run

HEADER = '''
title = "t"
game = "shards"
description = "d"
[setup]
center_row = ["reactor_drone", "nil_assassin", "kiln_drone", "command_seer", "spore_cleric", "data_heretic"]
[[setup.players]]
name = "Ana"
hand = ["crystal", "crystal", "blaster"]
[[setup.players]]
name = "Ben"
hand = ["crystal"]
'''


def _write(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "s.toml"
    path.write_text(HEADER + body, encoding="utf-8")
    return path


def test_a_passing_scenario(tmp_path):
    path = _write(tmp_path, '''
[[step]]
do = "play crystal"
say = "One gem."
expect = { "turn.gems" = 1, "players.0.hand_count" = 2 }
[[step]]
do = "recruit 1"
expect_error = "You have 1 gem;"
[[step]]
expect = ["turn.power = 0", "pending = null", "players.0.name = Ana"]
''')
    result = run(load_scenario(path))
    assert result.ok, result.failures
    assert result.narration == ["One gem."]


def test_failures_are_reported(tmp_path):
    path = _write(tmp_path, '''
[[step]]
do = "play crystal"
expect = { "turn.gems" = 5, "no.such.path" = 1, "turn" = { "power" = 3 }, "pending" = {} }
[[step]]
do = "play crystal"
expect_error = "anything"
''')
    result = run(load_scenario(path))
    text = "\n".join(result.failures)
    assert "turn.gems is 1, expected 5" in text
    assert "no.such.path is not in the public view" in text
    assert "turn.power is 0, expected 3" in text
    assert "pending is null, expected {}" in text
    assert "should have been rejected" in text


def test_a_rejected_step_stops_the_run(tmp_path):
    path = _write(tmp_path, '''
[[step]]
do = "recruit 1"
[[step]]
do = "play crystal"
''')
    result = run(load_scenario(path))
    assert len(result.failures) == 1 and "rejected" in result.failures[0]
    assert result.controller.history == []


def test_wrong_rejection_message(tmp_path):
    path = _write(tmp_path, '''
[[step]]
do = "recruit 1"
expect_error = "something else"
''')
    result = run(load_scenario(path))
    assert "does not mention" in result.failures[0]


@pytest.mark.parametrize("body, match", [
    ("[[step]]\nbogus = 1\n", "step"),
    ("[[step]]\nexpect_error = 'x'\n", "expect_error needs"),
    ("[[step]]\nseat = 1\n", "needs 'do', 'say' or 'expect'"),
    ("this is not toml", "not valid TOML"),
])
def test_malformed_files(tmp_path, body, match):
    with pytest.raises(ScenarioError, match=match):
        load_scenario(_write(tmp_path, body))


def test_missing_file(tmp_path):
    with pytest.raises(ScenarioError, match="no scenario file"):
        load_scenario(tmp_path / "missing.toml")


@pytest.mark.parametrize("setup", [
    {"players": [{"name": "Ana", "hand": ["no_such_card"]}]},
    {"players": [{"name": "Ana"}], "center_row": ["crystal"]},
    {"players": [{"name": "Ana"}], "active": 3},
    {"players": [{"name": "Ana", "champions": ["crystal"]}]},
    {"players": [{"name": "Ana", "character": "nobody"}]},
    {"players": [{"name": "Ana", "wings": 2}]},
    {"players": []},
])
def test_bad_setups(setup):
    with pytest.raises(ScenarioError):
        build(Scenario(title="t", game="shards", setup=setup))


def test_unknown_game():
    with pytest.raises(ScenarioError, match="no game called"):
        build(Scenario(title="t", game="chess", setup={}))


def test_flatten_and_lookup():
    assert flatten({"a": {"b": 1, "c": {"d": 2}}, "e.f": 3}) == {"a.b": 1, "a.c.d": 2, "e.f": 3}
    assert flatten("x.y = [1, 2]") == {"x.y": [1, 2]}
    assert flatten(["p = word"]) == {"p": "word"}
    assert flatten({"empty": {}}) == {"empty": {}}
    with pytest.raises(ScenarioError):
        flatten(["no equals sign"])
    view = {"players": [{"health": 50}, {"health": 40}], "pending": None}
    assert lookup(view, "players.1.health") == 40
    assert lookup(view, "players.-1.health") is lookup(view, "nothing")  # never from the end
    assert lookup(view, "pending") is None
    assert lookup(view, "players.2.health") is not None  # the missing marker
    assert lookup(view, "players.2.health") is lookup(view, "nothing")


def _scenario_file(tmp_path, text: str):
    path = tmp_path / "s.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_scenario_may_show_a_refused_setup(tmp_path):
    refused = load_scenario(_scenario_file(tmp_path, 'title = "t"\ngame = "shards"\nsay = "why"\n'
                                             'setup_error = "no character"\n'
                                             '[setup]\nplayers = [{ name = "Ana", character = "zed" }, '
                                             '{ name = "Ben" }]\n'))
    result = run(refused)
    assert result.ok and result.controller is None and result.narration == ["why"]
    built = load_scenario(_scenario_file(tmp_path, 'title = "t"\ngame = "shards"\nsetup_error = "x"\n'
                                           '[setup]\nplayers = [{ name = "Ana" }, { name = "Ben" }]\n'))
    assert "should have been refused" in run(built).failures[0]
    wrong = load_scenario(_scenario_file(tmp_path, 'title = "t"\ngame = "shards"\nsetup_error = "elephant"\n'
                                           '[setup]\nplayers = [{ name = "Ana", character = "zed" }, '
                                           '{ name = "Ben" }]\n'))
    assert "does not mention 'elephant'" in run(wrong).failures[0]


def test_a_refused_setup_has_no_steps(tmp_path):
    from shards_tui.core.errors import ScenarioError

    with pytest.raises(ScenarioError, match="has no steps"):
        load_scenario(_scenario_file(tmp_path, 'title = "t"\ngame = "shards"\nsetup_error = "x"\n'
                                       '[setup]\nplayers = []\n[[step]]\nsay = "hi"\n'))
