"""A turn at the Infinities table by its keys: a deploy (the redraw, a unit from the hand), the
action check in the dice tray, locking, the leader's and units' moves, ending the turn; the
keys of a move that is not legal now say why and change nothing."""

from __future__ import annotations

from inf_ui_support import app_for, position, said, settle, table

from shards_tui.ui.tables.infinities.hand import InfHand
from shards_tui.ui.tables.infinities.menu import MoveMenu
from shards_tui.ui.tables.infinities.tray import InfDiceTray


async def test_a_deploy_redraws_marked_cards_then_deploys_a_unit_from_the_hand() -> None:
    ctl = position(ana={"hand": ["tide_adept", "gale_runner", "spinefire_bolt", "spine_sentinel",
                                 "grove_warden"]}, phase="deploy")
    app = app_for(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = table(app)
        assert screen.focused is screen.query_one(InfHand)
        await pilot.press("down", "down", "space", "r")  # the Spinefire Bolt: redraw it
        await settle(pilot)
        assert [h.text for h in ctl.history] == ["redraw 3"]
        assert len(ctl.state.players[0].hand) == 5
        await pilot.press("home", "enter")  # the Tide Adept: what it can do
        await settle(pilot)
        assert isinstance(app.screen, MoveMenu)
        await pilot.press("enter")
        await settle(pilot)
        assert [h.text for h in ctl.history][-1] == "play tide_adept"
        assert [u.card.split("#")[0] for u in ctl.state.players[0].group] == ["tide_adept"]
        await pilot.press("space")  # the redraw is used: marking says why it does nothing
        await settle(pilot)
        assert "redraw" in said(app)
        await pilot.press("e")
        await settle(pilot)
        assert [h.text for h in ctl.history][-1] == "done"


async def test_the_action_check_is_chosen_rolled_and_locked_in_the_tray() -> None:
    ctl = position(phase="check")
    app = app_for(ctl)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table(app)
        tray = screen.query_one(InfDiceTray)
        assert screen.focused is tray
        before = ctl.state_json()
        await pilot.press("t", "p", "enter")  # two dice: not yet
        await settle(pilot)
        assert "2 more" in said(app) and ctl.state_json() == before
        await pilot.press("f", "backspace", "f", "f", "t")  # a fifth die is refused
        await settle(pilot)
        assert "4 dice" in said(app) and ctl.state_json() == before
        await pilot.press("enter")
        await settle(pilot)
        assert [h.text for h in ctl.history] == ["roll tide power fortitude fortitude"]
        assert ctl.state.flow.phase == "adjust"
        before = ctl.state_json()
        await pilot.press("r")  # every track at level 1: no reroll
        await settle(pilot)
        assert "cannot be rerolled" in said(app) and ctl.state_json() == before
        await pilot.press("enter")
        await settle(pilot)
        assert ctl.state.flow.phase == "act" and [h.text for h in ctl.history][-1] == "lock"


async def test_the_leaders_action_from_its_menu_and_ending_with_dice_left_asks_twice() -> None:
    ctl = position(dice=["fortitude", "power", "tide", "tide"], ana={"damage": 2})
    app = app_for(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("a")
        await settle(pilot)
        menu = app.screen
        assert isinstance(menu, MoveMenu)
        assert [text for text, _ in menu.moves][:1] == ["lead"]  # Orun's Bulwark: 1 Fortitude
        await pilot.press("enter")
        await settle(pilot)
        assert [h.text for h in ctl.history] == ["lead"] and ctl.state.players[0].damage == 0
        await pilot.press("e")
        await settle(pilot)
        assert "Press e again" in said(app) and len(ctl.history) == 1
        await pilot.press("e")
        await settle(pilot)
        assert [h.text for h in ctl.history] == ["lead", "end"]
