"""Keys that must not make a move the player did not mean: keys sent together, keys under the
too-small notice, a card panel that follows the question's options, typing on the command
list; and r with no center card selected, which acts only where one card is the choice."""

from __future__ import annotations

from tests.ui.tables.shards.shards_ui_support import ANA_BEN, TableApp, scenario, settle, start_table, status_of
from textual import events

from shards_tui.ui.screens.handoff import HandoffScreen
from shards_tui.ui.widgets.key_hints import KeyHints
from shards_tui.ui.widgets.command_line import CommandHelpScreen, CommandLine


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
        assert ctl.view(None).pending is not None  # unanswered
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        footer = {b.binding.action for b in app.table.active_bindings.values()}
        assert "confirm_decision" in footer or "choose_none" in footer  # the table's keys again
        await pilot.press("n")
        await settle(pilot)
        assert ctl.view(None).pending is None


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


async def test_typing_on_the_command_help_goes_to_the_command_line_never_to_the_table() -> None:
    """':help' Enter, then ':attack raidian': Space closed the list and the letters after it
    were table keys (each 'a' played all). Typing on the list now goes to the command line,
    shown and sent only with Enter; Space pages the list; Esc, Enter or q close it."""
    ctl = scenario([{"name": "Ana", "hand": ["crystal", "crystal", "blaster"]},
                    {"name": "Ben", "hand": ["crystal"]}], turn={"gems": 3})
    app = TableApp(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await start_table(pilot)
        before = ctl.state_json()
        for typed in (":attack raidian", "end turn"):
            await pilot.press("colon", *"help", "enter")
            await settle(pilot)
            assert isinstance(app.screen, CommandHelpScreen)
            await pilot.press(*typed)
            await settle(pilot)
            assert app.screen is table
            line = table.query_one(CommandLine)
            assert line.display and table.focused is line
            assert line.value == typed.lstrip(":"), line.value
            assert ctl.state_json() == before  # not one key acted on the table
            await pilot.press("escape")
            await settle(pilot)
        await pilot.press("colon", *"help", "enter")
        await settle(pilot)
        await pilot.press("space")  # pages the list, closes nothing
        await settle(pilot)
        assert isinstance(app.screen, CommandHelpScreen)
        await pilot.press("q")
        await settle(pilot)
        assert app.screen is table and ctl.state_json() == before


async def test_r_with_nothing_selected_recruits_the_only_card_it_can_or_selects_the_first() -> None:
    """The action row said 'r recruit 2' while r alone said 'Select a center-row card first'.
    Like x and t: the only card r can take, it takes; with several, the first is selected and
    the player is told how to go on."""
    ctl = scenario(ANA_BEN, turn={"gems": 1})  # only Kiln Drone (slot 2, cost 1) is affordable
    app = TableApp(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await start_table(pilot)
        assert "r recruit 2" in table.query_one(KeyHints).text
        assert table.selected.zone == "hand"  # (the turn starts on the hand: r still buys)
        await pilot.press("r")
        await settle(pilot)
        assert [c.card for c in ctl.view(0).players[0].discard] == ["kiln_drone"]
    ctl = scenario(ANA_BEN, turn={"gems": 2})  # Kiln Drone (2) and Nil Assassin (3)
    app = TableApp(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await start_table(pilot)
        await pilot.press("r")
        await settle(pilot)
        assert ctl.view(0).players[0].discard == []  # nothing bought by one key
        assert table.selected is not None and table.selected.label == "2"
        assert "Kiln Drone selected: press r to recruit it" in status_of(table)
        await pilot.press("right", "r")  # the next one: Nil Assassin
        await settle(pilot)
        assert [c.card for c in ctl.view(0).players[0].discard] == ["nil_assassin"]
