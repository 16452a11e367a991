"""A session's terminal size, on 127.0.0.1: never beyond the maximum, whichever way it is
asked for (the PTY request, a window change, a size report typed in the input), said once on
that screen; and a storm of sizes from both sources reaches the app through one limiter.
Judged on the sizes the app was given and the words the client was sent, never on time."""

from __future__ import annotations

import asyncio

from benchmarks.ssh_client import connect
from shards_tui.server import pacing
from shards_tui.server.server import ShardsServer

from server_support import notices, until, with_ssh_server  # noqa: E402  (tests/server)

NOTICE = "draws at most 400x200 of it"


def _app(server: ShardsServer, user: str):
    return next(s.app for s in server.sessions if s.who.user == user)


def test_no_size_beyond_the_maximum_reaches_the_app_and_the_player_is_told_once(
        tmp_path, monkeypatch) -> None:
    told = notices(monkeypatch)

    async def test(server: ShardsServer, key) -> None:
        assert pacing.MAX_SIZE == (400, 200)
        eve, _ = await connect(server.port, key, "eve", size=(6000, 3000))  # the PTY request
        app = _app(server, "eve")
        assert await until(lambda: tuple(app.size) == (400, 200))
        await eve.until(b"Your terminal is 6000x3000", 20)  # on the screen it was sent
        eve.proc.change_terminal_size(2000, 1000)  # a window change
        await eve.quiet(0.5)
        eve.proc.stdin.write(b"\x1b[48;1000;2000;0;0t")  # a size report in the input
        await eve.quiet(0.5)
        assert tuple(app.size) == (400, 200)
        assert [t for t in told if NOTICE in t] == [  # said once, not at each request
            "Your terminal is 6000x3000; shards-tui draws at most 400x200 of it."]
        eve.proc.change_terminal_size(100, 30)  # an ordinary size is given as it is
        assert await until(lambda: tuple(app.size) == (100, 30))
        eve.proc.stdin.write(b"\x1b[48;25;90;0;0t")
        assert await until(lambda: tuple(app.size) == (90, 25))
        eve.close()

    with_ssh_server(tmp_path, test)


def test_a_storm_of_sizes_from_both_sources_goes_through_one_limiter(tmp_path) -> None:
    async def test(server: ShardsServer, key) -> None:
        eve, _ = await connect(server.port, key, "eve", size=(120, 40))
        session = next(s for s in server.sessions if s.who.user == "eve")
        app, pacer = session.app, session.driver.pacer
        given: list[tuple[int, int]] = []
        on_resize = type(app)._on_resize

        async def heard(self, event) -> None:  # every size the app is handed
            if self is app:
                given.append((event.size.width, event.size.height))
            await on_resize(self, event)

        type(app)._on_resize = heard
        try:
            loop = asyncio.get_running_loop()
            started = loop.time()
            for i in range(100):  # two sizes, alternating, ten times the limiter's pace
                if i % 2:
                    eve.proc.change_terminal_size(120 - i % 4, 40)
                else:
                    eve.proc.stdin.write(f"\x1b[48;40;{121 + i % 4};0;0t".encode())
                await asyncio.sleep(0.025)
            eve.proc.change_terminal_size(111, 33)  # the last word
            assert await until(lambda: tuple(app.size) == (111, 33), 20)
            elapsed = loop.time() - started
        finally:
            type(app)._on_resize = on_resize
        assert len(given) <= 1 + elapsed * pacing.RESIZES_PER_SECOND, (len(given), elapsed)
        assert pacer.resizes == len(given) and given[-1] == (111, 33)
        eve.close()

    with_ssh_server(tmp_path, test)
