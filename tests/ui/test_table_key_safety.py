"""Keys that must not make a move the player did not mean: keys sent together, keys under the
too-small notice, and a card panel that follows the question's options."""

from __future__ import annotations

from test_table_support import ANA_BEN, TableApp, scenario, settle, start_table, status_of
from textual import events

from shards_tui.ui.screens.handoff import HandoffScreen


async def test_enters_sent_together_play_what_they_can_and_say_nothing_of_ids() -> None:
    """Five Enters in one read: the later ones were for a card the first had played, and said
    "You have no 'crystal#8' in your hand"."""
    ctl = scenario(ANA_BEN)
    app = TableApp(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await start_table(pilot)
        await pilot.press("h")
        await settle(pilot)
        for _ in range(5):
            app.post_message(events.Key("enter", "\r"))  # all queued before any is handled
        await settle(pilot, 6)
        assert len(ctl.history) >= 1
        assert "#" not in status_of(table) and "You have no" not in status_of(table)


async def test_a_question_that_comes_under_the_notice_waits_for_the_table() -> None:
    """The cover was lifted at 50x16; the next Enter answered the shield question nobody could
    see, since the question's list took the keys from the notice."""
    ctl = scenario([{"name": "Ana", "hand": ["crystal"]},
                    {"name": "Ben", "hand": ["command_seer", "crystal"]}], turn={"power": 3})
    app = TableApp(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await start_table(pilot)
        await pilot.press("e", "e")  # Ana attacks; Ben holds a shield: his cover comes
        await settle(pilot)
        assert isinstance(app.screen, HandoffScreen)
        await pilot.resize_terminal(50, 16)
        await settle(pilot)
        await pilot.press("enter")  # lifts the cover: the notice is what shows
        await settle(pilot)
        assert app.screen is app.table and app.table.too_small
        await pilot.press("enter", "space", "n", "enter")
        await settle(pilot)
        assert ctl.view(None)["pending"] is not None  # unanswered
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        footer = {b.binding.action for b in app.table.active_bindings.values()}
        assert "confirm_decision" in footer or "choose_none" in footer  # the table's keys again
        await pilot.press("n")
        await settle(pilot)
        assert ctl.view(None)["pending"] is None


async def test_a_bid_highlighted_after_a_center_card_leaves_the_card_panel_empty() -> None:
    from tests.conftest import new_shards

    ctl = new_shards(2, seed=12, variants=["health_auction"])
    app = TableApp(ctl)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await start_table(pilot)
        await pilot.press("6")
        await settle(pilot)
        details = table.query_one("#card-view")
        assert "center row slot 6" in details.text
        table.query_one("#decision").focus_choices()
        await pilot.press("down")
        await settle(pilot)
        assert "Select a card" in details.text
