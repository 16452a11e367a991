"""A Textual driver that talks to one SSH channel instead of the process's terminal.

Every connection's app runs inside the server process on the server's one event loop; its
driver writes escape sequences to the channel and turns the bytes the client sends into
Textual events. The driver knows nothing of asyncssh: it talks to a ``Link`` (the session),
which sends bytes and knows the terminal size.

Things a terminal driver normally gets from the operating system and this one must do itself:

- input arrives in chunks from the channel; it is decoded (bad UTF-8 becomes U+FFFD) and
  handed to an ``InputPacer`` (``pacing.py``), which runs Textual's key parser and passes the
  events on at a bounded pace, ticking the parser while a lone Esc waits to see whether a
  sequence follows;
- window-change requests become Resize events (there is no SIGWINCH); they, and size reports
  typed in the input, go through the pacer's one resize limiter, and no size beyond
  ``pacing.MAX_SIZE`` is ever given to the app (the player is told once);
- there is no suspend (ctrl+z would stop the whole server), no termios, no signal handlers.
"""

from __future__ import annotations

import logging
import sys
from codecs import getincrementaldecoder
from typing import TYPE_CHECKING, Protocol

from rich.console import Console
from textual import events
from textual.driver import Driver
from textual.geometry import Size
from textual.message import Message

from shards_tui.server.loop import loop_time
from shards_tui.server.pacing import MAX_SIZE, InputPacer, clamp_size
from shards_tui.server.paste_guard import PasteGuard
from shards_tui.ui.textual_compat.keys import (XTermParser, driver_app, driver_mouse,
                                               forget_parsed_keys, parser_waits)

if TYPE_CHECKING:
    from textual.app import App

log = logging.getLogger("shards_tui.server")

# What gives the client its terminal back: the alternate screen cleared, mouse reports,
# bracketed paste and focus reports off, line wrap on, the normal screen, plain colours, the
# cursor shown. The clearing matters after a resize: some terminals (tmux among them) resize
# the normal screen with the alternate one's lines when they switch back, so whatever the
# app drew last would stay above the shell's prompt.
RESTORE = ("\x1b[0m\x1b[H\x1b[2J"
           "\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l\x1b[?2004l\x1b[?7h\x1b[?1004l"
           "\x1b[?1049l\x1b[0m\x1b[?25h")


class Link(Protocol):
    """What the driver needs from the connection it draws on."""

    size: tuple[int, int]
    driver: "SSHDriver | None"

    def send(self, data: bytes) -> None: ...

    def misbehaved(self, reason: str) -> None: ...


def clear_parser_cache() -> None:
    """Forget the key parser's memoised sequences: the cache is keyed by parser instance, so
    without this every finished connection's parser (and what it refers to) stays in memory."""
    forget_parsed_keys()


