"""The Net table's keys: the palette and the command line in words, the footer's keys only
where they work, and the log, a card's text and the timeouts in reach at 80x24."""

from __future__ import annotations

from net_table_support import SIZE, NetTableApp, settle, ready
from net_ui_support import net_game, net_position, screen_text

from shards_tui.ui.tables.fractured_net.hand import NetHand


async def test_the_palette_and_the_command_line_name_no_card_by_its_id():
    from shards_tui.ui.widgets.command_line import CommandLine

    ctl = net_position({"creatures": ["scrap_golem", "scrap_golem"], "hand": ["flare"],
                        "capacity": 2}, {"creatures": ["relay_courier"]})
    app = NetTableApp(ctl)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        entries = app.table.palette_entries()
        assert ("attack scrap_golem.2", "Attack with Scrap Golem (2)") in entries
        texts = app.table.query_one(CommandLine).legal.texts
        assert "attack scrap_golem.1" in texts
        assert not [t for t in [*texts, *(w for e in entries for w in e)] if "#" in t]
        await pilot.press("t")  # the combat panel: 1 declares the first Golem
        await settle(pilot)
        await pilot.press("1")
        await settle(pilot)
        assert "#" not in screen_text(app) and ctl.history[-1].text == "attack scrap_golem.1"


async def test_at_80x24_the_log_a_card_s_whole_text_and_the_timeouts_are_in_reach():
    from shards_tui.ui.screens.reading import CardTextScreen, LogScreen

    ctl = net_position({"hand": ["memory_keeper"], "creatures": ["scrap_golem"], "timeouts": 1},
                       {"creatures": ["swarm_seed"]})
    app = NetTableApp(ctl)
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        text = screen_text(app)
        assert "i card text" in text and "l log" in text
        assert "Timeouts 1/3" in text  # (the meters say it: no need of the log)
        await pilot.press("i")
        await settle(pilot)
        assert isinstance(app.screen, CardTextScreen)
        words = " ".join(screen_text(app).split())
        assert "Memory Keeper" in words and "Death: Draw 1 card." in words
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("f", "f")  # the opponent's creature
        await settle(pilot)
        await pilot.press("i")
        await settle(pilot)
        words = " ".join(screen_text(app).split())
        assert "Swarm Seed" in words and "Death: Make a Replicant Drone token" in words
        await pilot.press("escape", "l")
        await settle(pilot)
        assert isinstance(app.screen, LogScreen)


async def test_after_answering_a_question_of_ones_own_turn_the_hand_has_the_keys():
    """Played at 80x24: Checksum Adept's look at the top cards answered, the opponent's window
    passed by itself (no energy), and Enter did nothing: no part had the keys."""
    ctl = net_position({"hand": ["checksum_adept", "relay_courier"], "energy": 5},
                       {"hand": ["relay_courier"], "energy": 0})
    app = NetTableApp(ctl, bots={1: "greedy"}, bot_pace=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        await pilot.press("enter")  # Checksum Adept: it asks which of the top cards go below
        await settle(pilot, 6)
        assert ctl.view(0).my_question
        await pilot.press("enter", "enter")  # none (the second Enter confirms 'none')
        await settle(pilot, 8)
        assert "passes: 0 energy" in ctl.view(0).log[-1].text and not ctl.view(0).my_question
        assert isinstance(app.table.focused, NetHand)
        await pilot.press("enter")  # Relay Courier
        await settle(pilot, 6)
        assert any("plays Relay Courier" in line.text for line in ctl.view(0).log)


async def test_the_footer_names_only_the_turn_keys_that_work_in_this_step():
    """Played at 80x24 (issue 33): the footer offered e End turn, p Pass and t Attack during the
    mulligan and while blocking, where they do nothing."""
    from shards_tui.session.driver import Session

    app = NetTableApp(net_game())
    async with app.run_test(size=(120, 40)) as pilot:
        await ready(pilot)
        footer = screen_text(app).splitlines()[-1]
        assert "Keep" in footer
        assert not any(word in footer for word in ("End turn", "Pass", "Attack"))
    ctl = net_position({"creatures": ["scrap_golem"]}, {"creatures": ["relay_courier"]})
    session = Session.open(ctl, {}, forced_moves=True)
    session.send("attack all", 0)  # (Ben, with no energy, passes the window at once)
    app = NetTableApp(session, seat=1, networked=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert ctl.state.flow.phase == "block"
        footer = screen_text(app).splitlines()[-1]
        assert "Confirm" in footer
        assert not any(word in footer for word in ("End turn", "Pass", "Attack"))
    app = NetTableApp(net_position())
    async with app.run_test(size=(120, 40)) as pilot:
        await ready(pilot)  # Ana's main phase: ending the turn works, and the footer says so
        footer = screen_text(app).splitlines()[-1]
        assert "End turn" in footer and "Pass" not in footer
