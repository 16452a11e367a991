"""What the client's terminal is left with when the app ends, also after a resize."""

from __future__ import annotations

import asyncio
from pathlib import Path

from server_support import settle
from test_stale_input import start


async def test_the_alternate_screen_is_cleared_before_it_is_left(tmp_path: Path) -> None:
    _hub, link, app, task = await start(tmp_path)
    link.size = (120, 36)
    link.driver.resized(120, 36)
    await settle(app)
    drawn = len(link.out)
    app.exit()
    await asyncio.wait_for(task, 10)
    app.detach()
    after = bytes(link.out[drawn:])
    # Without the clearing, tmux (and terminals like it) showed the lobby above the shell's
    # prompt after a resize, with the goodbye line printed over it.
    assert after.index(b"\x1b[2J") < after.index(b"\x1b[?1049l")
    assert after.rindex(b"\x1b[?1049l") > after.rindex(b"\x1b[2J")
