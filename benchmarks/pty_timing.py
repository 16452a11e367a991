"""Drive a terminal program in a pseudo-terminal and time what it paints.

Used by benchmarks/run.py (never by the tests). The program is started with ``pty.fork`` on a
terminal of a fixed size. The harness answers Textual's query for synchronized output
(DECRQM 2026), so every frame the app writes ends with ``ESC [ ? 2026 l``: counting those
marks tells exactly when a frame has been fully written, for the app under test and the bare
baseline alike.
"""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import signal
import struct
import termios
import time
from dataclasses import dataclass, field

SYNC_QUERY = b"\x1b[?2026$p"
SYNC_REPLY = b"\x1b[?2026;2$y"  # "mode 2026 is supported and reset"
FRAME_END = b"\x1b[?2026l"
_ESCAPES = re.compile(rb"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[PX^_][^\x1b]*\x1b\\|.)")


def plain(data: bytes) -> str:
    """The text of terminal output with escape sequences removed."""
    return _ESCAPES.sub(b"", data).decode("utf-8", "replace")


@dataclass
class Frame:
    at: float  # perf_counter when the frame's end mark was read
    offset: int  # where in the output the frame ends


@dataclass
class PtyApp:
    """One program on a pseudo-terminal; ``output`` holds everything it wrote."""

    argv: list[str]
    cols: int = 120
    rows: int = 40
    env: dict[str, str] | None = None
    started: float = 0.0
    pid: int = 0
    fd: int = -1
    output: bytearray = field(default_factory=bytearray)
    frames: list[Frame] = field(default_factory=list)

    def start(self) -> "PtyApp":
        env = dict(os.environ if self.env is None else self.env)
        env.setdefault("TERM", "xterm-256color")
        env.pop("TEXTUAL", None)
        env["COLUMNS"], env["LINES"] = str(self.cols), str(self.rows)
        self.started = time.perf_counter()
        pid, fd = pty.fork()
        if pid == 0:  # the child: size its terminal, then become the program
            try:
                fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", self.rows, self.cols, 0, 0))
                os.execvpe(self.argv[0], self.argv, env)
            finally:
                os._exit(127)
        self.pid, self.fd = pid, fd
        return self

    def resize(self, cols: int, rows: int) -> None:
        self.cols, self.rows = cols, rows
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        os.kill(self.pid, signal.SIGWINCH)

    def pump(self, timeout: float) -> bool:
        """Read whatever arrives within ``timeout`` seconds; False if nothing did."""
        ready, _, _ = select.select([self.fd], [], [], max(0.0, timeout))
        if not ready:
            return False
        try:
            chunk = os.read(self.fd, 65536)
        except OSError:  # the program has gone (EIO on Linux)
            raise EOFError("the program closed its terminal") from None
        if not chunk:
            raise EOFError("the program closed its terminal")
        now = time.perf_counter()
        start = max(0, len(self.output) - len(FRAME_END))
        self.output += chunk
        if SYNC_QUERY in self.output[start:]:
            os.write(self.fd, SYNC_REPLY)
        at = start
        while (at := self.output.find(FRAME_END, at)) != -1:
            at += len(FRAME_END)
            if not self.frames or self.frames[-1].offset < at:
                self.frames.append(Frame(now, at))
        return True

    def wait_for_text(self, text: str, timeout: float = 30.0, since: int = 0) -> float:
        """perf_counter when ``text`` first shows in the output after offset ``since``."""
        deadline = time.perf_counter() + timeout
        while True:
            if text in plain(bytes(self.output[since:])):
                return time.perf_counter()
            left = deadline - time.perf_counter()
            if left <= 0:
                raise TimeoutError(f"'{text}' did not appear within {timeout} s")
            self.pump(min(left, 0.05))

    def _press(self, data: bytes | str) -> tuple[int, float]:
        """Send a key once the program is quiet: (output offset, perf_counter) when sent."""
        self.settle(0.02, 0.5)  # drop what was already under way
        mark = len(self.output)
        t0 = time.perf_counter()
        os.write(self.fd, data.encode() if isinstance(data, str) else data)
        return mark, t0

    def key_to_text(self, data: bytes | str, text: str, timeout: float = 30.0) -> float:
        """Send a key; seconds until the end of the first frame that shows ``text``."""
        mark, t0 = self._press(data)
        deadline = t0 + timeout
        while True:
            before = len(self.output)
            if not self.pump(min(0.05, max(0.0, deadline - time.perf_counter()))):
                if time.perf_counter() > deadline:
                    raise TimeoutError(f"'{text}' did not appear within {timeout} s")
                continue
            if text in plain(bytes(self.output[mark:])):
                return self.wait_for_frame(before, max(1.0, deadline - time.perf_counter())).at - t0

    def wait_for_frame(self, after: int, timeout: float = 5.0) -> Frame:
        """The first frame that ends after output offset ``after``."""
        deadline = time.perf_counter() + timeout
        while True:
            later = [f for f in self.frames if f.offset > after]
            if later:
                return later[0]
            left = deadline - time.perf_counter()
            if left <= 0:
                raise TimeoutError(f"no frame within {timeout} s")
            self.pump(min(left, 0.05))

    def settle(self, quiet: float = 0.15, limit: float = 5.0) -> None:
        """Read until the program has written nothing for ``quiet`` seconds."""
        deadline = time.perf_counter() + limit
        while time.perf_counter() < deadline and self.pump(quiet):
            pass

    def send(self, data: bytes | str, quiet: float = 0.1) -> None:
        """Send keys without timing them; read until the program is quiet again."""
        os.write(self.fd, data.encode() if isinstance(data, str) else data)
        self.settle(quiet)

    def key(self, data: bytes | str, timeout: float = 5.0, quiet: float = 0.05) -> float:
        """Send a key; seconds until the last frame of the repaint it causes has been written
        (the last frame before the app stays quiet for ``quiet`` seconds)."""
        mark, t0 = self._press(data)
        last = self.wait_for_frame(mark, timeout)
        while self.pump(quiet):
            if self.frames[-1].offset > last.offset:
                last = self.frames[-1]
            if time.perf_counter() - t0 > timeout:
                break
        return last.at - t0

    def peak_rss_kib(self) -> int | None:
        """The high-water mark of the program's resident memory (Linux), in KiB."""
        try:
            with open(f"/proc/{self.pid}/status", encoding="ascii") as status:
                for line in status:
                    if line.startswith("VmHWM:"):
                        return int(line.split()[1])
        except OSError:
            return None
        return None

    def stop(self) -> None:
        if self.pid:
            try:
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
            except (ProcessLookupError, ChildProcessError):
                pass
            self.pid = 0
        if self.fd >= 0:
            try:
                os.close(self.fd)
            except OSError:
                pass
            self.fd = -1

    def __enter__(self) -> "PtyApp":
        return self.start()

    def __exit__(self, *_exc: object) -> None:
        self.stop()
