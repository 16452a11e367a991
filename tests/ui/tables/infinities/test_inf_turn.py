"""A turn at the Infinities table by its keys: a deploy (the redraw, a unit from the hand), the
action check in the dice tray, locking, the leader's and units' moves, ending the turn; the
keys of a move that is not legal now say why and change nothing."""

from __future__ import annotations

from inf_ui_support import app_for, new_game, position, said, settle, table

from shards_tui.games.infinities import commands as cm
from shards_tui.ui.tables.infinities import stops
from shards_tui.ui.tables.infinities.hand import InfHand
from shards_tui.ui.tables.infinities.mats import InfPlayers
from shards_tui.ui.tables.infinities.menu import MoveMenu
from shards_tui.ui.tables.infinities.screen import InfinitiesTable
from shards_tui.ui.tables.infinities.table_data import tray as tray_of
from shards_tui.ui.tables.infinities.tray import InfDiceTray
from shards_tui.ui.tables.infinities.words import move_words, summary
from tests.games.infinities.helpers import position as rules_position
from tests.ui.part_app import screen_text


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
        shown = " ".join(line.plain for line in tray._lines(tray_of(ctl.view(0))))
        assert "Die 1: a Tide die showing" in shown, shown  # (its colour in words, not only hue)
        before = ctl.state_json()
        await pilot.press("r")  # every track at level 1: no reroll
        await settle(pilot)
        assert "cannot be rerolled" in said(app) and ctl.state_json() == before
        await pilot.press("enter")
        await settle(pilot)
        assert ctl.state.flow.phase == "act" and [h.text for h in ctl.history][-1] == "lock"
        shown = " ".join(line.plain for line in tray._lines(tray_of(ctl.view(0))))
        assert "5 more may be spent (Health 5)" in shown, shown  # (it said 'may be (Health')
        # the keys' line at 80x24: the heading, then the turn's keys whole on one row (wrapped,
        # its two rows cut 'e end turn' and the rest; played at 80x24, issue 36's 80x24 note)
        assert_keys_line_fits(screen, ["m map", "h hand", "a leader & units", "e end turn"])
        await pilot.press("s")  # the stops' note, what letting questions pass gives away, whole
        await settle(pilot)
        end = " ".join(stops.SENTENCES[stops.LET_PASS].split()[-4:])
        assert end in screen_text(app), said(app)
        assert screen.focused is tray
        await pilot.press("p")  # the hints' 'p leaders', not a Power die for a check rolled already
        await settle(pilot)
        assert screen.focused is screen.query_one(InfPlayers), (screen.focused, said(app))


def assert_keys_line_fits(screen: InfinitiesTable, keys: list[str]) -> None:
    from shards_tui.ui.widgets.key_hints import KeyHints

    line = screen.query_one(KeyHints)
    rows = line.text.splitlines()
    assert len(rows) <= 2 and all(len(row) <= line.size.width for row in rows), rows
    assert rows[0].startswith("Your move, Ana"), rows
    assert all(key in rows[-1] for key in keys), rows


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
        assert "3 dice are not spent yet. Press e again" in said(app) and len(ctl.history) == 1
        await pilot.press("e")
        await settle(pilot)
        assert [h.text for h in ctl.history] == ["lead", "end"]


