"""The attack of the report, on 127.0.0.1: a spectator opens the palette at someone's table
and types thousands of characters at once while a player at that table keeps pressing keys.

Bounded in what it sends, and judged on the work the server did for the spectator (how many
keys its app was handed, how long the searches they ran were), never on how fast anything was:
only a hang fails the player's side."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from benchmarks.ssh_client import KEYS, connect, new_table
from shards_tui.server.pacing import BURST, KEYS_PER_SECOND, MAX_WAITING
from shards_tui.server.server import ShardsServer
from shards_tui.ui.widgets import palette
from shards_tui.ui.widgets.palette import MAX_SEARCH

from server_support import until, with_ssh_server  # noqa: E402  (tests/server)


@pytest.fixture
def searches(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The length of every query the palette searched for."""
    lengths: list[int] = []
    search = palette.LegalCommandsProvider.search

    async def counted(self, query: str):
        lengths.append(len(query))
        async for hit in search(self, query):
            yield hit

    monkeypatch.setattr(palette.LegalCommandsProvider, "search", counted)
    return lengths


def test_a_spectator_typing_thousands_of_keys_into_the_palette(tmp_path: Path,
                                                               searches: list[int]) -> None:
    with_ssh_server(tmp_path, lambda server, key: _attack(server, key, searches))


async def _attack(server: ShardsServer, key, searches: list[int]) -> None:
    ana, _ = await connect(server.port, key, "ana")
    ben, _ = await connect(server.port, key, "ben")
    await new_table(ana, bot=False)
    ben.send(b"\r")  # Ben takes the open seat: the game starts, nothing moves by itself
    for player in (ana, ben):
        await player.until(b"your hand")
        await player.quiet()
    eve, _ = await connect(server.port, key, "eve")
    eve.send(b"\r")  # the table is the first entry of her lobby: she watches it
    await eve.until(b"watching")
    await eve.quiet()
    eve.send(KEYS["ctrl+p"])
    await eve.until(b"Search the commands")
    await eve.quiet()
    pacer = next(s for s in server.sessions if s.who.user == "eve").driver.pacer
    loop = asyncio.get_running_loop()
    started, handed = loop.time(), pacer.delivered
    for _ in range(50):  # 5,000 keys in a second, as fast as a script types
        eve.proc.stdin.write(b"shield fast play mastery " * 4)
        await asyncio.sleep(0.02)
    await ana.keys("h")
    for i in range(20):  # Ana keeps playing: each key is drawn (a hang fails here)
        await ana.key_to_frame(KEYS["right" if i % 2 == 0 else "left"], timeout=60)
    elapsed = loop.time() - started
    keys = pacer.delivered - handed
    assert keys <= BURST + KEYS_PER_SECOND * elapsed + 1  # the pace, not 5,000 at once
    assert pacer._text_size + len(pacer._events) > 0  # the rest still waits its turn
    assert max(searches) <= MAX_SEARCH  # each search as short, however much was typed
    assert sum(searches) <= (keys + 1) * MAX_SEARCH
    eve.proc.stdin.write(b"x" * (MAX_WAITING + 1024))  # far more: her connection closes
    with pytest.raises((EOFError, asyncio.TimeoutError)):
        await eve.until(b"never said", timeout=20)
    assert b"Closed: more input than a player can send" in eve.buffer
    await ana.key_to_frame(KEYS["right"], timeout=60)  # Ana plays on
    assert await until(lambda: all(s.who.user != "eve" for s in server.sessions), 30)
