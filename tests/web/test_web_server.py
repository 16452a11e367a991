"""The web server without a browser: a tab past the most apps it runs at once is refused (no
process is started for it), and the command line refuses what it cannot serve in one sentence."""

from __future__ import annotations

import aiohttp
import pytest
from aiohttp.test_utils import TestClient, TestServer

from shards_tui.cli import main
from shards_tui.server.web import WebServer, child_command


async def test_a_tab_past_the_limit_is_refused() -> None:
    server = WebServer("127.0.0.1", 8000, max_sessions=1)
    server.sessions = 1  # one app running already
    client = TestClient(TestServer(await server._make_app()))
    await client.start_server()
    try:
        page = await client.get("/")
        assert page.status == 200 and "ws://127.0.0.1:8000/ws" in await page.text()
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await client.ws_connect("/ws")
        assert refused.value.status == 503 and server.sessions == 1
    finally:
        await client.close()


def test_each_tab_runs_the_app_with_this_python() -> None:
    import sys

    assert child_command().endswith("-m shards_tui.server.web_child")
    assert sys.executable in child_command()


@pytest.mark.parametrize("argv, sentence", [
    (["web", "--port", "70000"], "--port must be from 1 to 65535, not 70000."),
    (["web", "--host", "0.0.0.0"], "needs --public-url"),
    (["web", "--max-sessions", "0"], "--max-sessions must be at least 1."),
])
def test_the_command_line_refuses_in_one_sentence(capsys, argv, sentence) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert sentence in err and err.count("\n") == 1
