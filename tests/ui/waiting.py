"""Waiting for the app in a pilot test: until a condition holds, never for a length of time or
a number of pauses (a pause lasts as long as the machine needs to go idle, so a count of them is
a length of time that shrinks under load)."""

from __future__ import annotations

import time
from typing import Callable

# Seconds: only a test that would otherwise wait for ever (a bug) gets this far, and fails. Far
# beyond what any wait here takes on a loaded machine.
HANG = 300.0


async def until(pilot, condition: Callable[[], object], poll: float | None = 0.02,
                what: str = "the condition") -> None:
    """Let the app run until ``condition()`` holds, looking again every ``poll`` seconds
    (None: each time the app goes idle, which takes up to a second while bots think)."""
    end = time.monotonic() + HANG
    while not condition():
        assert time.monotonic() < end, f"still waiting for {what} after {HANG:.0f} s"
        await pilot.pause(poll)


async def until_cover(pilot, kind: type | None = None, player: str | None = None) -> None:
    """Until a hand-off cover (of ``kind``, for ``player``) is up and takes keys. A cover drops
    a key that comes before its first frame (the last player's), so a test that pressed Enter
    as soon as the cover was pushed lost it on a loaded machine and waited for ever."""
    from shards_tui.ui.screens.handoff import HandoffScreen

    def up() -> bool:
        screen = pilot.app.screen
        return (isinstance(screen, kind or HandoffScreen) and screen.takes_keys
                and (player is None or screen.player == player))
    await until(pilot, up, what="a hand-off cover that takes keys")
