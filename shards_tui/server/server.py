"""The SSH server: logins, one session per connection, and each session's app.

``serve(...)`` listens with asyncssh; every accepted shell session with a PTY gets its own
``ServedApp`` (or what the server's ``app_factory`` makes) running in this process on the shared
loop, drawn through an ``SSHDriver``.
Exec requests, sessions without a PTY, port forwarding, agent forwarding and SFTP are refused.
A connection holds one session at a time (``MAX_SESSIONS`` in its life); one address holds at
most ``Limits.per_address`` connections, one login (name and key) ``Limits.per_login``; what
comes beyond is refused at once with one sentence.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import sys
import time
from pathlib import Path
from dataclasses import dataclass
from typing import Any, Callable

import asyncssh

from shards_tui.server.auth import Identity, KeyFile, PasswordFile, Throttle, fingerprint
from shards_tui.server.collector import QuietCollector
from shards_tui.server.idle_lines import IdleLines
from shards_tui.server.driver import RESTORE, clear_parser_cache
from shards_tui.server.loop import AccountingLoop
from shards_tui.server.served_app import ServedApp

log = logging.getLogger("shards_tui.server")

MAX_INPUT_PER_SECOND = 64 * 1024  # more than a person types or pastes: the connection is closed
MAX_OUTPUT_BACKLOG = 8 * 1024 * 1024  # unread output; the client has stopped reading
NO_PTY = ("shards-tui needs an interactive terminal: connect with 'ssh -t' and no command.\r\n")

# The real streams: apps redirect sys.stdout/sys.stderr while they run, and apps ending in
# another order than they started would leave them pointing at a finished app.
REAL_STDOUT, REAL_STDERR = sys.stdout, sys.stderr


@dataclass
class Limits:
    """How many connections the server holds at once from one address, and for one login."""

    per_address: int = 24  # (friends behind one router share an address)
    per_login: int = 3  # one name with one key: a player with a terminal or two
    starts_per_minute: int = 10  # new terminals (apps) one login may open in a minute

    def refusal(self, server: "ShardsServer", login: "Login") -> str | None:
        """The sentence refusing ``login``'s connection, or None: it may stay."""
        if server.per_address.get(login.addr, 0) > self.per_address:
            return (f"The server holds {self.per_address} connections from your address at "
                    "most; close one and connect again.")
        who = login.identity
        if who is not None and server.per_login.get(who, 0) > self.per_login:
            return (f"You are connected {self.per_login} times as {who.user[:24]} already; "
                    "close one of them and connect again.")
        return None


