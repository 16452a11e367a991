"""Adventure from the command line: 'chapters infinities' (one chapter a line), a chapter's
page, 'play' and 'selfplay' with --chapter, and a scenario that sets a chapter."""

from __future__ import annotations

from pathlib import Path

from shards_tui import cli
from shards_tui.games.infinities.chapters import guide

SCENARIOS = Path(__file__).parent / "scenarios"


def test_chapters_prints_one_chapter_a_line_with_its_id_title_and_kind(capsys):
    assert cli.main(["chapters", "infinities"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(guide())
    kinds = {"team": "team battle", "one_vs_all": "one vs. all", "coop": "cooperative", "ffa": "free for all"}
    for line, ch in zip(lines, guide().values()):
        assert line.split()[0] == ch.id and ch.title in line and kinds[ch.kind] in line
    assert sum("(start: " in line for line in lines) == 2


def test_a_chapters_page_and_the_refusals(capsys):
    assert cli.main(["chapters", "infinities", "--show", "the_broken_oath"]) == 0
    out = capsys.readouterr().out
    assert "The Broken Oath (one vs. all" in out and "Special actions:" in out and "Wrest the Heart" in out
    assert cli.main(["chapters", "infinities", "--show", "nope"]) == 2
    assert "no chapter 'nope'" in capsys.readouterr().err
    assert cli.main(["chapters", "disco"]) == 2
    assert "has no campaign, so no chapters." in capsys.readouterr().err


def test_play_with_a_chapter_opens_its_table_or_refuses_the_chapter(capsys, monkeypatch):
    launched: list[dict] = []
    monkeypatch.setattr(cli, "_run_app", lambda **kwargs: launched.append(kwargs) or 0)
    assert cli.main(["play", "infinities", "--chapter", "embers_at_the_spine", "--bots",
                     "human,greedy"]) == 0
    [call] = launched
    assert call["controller"].state.chapter == "embers_at_the_spine" and call["bots"] == {1: "greedy"}
    assert cli.main(["play", "infinities", "--chapter", "nope"]) == 2
    assert "There is no chapter 'nope'" in capsys.readouterr().err


def test_selfplay_plays_a_chapter(capsys):
    assert cli.main(["selfplay", "infinities", "--chapter", "the_ember_tyrant", "--players", "3",
                     "--bots", "random", "--games", "1"]) == 0
    assert "finished 1" in capsys.readouterr().out
    assert cli.main(["selfplay", "infinities", "--chapter", "the_ember_tyrant", "--bots", "random"]) == 2
    assert "is for 3 or 4 players, not 2" in capsys.readouterr().err


def test_a_scenario_sets_a_chapter(capsys):
    assert cli.main(["scenario", str(SCENARIOS / "chapter_cold_boot.toml"), "--check"]) == 0
