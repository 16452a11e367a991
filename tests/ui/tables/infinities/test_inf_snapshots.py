"""One snapshot of the Infinities table at 120x40: a turn's spending, the map with walls,
pawns, the moves and the leader in reach marked, the dice, the hand, the mats and the Roles."""

from __future__ import annotations

from inf_ui_support import app_for, position


def test_a_turn_on_the_map_120x40(snap_compare) -> None:
    ctl = position(ana={"hand": ["spinefire_bolt", "tide_adept"], "units": ["acolyte_of_embers"]},
                   ben={"units": ["patrol_drone"]}, dice=["fortitude", "power", "tide", "tide"])

    async def run_before(pilot) -> None:
        await pilot.pause()
        await pilot.press("m", "2")  # the map's cursor south of Ana, onto the Rift
        await pilot.pause()

    assert snap_compare(app_for(ctl), run_before=run_before, terminal_size=(120, 40))