class Login(asyncssh.SSHServer):
    """One connection's login: public keys (and passwords if a password file is given).

    Passwords go through the server's throttle (``auth.Throttle``) and at most
    ``MAX_PASSWORDS`` are asked for on one connection; keys never wait and are never refused
    because of others' failed passwords. The connection counts for its address from its
    start and for its login once logged in, and is refused beyond the server's ``Limits``."""

    MAX_PASSWORDS = 3  # password attempts on one connection (then only keys are offered)
    MAX_SESSIONS = 3  # sessions (terminals) one connection may open in its life, one at a time

    def __init__(self, server: "ShardsServer") -> None:
        self.server = server
        self.addr = "?"
        self.user = ""
        self.key: str | None = None
        self.identity: Identity | None = None  # once logged in
        self.passwords_tried = 0
        self.sessions_opened = 0
        self.session: Session | None = None  # the one open now
        self.conn: asyncssh.SSHServerConnection | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername") or ("?", 0)
        self.addr = str(peer[0])
        self.server.count(self.server.per_address, self.addr, +1)  # (refused at begin_auth,
        # once keys are exchanged: then the client can read why)

    def connection_lost(self, exc: Exception | None) -> None:
        self.server.count(self.server.per_address, self.addr, -1)
        if self.identity is not None:
            self.server.count(self.server.per_login, self.identity, -1)
            self.identity = None

    def _refuse_beyond_limits(self) -> bool:
        why = self.server.limits.refusal(self.server, self)
        if why is None or self.conn is None:
            return False
        log.warning("refused a connection from %s as %r: %s", self.addr, self.user[:64], why)
        self.conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, why)
        return True

    def begin_auth(self, username: str) -> bool:
        self.user = username
        self._refuse_beyond_limits()
        return True  # authentication is always required

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        fp = fingerprint(key)
        if fp in self.server.keys.fingerprints():
            self.key = fp
            return True
        return False  # (a client offers each key it has: a wrong one is no guess)

    def password_auth_supported(self) -> bool:
        return self.server.passwords is not None and self.passwords_tried < self.MAX_PASSWORDS

    async def validate_password(self, username: str, password: str) -> bool:
        """Wait for this attempt's turn, then (unless passwords from this address or for this
        name are refused for now) check the password."""
        self.passwords_tried += 1
        throttle, passwords = self.server.throttle, self.server.passwords
        wait = throttle.turn(self.addr, username)
        if wait is None:
            log.warning("password refused unread from %s as %r: too many waiting", self.addr,
                        username[:64])
            return False
        failed = False
        try:
            if wait:
                await asyncio.sleep(wait)
            if throttle.blocked(self.addr, username):
                log.warning("password refused unread from %s as %r: too many failed logins",
                            self.addr, username[:64])
                return False
            if passwords is not None and len(password) < 1024 and passwords.check(username, password):
                self.key = "password"
                return True
            failed = True
            log.warning("failed password from %s as %r", self.addr, username[:64])
            return False
        finally:
            throttle.done(self.addr, username, failed)

    def auth_completed(self) -> None:
        self.identity = Identity(self.user, self.key or "password")
        self.server.count(self.server.per_login, self.identity, +1)
        if not self._refuse_beyond_limits():
            log.info("login: %r from %s (%s)", self.user[:64], self.addr, self.key)

    def session_requested(self) -> "Session":
        if not self.server.may_start(self.identity):
            raise asyncssh.ChannelOpenError(
                asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED,
                "Too many new terminals for your login this minute; wait a little and connect "
                "again.")
        if self.session is not None and not self.session.closed:
            raise asyncssh.ChannelOpenError(
                asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED,
                "One terminal per connection: connect again for another.")
        if self.sessions_opened >= self.MAX_SESSIONS:
            raise asyncssh.ChannelOpenError(
                asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED,
                f"A connection may open {self.MAX_SESSIONS} terminals; connect again for more.")
        self.sessions_opened += 1
        self.server.started(self.identity)
        self.session = Session(self.server, self.identity or Identity(self.user, self.key or "password"))
        return self.session


