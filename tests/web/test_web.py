"""`shards-tui web` in a real headless browser: the page loads, the app's title screen is drawn
in it, and a key pressed in the page reaches the app (the Replays screen opens). Skipped where
no Chromium is installed (Debian: apt-get install chromium); .ci/run installs it.

What the page's terminal is sent is read from its websocket (a script the test puts in the page
before the page's own records each frame as text): the terminal draws on a canvas, so its text
is not in the page. SHARDS_TUI_WEB_SCREENSHOT=PATH also saves the page with the title as a PNG.
"""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.web.browser import Browser, chromium

pytestmark = pytest.mark.skipif(chromium() is None, reason="Chromium is not installed "
                                "(Debian: apt-get install chromium; .ci/run installs it)")

# Recorded before the page's own script: each frame the terminal is sent, as text.
RECORD = """
(() => {
  const Native = window.WebSocket;
  window.__frames = [];
  const keep = (data) => {
    if (typeof data === "string") window.__frames.push(data);
    else if (data instanceof ArrayBuffer) window.__frames.push(new TextDecoder().decode(data));
    else if (data instanceof Blob) data.text().then((t) => window.__frames.push(t));
  };
  window.WebSocket = function (url, protocols) {
    const ws = protocols === undefined ? new Native(url) : new Native(url, protocols);
    ws.addEventListener("message", (event) => keep(event.data));
    return ws;
  };
  window.WebSocket.prototype = Native.prototype;
  for (const name of ["CONNECTING", "OPEN", "CLOSING", "CLOSED"]) window.WebSocket[name] = Native[name];
  window.__shown = (text) => window.__frames.join("").includes(text);
})();
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for_port(port: int, server: subprocess.Popen, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while True:
        assert server.poll() is None, "the web server stopped"
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            assert time.monotonic() < deadline, "the web server did not listen"
            time.sleep(0.1)


@pytest.fixture
def web_server(tmp_path: Path):
    port = free_port()
    env = {**os.environ, "SHARDS_TUI_HOME": str(tmp_path / "home")}
    server = subprocess.Popen([sys.executable, "-m", "shards_tui", "web", "--host", "127.0.0.1",
                               "--port", str(port)], env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    try:
        wait_for_port(port, server)
        yield f"http://127.0.0.1:{port}/"
    finally:
        server.terminate()
        try:
            server.wait(20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(10)


async def test_the_page_shows_the_title_and_a_key_reaches_the_app(web_server: str,
                                                                   tmp_path: Path) -> None:
    browser = Browser(tmp_path / "profile")
    await browser.start()
    try:
        page = await browser.open_page(web_server, before=RECORD)
        await page.wait_for("document.body && document.body.classList.contains('-first-byte')")
        await page.wait_for("window.__shown('S H A R D S')")  # the title's banner
        await page.wait_for("window.__shown('Watch a demo')")  # its menu, drawn whole
        assert not await page.evaluate("window.__shown('Replays: your finished games')")
        await page.evaluate("document.querySelector('.xterm-helper-textarea').focus()")
        await page.wait_for("window.__shown('Keys')")  # the app has the focus: its footer
        shot = os.environ.get("SHARDS_TUI_WEB_SCREENSHOT")
        if shot:
            await asyncio.sleep(1)  # the terminal's fade-in (0.3 s) over, for the picture
            await page.screenshot(Path(shot))
        await page.press("p")  # the title's key for Replays
        await page.wait_for("window.__shown('Replays: your finished games')")
    finally:
        await browser.close()
