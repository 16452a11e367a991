"""A headless Chromium driven over the DevTools protocol, with aiohttp's websocket client (a
dependency of textual-serve already): enough to open a page, run a line of JavaScript in it,
press a key and take a screenshot. Chromium is Debian's (``chromium``); its flags are the ones
this machine's closed network needs (no background connections, no sandbox as root)."""

from __future__ import annotations

import asyncio
import base64
import itertools
import json
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

import aiohttp

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--remote-debugging-port=0", "--window-size=1280,800", "--hide-scrollbars"]


def chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


class Browser:
    def __init__(self, profile: Path) -> None:
        self.profile = profile
        self.process: subprocess.Popen | None = None
        self._http: aiohttp.ClientSession | None = None
        self._ws: Any = None
        self._ids = itertools.count(1)
        self._waiting: dict[int, asyncio.Future] = {}
        self._reader: asyncio.Task | None = None

    async def start(self, timeout: float = 30.0) -> None:
        binary = chromium()
        assert binary is not None
        self.process = subprocess.Popen([binary, *FLAGS, f"--user-data-dir={self.profile}",
                                         "about:blank"], stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL)
        port_file = self.profile / "DevToolsActivePort"
        deadline = time.monotonic() + timeout
        while not (port_file.exists() and len(port_file.read_text().splitlines()) >= 2):
            assert self.process.poll() is None, "Chromium stopped at its start"
            assert time.monotonic() < deadline, "Chromium did not open its DevTools port"
            await asyncio.sleep(0.05)
        port, path = port_file.read_text().splitlines()[:2]
        self._http = aiohttp.ClientSession()
        self._ws = await self._http.ws_connect(f"ws://127.0.0.1:{port}{path}", max_msg_size=0)
        self._reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        async for message in self._ws:
            if message.type != aiohttp.WSMsgType.TEXT:
                continue
            data = json.loads(message.data)
            future = self._waiting.pop(data.get("id"), None)
            if future is not None and not future.done():
                future.set_result(data)

    async def call(self, method: str, params: dict[str, Any] | None = None,
                   session: str | None = None) -> dict[str, Any]:
        number = next(self._ids)
        message: dict[str, Any] = {"id": number, "method": method, "params": params or {}}
        if session is not None:
            message["sessionId"] = session
        future = asyncio.get_running_loop().create_future()
        self._waiting[number] = future
        await self._ws.send_str(json.dumps(message))
        reply = await asyncio.wait_for(future, 30)
        assert "error" not in reply, f"{method}: {reply['error']}"
        return reply.get("result", {})

    async def open_page(self, url: str, before: str = "") -> "Page":
        """A new tab at ``url``; ``before``: a script run in it before the page's own."""
        target = (await self.call("Target.createTarget", {"url": "about:blank"}))["targetId"]
        session = (await self.call("Target.attachToTarget",
                                   {"targetId": target, "flatten": True}))["sessionId"]
        page = Page(self, session)
        await page.call("Page.enable")
        if before:
            await page.call("Page.addScriptToEvaluateOnNewDocument", {"source": before})
        await page.call("Page.navigate", {"url": url})
        return page

    async def close(self) -> None:
        if self._ws is not None:
            try:
                await asyncio.wait_for(self.call("Browser.close"), 5)
            except Exception:
                pass
            await self._ws.close()
        if self._reader is not None:
            self._reader.cancel()
        if self._http is not None:
            await self._http.close()
        if self.process is not None:
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)


class Page:
    def __init__(self, browser: Browser, session: str) -> None:
        self.browser = browser
        self.session = session

    async def call(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        return await self.browser.call(method, params, self.session)

    async def evaluate(self, expression: str) -> Any:
        result = await self.call("Runtime.evaluate", {"expression": expression,
                                                      "returnByValue": True})
        return result.get("result", {}).get("value")

    async def wait_for(self, expression: str, timeout: float = 60.0) -> None:
        """Until the JavaScript ``expression`` is true in the page."""
        deadline = time.monotonic() + timeout
        while not await self.evaluate(expression):
            assert time.monotonic() < deadline, f"timed out waiting for {expression}"
            await asyncio.sleep(0.1)

    async def press(self, key: str) -> None:
        """A printable key, as a person types it."""
        code = f"Key{key.upper()}" if key.isalpha() else ""
        common = {"key": key, "code": code, "windowsVirtualKeyCode": ord(key.upper())}
        await self.call("Input.dispatchKeyEvent", {"type": "keyDown", "text": key, **common})
        await self.call("Input.dispatchKeyEvent", {"type": "keyUp", **common})

    async def screenshot(self, path: Path) -> None:
        shot = await self.call("Page.captureScreenshot", {"format": "png"})
        path.write_bytes(base64.b64decode(shot["data"]))
