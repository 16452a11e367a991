"""The table's parts wired as a screen would wire them (``TablePlayApp``), played with keys
only: the mulligan, playing a card, an attack, blocks with their forecast, a Response window."""

from __future__ import annotations

from net_ui_support import TablePlayApp, net_game, net_position, screen_text

from shards_tui.ui.tables.fractured_net.combat_panel import NetCombat
from shards_tui.ui.tables.fractured_net.hand import NetHand


async def test_both_players_keep_and_the_first_plays_a_card_by_keys():
    ctl = net_game()
    app = TablePlayApp(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert "k: keep these 7 cards" in screen_text(app)
        await pilot.press("k")  # Ana
        await pilot.press("k")  # Ben
        await pilot.pause()
        assert ctl.state.flow.phase == "main" and not app.refused
        first = ctl.state.flow.active
        hand = app.query_one(NetHand)
        assert hand.has_focus and app.seat == first
        playable = [n for n, c in enumerate(hand.cards) if c.playable]
        assert playable, "an opening hand holds something to play on turn one"
        for _ in range(playable[0]):
            await pilot.press("down")
        before = len(ctl.state.players[first].hand)
        await pilot.press("enter")
        await pilot.pause()
        assert not app.refused and len(ctl.state.players[first].hand) == before - 1


async def test_an_unplayable_card_gets_the_rules_sentence_and_changes_nothing():
    ctl = net_position({"hand": ["iron_bulwark"]})
    app = TablePlayApp(ctl)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        before = ctl.state_json()
        await pilot.press("enter")
        await pilot.pause()
        assert app.note == "You have 1 energy; Iron Bulwark costs 5." and ctl.state_json() == before
        assert "Iron Bulwark costs 5." in screen_text(app)


async def test_an_attack_blocked_by_two_creatures_by_keys_to_the_damage():
    ctl = net_position({"creatures": ["unstable_golem", "relay_courier"]},
                       {"creatures": ["relay_courier", "scrap_golem"]})
    app = TablePlayApp(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.query_one(NetCombat).focus()
        await pilot.press("1", "2", "c")  # Ana declares both and confirms
        await pilot.pause()
        assert ctl.state.flow.phase == "response" and app.seat == 1
        assert "Response window after attackers were declared" in screen_text(app)
        await pilot.press("p")  # Ben has no Response: he passes
        await pilot.pause()
        assert app.query_one(NetCombat).has_focus and app.query_one(NetCombat).mode == "blocking"
        await pilot.press("1", "2")  # both on the Unstable Golem (the cursor's attacker)
        await pilot.pause()
        text = " ".join(screen_text(app).replace("│", " ").split())
        assert "blocked by Relay Courier (takes 2, dies), Scrap Golem (takes 3, dies)" in text
        assert "Damage to you: 1." in text
        await pilot.press("c")  # confirm the blocks
        await pilot.pause()
        await pilot.press("p")  # Ana passes the window after blockers
        await pilot.pause()
        assert not app.refused, app.refused
        assert ctl.state.players[1].health == 29 and ctl.state.players[1].creatures == []
        assert ctl.state.players[0].creatures[0].damage == 4
