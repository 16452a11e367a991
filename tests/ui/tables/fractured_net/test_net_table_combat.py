"""Combat at the Net's table: attack, block and pass by keys, response stops chosen at the
table or over SSH, and what the blocker sees and may press."""

from __future__ import annotations

from net_table_support import SIZE, NetTableApp, settle, ready
from net_ui_support import net_position, screen_text

from shards_tui.ui.tables.fractured_net import stops
from shards_tui.ui.tables.fractured_net.combat_panel import NetCombat


async def test_attack_block_and_pass_by_keys_with_a_hand_off_at_each_window():
    # (Ben has the energy and a card for a Response: his windows are his to pass)
    ctl = net_position({"creatures": ["scrap_golem"]}, {"creatures": ["wandering_blade"],
                                                        "hand": ["relay_courier"], "capacity": 1})
    app = NetTableApp(ctl)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)  # Ana's turn
        await pilot.press("t")
        await settle(pilot)
        assert app.table.query_one(NetCombat).has_focus
        await pilot.press("1")
        await settle(pilot)
        assert ctl.state.combat.attackers == ["scrap_golem#7"]
        await pilot.press("1")  # toggled back
        await settle(pilot)
        assert ctl.state.combat is None
        await pilot.press("a")  # attack with all (and confirm)
        await ready(pilot)  # Ben: the Response window after attackers
        assert "Response window after attackers were declared" in screen_text(app)
        await pilot.press("p")
        await settle(pilot)
        combat = app.table.query_one(NetCombat)
        assert combat.has_focus and combat.mode == "blocking", "Ben keeps the keyboard to block"
        await pilot.press("1")
        await settle(pilot)
        assert "blocked by Wandering Blade (takes 3, dies)" in " ".join(screen_text(app).split())
        await pilot.press("c", "p")
        await settle(pilot)
        assert [i.split("#")[0] for i in ctl.state.players[1].discard] == ["wandering_blade"]
        assert ctl.state.players[0].creatures[0].damage == 2


async def test_stops_when_able_pass_for_a_player_without_a_playable_response():
    ctl = net_position({"creatures": ["scrap_golem"]}, {"hand": ["wandering_blade"], "capacity": 2})
    app = NetTableApp(ctl)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        app.table.stops[1] = stops.WHEN_ABLE
        covers = app.pushed.count("HandoffScreen")
        await pilot.press("t", "a")
        await settle(pilot)
        # both windows were passed for Ben, and he had nothing to block with: no hand-off
        assert ctl.state.flow.phase == "main" and app.pushed.count("HandoffScreen") == covers
        log = [line.text for line in ctl.view(None).log]
        assert log.count("Ben passes.") == 2
        assert "Ben has no untapped creature that can block, so nothing is blocked." in log


async def test_switching_stops_says_what_the_faster_setting_reveals():
    app = NetTableApp(net_position())
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await pilot.press("s")
        await settle(pilot)
        text = " ".join(screen_text(app).split())
        assert app.table.stops[0] == stops.WHEN_ABLE
        assert "whenever the keyboard does come over, your opponent learns" in " ".join(
            text.replace("│", " ").split()) or "Fewer hand-offs" in text
        assert "s stops: when I can respond" in text.replace("│", " ")  # (the hint line)


async def test_at_80x24_blocking_keeps_the_forecast_the_status_and_the_confirm_key_on_screen():
    ctl = net_position({"creatures": ["unstable_golem", "relay_courier", "net_wolf", "scrap_golem"]},
                       {"creatures": ["relay_courier", "scrap_golem", "wandering_blade"],
                        "hand": ["flare"]})
    app = NetTableApp(ctl)
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await pilot.press("t", "a")
        await ready(pilot)  # Ben's window after attackers
        await pilot.press("p")
        await settle(pilot)
        await pilot.press("1", "2")
        await settle(pilot)
        text = screen_text(app)
        assert "Damage to you: 7." in text and "c Confirm" in text  # (the footer's key)
        assert "You block Unstable Golem with Scrap Golem" in text  # the status line
        assert "blocked by Relay Courier" in " ".join(text.split())


async def test_over_ssh_a_seat_chooses_its_stops_too():
    from shards_tui.session.driver import Session

    ctl = net_position({"creatures": ["scrap_golem"]}, {"hand": ["wandering_blade"], "capacity": 2,
                                                        "creatures": ["relay_courier"]})
    session = Session.open(ctl, {}, forced_moves=True)
    app = NetTableApp(session, seat=1, networked=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "stops: always ask me" in screen_text(app)
        await pilot.press("s")
        await settle(pilot)
        text = " ".join(screen_text(app).replace("│", " ").split())
        assert app.table.stops[1] == stops.WHEN_ABLE and "Fewer hand-offs and stops" in text
        session.send("attack all", 0)  # Ana, on her own terminal
        app.table.game_changed()  # (what the server does for each seat after a move)
        await settle(pilot)
        assert [(h.seat, h.text) for h in ctl.history] == [(0, "attack all"), (1, "pass")]
        assert ctl.state.flow.phase == "block" and ctl.who_must_act() == 1


async def test_the_blocker_sees_a_lethal_attack_whole_and_called_lethal():
    """At 7 health three Scrap Golems read 'Damage to you: 7.' (health stops at 0)."""
    from shards_tui.session.driver import Session

    ctl = net_position({"creatures": ["scrap_golem", "scrap_golem", "scrap_golem"]},
                       {"health": 7, "capacity": 0, "creatures": ["relay_courier"]})
    session = Session.open(ctl, {}, forced_moves=True)
    session.send("attack all", 0)
    app = NetTableApp(session, seat=1, networked=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        total = ctl.view(1).combat.to_player
        assert total > 7 and f"Damage to you: {total}: you lose." in screen_text(app)


async def test_while_blocking_the_footer_does_not_offer_the_attack_keys():
    """Seen vs the greedy bot at 80x24: while Ana assigned blockers the footer said
    '⏎ Attack / take back  a Attack with all', keys that do nothing there."""
    from shards_tui.session.driver import Session

    ctl = net_position({"creatures": ["scrap_golem"]}, {"capacity": 0, "creatures": ["relay_courier"]})
    session = Session.open(ctl, {}, forced_moves=True)
    session.send("attack all", 0)
    app = NetTableApp(session, seat=1, networked=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert ctl.state.flow.phase == "block" and isinstance(app.screen.focused, NetCombat)
        footer = screen_text(app).splitlines()[-1]
        assert "Confirm" in footer and "Attack with all" not in footer and "Attack / take back" not in footer
