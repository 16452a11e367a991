"""The command line with bots: `selfplay` (headless bot games), `play --bots` and `demo`."""

from __future__ import annotations

import inspect
import json

import pytest

from shards_tui import cli
from shards_tui.bots import selfplay

REPORT_KEYS = {"games", "players", "levels", "seed", "finished", "turns", "mean_turns",
               "wins_by_seat", "seats_by_level", "wins_by_level", "win_rate",
               "seats_by_character", "wins_by_character", "games_per_second", "errors"}


def one_sentence_error(capsys) -> str:
    out, err = capsys.readouterr()
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("shards-tui: ") and lines[0].endswith(".")
    assert "Traceback" not in err
    return lines[0]


@pytest.fixture
def launched(monkeypatch: pytest.MonkeyPatch) -> list[dict]:
    """What the app (or the demo app) would have been started with, instead of starting it."""
    calls: list[dict] = []

    def fake(kind: str):
        def run(**kwargs):
            calls.append({"app": kind, **kwargs})
            return 0
        return run

    monkeypatch.setattr(cli, "_run_app", fake("app"))
    monkeypatch.setattr(cli, "_run_demo", fake("demo"))
    return calls


# ---- selfplay ------------------------------------------------------------------------------

@pytest.mark.parametrize(("bots", "players"), [("random,greedy", None), ("random,greedy,random", "3")])
def test_selfplay_plain_report(bots, players, capsys) -> None:
    argv = ["selfplay", "shards", "--games", "2", "--seed", "3", "--bots", bots]
    argv += ["--players", players] if players else []
    assert cli.main(argv) == 0
    out, err = capsys.readouterr()
    assert err == ""
    n = int(players or 2)
    assert f"shards: 2 games, {n} players, bots {bots}, seed 3" in out
    assert "finished 2, mean turns " in out and "games/s, errors 0" in out
    for header in ("bot level", "seat", "character", "win %"):
        assert header in out
    assert "random" in out and "greedy" in out
    assert "ERROR" not in out


