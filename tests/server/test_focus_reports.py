"""Focus reports (ESC [ O, ESC [ I) sent over and over, on 127.0.0.1: they count against the
session's input pace like keys, only the last one of a burst matters, and none restyles the
whole screen (no style of the app depends on the terminal's focus). Judged on the events the
app was handed and the restyles it did, never on time."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual import events
from textual.screen import Screen

from benchmarks.ssh_client import connect
from shards_tui.server.pacing import BURST, KEYS_PER_SECOND
from shards_tui.server.server import ShardsServer

from server_support import until, with_ssh_server  # noqa: E402  (tests/server)


def test_a_flood_of_focus_reports_is_paced_and_restyles_nothing(tmp_path: Path, monkeypatch) -> None:
    restyles: list[object] = []
    update = Screen.update_node_styles

    def counted(self, *args, **kwargs):
        restyles.append(self.app)
        return update(self, *args, **kwargs)

    monkeypatch.setattr(Screen, "update_node_styles", counted)
    with_ssh_server(tmp_path, lambda server, key: _attack(server, key, restyles))


async def _attack(server: ShardsServer, key, restyles: list[object]) -> None:
    eve, _ = await connect(server.port, key, "eve")
    session = next(s for s in server.sessions if s.who.user == "eve")
    app, pacer = session.app, session.driver.pacer
    handed: list[type] = []
    deliver = pacer._deliver

    def heard(message) -> None:
        handed.append(type(message))
        deliver(message)

    pacer._deliver = heard
    restyles.clear()  # (the lobby was styled as it opened)
    loop = asyncio.get_running_loop()
    started = loop.time()
    for _ in range(40):  # 1,600 reports over two seconds, as fast as a script sends
        eve.proc.stdin.write(b"\x1b[O\x1b[I" * 20)
        await asyncio.sleep(0.05)
    eve.proc.stdin.write(b"\x1b[O")  # the terminal lost the focus last
    assert await until(lambda: not pacer._text and not app.app_focus, 30)
    elapsed = loop.time() - started
    focus = [k for k in handed if k in (events.AppFocus, events.AppBlur)]
    assert len(focus) <= BURST + KEYS_PER_SECOND * elapsed + 1  # the pace, like keys
    assert all(a is not b for a, b in zip(focus, focus[1:]))  # each one a change
    assert [a for a in restyles if a is app] == []  # never the whole screen restyled
    eve.proc.stdin.write(b"\x1b[I")
    assert await until(lambda: app.app_focus, 30)
    eve.close()