async def test_a_card_no_move_can_play_gets_the_rules_reason_and_changes_nothing() -> None:
    ctl = position(ana={"hand": ["grove_warden", "spinefire_bolt", "tide_adept"]}, phase="deploy",
                   deploy_tide=1)
    app = app_for(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        before = ctl.state.model_dump()
        await pilot.press("home", "enter")  # the Grove Warden costs 3; 1 Tide is left
        await settle(pilot)
        assert "Grove Warden costs 3" in said(app) and "1 Tide" in said(app)
        await pilot.press("down", "enter")  # an ability, at a deploy
        await settle(pilot)
        assert "units only" in said(app)
        assert ctl.history == [] and ctl.state.model_dump() == before


async def test_an_answer_in_the_question_panel_is_sent_once() -> None:
    # Kethra's gambit asks when a unit joins her group: Enter rolls for it, and nothing more
    # is sent (the base table's handler of the panel's answer once sent it a second time)
    ctl = position(ana={"leader": "kethra_beastcaller", "hand": ["tide_adept"]},
                   dice=["tide", "tide", "power", "fortitude"])
    app = app_for(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        ctl.apply("play tide_adept", 0)
        await settle(pilot)
        assert ctl.state.pending is not None and ctl.state.pending.kind == "gambit"
        sent = len(ctl.history)
        await pilot.press("enter")
        await settle(pilot)
        assert [h.text for h in ctl.history[sent:]] == ["choose roll"]
        assert not said(app).startswith("✗")


async def test_a_card_played_from_the_hand_leaves_the_highlight_where_it_was() -> None:
    ctl = position(ana={"hand": ["spinefire_bolt", "gale_runner", "tide_adept", "grove_warden"]},
                   dice=["tide", "tide", "tide", "fortitude"])
    app = app_for(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("h", "down", "enter")  # the Gale Runner
        await settle(pilot)
        assert isinstance(app.screen, MoveMenu)
        await pilot.press("enter")
        await settle(pilot)
        assert [h.text for h in ctl.history] == ["play gale_runner"]
        hand = table(app).query_one(InfHand)
        assert (hand.selected or "").startswith("tide_adept")  # the next card


async def test_ending_the_turn_while_a_question_waits_says_to_answer_it_first() -> None:
    ctl = position(ana={"leader": "kethra_beastcaller", "hand": ["tide_adept"]},
                   dice=["tide", "tide", "power", "fortitude"])
    app = app_for(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        ctl.apply("play tide_adept", 0)  # Kethra's gambit asks
        await settle(pilot)
        sent = len(ctl.history)
        await pilot.press("e")
        await settle(pilot)
        assert "Answer the question below first" in said(app) and len(ctl.history) == sent


async def test_enter_takes_the_highlighted_answer_where_the_border_says_enter_chooses() -> None:
    """Issue 33: a question that allows none ('Call of the Wild: play which card for free?')
    said 'Enter chooses · n: none' on its border, yet Enter on an option only armed 'none' (the
    line saying so was off the screen at 80x24) and a second Enter chose none."""
    from shards_tui.ui.widgets.decision import DecisionPanel
    from tests.ui.part_app import screen_text

    ctl = position(ana={"hand": ["call_of_the_wild", "spine_sentinel", "tide_adept"]},
                   dice=["tide", "tide", "tide", "tide"])
    ctl.apply("play call_of_the_wild", 0)
    assert ctl.state.pending.kind == "play_free" and ctl.state.pending.min == 0
    app = app_for(ctl)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert table(app).query_one(DecisionPanel).display
        assert "Enter chooses · n: none" in screen_text(app)
        await pilot.press("down", "enter")
        await settle(pilot)
        assert ctl.history[-1].text.startswith("choose")
        assert ctl.state.pending is None or ctl.state.pending.kind != "play_free"
        assert any(e.text.startswith("Ana plays Tide Adept") for e in ctl.state.log)


async def test_the_footer_offers_end_turn_only_where_there_is_a_turn_to_end() -> None:
    """Played at 80x24: the footer said 'e End turn' while Ana stepped out of the Rift and chose
    her leader, where e only says there is no turn to end (issue 33 item 12's rule)."""
    setup, acting = new_game(), position(phase="act")
    assert not setup.view(0).legal_of(cm.End) and acting.view(0).legal_of(cm.End)
    for ctl, offered in ((setup, False), (acting, True)):
        app = app_for(ctl)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            screen = table(app)
            assert isinstance(screen, InfinitiesTable) and screen.seat == 0
            assert ("end" not in screen.footer_hidden()) is offered
            assert ("End turn" in screen_text(app).splitlines()[-1]) is offered
            if offered:  # and at 120x40 the keys' line keeps its keys whole on one row
                assert_keys_line_fits(screen, ["m map", "h hand", "e end turn", "p leaders"])


def test_an_answer_sent_from_the_question_panel_is_said_in_words() -> None:
    # The panel sends 'choose block' for the legal 'block': the status line said 'choose block'.
    ctl = position(ana={"hand": ["spinefire_bolt"]},
                   ben={"bot": None, "hand": ["patrol_drone", "overclock", "warp_step",
                                              "salvage_run", "data_harvest"]},
                   dice=["tide", "tide", "power", "fortitude"])
    ctl.apply("play spinefire_bolt", 0)
    view = ctl.view(1)
    assert move_words(view, "choose block") == move_words(view, "block") != "block"


def test_the_result_says_which_tiebreaker_gave_the_win() -> None:
    # Di won on 2 Points against Ben's 2 and the result said only 'Round 6 was the last.'
    ctl = rules_position([{"at": "0,1", "units": ["grove_warden"]}, {"at": "1,0"}], active=1,
                         order=[0, 1], round=10, dice=["tide", "tide", "tide", "tide"],
                         tiles=[{"hex": "0,1", "tile": "sunken_steppe"},
                                {"hex": "1,0", "tile": "kingsroad_crossing"}])
    ctl.apply("end", 1)
    headline, lines = summary(ctl.view(None))
    assert "Tied on Points, ahead on the cost of cards in play: 3 to 0." in lines, lines
