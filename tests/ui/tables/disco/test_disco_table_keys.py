"""The Disco table's keys: the shared ones (command line, undo) beside the table's own, hints
and palette that name only what applies, and keys that read every card on the board."""

from __future__ import annotations

import pytest

from shards_tui.ui.tables.disco.board import DiscoBoard
from shards_tui.ui.tables.disco.hand import DiscoHand
from shards_tui.ui.widgets.command_line import CommandLine
from tests.ui.tables.disco.disco_table_support import TableApp, settle, at_table
from tests.ui.tables.disco.disco_ui_support import disco, screen_text
from tests.ui.waiting import until

pytestmark = pytest.mark.usefixtures("paced_by_hand")


async def test_the_shared_keys_work_at_the_disco_table():
    """':' opens the command line (a move typed as text) and 'u' asks to take it back:
    the table's own bindings add to the shared ones, not replace them."""
    ctl = disco(first=0, players=[{"name": "Ana", "hand": ["rocket", "lab_notes"]},
                                  {"name": "Ben", "hand": ["laser_show", "force_field"]}])
    async with at_table(ctl, (80, 24), hotseat=False, seat=0) as (app, pilot, table):
        await pilot.press("colon")
        await settle(pilot)
        line = table.query_one(CommandLine)
        assert line.display and table.focused is line
        await pilot.press(*"place lab_notes 1", "enter")
        await settle(pilot)
        assert [c.card for c in ctl.view(None).row] == ["lab_notes"]
        await pilot.press("u")  # Ben has the turn now: too late to take it back
        await settle(pilot)
        assert len(ctl.view(None).row) == 1 and "undo" in screen_text(app).lower()


async def test_hints_palette_and_status_name_only_what_applies_and_no_instance_id():
    """Two cards in the row: three gaps, so the hint says 1-3 (never 1-7); the palette lists
    moves in words, its answers by position; an answer that logs nothing is said by its label."""
    ctl = disco(first=0, active=0, row=[{"card": "force_field", "seat": 1}] * 2,
                players=[{"name": "Ana", "hand": ["disco_shuffle", "rocket"]},
                         {"name": "Ben", "hand": ["rocket"]}])
    async with at_table(ctl, (120, 40), hotseat=False, seat=0) as (app, pilot, table):
        text = screen_text(app)
        assert "←→ 1-3 Enter" in text and "1-7" not in text
        assert all("#" not in t + w for t, w in table.palette_entries())
        assert table.run_command_text("place disco_shuffle 1")
        await settle(pilot)
        assert "choose 2" in dict(table.palette_entries())
        assert table.run_command_text("choose force_field#2")  # logs nothing until the space
        await settle(pilot)
        text = screen_text(app)
        assert "You chose Force Field (Ben's card in space 3)." in text and "force_field#" not in text


async def test_o_reads_the_satellites_in_orbit_the_opponent_s_first():
    """Every card can be read with the keys: 'o' gives them to the opponent's orbit row (the
    card panel shows the satellite's whole text), again to one's own."""
    ctl = disco(first=0, active=0, players=[
        {"name": "Ana", "hand": ["rocket"], "orbit": [{"space": 2, "card": "bastion"}]},
        {"name": "Ben", "hand": ["rocket"], "orbit": [{"space": 5, "card": "starlight_cradle", "tokens": 2}]}])
    async with at_table(ctl, (80, 24), hotseat=False, seat=0) as (app, pilot, table):
        board = table.query_one(DiscoBoard)
        assert "o orbits" in screen_text(app)
        await pilot.press("o")
        await settle(pilot)
        assert table.focused is board.orbit(near=False)
        card = table.query_one("#card-text")
        assert card.details.words.name == "Starlight Cradle" and "Ben's" in card.details.where
        assert "In orbit, your opponent cannot select this card." in card.text
        await pilot.press("o")
        await settle(pilot)
        assert table.focused is board.orbit(near=True) and card.details.words.name == "Bastion"


