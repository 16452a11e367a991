"""The `shards-tui` command line: every subcommand, and every bad input exits 2 in one sentence."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from shards_tui import cli
from shards_tui.core import saves
from shards_tui.core.registry import game

ROOT = Path(__file__).resolve().parent.parent

SCENARIO = """
title = "Playing a crystal"
game = "shards"
description = "Crystals give a gem."

[setup]
seed = 4
[[setup.players]]
name = "Ana"
hand = ["crystal", "crystal", "blaster"]
deck_top = ["crystal"]
[[setup.players]]
name = "Ben"

[[step]]
say = "Ana plays a crystal."
do = "play crystal"
expect = ["turn.gems = 1"]

[[step]]
do = "play blaster"
expect = { turn = { power = GOT } }

[[step]]
say = "Recruiting costs gems."
do = "recruit 1"
expect_error = "gem"
"""


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SHARDS_TUI_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture
def launched(monkeypatch: pytest.MonkeyPatch) -> list[dict]:
    """Record what the app would have been started with, instead of starting it."""
    calls: list[dict] = []

    def fake_run_app(**kwargs):
        calls.append(kwargs)
        return 0

    monkeypatch.setattr(cli, "_run_app", fake_run_app)
    return calls


def scenario_file(tmp_path: Path, power: int = 1, name: str = "crystal.toml") -> Path:
    path = tmp_path / name
    path.write_text(SCENARIO.replace("GOT", str(power)), encoding="utf-8")
    return path


def one_sentence_error(capsys) -> str:
    out, err = capsys.readouterr()
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err
    assert lines[0].startswith("shards-tui: ")
    return lines[0]


# ---- help and the app ------------------------------------------------------------------------

def test_help_lists_every_command(capsys) -> None:
    assert cli.main(["--help"]) == 0
    out = capsys.readouterr().out
    for command in ("play", "load", "rules", "cards", "scenario", "selfplay", "demo"):
        assert command in out


def test_no_command_opens_the_title(launched) -> None:
    assert cli.main([]) == 0
    assert launched == [{}]


@pytest.mark.parametrize("argv", [["bogus"], ["play"], ["play", "shards", "--players", "two"],
                                  ["scenario"], ["--nope"], ["selfplay"], ["selfplay", "shards"],
                                  ["demo"], ["demo", "shards", "--pace", "fast"],
                                  ["play", "shards", "--bot-pace", "soon"]])
def test_usage_errors_exit_2_in_one_sentence(argv, capsys) -> None:
    assert cli.main(argv) == 2
    one_sentence_error(capsys)


# ---- play ----------------------------------------------------------------------------------

def test_help_lists_the_games_and_each_games_own_flags(capsys) -> None:
    assert cli.main(["--help"]) == 0
    assert "shards (Shards of Infinity, 2-4 players)" in " ".join(capsys.readouterr().out.split())
    assert cli.main(["play", "shards", "--help"]) == 0
    out = capsys.readouterr().out
    assert "Shards of Infinity options" in out and "--no-relics" in out and "--characters" in out


def test_the_seat_role_flag_sets_each_seat(launched) -> None:
    assert cli.main(["play", "shards", "--characters", "volos,Ko-Syn-Wu"]) == 0
    state = launched[0]["controller"].state
    assert [p.character for p in state.players] == ["volos", "ko_syn_wu"]
    assert cli.main(["play", "shards", "--characters", "random,tetra"]) == 0
    assert launched[1]["controller"].state.players[1].character == "tetra"


@pytest.mark.parametrize(("argv", "fragment"), [
    (["play", "shards", "--characters", "volos"], "one entry per seat (2), not 1"),
    (["play", "shards", "--characters", "volos,bob"], "There is no character 'bob'"),
    (["play", "--no-relics"], "The following arguments are required: game"),
    (["selfplay", "shards", "--bots", "greedy", "--characters", "volos,tetra"],
     "Unrecognized arguments: --characters"),
])
def test_game_flags_refused_in_one_sentence(argv, fragment, capsys, launched) -> None:
    assert cli.main(argv) == 2
    assert fragment in one_sentence_error(capsys)


def test_play_builds_the_game_and_opens_the_table(launched) -> None:
    assert cli.main(["play", "shards", "--players", "3", "--seed", "42", "--names", "Ana,Ben,Cy"]) == 0
    controller = launched[0]["controller"]
    assert controller.seat_names() == ["Ana", "Ben", "Cy"]
    assert controller.setup["seed"] == 42


def test_play_defaults(launched) -> None:
    assert cli.main(["play", "shards"]) == 0
    controller = launched[0]["controller"]
    assert controller.seat_names() == ["Player 1", "Player 2"]
    assert cli.main(["play", "shards", "--names", "A,B,C,D"]) == 0
    assert launched[1]["controller"].seat_names() == ["A", "B", "C", "D"]


@pytest.mark.parametrize(("argv", "fragment"), [
    (["play", "chess"], "There is no game called 'chess'"),
    (["play", "shards", "--players", "5"], "2 to 4 players, not 5"),
    (["play", "shards", "--players", "1"], "2 to 4 players, not 1"),
    (["play", "shards", "--seed", "-1"], "The seed must be a whole number"),
    (["play", "shards", "--seed", "x"], "must be a whole number, not 'x'"),
    (["play", "shards", "--players", "2", "--names", "A,B,C"], "--names lists 3 names"),
    (["play", "shards", "--names", "A,,B"], "non-empty name"),
    (["play", "shards", "--names", "Ann,ann"], "different name"),
    (["play", "shards", "--names", "A" * 25 + ",B"], "at most 24 characters"),
])
def test_play_bad_input(argv, fragment, capsys, launched) -> None:
    assert cli.main(argv) == 2
    assert fragment in one_sentence_error(capsys)
    assert launched == []


# ---- load ----------------------------------------------------------------------------------

def test_load_opens_the_saved_game(tmp_path, launched) -> None:
    controller = game("shards").controller.build(
        {"kind": "new", "players": [{"name": "Ana"}, {"name": "Ben"}], "seed": 3, "first": None})
    controller.apply("play all")
    path = tmp_path / "game.json"
    saves.save(controller, path)
    assert cli.main(["load", str(path)]) == 0
    assert launched[0]["controller"].state_json() == controller.state_json()


@pytest.mark.parametrize(("content", "fragment"), [
    (None, "There is no save file"),
    ("{not json", "not valid JSON"),
    ('{"format": "x"}', "not a shards-tui save file"),
])
def test_load_bad_files(tmp_path, content, fragment, capsys, launched) -> None:
    path = tmp_path / "bad.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    assert cli.main(["load", str(path)]) == 2
    assert fragment in one_sentence_error(capsys)
    assert launched == []
    if content is not None:
        assert path.exists()  # never deleted


# ---- rules and cards -----------------------------------------------------------------------

def test_rules_prints_the_reference_without_anchors(capsys) -> None:
    assert cli.main(["rules", "shards"]) == 0
    out = capsys.readouterr().out
    assert "Shards of Infinity: rules reference" in out
    assert "Shields" in out and "Fast-play" in out
    assert "<a id=" not in out


def test_rules_and_cards_unknown_game(capsys) -> None:
    assert cli.main(["rules", "chess"]) == 2
    assert "no game called 'chess'" in one_sentence_error(capsys)
    assert cli.main(["cards", "chess"]) == 2
    assert "no game called 'chess'" in one_sentence_error(capsys)


def test_cards_table_lists_every_card(capsys) -> None:
    from shards_tui.games.shards.cards import card_db

    assert cli.main(["cards", "shards"]) == 0
    out = capsys.readouterr().out
    for header in ("Name", "Cost", "Copies", "Defense", "Shield", "Text"):
        assert header in out
    for card in card_db(("base", "relics")).values():
        assert card.name.split()[0] in out
    assert "Gain 1 gem." in out
    assert "69 cards" in out  # 49 base + 20 Relics of the Future (12 center cards, 8 relics)


# ---- scenario ------------------------------------------------------------------------------

def test_scenario_prints_narration_and_steps(tmp_path, capsys) -> None:
    assert cli.main(["scenario", str(scenario_file(tmp_path))]) == 0
    out = capsys.readouterr().out
    assert "# Playing a crystal" in out
    assert "Ana plays a crystal." in out
    assert "[1] > Ana: play crystal" in out
    assert "Ana gains 1 gem from Crystal." in out
    assert "[3] > Ana: recruit 1" in out and "refused, as expected" in out
    assert "every expectation passed" in out


def test_scenario_check_passes(tmp_path, capsys) -> None:
    assert cli.main(["scenario", str(scenario_file(tmp_path)), "--check"]) == 0


def test_scenario_check_fails_naming_step_and_path(tmp_path, capsys) -> None:
    path = scenario_file(tmp_path, power=9)
    assert cli.main(["scenario", str(path), "--check"]) == 1
    err = capsys.readouterr().err
    assert str(path) in err
    assert "step 2" in err and "turn.power" in err and "expected 9" in err


def test_scenario_without_check_reports_but_exits_0(tmp_path, capsys) -> None:
    assert cli.main(["scenario", str(scenario_file(tmp_path, power=9))]) == 0
    assert "FAILED step 2" in capsys.readouterr().out


def test_scenario_dump_prints_the_public_view_as_json(tmp_path, capsys) -> None:
    assert cli.main(["scenario", str(scenario_file(tmp_path)), "--dump"]) == 0
    out, err = capsys.readouterr()
    view = json.loads(out)
    assert view["turn"]["gems"] == 1 and view["turn"]["power"] == 1
    assert "Ana plays a crystal." in err  # the report goes to stderr with --dump


@pytest.mark.parametrize(("text", "fragment"), [
    ("title = 'x'\ngame = 'shards'\n[setup\n", "not valid TOML"),
    ("title = 'x'\n", "game"),
    ("title = 'x'\ngame = 'chess'\n[setup]\nplayers = []\n", "no game called 'chess'"),
    ("title = 'x'\ngame = 'shards'\n[setup]\n[[setup.players]]\nname = 'A'\nhand = ['no_such_card']\n",
     "no_such_card"),
])
def test_scenario_malformed_exits_2(tmp_path, text, fragment, capsys) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    assert cli.main(["scenario", str(path), "--check"]) == 2
    assert fragment in one_sentence_error(capsys)


def test_scenario_missing_file(tmp_path, capsys) -> None:
    assert cli.main(["scenario", str(tmp_path / "nope.toml")]) == 2
    assert "There is no scenario file" in one_sentence_error(capsys)


# ---- as a process --------------------------------------------------------------------------

def run_module(*args: str, home: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SHARDS_TUI_HOME": str(home)}
    return subprocess.run([sys.executable, "-m", "shards_tui", *args], capture_output=True,
                          text=True, env=env, cwd=ROOT, timeout=120)


def test_module_entry_point_exit_codes(tmp_path, home) -> None:
    result = run_module("--help", home=home)
    assert result.returncode == 0 and "scenario" in result.stdout
    result = run_module("load", str(tmp_path / "missing.json"), home=home)
    assert result.returncode == 2
    assert result.stderr.strip().count("\n") == 0 and "Traceback" not in result.stderr
    path = scenario_file(tmp_path, power=9)
    result = run_module("scenario", str(path), "--check", home=home)
    assert result.returncode == 1 and "step 2" in result.stderr


def test_the_app_commands_start_without_collecting_garbage(monkeypatch, capsys) -> None:
    """`play` and `load` do not collect while they start (the app's IdleCollector takes over
    once it is drawn); every other command, and every way out of main, leaves Python's own
    collector as it was."""
    import gc

    seen: list[bool] = []
    monkeypatch.setattr(cli, "_run_app", lambda **kwargs: seen.append(gc.isenabled()) or 0)
    assert gc.isenabled()
    assert cli.main(["play", "shards", "--seed", "3"]) == 0
    assert seen == [False] and gc.isenabled()
    assert cli.main(["play", "shards", "--players", "9"]) == 2  # refused: still given back
    assert gc.isenabled()
    capsys.readouterr()
    monkeypatch.setattr(cli, "cmd_cards", lambda args: seen.append(gc.isenabled()) or 0)
    monkeypatch.setitem(cli.COMMANDS, "cards", cli.cmd_cards)
    assert cli.main(["cards", "shards"]) == 0
    assert seen == [False, True] and gc.isenabled()


def test_one_player_is_pointed_to_the_variant_for_one(capsys, launched) -> None:
    """'--players 1' said only '2 to 4 players'; one player can play the Nemesis Challenge."""
    assert cli.main(["play", "shards", "--players", "1"]) == 2
    error = one_sentence_error(capsys)
    assert "2 to 4 players, not 1" in error
    assert "--variant nemesis" in error and "Single Player Nemesis Challenge" in error
    assert cli.main(["play", "shards", "--players", "5"]) == 2
    assert "--variant" not in one_sentence_error(capsys)  # no variant is for 5
    assert cli.main(["play", "shards", "--players", "1", "--variant", "nemesis"]) == 0
