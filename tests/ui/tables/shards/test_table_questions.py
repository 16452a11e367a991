"""Pilot tests of the table's questions: the decision panel, the attack list, and the keys
while a question waits."""

from __future__ import annotations

from tests.ui.tables.shards.shards_ui_support import (ANA_BEN, ROW, TableApp, scenario, screen_text, settle,
                                start_table, status_of)
from textual.widgets import Input

from shards_tui.games.shards.view import Assigned
from shards_tui.ui.screens.handoff import HandoffScreen
from shards_tui.ui.widgets.command_line import CommandHelpScreen
from shards_tui.ui.widgets.decision import AssignPanel, DecisionPanel
from shards_tui.ui.tables.shards.hand import HandView


async def test_a_question_keeps_the_keys_after_the_command_help_closes() -> None:
    ctl = scenario([{"name": "Ana", "hand": ["shadow_apostle", "blaster"]},
                    {"name": "Ben", "hand": ["crystal"]}])
    app = TableApp(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await start_table(pilot)
        await pilot.press("h", "p")  # Shadow Apostle asks what to banish
        await settle(pilot)
        await pilot.press("colon", *"help", "enter")
        await settle(pilot)
        assert isinstance(app.screen, CommandHelpScreen)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is table and table.focused is not None
        assert table.query_one(DecisionPanel) in table.focused.ancestors_with_self
        await pilot.press("space", "enter")  # tick Blaster, confirm
        await settle(pilot)
        assert [c.card for c in ctl.view(0).players[0].banished] == ["blaster"]


async def test_a_question_that_needs_one_answer_says_enter_takes_the_highlighted_one() -> None:
    ctl = scenario([{"name": "Ana", "hand": ["portal_monk"]}, {"name": "Ben", "hand": ["crystal"]}])
    app = TableApp(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await start_table(pilot)
        await pilot.press("h", "p")  # Portal Monk: take a center card costing 6 or less
        await settle(pilot)
        text = screen_text(app)
        assert "Choose one option: Enter takes the highlighted one." in text
        await pilot.press("enter", "enter")  # the second Enter by habit
        await settle(pilot)
        assert [c.card for c in ctl.view(0).players[0].discard] == [ROW[0]]
        assert app.screen.selected is None and len(ctl.history) == 2  # it played nothing


async def test_own_decision_is_answered_from_the_panel() -> None:
    ctl = scenario([{"name": "Ana", "hand": ["shadow_apostle", "blaster"]},
                    {"name": "Ben", "hand": ["crystal"]}])
    app = TableApp(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await start_table(pilot)
        await pilot.press("h", "p")  # Shadow Apostle: banish a card from hand or discard
        await settle(pilot)
        panel = table.query_one(DecisionPanel)
        assert panel.display
        assert "banish" in ctl.view(0).pending.prompt
        await pilot.press("r")  # other keys are refused with the engine's sentence
        await settle(pilot)
        assert "Answer the question first" in status_of(table) or "center-row" in status_of(table)
        panel.focus_choices()
        await pilot.press("space", "enter")  # tick the blaster and confirm
        await settle(pilot)
        view = ctl.view(0)
        assert view.pending is None
        assert [c.card for c in view.players[0].banished] == ["blaster"]
        assert not panel.display


async def test_three_players_split_power_in_the_attack_panel() -> None:
    ctl = scenario([{"name": "Ana", "hand": ["crystal"]}, {"name": "Ben", "hand": ["crystal"]},
                    {"name": "Cid", "hand": ["crystal"]}], turn={"power": 6})
    app = TableApp(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await start_table(pilot)
        await pilot.press("1", "e", "e")  # a center card selected; a card in hand: e twice
        await settle(pilot)
        panel = table.query_one(AssignPanel)
        assert panel.display
        assert "Select a card" in screen_text(app)  # the card panel shows no leftover card
        amount = panel.query_one(Input)
        amount.value = "4"
        await pilot.press("enter")  # Ben is highlighted first
        await settle(pilot)
        assert ctl.view(0).this_turn.assigned == [Assigned(seat=1, amount=4)]
        choices = panel.query_one("ChoiceList")
        assert choices.highlighted == 1  # power was sent: the highlight moves on to Cid
        assert "Ben (50 health, 4 power sent)" in screen_text(app)
        await pilot.press("enter")  # the rest (2) to Cid
        await settle(pilot)
        for _ in ("Ben", "Cid"):  # each attacked player answers about shields in turn
            assert isinstance(app.screen, HandoffScreen)
            await pilot.press("enter")
            await settle(pilot)
            await pilot.press("enter")  # no shields in hand: go on
            await settle(pilot)
        healths = [p.health for p in ctl.view(None).players]
        assert healths == [50, 46, 48]


async def test_enter_on_a_card_while_a_question_waits_answers_the_question() -> None:
    ctl = scenario(ANA_BEN, turn={"power": 3})  # Ben holds no shields
    app = TableApp(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await start_table(pilot)
        await pilot.press("e", "e")  # Ana's power goes to Ben: Ben has a question
        await settle(pilot)
        assert isinstance(app.screen, HandoffScreen)
        await pilot.press("enter")
        await settle(pilot)
        table = app.screen
        assert ctl.view(1).pending is not None
        await pilot.press("h")  # the selection moves to the hand, away from the question
        await settle(pilot)
        assert table.focused is None and table.selected.zone == "hand"
        await pilot.press("enter")  # the action row says "enter go on": it does
        await settle(pilot)
        assert ctl.view(1).pending is None
        assert "Answer the question first" not in status_of(table)
        assert ctl.view(1).players[1].health == 50 - 3


async def test_at_80x24_the_highlighted_option_stays_on_screen_and_its_card_is_shown() -> None:
    """Three opponents and a question: the list had one row, clipped by its panel, so the
    highlight went out of sight and Enter took an option never shown."""
    ctl = scenario([{"name": "Ana", "hand": ["portal_monk", "crystal"]},
                    {"name": "Ben", "hand": ["crystal"], "champions": ["systema_ai"]},
                    {"name": "Cy", "hand": ["crystal"]}, {"name": "Di", "hand": ["crystal"]}])
    app = TableApp(ctl)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await start_table(pilot)
        await pilot.press("h", "p")  # Portal Monk: take a center-row card costing 6 or less
        await settle(pilot)
        labels = [o.label for o in ctl.view(0).pending.options]
        assert len(labels) == 6
        for n, label in enumerate(labels):
            if n:
                await pilot.press("down")
                await settle(pilot)
            line = next((row for row in screen_text(app).splitlines() if "▶" in row), "")
            assert label in line, (label, screen_text(app))
            card = table.query_one("#card-view").text
            assert card.startswith(label), card
        await pilot.press("enter")
        await settle(pilot)
        assert ctl.view(0).players[0].discard[0].card == ROW[5]


async def test_a_card_read_during_a_question_gives_the_keys_back_with_space() -> None:
    """1-6 or h select a card to read while a question waits; Space then went nowhere (the
    tick is the list's), so the question could not be answered: Space now goes back to it."""
    ctl = scenario([{"name": "Ana", "hand": ["shadow_apostle", "blaster"]},
                    {"name": "Ben", "hand": ["crystal"]}])
    app = TableApp(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await start_table(pilot)
        await pilot.press("h", "p")  # Shadow Apostle asks what to banish
        await settle(pilot)
        await pilot.press("1")  # read center card 1
        await settle(pilot)
        assert "Space goes back to its list" in status_of(table)
        await pilot.press("space")
        await settle(pilot)
        assert table.query_one(DecisionPanel) in table.focused.ancestors_with_self
        assert status_of(table) == ""
        await pilot.press("space", "enter")  # tick the highlighted card, confirm
        await settle(pilot)
        assert len(ctl.view(0).players[0].banished) == 1


async def test_keys_that_act_on_cards_during_a_question_say_to_answer_it() -> None:
    """p in the attack phase said 'Your hand is empty', r during a question 'Select a
    center-row card first': neither is what stands in the way."""
    ctl = scenario([{"name": "Ana", "hand": ["shadow_apostle", "blaster"]},
                    {"name": "Ben", "hand": ["crystal"]}, {"name": "Cid", "hand": ["crystal"]}],
                   turn={"power": 4})
    app = TableApp(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await start_table(pilot)
        await pilot.press("h", "p")
        await settle(pilot)
        before = ctl.state_json()
        for key in ("r", "p", "x"):
            await pilot.press(key)
            await settle(pilot)
            assert status_of(table).startswith("✗ Answer the question first"), key
            assert table.query_one(DecisionPanel) in table.focused.ancestors_with_self
        assert ctl.state_json() == before
        await pilot.press("space", "enter", "e", "e")  # banish one; end (a card left in hand)
        await settle(pilot)
        assert table.query_one(AssignPanel).display
        await pilot.press("p")
        await settle(pilot)
        assert status_of(table).startswith("✗ Send your power first")
        assert table.query_one(AssignPanel) in table.focused.ancestors_with_self
