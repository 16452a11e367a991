"""The status line names an empty space by the tile beside it and its side: the cursor moved
from one empty space to the next reads differently (the same sentence for both left the key
unanswered on screen, the status line unchanged); a key that would take the cursor off the map
says so in one line and changes nothing else."""

from __future__ import annotations

from inf_ui_support import app_for, new_game, position, said, settle, table

from shards_tui.core.hex import Hex
from shards_tui.ui.tables.infinities.map_data import describe_hex
from shards_tui.ui.tables.infinities.table_data import Targets
from shards_tui.ui.widgets.hex_grid import HexGridView


def test_two_empty_spaces_beside_the_same_tile_read_differently() -> None:
    view = position().view(0)  # the Lumen Market south of the Rift, at 0,1
    east, south = describe_hex(view, Hex(1, 1), Targets()), describe_hex(view, Hex(0, 2), Targets())
    assert east.startswith("An empty space south-east of") and "discovery may place" in east
    assert south == "An empty space south of Lumen Market: a discovery may place a tile here."
    assert describe_hex(view, Hex(5, 5), Targets()) == "Off the map: nothing is here."


async def test_a_key_at_the_maps_edge_says_why_the_cursor_stays() -> None:
    ctl = new_game(2)  # the first tile to place: the Rift and the six empty spaces around it
    app = app_for(ctl)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        board = table(app).query_one(HexGridView)
        await pilot.press("8")  # north of the Rift: an empty space, the map's edge
        await settle(pilot)
        assert board.cursor == Hex(0, -1) and said(app).startswith("An empty space north of")
        before, faces = ctl.state_json(), dict(board.faces)
        await pilot.press("8")  # further north: nothing
        await settle(pilot)
        assert said(app) == "✗ The map ends here: no tile or empty space lies north of the cursor."
        await pilot.press("8")  # again: the line answers again
        await settle(pilot)
        assert said(app).endswith("(x2)")
        await pilot.press("7")  # north-west: off the map too
        await settle(pilot)
        assert "lies north-west of the cursor" in said(app)
        assert board.cursor == Hex(0, -1) and ctl.state_json() == before and board.faces == faces
        assert not ctl.history
