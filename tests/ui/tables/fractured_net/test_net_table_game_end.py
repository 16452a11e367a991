"""How a game at the Net's table ends: conceding asks first, the turn timer runs out (on a clock
driven by hand), and the summary names the winner, the standings and why it ended."""

from __future__ import annotations

from net_table_support import SIZE, NetTableApp, settle, ready
from net_ui_support import net_position, screen_text

from shards_tui.session.turn_clock import TurnClock
from shards_tui.ui.tables.fractured_net.screen_keys import NetConfirm
from tests.ui.waiting import until


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
