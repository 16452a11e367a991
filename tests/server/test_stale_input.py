"""Input that arrives together for a screen that closes on its first part: the rest is ignored.

Found by sending random keys, clicks and escape sequences to a served app: a triple click on
the command palette's background closed the palette, then the table beneath it, then crashed
the seat; two Enters on a lobby row opened the table twice and crashed its first copy.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.command import CommandPalette

from shards_tui.server.auth import Identity
from shards_tui.server.served_app import ServedApp
from shards_tui.server.tables import Hub
from shards_tui.ui.widgets.palette import LegalCommandsProvider

from server_support import FakeLink, settle, until  # noqa: E402  (tests/server)

ANA = Identity("ana", "SHA256:aaaa")
CLICK = b"\x1b[<0;60;28M\x1b[<0;60;28m"  # on the palette's background, below its list


async def start(tmp_path: Path) -> tuple[Hub, FakeLink, ServedApp, asyncio.Task]:
    hub = Hub(tmp_path, bot_pace=60)  # the bot never moves during the test
    link = FakeLink()
    app = ServedApp(hub, ANA, link=link, cursor_blink=False)
    task = asyncio.create_task(app.run_async())
    assert await until(lambda: b"Signed in as" in link.out)
    return hub, link, app, task


async def stop(app: ServedApp, task: asyncio.Task) -> None:
    if app.is_running:
        app.exit()
    await asyncio.wait_for(task, 10)
    app.detach()


def screen_name(app: ServedApp) -> str:
    return type(app.screen).__name__


async def test_clicks_queued_for_a_closed_palette_do_not_close_the_table(tmp_path: Path) -> None:
    hub, link, app, task = await start(tmp_path)
    try:
        app.call_later(app.create_table, {"game": "shards", "players": 2,
                                          "bots": [None, "greedy"]})
        assert await until(lambda: screen_name(app) == "ShardsTable")
        await settle(app)
        link.driver.feed(b"\x10")  # ctrl+p
        assert await until(lambda: isinstance(app.screen, CommandPalette))
        await settle(app)
        link.driver.feed(CLICK * 3)
        await settle(app)
        assert app.is_running and app._exception is None
        assert screen_name(app) == "ShardsTable"
    finally:
        await stop(app, task)


async def test_two_enters_on_a_lobby_row_open_the_table_once(tmp_path: Path) -> None:
    hub, link, app, task = await start(tmp_path)
    try:
        hub.create(ANA, "shards", 2, [None, "greedy"])
        menu = app.screen.query_one("#tables")
        assert await until(lambda: getattr(menu.highlighted_option, "id", None) == "t1")
        await settle(app)
        link.driver.feed(b"\r\r\r")
        assert await until(lambda: screen_name(app) == "ShardsTable")
        await settle(app)
        assert app.is_running and app._exception is None
        assert [type(s).__name__ for s in app.screen_stack] == ["LobbyScreen", "ShardsTable"]
    finally:
        await stop(app, task)


def test_a_palette_sends_one_command_and_only_to_the_screen_shown() -> None:
    sent: list[str] = []

    class Shown:
        is_attached = True

        def run_command_text(self, text: str) -> None:
            sent.append(text)

    screen = Shown()
    screen.app = type("App", (), {"screen": screen})()  # type: ignore[attr-defined]
    provider = LegalCommandsProvider(screen)  # type: ignore[arg-type]
    provider._run("end")
    provider._run("end")  # a second Enter queued for the closed palette
    assert sent == ["end"]
    other = Shown()
    other.app = type("App", (), {"screen": object()})()  # type: ignore[attr-defined]
    LegalCommandsProvider(other)._run("end")  # type: ignore[arg-type]  # its table was closed
    assert sent == ["end"]
