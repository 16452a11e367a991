"""Helpers for the SSH tests: a server subprocess on a free port, keys, and tmux clients."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

SSH_OPTS = ["-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
            "-o", "IdentitiesOnly=yes", "-o", "LogLevel=ERROR", "-o", "ConnectTimeout=10"]


def need(*tools: str) -> None:
    for tool in tools:
        if shutil.which(tool) is None:
            pytest.skip(f"'{tool}' is not installed")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def make_key(path: Path) -> Path:
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(path)], check=True)
    return path


class Server:
    def __init__(self, tmp: Path, bot_pace: float = 0.05) -> None:
        self.tmp = tmp
        self.key = make_key(tmp / "client_key")
        self.other_key = make_key(tmp / "stranger_key")
        (tmp / "authorized_keys").write_text((tmp / "client_key.pub").read_text())
        self.port = free_port()
        self.data = tmp / "data"
        self.log = tmp / "server.log"
        self.bot_pace = bot_pace
        self.proc: subprocess.Popen | None = None

    def start(self) -> None:
        env = dict(os.environ, SHARDS_TUI_HOME=str(self.tmp / "home"))
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "shards_tui", "serve", "--port", str(self.port),
             "--authorized-keys", str(self.tmp / "authorized_keys"), "--data-dir", str(self.data),
             "--bot-pace", str(self.bot_pace)],
            stdout=subprocess.DEVNULL, stderr=open(self.log, "ab"), env=env)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server stopped: {self.log.read_text()}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start listening")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.proc = None

    def ssh_args(self, user: str, key: Path | None = None) -> list[str]:
        return ["ssh", *SSH_OPTS, "-i", str(key or self.key), "-p", str(self.port),
                f"{user}@127.0.0.1"]


class Tmux:
    """A private tmux server (never the default one) with one window per client."""

    def __init__(self) -> None:
        self.socket = f"shards-test-{uuid.uuid4().hex[:8]}"
        self.started = False

    def run(self, *args: str) -> str:
        out = subprocess.run(["tmux", "-L", self.socket, *args], capture_output=True, text=True,
                             timeout=20)
        return out.stdout

    def open(self, name: str, command: list[str], width: int = 120, height: int = 40) -> None:
        line = " ".join(command)
        if not self.started:
            self.run("new-session", "-d", "-s", "t", "-n", name, "-x", str(width), "-y", str(height),
                     line)
            self.run("set-option", "-t", "t", "remain-on-exit", "on")
            self.started = True
        else:
            self.run("new-window", "-t", "t", "-n", name, line)
            self.run("resize-window", "-t", f"t:{name}", "-x", str(width), "-y", str(height))

    def screen(self, name: str) -> str:
        return self.run("capture-pane", "-p", "-t", f"t:{name}")

    def keys(self, name: str, *keys: str, pause: float = 0.25) -> None:
        for key in keys:
            self.run("send-keys", "-t", f"t:{name}", key)
            time.sleep(pause)

    def wait_for(self, name: str, text: str, timeout: float = 60) -> str:
        deadline = time.monotonic() + timeout
        screen = ""
        while time.monotonic() < deadline:
            screen = self.screen(name)
            if text in screen:
                return screen
            time.sleep(0.2)
        raise AssertionError(f"'{text}' never appeared on {name}'s screen:\n{screen}")

    def kill_window(self, name: str) -> None:
        self.run("kill-window", "-t", f"t:{name}")

    def close(self) -> None:
        if self.started:
            self.run("kill-server")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    need("ssh", "ssh-keygen")
    srv = Server(tmp_path_factory.mktemp("ssh"))
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture
def tmux():
    need("tmux")
    mux = Tmux()
    yield mux
    mux.close()
