"""The Disco table plays the action phase back a line at a time (the pace stepped by hand):
the firing space and the meters follow each step, Space and Enter skip ahead, and the result
waits for the winning step."""

from __future__ import annotations

import pytest

from shards_tui.ui.screens.game_over import GameOverScreen
from shards_tui.ui.screens.handoff import HandoffScreen
from shards_tui.ui.tables.disco.board import DiscoBoard
from shards_tui.ui.tables.disco.hand import DiscoHand
from shards_tui.ui.tables.disco.meters import DiscoMeters
from shards_tui.ui.tables.disco.screen import DiscoTable
from tests.ui.tables.disco.disco_table_support import TableApp, settle, at_table, five_in_row, won_in_space_6
from tests.ui.tables.disco.disco_ui_support import disco, screen_text
from tests.ui.waiting import until

pytestmark = pytest.mark.usefixtures("paced_by_hand")


async def test_the_action_phase_plays_a_line_at_a_time_with_the_firing_space_marked():
    ctl = five_in_row()
    async with at_table(ctl, (120, 40), hotseat=False, seat=0) as (app, pilot, table):
        assert isinstance(table, DiscoTable)
        await pilot.press("enter", "6", "enter")  # Rocket last: the row fills and fires
        await settle(pilot)
        assert ctl.view(None).phase == "draft" and ctl.view(None).row == []
        row = table.query_one(DiscoBoard).action_row
        assert table.pacing and row.row.firing is None and len(row.row.cards) == 6
        text = screen_text(app)  # the move that filled it; the log has not gone further
        assert "Ana places Rocket in space 6 of 6." in text and "row is full" not in text
        table.next_beat()
        await settle(pilot, 2)
        assert "The action row is full" in screen_text(app)
        seen = []
        while table.pacing and len(seen) < 40:
            table.next_beat()
            await settle(pilot, 2)
            if table.pacing and row.row.firing and row.row.firing not in seen:
                seen.append(row.row.firing)
        assert seen == [1, 2, 3, 4, 5, 6]
        assert not table.pacing and table.seat == 0  # the table follows the game again
        assert ctl.who_must_act() == 1 and "Waiting for Ben" in screen_text(app)


async def test_space_shows_the_rest_of_the_action_phase_at_once():
    ctl = five_in_row()
    app = TableApp(ctl)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # Ana's cover
        await settle(pilot)
        table = app.screen
        await pilot.press("enter", "enter")  # Rocket, in the last gap
        await settle(pilot)
        assert table.pacing and table.seat is None  # the public view while it fires
        await pilot.press("space")
        await settle(pilot)
        assert not table.pacing
        # Ben placed first this round, so he drafts first: his cover goes up.
        assert isinstance(app.screen, HandoffScreen) and app.screen.player == "Ben"


async def test_the_meters_follow_the_action_phase_step_by_step():
    ctl = five_in_row()
    async with at_table(ctl, (120, 40), hotseat=False, seat=0) as (app, pilot, table):
        await pilot.press("enter", "6", "enter")  # the row fills; the round ends in the move
        await settle(pilot)
        end = ctl.view(0).players
        assert (end[0].shields, end[0].research_total, end[1].shields) == (18, 1, 25)
        seen: list[tuple[str, str]] = []
        while table.pacing and len(seen) < 40:
            ben, ana = (m.text for m in table.query(DiscoMeters))
            seen.append((table.beat.text if table.beat else "", ana + " | " + ben))
            table.next_beat()
            await settle(pilot, 2)
        at = dict(seen)
        first = at["The action row is full: its cards fire from space 1 to space 6."]
        assert "Shields 20/30" in first and "Research 0/10" in first and "▶" not in first
        ana_before = at["Space 2: Ana's Lab Notes fires."].split(" | ")[0]
        assert "Research 0/10" in ana_before
        ana_after = at["Ana gains 1 research point in space 2 (1 in all)."].split(" | ")[0]
        assert "Research 1/10" in ana_after
        ben_hit = at["Rocket fires down column 6 and deals 3 damage to Ben (shields 25)."]
        assert "Shields 25/30" in ben_hit.split(" | ")[1]
        ben_shielded = at["Space 5: Ben's Force Field fires."].split(" | ")[1]
        assert "Shields 24/30" in ben_shielded  # its 4 shields come with the next line
        assert "Shields 18/30" not in at["Space 3: Ben's Laser Show fires."].split(" | ")[0]


