"""Helpers for the server tests that need no network: two identities, waiting on an app, a fake SSH link."""

from __future__ import annotations

import asyncio

from shards_tui.server.auth import Identity

ANA = Identity("ana", "SHA256:aaaa")
BEN = Identity("ben", "SHA256:bbbb")


async def until(condition, timeout: float = 10.0) -> bool:
    """Wait (at most ``timeout`` seconds) until ``condition()`` holds; whether it did."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        if loop.time() > deadline:
            return False
        await asyncio.sleep(0.02)
    return True


async def settle(app) -> None:
    """Wait until the app has handled what is queued now, and what that queued in turn."""
    for _ in range(3):
        done = asyncio.Event()
        app.call_later(done.set)
        await asyncio.wait_for(done.wait(), 10)
        await asyncio.sleep(0.05)


class FakeLink:
    def __init__(self) -> None:
        self.size = (100, 30)
        self.driver = None
        self.out = bytearray()
        self.bad: list[str] = []

    def send(self, data: bytes) -> None:
        self.out += data

    def misbehaved(self, reason: str) -> None:
        self.bad.append(reason)
