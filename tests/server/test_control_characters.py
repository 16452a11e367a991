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


async def test_an_escape_inside_a_paste_keeps_it_one_paste_and_presses_no_key() -> None:
    """Seen over SSH (tmux pasting into ssh): 'Mid<BEL>range<ESC>[31m red' as a deck's name
    was saved as '^[31m redMidrange': the Esc ended the paste, the rest arrived as key presses
    before it. Split across reads, even inside the end marker, it stays one paste."""
    for chunks in (["\x1b[200~Mid\x07range\x1b[31m red\x1b[201~"],
                   ["\x1b[20", "0~Mid\x07range\x1b", "[31m red\x1b[2", "01~"]):
        app = StubApp()
        driver = SSHDriver(app)  # type: ignore[arg-type]
        driver.start_application_mode()
        for chunk in chunks:
            driver.feed(chunk.encode())
        await asyncio.sleep(0.15)
        assert [p.text for p in app.posted if isinstance(p, events.Paste)] == ["Midrange[31m red"]
        assert not [m for m in app.posted if isinstance(m, events.Key)], chunks
        driver.stop_application_mode()
    app = StubApp()  # an Escape pressed on its own is still a key
    driver = SSHDriver(app)  # type: ignore[arg-type]
    driver.start_application_mode()
    driver.feed(b"\x1b")
    await asyncio.sleep(0.3)
    assert [m.key for m in app.posted if isinstance(m, events.Key)] == ["escape"]
    driver.stop_application_mode()
