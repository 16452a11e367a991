"""The status line names an empty space by the tile beside it and its side: the cursor moved
from one empty space to the next reads differently (the same sentence for both left the key
unanswered on screen, the status line unchanged)."""

from __future__ import annotations

from inf_ui_support import position

from shards_tui.core.hex import Hex
from shards_tui.ui.tables.infinities.map_data import describe_hex
from shards_tui.ui.tables.infinities.table_data import Targets


def test_two_empty_spaces_beside_the_same_tile_read_differently() -> None:
    view = position().view(0)  # the Lumen Market south of the Rift, at 0,1
    east, south = describe_hex(view, Hex(1, 1), Targets()), describe_hex(view, Hex(0, 2), Targets())
    assert east.startswith("An empty space south-east of") and "discovery may place" in east
    assert south == "An empty space south of Lumen Market: a discovery may place a tile here."
    assert describe_hex(view, Hex(5, 5), Targets()) == "Off the map: nothing is here."
