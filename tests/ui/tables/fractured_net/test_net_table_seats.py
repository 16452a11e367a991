"""The Net's table and its seats: hand-offs at one keyboard, a bot opponent, networked seats
and a spectator that see only what is theirs, and a seat that concedes over SSH."""

from __future__ import annotations

import time

from net_table_support import SIZE, NetTableApp, settle, ready
from net_ui_support import net_game, net_position, screen_text

from shards_tui.ui.screens.handoff import HandoffScreen
from shards_tui.ui.tables.fractured_net import stops
from shards_tui.ui.tables.fractured_net.hand import NetHand
from shards_tui.ui.tables.fractured_net.screen import FracturedNetTable
from shards_tui.ui.tables.fractured_net.screen_keys import NetConfirm
from tests.ui.waiting import until


async def test_the_registry_names_this_table():
    from shards_tui.core.registry import game, load_named

    assert load_named(game("fractured_net").table_screen) is FracturedNetTable


async def test_hot_seat_mulligans_behind_hand_offs_then_a_card_by_enter():
    ctl = net_game(seed=5)
    app = NetTableApp(ctl)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)  # Ana
        assert "k: keep these 7 cards" in screen_text(app)
        await pilot.press("k")
        await ready(pilot)  # Ben
        text = screen_text(app)
        assert "Ana decided" in text and "kept" not in text.split("Ana decided")[0][-40:]
        await pilot.press("k")
        await settle(pilot)
        first = ctl.state.flow.active
        if first != 1:
            await ready(pilot)
        table = app.table
        hand = table.query_one(NetHand)
        assert hand.has_focus and table.seat == first
        playable = [n for n, c in enumerate(hand.cards) if c.playable]
        for _ in range(playable[0]):
            await pilot.press("down")
        before = len(ctl.state.players[first].hand)
        await pilot.press("enter")
        await settle(pilot)
        assert len(ctl.state.players[first].hand) == before - 1


async def test_a_bot_opponent_plays_its_turn_without_a_hand_off():
    ctl = net_position({"hand": ["relay_courier"]}, {"creatures": ["net_wolf"], "hand": ["relay_courier"]})
    app = NetTableApp(ctl, bots={1: "greedy"}, bot_pace=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert not isinstance(app.screen, HandoffScreen)
        await pilot.press("e")
        await until(pilot, lambda: ctl.state.flow.phase == "response",  # Ben's card opens a window
                    what="the bot's card")
        await settle(pilot)
        assert app.table.seat == 0 and "Your Response window" in screen_text(app)
        while ctl.state.flow.active != 0:  # Ana answers each window and block Ben's turn asks of her
            await until(pilot, lambda: ctl.who_must_act() == 0, what="Ben's turn to go on")
            if ctl.state.flow.active != 0:
                moves = len(ctl.history)
                await pilot.press("p" if ctl.state.flow.phase == "response" else "c")
                await until(pilot, lambda: len(ctl.history) > moves, what="Ana's answer")
        assert "HandoffScreen" not in app.pushed and ctl.state.players[1].creatures


async def test_networked_a_seat_sees_only_its_own_hand_and_a_spectator_none():
    ctl = net_position({"hand": ["flare"]}, {"hand": ["iron_bulwark"]})
    app = NetTableApp(ctl, seat=1, networked=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "HandoffScreen" not in app.pushed and app.table.seat == 1
        hand = app.table.query_one(NetHand)
        assert [c.card for c in hand.cards] == ["iron_bulwark"]
        assert "Flare" not in screen_text(app)
    app = NetTableApp(ctl, seat=None, networked=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        hand = app.table.query_one(NetHand)
        assert not hand.cards and hand.note == "You are watching: the players' hands stay hidden."
        text = screen_text(app)
        assert "Flare" not in text and "Iron Bulwark" not in text


async def test_a_bot_plays_on_after_the_table_passes_a_window_for_the_human():
    ctl = net_position({"hand": ["wandering_blade"]},
                       {"creatures": ["net_wolf"], "hand": ["relay_courier", "scrap_golem"], "capacity": 4})
    app = NetTableApp(ctl, bots={1: "greedy"}, bot_pace=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.table.stops[0] = stops.WHEN_ABLE
        await pilot.press("e")
        end = time.monotonic() + 20
        while ctl.state.flow.active != 0:
            assert time.monotonic() < end, "the bot stopped"
            assert ctl.state.flow.phase != "response" or ctl.who_must_act() != 0 or \
                ctl.view(0).can_respond, "a window waited for a player with nothing to play"
            if ctl.who_must_act() == 0 and ctl.state.flow.phase == "block":
                await pilot.press("c")
            await pilot.pause(0.05)
        passes = [h for h in ctl.history if h.seat == 0 and h.text == "pass"]
        assert passes, "the table passed Ana's windows for her"


async def test_a_privately_picked_deck_is_on_no_other_seat_s_screen_at_any_width():
    from shards_tui.core.registry import game
    from shards_tui.session.driver import Session

    setup = {"kind": "new", "seed": 4, "players": [
        {"name": "Ana", "cards": {"null_stalker": 3, "void_leech": 3, "hollow_knight": 3},
         "deck_name": "ZZ Secret Ana Deck"}, {"name": "Ben", "deck": "void"}]}
    for size in ((80, 24), (120, 40), (300, 60)):
        for seat, hidden in ((1, ("ZZ Secret", "Ana Deck")),
                             (None, ("ZZ Secret", "Ana Deck", "Void Network starter"))):
            ctl = game("fractured_net").controller.build(setup)
            ctl.apply("keep", 0)
            ctl.apply("keep", 1)
            app = NetTableApp(Session.open(ctl, {}), seat=seat, networked=True)
            async with app.run_test(size=size) as pilot:
                await settle(pilot)
                text = screen_text(app)
                assert "Ben" in text and not [h for h in hidden if h in text], (size, seat)
                if seat == 1 and size[0] >= 300:
                    assert "Void Network starter" in text  # (Ben's own deck, on his screen)


async def test_over_ssh_a_seat_may_concede_while_the_other_is_to_act():
    """Found over SSH: 'x concede' was in the hints while waiting for Ana, but x did nothing
    (the rules let either seat concede at any time)."""
    from shards_tui.session.driver import Session

    ctl = net_position()
    session = Session.open(ctl, {})
    app = NetTableApp(session, seat=1, networked=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert ctl.who_must_act() == 0 and "x concede" in screen_text(app)
        await pilot.press("x")
        await settle(pilot)
        assert isinstance(app.screen, NetConfirm)
        await pilot.press("y")
        await settle(pilot)
        assert ctl.over and ctl.state.winners == [0]
    app = NetTableApp(Session.open(net_position(), {}), seat=None, networked=True)
    async with app.run_test(size=SIZE) as pilot:  # a spectator has nothing to concede
        await settle(pilot)
        await pilot.press("x")
        await settle(pilot)
        assert not isinstance(app.screen, NetConfirm)
