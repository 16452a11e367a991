"""Control characters a remote player sends (a pasted escape, a login name, chat) never reach
another terminal, nor their own, as control characters."""

from __future__ import annotations

import asyncio

from textual import events

from shards_tui.server.driver import SSHDriver

from server_support import FakeLink  # noqa: E402  (tests/server)


class StubApp:
    def __init__(self) -> None:
        self.link = FakeLink()
        self.posted: list[object] = []

    def post_message(self, message: object) -> bool:
        self.posted.append(message)
        return True


async def test_a_pasted_escape_sequence_arrives_as_plain_text() -> None:
    app = StubApp()
    driver = SSHDriver(app)  # type: ignore[arg-type]
    driver.start_application_mode()
    driver.feed("\x1b[200~ana\u009b2J red\x07\r\nline\ttwo\x1b[201~".encode())
    await asyncio.sleep(0.1)  # (the pacer hands it on, on its next tick)
    pastes = [m for m in app.posted if isinstance(m, events.Paste)]
    assert [p.text for p in pastes] == ["ana2J red\nline\ttwo"]
    driver.stop_application_mode()