class SSHDriver(Driver):
    """Draws an app on an SSH channel. The app must have a ``link`` attribute (a Link)."""

    def __init__(self, app: App, *, debug: bool = False, mouse: bool = True,
                 size: tuple[int, int] | None = None) -> None:
        super().__init__(app, debug=debug, mouse=mouse, size=size)
        self.link: Link = app.link  # type: ignore[attr-defined]
        self.link.driver = self
        self._parser = XTermParser()
        self._decode = getincrementaldecoder("utf-8")(errors="replace").decode
        self._paste_guard = PasteGuard()  # an Esc inside a paste never turns it into keys
        self._input_on = False
        self.frames = 0  # writes to the channel (a resize is drawn once this grows)
        self._told_too_big = False
        self.pacer = InputPacer(self._parser.feed, self._parser.tick, self._esc_waits,
                                self._deliver, self.link.misbehaved, lambda: loop_time(app),
                                loop_time, frames=lambda: self.frames, too_big=self._too_big)
        # Input that came before application mode started (the session keeps what came even
        # before this driver existed).
        self._pending: list[bytes] = list(getattr(self.link, "early_input", []))[:64]
        self.bytes_out = 0

    # ---- output ------------------------------------------------------------------------------

    def write(self, data: str) -> None:
        if data:
            raw = data.encode("utf-8", "replace")
            self.bytes_out += len(raw)
            self.frames += 1
            self.link.send(raw)

    def _get_terminal_size(self) -> tuple[int, int]:
        width, height = self.link.size
        return clamp_size(width or 80, height or 24)

    # ---- application mode -----------------------------------------------------------------------

    def start_application_mode(self) -> None:
        width, height = self.link.size
        self.resized(width or 80, height or 24)  # (what the PTY request asked for)
        write = self.write
        write("\x1b[?1049h")  # the alternate screen
        self._mouse_on()
        write("\x1b[?25l")  # hide the cursor
        write("\x1b[?1004h")  # focus in / out reports
        write("\x1b[?2004h")  # bracketed paste
        write("\x1b[?7l")  # no line wrap
        write("\x1b[?2026$p")  # does the terminal do synchronised output?
        self._input_on = True
        pending, self._pending = self._pending, []
        for chunk in pending:
            self.feed(chunk)

    def _mouse_on(self) -> None:
        if driver_mouse(self):
            self.write("\x1b[?1000h\x1b[?1003h\x1b[?1015h\x1b[?1006h")

    def disable_input(self) -> None:
        self._input_on = False
        self.pacer.close()

    def stop_application_mode(self) -> None:
        self.disable_input()
        self.write(RESTORE)

    def close(self) -> None:
        self.disable_input()

    # ---- input ----------------------------------------------------------------------------------

    def feed(self, data: bytes) -> None:
        """Bytes from the client: decoded, and passed to the pacer (which parses them and
        posts the events to the app in their turn)."""
        if not self._input_on:
            if len(self._pending) < 64:
                self._pending.append(data)
            return
        self.pacer.feed(self._paste_guard(self._decode(data)))

    def _esc_waits(self) -> bool:
        """Whether the parser holds a lone Esc, waiting to see whether a sequence follows."""
        return parser_waits(self._parser)

    def _deliver(self, message: Message) -> None:
        try:
            self.process_message(message)
        except Exception as exc:  # this connection only
            self.link.misbehaved(f"unreadable input ({type(exc).__name__})")

    def resized(self, width: int, height: int) -> None:
        """The client's window changed size (or the app starts): tell the app (through the
        pacer once input is on), never more than ``MAX_SIZE``."""
        if self._input_on:
            self.pacer.resize(width, height)
            return
        if clamp_size(width, height) != (max(1, width), max(1, height)):
            self._too_big(width, height)
        self.pacer.size = clamp_size(width, height)
        size = Size(*self.pacer.size)
        self.send_message(events.Resize(size, size))

    def _too_big(self, width: int, height: int) -> None:
        """Say once, on this player's screen, that the app uses only part of their terminal."""
        if self._told_too_big:
            return
        self._told_too_big = True
        driver_app(self).call_later(
            driver_app(self).notify, f"Your terminal is {min(width, 99999)}x{min(height, 99999)}; "
            f"shards-tui draws at most {MAX_SIZE[0]}x{MAX_SIZE[1]} of it.", severity="warning",
            timeout=10, markup=False)

    def send_message(self, message: Message) -> None:
        # The app runs on this very loop: queue the message directly (no thread hop).
        driver_app(self).post_message(message)


class _Nowhere:
    """A file that drops what is written (a served app's console only measures and renders)."""

    def write(self, text: str) -> int:
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return True

    def fileno(self) -> int:
        return -1


def draw_through_ssh(app: App, link: Link, color_system: str) -> None:
    """Make ``app`` (before it runs) draw on ``link`` through an ``SSHDriver``: its console
    renders in the client's colours and writes nowhere (the driver writes), and its errors go
    to the server's real stderr, not to whichever app redirected sys.stderr."""
    app.link = link  # type: ignore[attr-defined]
    app.driver_class = SSHDriver
    app.console = Console(color_system=color_system,  # type: ignore[arg-type]
                          file=_Nowhere(), markup=True, highlight=False, emoji=False,
                          legacy_windows=False, force_terminal=True, safe_box=False,
                          soft_wrap=False, _environ={})
    app.error_console = Console(file=sys.__stderr__, markup=False, highlight=False)
