"""kill -9 in the middle of a game, and a corrupt autosave, with the real app in tmux."""

from __future__ import annotations

from pathlib import Path

import pytest

from shards_tui.cli_setup import play_setup
from shards_tui.core import saves
from shards_tui.core.registry import game
from tests.fault.tmux_app import TmuxApp, read_autosave, wait_for_history

SEED = 5


@pytest.fixture
def tmux_app(tmp_path: Path):
    app = TmuxApp(tmp_path / "home")
    yield app
    app.close()


def _headless():
    """The game `shards-tui play shards --seed 5` starts, without the UI."""
    info = game("shards")
    return info.controller.build(play_setup(None, SEED, None, info))


def _some_moves(ctl, count: int) -> list[str]:
    """Moves for the seat to act: plays first, then a recruit, all applied to ``ctl``."""
    played = []
    for _ in range(count):
        texts = ctl.legal_texts(ctl.who_must_act())
        pick = next((t for t in texts if t.startswith("play ")), None) or \
            next((t for t in texts if t.startswith("recruit ")), None)
        if pick is None:
            break
        ctl.apply(pick)
        played.append(pick)
    return played


def _type_command(app: TmuxApp, text: str, moves_before: int, home: Path) -> dict:
    app.wait_stable()  # the previous move's repaint (and focus changes) are over
    app.type(":")
    app.wait_for("a command (Tab completes")
    app.type(text)
    app.wait_for(text)  # it went into the command line
    app.keys("Enter")
    return wait_for_history(home, moves_before + 1)


def test_kill_9_mid_game_then_resume_restores_every_command(tmux_app: TmuxApp) -> None:
    home = tmux_app.home
    expected = _headless()
    tmux_app.start("play", "shards", "--seed", str(SEED))
    tmux_app.wait_for("press Enter")
    tmux_app.past_cover("You may:")
    moves = _some_moves(expected, 4)
    assert len(moves) >= 2, moves
    for n, text in enumerate(moves):
        _type_command(tmux_app, text, n, home)
    tmux_app.kill_app()

    doc = read_autosave(home)
    assert doc is not None, "no autosave survived the kill"
    assert [(h["seat"], h["text"]) for h in doc["history"]] == \
        [(h.seat, h.text) for h in expected.history]
    restored = saves.load(home / "autosave.json")
    assert restored.state_json() == expected.state_json()

    # Start again: the title offers the autosave; resuming continues the same game.
    tmux_app.start()
    tmux_app.wait_for("· Shards of Infinity · turn")  # its Resume entry (the banner needs 25 rows)
    tmux_app.keys("r")
    tmux_app.wait_for("press Enter")
    tmux_app.past_cover("You may:")
    more = _some_moves(expected, 1) or ["end"]
    if more == ["end"]:
        expected.apply("end")
    _type_command(tmux_app, more[0], len(moves), home)
    tmux_app.kill_app()
    resumed = saves.load(home / "autosave.json")
    assert [h.text for h in resumed.history] == [h.text for h in expected.history]
    assert resumed.state_json() == expected.state_json()


def test_corrupt_autosave_gets_a_message_a_new_game_and_is_kept(tmux_app: TmuxApp) -> None:
    home = tmux_app.home
    home.mkdir(parents=True)
    garbage = '{"format": "shards-tui-save", "version": 1, "game": "shards", "hist'
    (home / "autosave.json").write_text(garbage, encoding="utf-8")
    tmux_app.start()
    shown = tmux_app.wait_for("cannot be resumed")
    assert "Traceback" not in shown
    assert "autosave.json.bad" in shown
    assert (home / "autosave.json.bad").read_text(encoding="utf-8") == garbage
    assert not (home / "autosave.json").exists()
    # A new game starts and is autosaved as usual.
    tmux_app.start("play", "shards", "--seed", str(SEED))
    tmux_app.wait_for("press Enter")
    wait_for_history(home, 0)  # written off the UI thread, a moment after the first frame
    assert (home / "autosave.json.bad").read_text(encoding="utf-8") == garbage
