"""The real `shards-tui` in a private tmux server, for the fault tests (kill -9, corrupt files).

Each ``TmuxApp`` starts its own tmux server (``tmux -L <unique socket>``), never the user's
default one, and kills only that server when done.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def need_tmux() -> str:
    tmux = shutil.which("tmux")
    if tmux is None:
        pytest.skip("tmux is not installed")
    return tmux


class TmuxApp:
    def __init__(self, home: Path, cols: int = 120, rows: int = 40) -> None:
        self.tmux = need_tmux()
        self.socket = f"shards-fault-{uuid.uuid4().hex[:10]}"
        self.home = home
        self.cols, self.rows = cols, rows
        self.session = "game"

    def _run(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        return subprocess.run([self.tmux, "-L", self.socket, *args], capture_output=True,
                              text=True, check=check, timeout=20)

    def start(self, *cli_args: str) -> None:
        """Run `python -m shards_tui ARGS` in a new window (the server starts if needed)."""
        env = {"SHARDS_TUI_HOME": str(self.home), "TERM": "xterm-256color",
               "PYTHONPATH": str(ROOT)}
        exports = " ".join(f"{k}='{v}'" for k, v in env.items())
        command = f"cd '{ROOT}' && env -u NO_COLOR {exports} '{sys.executable}' -m shards_tui " + \
            " ".join(f"'{a}'" for a in cli_args) + "; sleep 600"
        if self._run("has-session", "-t", self.session, check=False).returncode == 0:
            self._run("kill-session", "-t", self.session)
        for _ in range(5):  # killing the last session makes the tmux server exit: a new
            # session asked for meanwhile meets the server on its way out ("server exited
            # unexpectedly"); the next try starts a fresh one
            started = self._run("new-session", "-d", "-s", self.session, "-x", str(self.cols),
                                "-y", str(self.rows), command, check=False)
            if started.returncode == 0:
                return
            time.sleep(0.3)
        raise AssertionError(f"tmux did not start the app: {started.stderr.strip()}")

    def screen(self) -> str:
        return self._run("capture-pane", "-p", "-t", self.session).stdout

    def wait_for(self, text: str, timeout: float = 30.0) -> str:
        deadline = time.monotonic() + timeout
        while True:
            shown = self.screen()
            if text in shown:
                return shown
            if time.monotonic() > deadline:
                raise AssertionError(f"'{text}' never appeared; the screen shows:\n{shown}")
            time.sleep(0.1)

    def wait_stable(self, quiet: float = 0.4, timeout: float = 20.0) -> str:
        """Wait until the screen stops changing (the app has finished reacting)."""
        deadline = time.monotonic() + timeout
        shown = self.screen()
        while time.monotonic() < deadline:
            time.sleep(quiet)
            again = self.screen()
            if again == shown:
                return shown
            shown = again
        return shown

    def keys(self, *keys: str) -> None:
        self._run("send-keys", "-t", self.session, *keys)

    def past_cover(self, then: str, tries: int = 5) -> str:
        """Press Enter on the hot-seat hand-off until ``then`` shows. The cover ignores a key
        that comes before it has been drawn (it may be the previous player's), and a loaded
        machine can show the cover's text a moment before the app has taken it as drawn."""
        time.sleep(0.6)  # the app's cover takes keys half a second after it is drawn (KEY_GRACE)
        for _ in range(tries):
            if "press Enter" in self.screen():  # still covered: (again) an Enter for the cover
                self.keys("Enter")
            try:
                return self.wait_for(then, timeout=6.0)
            except AssertionError:
                continue
        return self.wait_for(then, timeout=1.0)

    def type(self, text: str) -> None:
        self._run("send-keys", "-t", self.session, "-l", text)

    def app_pid(self) -> int:
        """The pid of the python process running the app inside the pane's shell."""
        shell = int(self._run("display-message", "-p", "-t", self.session, "#{pane_pid}").stdout)
        out = subprocess.run(["ps", "-o", "pid=,args=", "--ppid", str(shell)], capture_output=True,
                             text=True, check=True).stdout
        for line in out.splitlines():
            pid, _, args = line.strip().partition(" ")
            if "shards_tui" in args:
                return int(pid)
        raise AssertionError(f"the app's process was not found under the pane's shell:\n{out}")

    def kill_app(self) -> None:
        pid = self.app_pid()
        os.kill(pid, 9)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                return
            time.sleep(0.05)
        raise AssertionError("the app survived kill -9")

    def close(self) -> None:
        self._run("kill-server", check=False)


def read_autosave(home: Path) -> dict | None:
    try:
        return json.loads((home / "autosave.json").read_text(encoding="utf-8"))
    except (FileNotFoundError, json.JSONDecodeError):
        return None


def wait_for_history(home: Path, length: int, timeout: float = 20.0) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        doc = read_autosave(home)
        if doc is not None and len(doc["history"]) >= length:
            return doc
        if time.monotonic() > deadline:
            have = None if doc is None else len(doc["history"])
            raise AssertionError(f"the autosave never reached {length} moves (it has {have})")
        time.sleep(0.05)
