"""The Disco table at 80x24: long questions and option labels fit, and the board's orbit rows
and both meters stay on screen through questions and the draft."""

from __future__ import annotations

import pytest

from shards_tui.ui.widgets.decision import DecisionPanel
from tests.ui.tables.disco.disco_table_support import TableApp, settle, at_table
from tests.ui.tables.disco.disco_ui_support import disco, screen_text
from tests.ui.waiting import until

pytestmark = pytest.mark.usefixtures("paced_by_hand")


async def test_a_long_question_at_80x24_shows_its_count_and_scrolls_beside_the_whole_board():
    """Seven cards in the trash to fetch from, tall orbit stacks: the panel says which option
    of how many is under the cursor, reaches the last, and both meters stay on screen."""
    stack = [{"space": 2, "card": "power_plant"}, {"space": 2, "card": "bastion"},
             {"space": 2, "card": "space_mine"}]
    ctl = disco(first=1, row=[{"card": "force_field", "seat": 1}] * 5,
                trash=["rocket", "space_mine", "lab_notes", "laser_show", "power_plant",
                       "force_field", "sparkle"],
                players=[{"name": "Ana", "hand": ["recycler"], "orbit": stack},
                         {"name": "Ben", "orbit": [dict(s, space=3) for s in stack]}])
    async with at_table(ctl, (80, 24), hotseat=False, seat=0) as (app, pilot, table):
        await pilot.press("enter", "enter", "space")  # Recycler last; the row fires at once
        await until(pilot, lambda: table.query_one(DecisionPanel).display)
        await settle(pilot)
        panel = table.query_one(DecisionPanel)
        assert "1 of 7" in str(panel.border_subtitle) and "Enter" in str(panel.border_subtitle)
        text = screen_text(app)
        assert "take which card from the trash" in text and "Space Mine" in text
        assert "Ana  Shields" in text and "Ben  Shields" in text
        await pilot.press(*["down"] * 6)
        await settle(pilot)
        assert "7 of 7" in str(panel.border_subtitle)
        assert "▶ ( ) Sparkle" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert "sparkle" not in [c.card for c in ctl.view(0).trash]  # taken (then cleaned up)
        assert "rocket" in [c.card for c in ctl.view(0).trash]


async def test_long_option_labels_take_one_line_each_at_80x24():
    """'Gun Platform (your satellite in orbit space 5)' would wrap to two lines at 80x24,
    halving the options shown; each is one line, cut, and the card panel reads the card."""
    orbit = [{"space": 2, "card": "power_plant"}, {"space": 2, "card": "bastion"},
             {"space": 5, "card": "think_tank"}, {"space": 5, "card": "gun_platform"}]
    ctl = disco(first=1, row=[{"card": "force_field", "seat": 1}] * 5,
                players=[{"name": "Ana", "hand": ["orbit_nudge"], "orbit": orbit}, {"name": "Ben"}])
    app = TableApp(ctl, hotseat=False, seat=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter", "enter", "space")
        await until(pilot, lambda: app.screen.query_one(DecisionPanel).display)
        await settle(pilot)
        lines = screen_text(app).splitlines()
        shown = [n for n, text in enumerate(lines) if "( )" in text]
        assert len(shown) == 4 and shown == list(range(shown[0], shown[0] + 4))
        assert all(name in "\n".join(lines) for name in ("Power Plant (your", "Bastion (your",
                                                         "Think Tank (your", "Gun Platform (your"))


@pytest.mark.parametrize("take", [False, True])
async def test_at_80x24_both_orbit_rows_and_meters_stay_during_the_draft(take):
    """Stacks of three in both orbit rows and a two-line status: the draft gives up rows,
    never the player's own orbit row and shields."""
    stacks = [{"space": 2, "card": c} for c in ("bastion", "power_plant", "think_tank")]
    ctl = disco(phase="draft", round=2, first=0,
                players=[{"name": "Ana", "orbit": stacks}, {"name": "Ben", "orbit": [
                    {"space": 5, "card": c} for c in ("relay_station", "cloak_field", "dry_dock")]}])
    app = TableApp(ctl, hotseat=False, seat=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        if take:
            await pilot.press("d")
            await settle(pilot)
        table = app.screen
        table.say("A long line of news that takes the status line's two rows at eighty columns, "
                  "as the summary of a move often does.")
        await settle(pilot)
        text = screen_text(app)
        assert text.count("Shields ") == 2, text
        assert "Bastion" in text and "Relay Stat" in text, text
        near = table.query_one("#near-meters")
        assert near.region.bottom <= table.query_one("#below").region.y


async def test_at_80x24_a_question_leaves_both_meters_on_screen():
    """A question's panel ('Your decision'), a two-line status and stacks in both orbit rows:
    the action row gives up its rows, not the players' meters."""
    orbit = [{"space": 2, "card": "power_plant"}, {"space": 2, "card": "bastion"},
             {"space": 5, "card": "think_tank"}, {"space": 5, "card": "gun_platform"}]
    ctl = disco(first=1, row=[{"card": "force_field", "seat": 1}] * 5,
                players=[{"name": "Ana", "hand": ["orbit_nudge"], "orbit": orbit},
                         {"name": "Ben", "orbit": [{"space": 3, "card": "relay_station"},
                                                   {"space": 3, "card": "bastion"}]}])
    app = TableApp(ctl, hotseat=False, seat=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter", "enter", "space")
        await until(pilot, lambda: app.screen.query_one(DecisionPanel).display)
        app.screen.say("A long line of news that takes the status line's two rows at eighty "
                       "columns, as the summary of a move often does.")
        await settle(pilot)
        text = screen_text(app)
        assert "Your decision" in text and "Enter chooses" in text, text
        assert text.count("Shields ") == 2, text
