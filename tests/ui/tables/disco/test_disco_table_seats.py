"""The Disco table's seats: hand-offs at one keyboard, a bot opponent, a networked seat and a
spectator, each seeing only what is theirs (no timing: a bot is waited for by condition)."""

from __future__ import annotations

import pytest

from shards_tui.ui.screens.handoff import HandoffScreen
from shards_tui.ui.tables.disco.board import DiscoBoard
from shards_tui.ui.tables.disco.hand import DiscoHand
from shards_tui.ui.tables.disco.screen import HIDDEN_COVER, DiscoTable
from shards_tui.ui.widgets.command_line import CommandLine
from shards_tui.ui.widgets.decision import DecisionPanel
from tests.ui.tables.disco.disco_table_support import TableApp, settle, at_table, five_in_row
from tests.ui.tables.disco.disco_ui_support import disco, screen_text
from tests.ui.waiting import until

pytestmark = pytest.mark.usefixtures("paced_by_hand")


async def test_hot_seat_hands_off_with_one_key_and_places_through_the_row():
    ctl = disco(first=0, players=[{"name": "Ana", "hand": ["rocket", "lab_notes"]},
                                  {"name": "Ben", "hand": ["laser_show", "force_field"]}])
    app = TableApp(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HandoffScreen)
        await pilot.press("enter")  # one key
        await settle(pilot)
        table = app.screen
        assert isinstance(table, DiscoTable) and table.seat == 0
        assert "Rocket" in screen_text(app) and "Lab Notes" in screen_text(app)
        await pilot.press("down", "enter")  # Lab Notes to the row
        await settle(pilot)
        assert table.focused is table.query_one(DiscoBoard).action_row
        await pilot.press("1", "enter")
        await settle(pilot)
        assert [c.card for c in ctl.view(None).row] == ["lab_notes"]
        # Ben is to place: the cover is up, and behind it the table shows no hand.
        assert isinstance(app.screen, HandoffScreen) and app.screen.player == "Ben"
        assert table.seat is None and table.query_one(DiscoHand).note == HIDDEN_COVER
        text = screen_text(app) + table.query_one(DiscoHand).note
        assert "Rocket" not in text and "Laser Show" not in text
        await pilot.press("enter")
        await settle(pilot)
        assert table.seat == 1 and "Laser Show" in screen_text(app)
        await pilot.press("enter", "2", "enter")  # Laser Show after Lab Notes
        await settle(pilot)
        assert [c.card for c in ctl.view(None).row] == ["lab_notes", "laser_show"]


async def test_against_a_bot_the_table_waits_for_it_and_never_hands_off():
    ctl = disco(first=0, players=[{"name": "Ana", "hand": ["rocket", "lab_notes"]},
                                  {"name": "Ben", "hand": ["laser_show", "force_field"]}])
    async with at_table(ctl, (120, 40), bots={1: "greedy"}, bot_pace=0.0) as (app, pilot, table):
        assert isinstance(table, DiscoTable) and table.seat == 0
        await pilot.press("enter", "enter")
        await until(pilot, lambda: len(ctl.view(None).row) == 2)
        await settle(pilot)
        assert not isinstance(app.screen, HandoffScreen) and table.seat == 0
        assert "greedy bot" in " ".join(line.text for line in ctl.view(0).log)
        assert "Lab Notes" in screen_text(app)  # Ana's hand stays on screen


async def test_a_bot_waits_for_the_action_phase_to_finish_playing():
    ctl = five_in_row()
    async with at_table(ctl, (120, 40), bots={1: "greedy"}, bot_pace=0.0) as (app, pilot, table):
        await pilot.press("enter", "enter")  # Ana fills the row; Ben (a bot) drafts first
        await settle(pilot, 8)
        moves = len(ctl.history)
        assert table.pacing and ctl.who_must_act() == 1 and len(ctl.history) == moves
        await pilot.press("space")
        await until(pilot, lambda: len(ctl.history) > moves)
        assert any(line.text.startswith("Ben ") and "(greedy bot" in line.text
                   for line in ctl.view(None).log[-4:])


async def test_a_networked_seat_sees_its_own_hand_only_and_follows_the_other_seat():
    """As the SSH server shows it: one fixed seat, told of the other seat's moves."""
    ctl = disco(first=0, players=[{"name": "Ana", "hand": ["rocket", "lab_notes"]},
                                  {"name": "Ben", "hand": ["laser_show", "force_field"]}])
    async with at_table(ctl, (80, 24), seat=1, networked=True) as (app, pilot, table):
        assert isinstance(table, DiscoTable) and table.seat == 1
        text = screen_text(app)
        assert "Laser Show" in text and "Rocket" not in text and "Waiting for Ana" in text
        assert table.run_command_text("place laser_show 1") is False  # not Ben's turn
        ctl.apply("place rocket 1", 0)
        table.game_changed()
        await settle(pilot)
        text = screen_text(app)
        assert "Rocket" in text and "Lab Notes" not in text  # the placed card, not her hand
        await pilot.press("enter", "2", "enter")
        await settle(pilot)
        assert [c.card for c in ctl.view(None).row] == ["rocket", "laser_show"]


