"""`shards-tui web`: the app in a web browser, served with textual-serve.

Each browser tab that opens the page starts its own process of the app (``web_child``), the
title screen first, drawn in the page's terminal; closing the tab ends it. Listens on
localhost unless told otherwise, and runs at most ``max_sessions`` apps at once (a tab past
that is refused with one sentence in the server's log and an HTTP 503), so a page left open
in many tabs, or a stranger's script, cannot start processes without end. There is no login:
to let others in, put it behind a proxy that asks for one (the README says how).
"""

from __future__ import annotations

import logging
import shlex
import sys
from typing import Any

from aiohttp import web
from textual_serve.server import Server

log = logging.getLogger("textual-serve")

DEFAULT_PORT = 8000
DEFAULT_SESSIONS = 8


def child_command() -> str:
    """The command each tab runs: this Python, the app with its title screen."""
    return f"{shlex.quote(sys.executable)} -m shards_tui.server.web_child"


class WebServer(Server):
    """textual-serve's server, with a cap on the apps running at once and our own words."""

    def __init__(self, host: str = "localhost", port: int = DEFAULT_PORT,
                 public_url: str | None = None, max_sessions: int = DEFAULT_SESSIONS) -> None:
        super().__init__(child_command(), host=host, port=port, title="shards-tui",
                         public_url=public_url)
        self.max_sessions = max_sessions
        self.sessions = 0

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        if self.sessions >= self.max_sessions:
            log.warning("refused a browser tab: %d apps are running, the most this server "
                        "runs at once (--max-sessions)", self.sessions)
            raise web.HTTPServiceUnavailable(text="This server runs as many games as it may; "
                                                  "try again when a tab is closed.")
        self.sessions += 1
        try:
            return await super().handle_websocket(request)
        finally:
            self.sessions -= 1

    async def on_startup(self, app: web.Application) -> None:
        self.console.print(f"shards-tui is served on {self.public_url} (each browser tab plays "
                           f"its own game; at most {self.max_sessions} at once). Ctrl+C stops.",
                           highlight=False)


def serve(host: str, port: int, public_url: str | None, max_sessions: int,
          debug: bool = False) -> None:
    WebServer(host, port, public_url, max_sessions).serve(debug=debug)


def add_parser(sub: Any, whole: Any) -> None:
    web_cmd = sub.add_parser(
        "web", help="serve the app to web browsers (each tab its own game)",
        description="Serve shards-tui to web browsers with textual-serve: open the address it "
                    "prints, and each browser tab runs its own app, title screen first. It "
                    "listens on localhost unless --host says otherwise, and asks nobody to log "
                    "in: to let others in, put it behind a proxy that does (see the README).")
    web_cmd.add_argument("--host", default="localhost",
                         help="address to listen on (default localhost)")
    web_cmd.add_argument("--port", type=whole, default=DEFAULT_PORT,
                         help=f"port (default {DEFAULT_PORT})")
    web_cmd.add_argument("--public-url", metavar="URL",
                         help="the address browsers reach it at, when that is not "
                              "http://HOST:PORT (behind a proxy: https://games.example.org)")
    web_cmd.add_argument("--max-sessions", type=whole, default=DEFAULT_SESSIONS, metavar="N",
                         help=f"apps running at once, one per tab (default {DEFAULT_SESSIONS})")
