"""Questions at the Disco table: answered in the decision panel by keys, a draft cycle offered
as the turn begins, and questions that allow the answer none."""

from __future__ import annotations

import pytest

from shards_tui.ui.tables.disco.board import DiscoBoard
from shards_tui.ui.widgets.decision import DecisionPanel
from tests.ui.tables.disco.disco_table_support import TableApp, settle, at_table, bot_fills_the_row
from tests.ui.tables.disco.disco_ui_support import disco, screen_text
from tests.ui.waiting import until

pytestmark = pytest.mark.usefixtures("paced_by_hand")


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