class Session(asyncssh.SSHServerSession):
    """One SSH session: a terminal, and the app drawn on it."""

    def __init__(self, server: "ShardsServer", who: Identity) -> None:
        self.server = server
        self.who = who
        self.chan: asyncssh.SSHServerChannel | None = None
        self.size: tuple[int, int] = (80, 24)
        self.term = ""
        self.env: dict[str, str] = {}
        self.pty = False
        self.command: str | None = None
        self.driver: Any = None
        self.app: Any = None
        self.closed = False
        self._window_start = 0.0
        self._window_bytes = 0
        self.last_input = 0.0  # when this terminal last sent something (monotonic)
        self.started = time.monotonic()
        self.early_input: list[bytes] = []
        self.goodbye: str | None = None  # said to the client after its app has ended

    # ---- asyncssh callbacks -----------------------------------------------------------------

    def connection_made(self, chan: asyncssh.SSHServerChannel) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int],
                      term_modes: Any) -> bool:
        self.pty = True
        self.term = term_type or ""
        self.size = (term_size[0] or 80, term_size[1] or 24)
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        self.command = command
        return True  # accepted only to say why it is refused (session_started)

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def session_started(self) -> None:
        assert self.chan is not None
        env = self.chan.get_environment() or {}
        self.env = {k: v for k, v in env.items() if isinstance(k, str) and isinstance(v, str)}
        if self.command is not None or not self.pty:
            why = "commands are not run" if self.command is not None else "no terminal was requested"
            self.chan.write_stderr(f"Refused ({why}). ".encode() + NO_PTY.encode())
            log.info("refused a session from %r: %s", self.who.user[:64], why)
            self.chan.exit(1)
            return
        # Start the app with a fresh context, not the connection's (or another app's).
        contextvars.Context().run(asyncio.get_running_loop().create_task, self._run())

    def data_received(self, data: bytes, datatype: Any) -> None:
        if self.closed:
            return
        now = time.monotonic()
        self.server.last_input = self.last_input = now
        if now - self._window_start > 1.0:
            self._window_start, self._window_bytes = now, 0
        self._window_bytes += len(data)
        if self._window_bytes > MAX_INPUT_PER_SECOND:
            self.misbehaved("more input than a player can send (a huge paste?)")
            return
        if self.driver is not None:
            self.driver.feed(data)
        elif len(self.early_input) < 64:
            self.early_input.append(data)  # typed while the app was starting

    def terminal_size_changed(self, width: int, height: int, pixwidth: int,
                              pixheight: int) -> None:
        self.size = (width or self.size[0], height or self.size[1])
        if self.driver is not None:
            self.driver.resized(*self.size)

    def break_received(self, msec: int) -> bool:
        return False

    def eof_received(self) -> bool:
        self._end_app("the client closed its input")
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        self._end_app("connection lost" if exc is None else f"connection lost ({exc})")

    # ---- what the driver uses --------------------------------------------------------------------

    def send(self, data: bytes) -> None:
        chan = self.chan
        if self.closed or chan is None:
            return
        try:
            chan.write(data)
            if chan.get_write_buffer_size() > MAX_OUTPUT_BACKLOG:
                self.misbehaved("the client stopped reading")
        except (asyncssh.Error, OSError, BrokenPipeError) as exc:
            self.closed = True
            self._end_app(f"write failed ({exc})")

    def misbehaved(self, reason: str) -> None:
        """Close this connection (only this one) with a log line."""
        if self.closed:
            return
        log.warning("closing %r's connection: %s", self.who.user[:64], reason)
        self.closed = True
        self._end_app(reason)
        if self.chan is not None:
            try:
                if self.driver is not None:  # the app had the screen: give the terminal back
                    self.chan.write(RESTORE.encode() + f"\r\nClosed: {reason}. "
                                    f"{self.farewell(kept_only=True)}\r\n".encode())
                self.chan.close()
            except Exception:  # already gone
                pass

    def farewell(self, broke: bool = False, kept_only: bool = False) -> str:
        """The one sentence the client reads after the app has given its terminal back: how
        the game it watched ended, which seats stay this player's, and how to come back."""
        hub = self.server.hub
        tables = list(getattr(hub, "tables", {}).values())
        kept = [t.id for t in tables if t.seat_of(self.who) is not None
                and not (t.controller is not None and t.controller.over)]
        where = "; ".join(filter(None, [
            f"your seat{'s' if len(kept) > 1 else ''} at table "
            f"{', '.join(map(str, kept))} {'stay' if len(kept) > 1 else 'stays'} yours"
            if kept else "",
            f"to {'return' if kept else 'play again'}, connect again with: {self.reconnect()}"]))
        if kept_only:
            return where[0].upper() + where[1:] + "."
        if broke:
            return f"Sorry: shards-tui failed on the server and closed this connection; {where}."
        shown = getattr(self.app, "table", None)
        over = ""
        if shown is not None and shown.controller is not None and shown.controller.over:
            over = f"The game at table {shown.id} is {shown.status()}. "
        return f"{over}Goodbye from shards-tui; {where}."

    def reconnect(self) -> str:
        """The ssh command that reaches this server again as this player."""
        host, port = "HOST", 22
        info = getattr(self.chan, "get_extra_info", None)
        if callable(info):
            local = info("sockname") or ()
            if len(local) >= 2:
                host, port = str(local[0]), int(local[1])
        user = "".join(c for c in self.who.user if c.isalnum() or c in "._-")[:32] or "NAME"
        host = f"[{host}]" if ":" in host else host
        return f"ssh -t -p {port} {user}@{host}"

    # ---- the app ---------------------------------------------------------------------------------

    def _end_app(self, reason: str) -> None:
        app = self.app
        if app is not None and not getattr(app, "_ending", False):
            app._ending = True
            log.info("%r: %s (%s)", self.who.user[:64], reason, app.whereabouts())
            # Queued, not called: an app still composing its first screen must finish that
            # before it can exit cleanly.
            app.call_later(app.exit, return_code=1)

    async def _run(self) -> None:
        code = 1
        try:
            self.app = self.server.app_factory(self)
            self.server.sessions.add(self)
            await self.app.run_async()
            code = self.app.return_code or 0
            if not self.app._ending:  # the player quit (q or ctrl+q), not a dropped connection
                log.info("%r: quit (%s)", self.who.user[:64], self.app.whereabouts())
        except Exception:  # the app broke: this connection only
            log.exception("%r's app failed", self.who.user[:64])
        finally:
            self.server.sessions.discard(self)
            sys.stdout, sys.stderr = REAL_STDOUT, REAL_STDERR
            if self.goodbye is None and not self.closed:
                self.goodbye = self.farewell(broke=code != 0)
            if self.app is not None:
                self.app.detach()
            self.driver = None
            self.app = None
            clear_parser_cache()
            if not self.closed and self.chan is not None:
                self.closed = True
                try:
                    if self.goodbye:
                        self.chan.write(self.goodbye.encode() + b"\r\n")
                    self.chan.exit(code)
                except Exception:
                    pass


