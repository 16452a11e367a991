"""The server drops the drawn lines of a terminal idle a while (``IdleLines``): once it has
had no input and no frame for ``AFTER`` seconds, and not again until it draws or is typed at."""

from __future__ import annotations

from types import SimpleNamespace

from shards_tui.server.idle_lines import IdleLines


class _App:
    def __init__(self) -> None:
        self.forgotten = 0

    def forget_drawn_lines(self) -> None:
        self.forgotten += 1


class _Session:
    def __init__(self) -> None:
        self.driver, self.app = SimpleNamespace(frames=3), _App()
        self.closed, self.last_input = False, 0.0


def _session() -> _Session:
    return _Session()


def test_an_idle_terminal_drops_its_lines_once_until_it_draws_or_is_typed_at() -> None:
    now = [100.0]
    idle, busy, gone = _session(), _session(), _session()
    gone.closed = True
    lines = IdleLines(lambda: [idle, busy, gone], clock=lambda: now[0])
    lines.tick()  # first seen
    now[0] += lines.AFTER - 1
    busy.driver.frames += 1  # a frame: idle again from now
    assert lines.tick() == 0
    now[0] += 1
    assert lines.tick() == 1 and (idle.app.forgotten, busy.app.forgotten) == (1, 0)
    now[0] += lines.AFTER
    assert lines.tick() == 1 and (idle.app.forgotten, busy.app.forgotten) == (1, 1)
    assert lines.tick() == 0  # once
    idle.last_input = now[0]  # a key: drawn lines are kept again, dropped after AFTER again
    lines.tick()
    now[0] += lines.AFTER
    assert lines.tick() == 1 and idle.app.forgotten == 2 and gone.app.forgotten == 0
