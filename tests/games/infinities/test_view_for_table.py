"""What the view carries for the table's board: the hexes the viewer's reach covers, and the
space a discovery is placing its tile on."""

from __future__ import annotations

from tests.games.infinities.helpers import new_game, position


def test_the_reach_lists_the_viewers_reachable_tiles_only() -> None:
    # Ana (Orun, Power 1) on the Gale Spire at 0,-1; Ben's pawn next to her at 0,-2.
    ctl = position(dice=["power", "power", "tide", "tide"])
    mine = ctl.view(0)
    assert "0,-1" in mine.in_reach and "0,-2" in mine.in_reach
    assert "0,-3" not in mine.in_reach  # no tile there
    assert ctl.view(None).in_reach == []  # the public view has no reach of its own
    assert "0,-1" in ctl.view(1).in_reach  # Ben's own reach reaches Ana


def test_a_discovery_names_the_space_its_tile_goes_on() -> None:
    ctl = new_game(2, seed=1)
    assert ctl.view(0).discovering is None
    ctl.apply("move se", 0)
    assert ctl.view(0).discovering == "1,0"  # south-east of the Rift at 0,0
    assert ctl.view(1).discovering == "1,0"  # public: where a tile goes is seen by all