def served_app(session: Session) -> Any:
    """The app a connection gets: the lobby, its tables and hot-seat games."""
    return ServedApp(session.server.hub, session.who, link=session, env=session.env,
                     term=session.term, colors=session.server.colors)


class ShardsServer:
    """Settings and shared state of one running server.

    ``app_factory`` makes each connection's app from its session (``served_app`` unless a
    benchmark serves another). The app is drawn by ``SSHDriver`` on ``link`` (the session),
    and the session asks it ``whereabouts()`` for the log and ``detach()`` when it ends."""

    def __init__(self, hub: Any, authorized_keys: Path, password_file: Path | None = None,
                 colors: str = "auto", throttle: Throttle | None = None,
                 app_factory: Callable[[Session], Any] = served_app,
                 limits: Limits | None = None) -> None:
        self.hub = hub
        self.limits = limits or Limits()
        self.per_address: dict[str, int] = {}  # connections open now
        self.per_login: dict[Identity, int] = {}
        self.starts: dict[Identity | None, list[float]] = {}  # login -> its new terminals' times
        self.last_input = 0.0  # when any session last sent something (monotonic)
        self.collector = QuietCollector(lambda: self.last_input)
        self._collecting: asyncio.Task | None = None
        self.idle_lines = IdleLines(lambda: self.sessions)
        self._idling: asyncio.Task | None = None
        self.app_factory = app_factory
        self.colors = colors
        self.keys = KeyFile(authorized_keys)
        self.passwords = PasswordFile(password_file) if password_file else None
        self.throttle = throttle or Throttle()
        self.sessions: set[Session] = set()
        self.acceptor: asyncssh.SSHAcceptor | None = None

    async def start(self, host: str, port: int, host_key: asyncssh.SSHKey) -> None:
        self.acceptor = await asyncssh.create_server(
            lambda: Login(self), host, port, server_host_keys=[host_key],
            line_editor=False, encoding=None, agent_forwarding=False, x11_forwarding=False,
            allow_scp=False, login_timeout=60, keepalive_interval=30,
            server_version="shards-tui")
        self._collecting = asyncio.get_running_loop().create_task(self.collector.run())
        self._idling = asyncio.get_running_loop().create_task(self.idle_lines.run())

    def may_start(self, who: Identity | None) -> bool:
        """Whether ``who`` may open another terminal (an app) now: at most
        ``limits.starts_per_minute`` a minute, so that connecting over and over cannot make
        the server build app after app."""
        now = time.monotonic()
        recent = [t for t in self.starts.get(who, []) if now - t < 60.0]
        self.starts[who] = recent
        if not recent:
            del self.starts[who]
        return len(recent) < self.limits.starts_per_minute

    def started(self, who: Identity | None) -> None:
        self.starts.setdefault(who, []).append(time.monotonic())

    @staticmethod
    def count(table: dict[Any, int], key: Any, step: int) -> None:
        left = table.get(key, 0) + step
        if left > 0:
            table[key] = left
        else:
            table.pop(key, None)

    @property
    def port(self) -> int:
        assert self.acceptor is not None
        return self.acceptor.sockets[0].getsockname()[1]

    def close(self) -> None:
        """Stop at once: no new logins, every connection closed."""
        if self.acceptor is not None:
            self.acceptor.close()
        if self._collecting is not None:
            self._collecting.cancel()
            self._collecting = None
            self.collector.stop()
        if self._idling is not None:
            self._idling.cancel()
            self._idling = None
        for session in list(self.sessions):
            session.misbehaved("the server is shutting down")

    async def shutdown(self, grace: float = 2.0) -> None:
        """Stop politely: each app exits (giving its terminal back to the client's shell),
        then whatever is left is closed."""
        if self.acceptor is not None:
            self.acceptor.close()
        for session in list(self.sessions):
            app = session.app
            if app is not None and not getattr(app, "_ending", False):
                app._ending = True
                session.goodbye = "The shards-tui server is shutting down; your game is saved."
                app.call_later(app.exit, return_code=0)
        deadline = asyncio.get_running_loop().time() + grace
        while self.sessions and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.05)
        self.close()


def run_loop(main: Callable[[], Any]) -> Any:
    """Run ``main()`` (a coroutine function) on the server's loop (``loop.AccountingLoop``)."""
    with asyncio.Runner(loop_factory=AccountingLoop) as runner:
        return runner.run(main())
