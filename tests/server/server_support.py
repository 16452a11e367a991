"""Helpers for the server tests that need no network: two identities, waiting on an app, a fake
SSH link, ana and ben at a table of a hub, the notices the served apps show, and a test run
against a real SSH server on 127.0.0.1."""

from __future__ import annotations

import asyncio
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, AsyncIterator, Awaitable, Callable

import asyncssh
import pytest

from shards_tui.server import auth
from shards_tui.server.auth import Identity
from shards_tui.server.loop import AccountingLoop
from shards_tui.server.served_app import ServedApp
from shards_tui.server.server import ShardsServer
from shards_tui.server.tables import Hub, Seat, Table

ANA = Identity("ana", "SHA256:aaaa")
BEN = Identity("ben", "SHA256:bbbb")


async def until(condition, timeout: float = 300.0) -> bool:
    """Wait until ``condition()`` holds; whether it did. ``timeout`` only ends a wait that would
    last for ever (a bug): a loaded machine takes as long as it takes."""
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


def hub_with_table(tmp_path: Path, ctl: Any, bots: tuple = (None, None)) -> Hub:
    """A hub whose table 1 plays ``ctl`` with ana in seat 0 and ben in seat 1 (``bots``: the
    level of a seat a bot plays; a bot waits a minute before each move)."""
    hub = Hub(tmp_path, bot_pace=60)
    seats = [Seat(owner=ANA, name="ana", bot=bots[0]), Seat(owner=BEN, name="ben", bot=bots[1])]
    table = Table(1, ctl.game_id, 1, "standard", seats)
    hub.tables[1] = table
    hub._adopt(table, ctl)
    return hub


@asynccontextmanager
async def both_at_the_table(hub: Hub) -> AsyncIterator[tuple[Any, Any, Any, Any]]:
    """ana's and ben's apps (120x40), each at table 1 and settled: (ana, ben, their pilots)."""
    ana = ServedApp(hub, ANA, link=FakeLink(), cursor_blink=False)
    ben = ServedApp(hub, BEN, link=FakeLink(), cursor_blink=False)
    async with ana.run_test(size=(120, 40)) as pa, ben.run_test(size=(120, 40)) as pb:
        ana.call_later(ana.open_table, 1)
        ben.call_later(ben.open_table, 1)
        for app in (ana, ben, ana):
            await settle(app)
        yield ana, ben, pa, pb


def notices(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every notice a served app shows from now on, in order (each is still shown)."""
    told: list[str] = []
    notify = ServedApp.notify

    def heard(self: ServedApp, message: Any, *args: Any, **kwargs: Any) -> None:
        told.append(str(message))
        return notify(self, message, *args, **kwargs)

    monkeypatch.setattr(ServedApp, "notify", heard)
    return told


def with_ssh_server(tmp_path: Path, test: Callable[[ShardsServer, Any], Awaitable[None]]) -> None:
    """Run ``test(server, key)`` against a server on a free port of 127.0.0.1 (its hub in
    ``tmp_path / "data"``, bots a minute apart) that lets ``key`` in under any name, on the
    server's own loop; the server is closed after it, whatever happened."""
    async def main() -> None:
        key = asyncssh.generate_private_key("ssh-ed25519")
        (tmp_path / "keys").write_bytes(key.export_public_key())
        server = ShardsServer(Hub(tmp_path / "data", bot_pace=60), tmp_path / "keys")
        await server.start("127.0.0.1", 0, auth.load_host_key(tmp_path / "host_key"))
        try:
            await test(server, key)
        finally:
            server.close()
            assert server.acceptor is not None
            await asyncio.wait_for(server.acceptor.wait_closed(), 10)

    with asyncio.Runner(loop_factory=AccountingLoop) as runner:
        runner.run(main())