async def test_r_reads_the_row_card_under_the_cursor_at_once():
    """While placing, the row's boxes show the preview; 'r' puts the card down to read the
    row's own cards, 'h' takes it up again."""
    ctl = disco(first=0, active=0, row=[{"card": "laser_show", "seat": 1}],
                players=[{"name": "Ana", "hand": ["rocket"]}, {"name": "Ben", "hand": ["rocket"]}])
    app = TableApp(ctl, hotseat=False, seat=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        table = app.screen
        card = table.query_one("#card-text")
        assert card.details is not None and card.details.words.name == "Laser Show"
        assert table.focused is table.query_one(DiscoBoard).action_row and table.card is None
        await pilot.press("h")  # back to the hand: its card is previewed in the row again
        await settle(pilot)
        assert table.card == "rocket#1" and table.query_one(DiscoBoard).action_row.placing


async def test_i_shows_the_whole_text_of_any_card_read_even_an_opponent_s_satellite():
    """At 80x24 the card panel has five rows: it says 'i: all of it' where the text is cut,
    and i shows the card whole over the table (the opponent's satellite read with 'o'); Esc
    gives the keys back where they were."""
    from shards_tui.ui.screens.reading import CardTextScreen

    ctl = disco(first=0, active=0, players=[
        {"name": "Ana", "hand": ["rocket"]},
        {"name": "Ben", "hand": ["rocket"], "orbit": [{"space": 4, "card": "starlight_cradle", "tokens": 3}]}])
    async with at_table(ctl, (80, 24), hotseat=False, seat=0) as (app, pilot, table):
        await pilot.press("o")
        await settle(pilot)
        panel = table.query_one("#card-text")
        assert panel.details.words.name == "Starlight Cradle" and panel.border_subtitle == "i: all of it"
        await pilot.press("i")
        await until(pilot, lambda: isinstance(app.screen, CardTextScreen))
        text = screen_text(app)
        assert "Starlight Cradle" in text and "Ben's satellite in orbit space 4 · 3 power tokens" in text
        assert "In orbit, your opponent cannot select this card." in text
        assert "End of round: Accumulate 1 power token" in text, text
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is table)
        assert table.focused is table.query_one(DiscoBoard).orbit(near=False)


async def test_h_and_the_turn_start_put_the_cursor_on_a_hand_card():
    """Over SSH at round 2 the seat's hand had the keys but no card under the cursor: Enter, and
    h then Enter, did nothing until an arrow was pressed. h (and so the turn's start, which
    presses it) puts the cursor on a card."""
    ctl = disco(first=0, players=[{"name": "Ana", "hand": ["rocket", "lab_notes"]},
                                  {"name": "Ben", "hand": ["laser_show", "force_field"]}])
    async with at_table(ctl, (120, 40), seat=1, networked=True) as (app, pilot, table):
        ctl.apply("place rocket 1", 0)
        table.game_changed()
        await settle(pilot)
        hand = table.query_one(DiscoHand)
        hand.highlighted = None  # as the game over SSH left it
        await settle(pilot)
        await pilot.press("h")
        await settle(pilot)
        assert table.focused is hand and hand.highlighted == 0
        await pilot.press("enter", "enter")
        await settle(pilot)
        assert len(ctl.view(None).row) == 2


async def test_the_gap_keys_the_hints_name_work_from_the_hand_too():
    """Found playing hot-seat: the hints say '←→ 1-2 Enter place it' while the hand has the
    keys, but there the arrows and digits did nothing and Enter only took the card to the row,
    whose preview was already on screen: Enter seemed dead until a digit was pressed."""
    ctl = disco(first=0, active=0, row=[{"card": "force_field", "seat": 1}],
                players=[{"name": "Ana", "hand": ["lab_notes", "rocket"]},
                         {"name": "Ben", "hand": ["laser_show"]}])
    async with at_table(ctl, (80, 24), hotseat=False, seat=0) as (app, pilot, table):
        hand, row = table.query_one(DiscoHand), table.query_one(DiscoBoard).action_row
        assert table.focused is hand and "←→ 1-2 Enter place it" in " ".join(screen_text(app).split())
        table.action_to_row()  # a click on the hint 'place it' takes the card up, as Enter
        await settle(pilot)
        assert table.focused is row and row.placing is not None
        await pilot.press("escape")
        await settle(pilot)
        assert table.focused is hand
        await pilot.press("1")  # Lab Notes, highlighted, to the gap before Force Field
        await settle(pilot)
        assert table.focused is row and row.cursor == 0
        await pilot.press("enter")
        await settle(pilot)
        assert [c.card for c in ctl.view(None).row] == ["lab_notes", "force_field"]


async def test_keys_that_come_in_one_burst_after_h_are_the_hands():
    """Over SSH keys often arrive together: 'h' and an arrow in one burst move the hand's
    cursor (the arrow went to what had the keys before, as the focus moved only after it)."""
    from textual import events

    ctl = disco(first=0, players=[{"name": "Ana", "hand": ["rocket", "lab_notes"]},
                                  {"name": "Ben", "hand": ["laser_show", "force_field"]}])
    async with at_table(ctl, (120, 40), seat=0, networked=True) as (app, pilot, table):
        await settle(pilot)
        hand = table.query_one(DiscoHand)
        table.set_focus(None)
        await settle(pilot)
        for key in ("h", "down"):
            app.post_message(events.Key(key, None))
        await settle(pilot)
        assert table.focused is hand and hand.highlighted == 1