async def test_a_spectator_sees_no_hand():
    ctl = disco(first=0, players=[{"name": "Ana", "hand": ["rocket"]},
                                  {"name": "Ben", "hand": ["laser_show"]}])
    async with at_table(ctl, (120, 40), seat=None, networked=True) as (app, pilot, table):
        assert table.seat is None and table.query_one(DiscoHand).note.startswith("You are watching")
        text = screen_text(app)
        assert "Rocket" not in text and "Laser Show" not in text


async def test_the_command_line_keeps_the_keys_when_the_other_seat_moves():
    """Over SSH the other seat's move can arrive while this seat types: Ben fills the row, it
    fires, then Ana is to draft. What she types stays in the line; no key of it reaches the
    table (where Space would skip the playback, 't' show the piles, 'u' undo)."""
    ctl = disco(first=0, row=[{"card": "force_field", "seat": 1}] * 5,
                players=[{"name": "Ana", "hand": ["lab_notes"]},
                         {"name": "Ben", "hand": ["rocket"]}])
    async with at_table(ctl, (80, 24), seat=0, networked=True) as (app, pilot, table):
        line = table.query_one(CommandLine)
        await pilot.press("colon", *"say hi")
        await settle(pilot)
        assert line.display and table.focused is line
        ctl.apply("place rocket 6", 1)
        table.game_changed()
        await settle(pilot)
        assert table.pacing and table.focused is line
        await pilot.press("space", "t")
        await settle(pilot)
        assert table.pacing and table.focused is line and line.value == "say hi t"
        table.action_pace_skip()  # the playback ends: Ana is to draft
        await settle(pilot)
        assert not table.pacing and table.focused is line and line.value == "say hi t"


async def test_a_networked_player_is_not_called_a_watcher_while_the_row_fires():
    ctl = disco(first=0, row=[{"card": "force_field", "seat": 1}] * 5,
                players=[{"name": "Ana", "hand": ["lab_notes"]}, {"name": "Ben", "hand": ["rocket"]}])
    async with at_table(ctl, (120, 40), seat=0, networked=True) as (app, pilot, table):
        ctl.apply("place rocket 6", 1)
        table.game_changed()
        await settle(pilot)
        assert table.pacing
        text = screen_text(app)
        assert "the action row fires" in text and "Watching" not in text


async def test_a_spectator_is_still_watching_while_the_row_fires():
    ctl = disco(first=0, row=[{"card": "force_field", "seat": 1}] * 5,
                players=[{"name": "Ana", "hand": ["lab_notes"]}, {"name": "Ben", "hand": ["rocket"]}])
    async with at_table(ctl, (120, 40), seat=None, networked=True) as (app, pilot, table):
        ctl.apply("place rocket 6", 1)
        table.game_changed()
        await settle(pilot)
        assert table.pacing and "Watching. Round 1: the action row fires." in screen_text(app)


async def test_a_networked_seat_keeps_its_own_view_while_the_row_fires():
    """Over SSH the playback is no hand-off: Ben's screen keeps his hand, his piles as 'You'
    and his own side of the board nearer him (the hot-seat view hides the hand and turns the
    board to seat 0); only his moves wait for the playback."""
    ctl = five_in_row(players=[{"name": "Ana", "hand": ["rocket", "spotlight"]},
                               {"name": "Ben", "hand": ["star_cannon", "encore"],
                                "orbit": [{"space": 3, "card": "power_plant"}]}])
    async with at_table(ctl, (120, 40), seat=1, networked=True) as (app, pilot, table):
        ctl.apply("place rocket 6", 0)
        table.game_changed()
        await settle(pilot)
        assert table.pacing and table.view.you == 1
        data = table.data
        assert data.you == 1 and data.near == 1 and data.hand is not None
        assert [o.name for o in data.orbits] == ["Ana", "Ben"] and data.piles.players[0].mine
        text = screen_text(app)
        assert "Encore" in text and "Hidden while" not in text and "You: draw" in text
        assert not table.query_one(DecisionPanel).display
        assert table.run_command_text("pass") is False and "fires" in screen_text(app)
        table.action_pace_skip()
        await settle(pilot)
        assert not table.pacing and table.seat == 1 and table.data.near == 1
