"""Snapshots of the title screen at the two supported terminal sizes (no autosave)."""

from __future__ import annotations

import pytest

from shards_tui.ui.app import ShardsApp


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_title_screen(snap_compare, size) -> None:
    assert snap_compare(ShardsApp(cursor_blink=False), terminal_size=size)