def test_selfplay_json(capsys) -> None:
    assert cli.main(["selfplay", "shards", "--games", "3", "--seed", "11", "--bots", "greedy",
                     "--players", "3", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert REPORT_KEYS <= set(report)
    assert report["errors"] == [] and report["finished"] == 3 and report["games"] == 3
    assert report["players"] == 3 and len(report["wins_by_seat"]) == 3
    assert sum(report["wins_by_seat"]) == pytest.approx(3)
    assert report["seats_by_level"] == {"greedy": 9}
    assert report["mean_turns"] > 0 and report["games_per_second"] > 0


def test_selfplay_is_reproducible(capsys) -> None:
    argv = ["selfplay", "shards", "--games", "2", "--seed", "5", "--bots", "random,greedy", "--json"]
    assert cli.main(argv) == 0
    first = json.loads(capsys.readouterr().out)
    assert cli.main(argv) == 0
    second = json.loads(capsys.readouterr().out)
    assert first["turns"] == second["turns"] and first["wins_by_seat"] == second["wins_by_seat"]


def test_selfplay_engine_error_exits_1(monkeypatch, capsys) -> None:
    real = selfplay.run_selfplay

    def failing(*args, **kwargs):
        report = real(*args, **kwargs)
        report.errors.append({"game": 0, "seed": 1, "move": "end", "error": "InvalidState: boom"})
        return report

    monkeypatch.setattr(selfplay, "run_selfplay", failing)
    assert cli.main(["selfplay", "shards", "--games", "1", "--bots", "random", "--json"]) == 1
    out, err = capsys.readouterr()
    assert json.loads(out)["errors"][0]["error"] == "InvalidState: boom"  # stdout stays JSON
    assert "1 of 1 game hit an error" in err and "boom" in err


@pytest.mark.parametrize(("argv", "fragment"), [
    (["selfplay", "chess", "--bots", "random"], "There is no game called 'chess'"),
    (["selfplay", "shards", "--bots", "genius"], "There is no bot level 'genius'"),
    (["selfplay", "shards", "--bots", "human,greedy"], "only bot levels"),
    (["selfplay", "shards", "--bots", "random,,greedy"], "between each pair of commas"),
    (["selfplay", "shards", "--bots", ""], "at least one level"),
    (["selfplay", "shards", "--bots", "random", "--players", "5"], "2 to 4 players, not 5"),
    (["selfplay", "shards", "--bots", "random", "--players", "1"], "2 to 4 players, not 1"),
    (["selfplay", "shards", "--bots", "random,random,random,random,random"], "2 to 4 players, not 5"),
    (["selfplay", "shards", "--bots", "random,greedy,random", "--players", "2"], "at most one level per seat"),
    (["selfplay", "shards", "--bots", "random", "--games", "x"], "must be a whole number, not 'x'"),
    (["selfplay", "shards", "--bots", "random", "--games", "0"], "--games must be from 1"),
    (["selfplay", "shards", "--bots", "random", "--seed", "-3"], "The seed must be a whole number"),
    (["selfplay", "shards", "--bots", "random", "--players", "2.5"], "must be a whole number"),
    (["selfplay", "shards", "--bots", "search", "--search-seconds", "-1"], "from 0 to 60 seconds"),
])
def test_selfplay_bad_input_exits_2(argv, fragment, capsys) -> None:
    assert cli.main(argv) == 2
    assert fragment in one_sentence_error(capsys)


def test_selfplay_refuses_an_unknown_variant(capsys) -> None:
    assert cli.main(["selfplay", "shards", "--bots", "random", "--variant", "x"]) == 2
    assert one_sentence_error(capsys) == ("shards-tui: There is no variant 'x'; the variants are: team, "
                                          "bloodbath, nemesis, health_auction, relic_draft, mystery_relics.")


@pytest.mark.parametrize("args, sentence", [
    (["--variant", "team", "--players", "3"], "2v2 Team Attack is for 4 players, not 3."),
    (["--variant", "bloodbath", "--players", "4"], "3 Player Bloodbath is for 3 players, not 4."),
    (["--variant", "team,health_auction"], "2v2 Team Attack and Health Auction cannot be combined."),
    (["--variant", "relic_draft", "--variant", "mystery_relics"],
     "Relic Draft and Mystery Relics cannot be combined."),
    (["--variant", "relic_draft", "--no-relics"],
     "Relic Draft needs the Relics of the Future cards; turn the expansion back on."),
    (["--variant", "team,"], "--variant needs a variant name between each pair of commas."),
    (["--variant", "team,bloodbath"],
     "2v2 Team Attack (4 players) and 3 Player Bloodbath (3 players) cannot be combined."),
    (["--variant", "health_auction", "--variant", "nemesis"],
     "Health Auction (2, 3 or 4 players) and Single Player Nemesis Challenge (1 player) cannot be combined."),
])
def test_variants_that_do_not_fit_are_refused(capsys, args, sentence) -> None:
    assert cli.main(["selfplay", "shards", "--bots", "random", *args]) == 2
    assert one_sentence_error(capsys) == f"shards-tui: {sentence}"
    assert cli.main(["play", "shards", *args]) == 2
    assert one_sentence_error(capsys) == f"shards-tui: {sentence}"


# ---- play --bots ---------------------------------------------------------------------------

def test_play_with_bots(launched) -> None:
    assert cli.main(["play", "shards", "--bots", "human,greedy", "--seed", "4"]) == 0
    call = launched[0]
    assert call["app"] == "app" and call["bots"] == {1: "greedy"} and "bot_pace" not in call
    ctl = call["controller"]
    assert ctl.seat_names() == ["Player 1", "Greedy bot 2"]
    assert [p.get("bot") for p in ctl.setup["players"]] == [None, "greedy"]


def test_play_with_bots_names_and_pace(launched) -> None:
    assert cli.main(["play", "shards", "--bots", "random,-,Search", "--names", "Ana,Ben,Cy",
                     "--bot-pace", "0.25"]) == 0
    call = launched[0]
    assert call["bots"] == {0: "random", 2: "search"} and call["bot_pace"] == 0.25
    assert call["controller"].seat_names() == ["Ana", "Ben", "Cy"]


def test_play_all_human_bots_is_a_plain_game(launched) -> None:
    assert cli.main(["play", "shards", "--bots", "human,-"]) == 0
    assert "bots" not in launched[0]


def test_the_app_takes_bots_and_a_pace() -> None:
    from shards_tui.ui.app import ShardsApp

    params = inspect.signature(ShardsApp.__init__).parameters
    assert "bots" in params and "bot_pace" in params


@pytest.mark.parametrize(("argv", "fragment"), [
    (["play", "shards", "--bots", "human,robot"], "There is no bot level 'robot'; choose from human, -, random"),
    (["play", "shards", "--bots", "greedy"], "one entry per seat (2 to 4 seats)"),
    (["play", "shards", "--bots", "human,greedy,-", "--players", "2"], "one entry per seat (2), not 3"),
    (["play", "shards", "--bots", "human,greedy", "--names", "A,B,C"], "one entry per seat (3), not 2"),
    (["play", "shards", "--bots", "human,,greedy"], "between each pair of commas"),
    (["play", "shards", "--bots", "human,greedy", "--bot-pace", "-1"], "from 0 to 60 seconds"),
    (["play", "shards", "--bots", "human,greedy", "--bot-pace", "inf"], "from 0 to 60 seconds"),
    (["play", "shards", "--bot-pace", "1"], "at least one bot seat"),
])
def test_play_bots_bad_input(argv, fragment, capsys, launched) -> None:
    assert cli.main(argv) == 2
    assert fragment in one_sentence_error(capsys)
    assert launched == []


# ---- demo ----------------------------------------------------------------------------------

def test_demo_defaults_to_greedy_bots(launched) -> None:
    assert cli.main(["demo", "shards", "--seed", "9"]) == 0
    call = launched[0]
    assert call["app"] == "demo" and call["levels"] == ["greedy", "greedy"]
    assert call["pace"] == 1.5  # the seed is the game's own (below): its bots are seeded from it
    ctl = call["controller"]
    assert ctl.seat_names() == ["Ana", "Ben"] and ctl.setup["seed"] == 9


def test_demo_options(launched) -> None:
    assert cli.main(["demo", "shards", "--players", "3", "--bots", "random", "--pace", "0"]) == 0
    assert launched[0]["levels"] == ["random"] * 3 and launched[0]["pace"] == 0.0
    assert cli.main(["demo", "shards", "--bots", "random,greedy,search"]) == 0
    assert launched[1]["levels"] == ["random", "greedy", "search"]
    assert launched[1]["controller"].seat_names() == ["Ana", "Ben", "Cy"]


@pytest.mark.parametrize(("argv", "fragment"), [
    (["demo", "chess"], "There is no game called 'chess'"),
    (["demo", "shards", "--bots", "human,greedy"], "Every seat in the demo is a bot"),
    (["demo", "shards", "--bots", "greedy,clever"], "There is no bot level 'clever'"),
    (["demo", "shards", "--bots", "random,greedy", "--players", "3"], "one level per seat (3)"),
    (["demo", "shards", "--players", "7"], "2 to 4 players, not 7"),
    (["demo", "shards", "--pace", "-0.5"], "from 0 to 60 seconds"),
    (["demo", "shards", "--pace", "nan"], "from 0 to 60 seconds"),
    (["demo", "shards", "--seed", "x"], "must be a whole number, not 'x'"),
])
def test_demo_bad_input(argv, fragment, capsys, launched) -> None:
    assert cli.main(argv) == 2
    assert fragment in one_sentence_error(capsys)
    assert launched == []


def test_selfplay_as_a_process(tmp_path) -> None:
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": str(root), "SHARDS_TUI_HOME": str(tmp_path)}
    result = subprocess.run([sys.executable, "-m", "shards_tui", "selfplay", "shards", "--games", "1",
                             "--bots", "random,greedy", "--json"], capture_output=True, text=True,
                            env=env, cwd=root, timeout=120)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["finished"] == 1
    result = subprocess.run([sys.executable, "-m", "shards_tui", "selfplay", "shards", "--bots", "x"],
                            capture_output=True, text=True, env=env, cwd=root, timeout=120)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and "no bot level 'x'" in result.stderr
