"""The Fractured Net table screen on the shared table base: hand-offs, keys that send the legal
moves, Response stops, concede with a confirmation, the turn timer, and a bot opponent."""

from __future__ import annotations

import time
from typing import Any

from net_ui_support import net_game, net_position, screen_text
from textual.app import App

from shards_tui.session.turn_clock import TurnClock
from shards_tui.ui.screens.handoff import HandoffScreen
from shards_tui.ui.tables.fractured_net import stops
from shards_tui.ui.tables.fractured_net.combat_panel import NetCombat
from shards_tui.ui.tables.fractured_net.hand import NetHand
from shards_tui.ui.tables.fractured_net.screen import FracturedNetTable
from shards_tui.ui.tables.fractured_net.screen_keys import NetConfirm
from tests.ui.waiting import until

SIZE = (120, 40)


class NetTableApp(App[None]):
    def __init__(self, controller, **kwargs: Any) -> None:
        super().__init__()
        self.controller = controller
        self.kwargs = kwargs
        self.table: FracturedNetTable | None = None
        self.pushed: list[str] = []

    def on_mount(self) -> None:
        self.table = FracturedNetTable(self.controller, **self.kwargs)
        self.push_screen(self.table)

    def push_screen(self, screen, *args, **kwargs):  # type: ignore[override]
        self.pushed.append(type(screen).__name__)
        return super().push_screen(screen, *args, **kwargs)


async def settle(pilot, times: int = 4) -> None:
    for _ in range(times):
        await pilot.pause()


async def ready(pilot) -> None:
    """Press the hand-off's button (the named player is ready)."""
    await settle(pilot)
    assert isinstance(pilot.app.screen, HandoffScreen)
    await pilot.press("enter")
    await settle(pilot)


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


async def test_concede_asks_first_and_no_changes_nothing():
    ctl = net_position()
    app = NetTableApp(ctl)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await pilot.press("x")
        await settle(pilot)
        assert isinstance(app.screen, NetConfirm)
        await pilot.press("n")
        await settle(pilot)
        assert not ctl.over
        await pilot.press("x")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        assert ctl.over and ctl.state.winners == [1]


class FakeTime:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


async def test_the_turn_timer_shows_the_time_left_and_a_timeout_ends_the_turn():
    ctl = net_position(timer=30)
    app = NetTableApp(ctl)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        table = app.table
        fake = FakeTime()
        table.session.clock = TurnClock(30, fake)  # a clock driven by hand: no test waits for it
        table._tick()  # (the session's tick now reads the fake time too)
        fake.t = 12.0
        table._tick()
        await settle(pilot)
        assert "0:18 left" in screen_text(app)
        fake.t = 31.0
        table._tick()
        await settle(pilot)
        assert ctl.state.flow.active == 1 and ctl.state.players[0].timeouts == 1


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


async def test_the_summary_names_the_winner_and_each_player_s_standing():
    ctl = net_position({"creatures": ["net_wolf"]}, {"health": 3})
    app = NetTableApp(ctl)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        ctl.apply("concede", 1)
        await settle(pilot)
        head, lines = app.table.summary()
        assert head == "Ana wins!"
        assert lines == ["Ana: 30 health, 1 creature in play, 6 cards left in the deck",
                         "Ben: 3 health, 0 creatures in play, 6 cards left in the deck"]


async def test_the_result_says_why_the_game_ended_once():
    """The play-through's result screen said the reason twice: its line above the standings
    (the last log line) and again after the loser's standing."""
    from shards_tui.ui.screens.game_over import GameOverScreen

    ctl = net_position({"energy": 3}, {"health": 2, "deck": []})
    app = NetTableApp(ctl)
    async with app.run_test(size=(100, 30)) as pilot:
        await ready(pilot)
        await pilot.press("e")  # Ben must draw from his empty deck
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        text = screen_text(app)
        assert text.count("empty deck") == 1 and "no card left" not in text, text


async def test_a_player_out_of_time_is_not_said_to_have_conceded():
    """Found playing a ranked game over SSH: a loss on three timeouts read '(conceded)'."""
    ctl = net_position({"creatures": ["net_wolf"]}, {"health": 3}, timer=30)
    app = NetTableApp(ctl)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        while not ctl.over:  # Ana's clock runs out on each of her turns; Ben ends his
            active = ctl.view(None).active
            ctl.apply("timeout" if active == 0 else "end", active)
        await settle(pilot)
        why = ctl.view(None).log[-1].text  # (the result's line above the standings)
        assert "ran out of time 3 times in a row and loses" in why and "concede" not in why
        head, lines = app.table.summary()
        assert not [line for line in lines if "time" in line or "conceded" in line], lines


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
