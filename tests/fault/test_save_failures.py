"""An unwritable save folder or a full disk: one clear message, and the game goes on."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from shards_tui.core import autosaves, saves
from shards_tui.core.registry import game
from shards_tui.ui.app import ShardsApp
from shards_tui.ui.screens.handoff import HandoffScreen
from shards_tui.ui.tables.shards.screen import ShardsTable

SIZE = (120, 40)


def _controller():
    setup = {"kind": "new", "players": [{"name": "Ana"}, {"name": "Ben"}], "seed": 7, "first": 0}
    return game("shards").controller.build(setup)


def _writes_are_blocked(folder: Path) -> bool:
    """chmod 0o500 stops writes, except for root (and some file systems)."""
    try:
        probe = folder / ".probe"
        probe.write_text("x")
        probe.unlink()
        return False
    except OSError:
        return True


def _disk_full(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every save write fails as on a full disk (after the temporary file was created)."""
    def no_space(_fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(saves.os, "fsync", no_space)


@pytest.fixture
def read_only_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    home = tmp_path / "saves"
    home.mkdir()
    monkeypatch.setenv("SHARDS_TUI_HOME", str(home))
    home.chmod(0o500)
    if not _writes_are_blocked(home):  # running as root: simulate the failure instead
        _disk_full(monkeypatch)
    yield home
    home.chmod(0o700)


@pytest.fixture
def full_disk_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SHARDS_TUI_HOME", str(tmp_path))
    _disk_full(monkeypatch)
    return tmp_path


async def _play_on_with_failing_saves(home: Path) -> None:
    ctl = _controller()
    app = ShardsApp(ctl, cursor_blink=False)
    messages: list[tuple[str, str]] = []
    real_notify = app.notify

    def notify(message, *args, severity="information", **kwargs):
        messages.append((str(message), severity))
        return real_notify(message, *args, severity=severity, **kwargs)

    app.notify = notify  # type: ignore[method-assign]
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ShardsTable)
        for _ in range(3):  # three moves, each one autosaved (and failing)
            before = len(ctl.history)
            text = next(t for t in ctl.legal_texts(0) if t.startswith("play "))
            await pilot.press("colon")
            await pilot.pause()
            await pilot.press(*text)
            await pilot.press("enter")
            await pilot.pause()
            assert len(ctl.history) == before + 1, "the game did not go on after a failed autosave"
        await pilot.press("ctrl+s")  # an explicit save fails with a sentence, too
        await pilot.pause()
        assert isinstance(app.screen, ShardsTable)
        status = app.screen.query_one("#status").text
    warnings = [m for m, severity in messages if "Autosave failed" in m]
    assert len(warnings) == 1, messages
    assert warnings[0].endswith("the game goes on unsaved.")
    assert "Could not save" in status
    assert not [p for p in home.iterdir() if p.name.endswith(".tmp")], "a temporary file was left"
    assert not (home / "autosave.json").exists()


async def test_unwritable_save_folder(read_only_home: Path) -> None:
    await _play_on_with_failing_saves(read_only_home)


async def test_full_disk(full_disk_home: Path) -> None:
    await _play_on_with_failing_saves(full_disk_home)


def test_autosave_reports_a_failure_once_and_again_after_a_recovery(tmp_path: Path,
                                                                    monkeypatch) -> None:
    ctl = _controller()
    path = tmp_path / "autosave.json"
    first, second = autosaves.Autosaver(path), autosaves.Autosaver(path)
    with monkeypatch.context() as patch:
        _disk_full(patch)
        first(ctl)
        assert first.new_error and "No space left" in (first.last_error or "")
        second(ctl)  # another autosaver on the same file: not a new failure
        assert second.last_error and not second.new_error
    second(ctl)
    assert second.last_error is None and path.exists()
    with monkeypatch.context() as patch:
        _disk_full(patch)
        first(ctl)
        assert first.new_error
