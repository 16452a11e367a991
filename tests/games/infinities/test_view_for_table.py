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


def test_a_move_builds_again_only_the_tiles_and_cards_it_changed() -> None:
    # Ana moves south from the Gale Spire (0,-1) into the Rift (0,0): two tiles change (her
    # pawn leaves one, stands on the other); the others, and the cards in her group and on
    # the discard piles, are the ones the view before held (views are read-only).
    ctl = position([{"hand": ["tide_adept"], "timeline": ["foresight"]}, {"hand": ["patrol_drone"]}],
                   dice=["fortitude", "fortitude", "power", "tide"])
    before = ctl.view(0)
    ctl.apply("move s", 0)
    after = ctl.view(0)
    was = {t.hex: t for t in before.tiles}
    changed = {t.hex for t in after.tiles if t is not was.get(t.hex)}
    assert changed == {"0,-1", "0,0"}, changed
    assert next(t for t in after.tiles if t.hex == "0,0").pawn == 0
    assert next(t for t in after.tiles if t.hex == "0,-1").pawn is None
    held = {r.id: r for p in before.players for r in (*p.timeline, *(p.hand or ()))}
    again = [r for p in after.players for r in (*p.timeline, *(p.hand or ())) if r.id in held]
    assert again and all(r is held[r.id] for r in again)
    assert after.players[1].hand is None  # Ben's hand stays out of Ana's view