async def test_the_result_waits_for_the_playback_to_reach_the_winning_step():
    ctl = won_in_space_6()
    async with at_table(ctl, (120, 40), hotseat=False, seat=0) as (app, pilot, table):
        await pilot.press("enter", "6", "enter")
        await settle(pilot)
        assert ctl.over and table.pacing and app.screen is table
        row = table.query_one(DiscoBoard).action_row
        for _ in range(40):  # the beats' own timer, stepped by hand
            if table.beat is None or " wins: " in table.beat.text:
                break
            assert app.screen is table  # no result while the row still fires
            table.next_beat()
            await settle(pilot, 2)
        table.next_beat()  # the winning step stays: no timer moves it on
        await settle(pilot, 2)
        assert table.pacing and app.screen is table and row.row.firing == 6
        text = screen_text(app)
        assert "Ana wins: Ben's shields are down." in text and "Enter: the result" in text
        assert "the game is won" in text and "show the rest at once" not in text
        ben = table.query(DiscoMeters).first()
        assert "Shields 0/30" in ben.text
        await pilot.press("g")  # who won: not before the playback ends
        await settle(pilot)
        assert app.screen is table
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        assert not table.pacing


async def test_space_skips_to_the_winning_step_and_shows_it_before_the_result():
    ctl = won_in_space_6()
    async with at_table(ctl, (80, 24), hotseat=False, seat=0) as (app, pilot, table):
        await pilot.press("enter", "6", "enter")
        await settle(pilot)
        await pilot.press("space")
        await settle(pilot)
        assert table.pacing and app.screen is table and " wins: " in table.beat.text
        assert "Ana wins" in screen_text(app)
        await pilot.press("space")
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen))


async def test_enter_shows_the_result_at_the_winning_step_whatever_has_the_keys():
    """A watcher's (or anyone's) focus may sit on a list that takes Enter itself, such as the
    log or the trash: while the row's playback runs, Enter, Space and Escape are its keys."""
    ctl = won_in_space_6()
    async with at_table(ctl, (100, 30), seat=None, networked=True) as (app, pilot, table):
        ctl.apply("place rocket 6", 0)
        table.game_changed()
        await settle(pilot)
        table.query_one(DiscoHand).focus()
        await settle(pilot)
        await pilot.press("space")  # to the winning step
        await settle(pilot)
        assert table.pacing and " wins: " in table.beat.text
        table.query_one(DiscoHand).focus()
        await settle(pilot)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen))


async def test_moves_made_while_the_playback_runs_are_played_back_after_it_up_to_the_win():
    """Over SSH nothing waits for one seat's playback: Ben answers his Orbit Nudge and the
    rest of the row fires (his Rocket wins) while Ana's screen still plays his placement.
    Her screen then plays those lines too and stops on the win before the result."""
    ctl = disco(first=0, row=[{"card": "laser_show", "seat": 0}, {"card": "orbit_nudge", "seat": 1},
                              {"card": "laser_show", "seat": 0}, {"card": "force_field", "seat": 1},
                              {"card": "laser_show", "seat": 0}],
                players=[{"name": "Ana", "shields": 3, "hand": ["lab_notes"],
                          "orbit": [{"space": 2, "card": "power_plant"}]},
                         {"name": "Ben", "hand": ["rocket"]}])
    async with at_table(ctl, (120, 40), seat=0, networked=True) as (app, pilot, table):
        ctl.apply("place rocket 6", 1)  # fires up to Ben's question in space 2
        table.game_changed()
        await settle(pilot)
        assert table.pacing
        # (Power Plant, the only satellite, is chosen by itself; the space is asked)
        ctl.apply("choose space3", 1)  # the rest fires: Ben's Rocket takes Ana's last shields
        table.game_changed()
        await settle(pilot)
        assert ctl.over and table.pacing
        for _ in range(60):
            if isinstance(app.screen, GameOverScreen) or (table.beat and " wins: " in table.beat.text):
                break
            table.next_beat()
            await settle(pilot, 2)
        assert app.screen is table and table.pacing and " wins: " in table.beat.text
        assert "Space 6: Ben's Rocket fires." in screen_text(app)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen))


async def test_space_shows_everything_so_far_even_moves_made_during_the_playback():
    """The timer's end plays on what came meanwhile; a key says 'enough': nothing more plays."""
    ctl = disco(first=0, row=[{"card": "laser_show", "seat": 0}, {"card": "orbit_nudge", "seat": 1},
                              {"card": "laser_show", "seat": 0}, {"card": "force_field", "seat": 1},
                              {"card": "laser_show", "seat": 0}],
                players=[{"name": "Ana", "hand": ["lab_notes"],
                          "orbit": [{"space": 2, "card": "power_plant"}]},
                         {"name": "Ben", "hand": ["rocket"]}])
    async with at_table(ctl, (120, 40), seat=0, networked=True) as (app, pilot, table):
        ctl.apply("place rocket 6", 1)
        table.game_changed()
        await settle(pilot)
        # (Power Plant, the only satellite, is chosen by itself; the space is asked)
        ctl.apply("choose space3", 1)  # the rest of the row fires, during Ana's playback
        table.game_changed()
        await settle(pilot)
        assert table.pacing and not ctl.over
        await pilot.press("space")
        await settle(pilot)
        assert not table.pacing and table.seat == 0
