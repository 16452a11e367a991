"""Keys that arrive together (a fast typist, a paste, a line sent over SSH) go where the first
of them sends the rest, with the real app in tmux."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.fault.tmux_app import TmuxApp, wait_for_history


@pytest.fixture
def tmux_app(tmp_path: Path):
    app = TmuxApp(tmp_path / "home")
    yield app
    app.close()


def test_a_command_typed_in_one_go_after_the_colon_goes_into_the_command_line(
        tmux_app: TmuxApp) -> None:
    tmux_app.start("play", "shards", "--seed", "3")
    tmux_app.wait_for("press Enter")
    tmux_app.past_cover("You may:")
    tmux_app.wait_stable()
    tmux_app.type(":play all")  # one write: the letters come before the line has been drawn
    tmux_app.keys("Enter")
    saved = wait_for_history(tmux_app.home, 1)
    assert [entry["text"] for entry in saved["history"]] == ["play all"]
    tmux_app.wait_stable()
    tmux_app.type(":end")
    tmux_app.keys("Enter")
    saved = wait_for_history(tmux_app.home, 2)
    assert [entry["text"] for entry in saved["history"]] == ["play all", "end"]
