"""The Disco table screen played through with keys, at fixed sizes (no timing: the action
phase's pace is stepped by hand, a bot is waited for by condition)."""

from __future__ import annotations

from contextlib import asynccontextmanager
from typing import Any, AsyncIterator

import pytest
from textual.app import App

from shards_tui.ui.screens.game_over import GameOverScreen
from shards_tui.ui.screens.handoff import HandoffScreen
from shards_tui.ui.tables.disco.board import DiscoBoard
from shards_tui.ui.tables.disco.hand import DiscoHand
from shards_tui.ui.tables.disco.meters import DiscoMeters
from shards_tui.ui.tables.disco.screen import HIDDEN_COVER, DiscoTable
from shards_tui.ui.widgets.command_line import CommandLine
from shards_tui.ui.widgets.decision import DecisionPanel
from tests.ui.tables.disco.disco_ui_support import disco, screen_text
from tests.ui.waiting import until


class TableApp(App[None]):
    def __init__(self, controller: Any, **kwargs: Any) -> None:
        super().__init__()
        self.controller, self.kwargs = controller, kwargs

    def on_mount(self) -> None:
        self.push_screen(DiscoTable(self.controller, **self.kwargs))


@pytest.fixture(autouse=True)
def _no_waits(monkeypatch):
    monkeypatch.setattr(HandoffScreen, "KEY_GRACE", 0.0)
    monkeypatch.setattr(DiscoTable, "beat_seconds", 1000.0)  # the pace moves only when told


async def settle(pilot, times: int = 4) -> None:
    for _ in range(times):
        await pilot.pause()


@asynccontextmanager
async def at_table(ctl: Any, size: tuple[int, int], **options: Any) -> AsyncIterator[Any]:
    """The table for ``ctl`` (``options``: the table's) drawn in an app of ``size``: yields
    (app, pilot, table)."""
    app = TableApp(ctl, **options)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        yield app, pilot, app.screen


def five_in_row(**extra: Any):
    """Ana (first = Ben) places the sixth card; Ben holds a card for the next round."""
    setup: dict[str, Any] = dict(
        first=1, row=[{"card": "force_field", "seat": 1}, {"card": "lab_notes", "seat": 0},
                      {"card": "laser_show", "seat": 1}, {"card": "power_plant", "seat": 0},
                      {"card": "force_field", "seat": 1}],
        players=[{"name": "Ana", "hand": ["rocket", "spotlight"]},
                 {"name": "Ben", "hand": ["star_cannon"]}])
    setup.update(extra)
    return disco(**setup)


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


async def test_a_question_is_answered_in_the_decision_panel():
    ctl = disco(first=1, row=[{"card": "force_field", "seat": 1}] * 5,
                players=[{"name": "Ana", "hand": ["orbit_nudge"],
                          "orbit": [{"space": 2, "card": "power_plant"}]},
                         {"name": "Ben"}])
    async with at_table(ctl, (80, 24), hotseat=False, seat=0) as (app, pilot, table):
        await pilot.press("enter", "enter")  # Orbit Nudge, last
        await settle(pilot)
        await pilot.press("space")  # the rest of the action phase at once
        await settle(pilot)
        panel = table.query_one(DecisionPanel)
        assert panel.display and table.focused is not None and panel in table.focused.ancestors_with_self
        assert "Power Plant" in screen_text(app)
        # (the only satellite is chosen by itself: a question with one answer is not asked)
        await pilot.press("down", "enter")  # orbit space 3
        await settle(pilot)
        await pilot.press("space")
        await settle(pilot)
        assert ctl.view(None).players[0].orbit[2][0].card == "power_plant"


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


def won_in_space_6():
    """Ana's Rocket, placed last, takes Ben's last 3 shields when space 6 fires."""
    return disco(first=1, row=[{"card": "laser_show", "seat": 1}, {"card": "lab_notes", "seat": 0},
                               {"card": "laser_show", "seat": 1}, {"card": "power_plant", "seat": 0},
                               {"card": "laser_show", "seat": 1}],
                 players=[{"name": "Ana", "hand": ["rocket", "spotlight"]},
                          {"name": "Ben", "hand": ["star_cannon"], "shields": 3}])


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


def bot_fills_the_row(ana_first_card: str = "force_field", ana_hand: tuple[str, ...] = ("spotlight",)):
    """Ana placed first; Ben, a bot, is to place the sixth card: then Ana drafts first."""
    return disco(first=0, active=1,
                 row=[{"card": ana_first_card, "seat": 0}, {"card": "lab_notes", "seat": 1},
                      {"card": "laser_show", "seat": 0}, {"card": "power_plant", "seat": 1},
                      {"card": "force_field", "seat": 0}],
                 players=[{"name": "Ana", "hand": list(ana_hand)},
                          {"name": "Ben", "hand": ["star_cannon"]}])


async def test_a_draft_cycle_offered_as_the_turn_begins_has_the_keys():
    """Played at 80x24: the bot filled the row, Ana was offered the draft cycle first, and
    'd' and 'p' did nothing (the turn's start had put the keys on her empty hand)."""
    ctl = bot_fills_the_row()
    app = TableApp(ctl, bots={1: "greedy"}, bot_pace=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.screen
        await until(pilot, lambda: table.pacing)
        await pilot.press("space")
        await until(pilot, lambda: ctl.who_must_act() == 0 and table.seat == 0)
        await settle(pilot, 6)
        assert [c.text for c in ctl.view(0).legal] == ["draft", "pass"]
        assert table.focused is table.query_one(DiscoBoard).draft
        await pilot.press("p")
        await until(pilot, lambda: any(e.text == "pass" for e in ctl.history))


async def test_n_answers_none_as_the_question_panel_says():
    """The panel says 'Choose none (n)' and 'n: none': n answers none (it did nothing)."""
    ctl = bot_fills_the_row("junk_collector", ("spotlight", "rocket"))
    app = TableApp(ctl, bots={1: "greedy"}, bot_pace=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.screen
        await until(pilot, lambda: table.pacing)
        await pilot.press("space")
        await until(pilot, lambda: ctl.view(0).my_question and table.seat == 0)
        await settle(pilot, 6)
        assert "Choose none (n)" in screen_text(app)
        await pilot.press("n")
        await until(pilot, lambda: any(e.text == "choose none" for e in ctl.history))
        assert not ctl.view(None).trash  # nothing trashed


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


async def test_enter_takes_the_highlighted_card_of_a_question_that_allows_none():
    """Found vs the greedy bot at 80x24: Eviction asked 'select a card to trash (or none)', the
    border said 'Enter chooses, n: none'; Enter on Rocket only armed 'none' (the line saying so
    was below the screen's edge) and the next Enter chose none: Rocket stayed and fired."""
    ctl = disco(first=0, active=0, row=[{"card": "force_field", "seat": 1}, {"card": "rocket", "seat": 1}],
                players=[{"name": "Ana", "hand": ["eviction"]}, {"name": "Ben", "hand": ["laser_show"]}])
    async with at_table(ctl, (80, 24), hotseat=False, seat=0) as (app, pilot, table):
        await pilot.press("enter", "enter")  # Eviction, last
        await settle(pilot)
        panel = table.query_one(DecisionPanel)
        assert panel.display and "Enter chooses, n: none" in screen_text(app)
        await pilot.press("down")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert ctl.history[-1].text.startswith("choose rocket")
        assert [s.card.split("#")[0] for s in ctl.state.row] == ["force_field", "eviction"]
