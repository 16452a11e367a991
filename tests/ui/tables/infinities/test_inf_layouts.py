"""Another seat's moves repaint a waiting seat's table without laying the screen out again:
at a 6-seat SSH table each layout of the waiting seats' and spectators' screens (all at once,
after the same move) held the server's loop for a few hundred milliseconds."""

from __future__ import annotations

from inf_ui_support import app_for, position, screen_text, settle, table

from shards_tui.ui.tables.infinities.discovery import InfDiscovery
from shards_tui.ui.tables.infinities.hand import InfHand
from shards_tui.ui.widgets.hex_grid import HexGridView

CY = {"name": "Cy", "leader": "vessa_emberborn", "at": "0,1", "bot": "greedy"}


async def _until(pilot, condition) -> None:
    for _ in range(1000):
        if condition():
            return
        await pilot.pause(0.02)


async def test_the_others_deploys_and_the_next_dice_repaint_a_waiting_seat_without_a_layout() -> None:
    # Ben deploys, then Ana, then Cy (bots a tenth of a second a move); then Ben's turn.
    ctl = position(active=1, phase="deploy", order=[1, 0, 2], more=[CY])
    app = app_for(ctl, pace=0.1)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await _until(pilot, lambda: 0 in ctl.view(0).acting)
        screen = table(app)
        screen.run_command_text("done")  # Ana deploys nothing
        await settle(pilot)
        assert ctl.view(0).acting == [2] and ctl.view(0).phase == "deploy"
        before = screen.layouts
        await _until(pilot, lambda: ctl.view(0).phase != "deploy")  # Cy's deploy: Ben's turn
        await settle(pilot)
        assert ctl.view(0).phase != "deploy" and 0 not in ctl.view(0).acting
        assert screen.layouts == before


async def test_opening_and_closing_a_discovery_lays_nothing_out() -> None:
    # The discovery's tile list is the lower row's other page: opening it scrolls the row
    # (the dice and the hand out of sight) instead of hiding and showing parts, each of which
    # laid the whole screen out (about 20 ms of the key's 30 in a terminal).
    ctl = position(ana={"leader": "vessa_emberborn"}, dice=["fortitude", "fortitude", "power", "tide"])
    app = app_for(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = table(app)
        picker, hand = screen.query_one(InfDiscovery), screen.query_one(InfHand)
        before = screen.layouts
        await pilot.press("3", "enter")  # south-east of the Gale Spire: an empty space
        await settle(pilot)
        assert ctl.view(0).pending is not None and ctl.view(0).pending.kind == "discover"
        assert screen.focused is picker and "fit)" in screen_text(app)
        assert "─ Your hand" not in screen_text(app)
        await pilot.press("tab")  # the hand, out of sight, does not take the keys
        await settle(pilot)
        assert screen.focused is not hand
        assert screen.layouts == before
        await pilot.press("u")  # taken back: the dice and the hand again
        await settle(pilot)
        assert ctl.view(0).pending is None and "─ Your hand" in screen_text(app)
        assert screen.layouts == before
        screen.query_one(HexGridView).focus()
        await pilot.press("3", "enter")
        await settle(pilot)
        assert screen.focused is picker
        await pilot.press("enter")  # placed (the log's new lines give it its scrollbar: a layout)
        await settle(pilot)
        assert ctl.view(0).pending is None and ctl.view(0).players[0].at == "1,-1"
        assert "─ Dice" in screen_text(app) and "─ Your hand" in screen_text(app)
        before = screen.layouts
        await pilot.press("m", "c", "3", "enter")  # on south-east with the other Fortitude
        await settle(pilot)
        assert screen.focused is picker and "fit)" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert ctl.view(0).pending is None and ctl.view(0).players[0].at == "2,-1"
        assert "─ Dice" in screen_text(app) and "─ Your hand" in screen_text(app)
        assert screen.layouts == before
