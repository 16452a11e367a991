"""Pilot tests of the demo: bots play at a pace, pause, step, speed, narration, the end."""

from __future__ import annotations

from typing import Any

import pytest
from textual.app import App
from textual.widgets import Static

from shards_tui.core.registry import game
from shards_tui.ui.apps import DemoApp
from shards_tui.ui.screens.demo import DemoGuide, demo_of, demo_screen, faster, pace_text, slower
from shards_tui.ui.screens.title import TitleScreen
from tests.ui.waiting import until

SHORT_GAME_SEED = 24  # random bots, two players: over in about 120 moves


def build(seed: int = 5, players: int = 2):
    names = ["Ana", "Ben", "Cy", "Di"][:players]
    return game("shards").controller.build(
        {"kind": "new", "seed": seed, "first": None, "players": [{"name": n} for n in names]})


class DemoHost(App[None]):
    """Shows one demo's table; records what the demo asks of its app."""

    def __init__(self, demo: DemoGuide) -> None:
        super().__init__()
        self.demo = demo.table
        self.calls: list[str] = []

    def on_mount(self) -> None:
        self.push_screen(self.demo)

    def open_rules(self, game_id: str = "shards", anchor: str | None = None) -> None:
        self.calls.append(f"rules:{game_id}#{anchor}")

    def return_to_title(self) -> None:
        self.calls.append("title")


async def settle(pilot, demo: DemoGuide) -> None:
    """Let the move being thought about (if any) finish, and the screen catch up."""
    await until(pilot, lambda: not demo.busy)
    await pilot.pause()


def status(demo: DemoGuide) -> str:
    return str(demo.table.query_one("#demo-status", Static).render())


def make_demo(levels: list[str] | None = None, pace: float = 0.0, **kw: Any) -> DemoGuide:
    """A demo's table, by its guide (``guide.table`` is the screen)."""
    ctl = kw.pop("controller", None) or build()
    guide = demo_of(demo_screen(ctl, levels or ["greedy"] * len(ctl.seat_names()), pace))
    assert guide is not None
    return guide


async def test_pace_zero_advances_and_narrates_the_rules() -> None:
    demo = make_demo()
    async with DemoHost(demo).run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: demo.moves >= 6)
        text = "\n".join(demo.narration)
        assert "Ana (greedy bot) " in text or "Ben (greedy bot) " in text
        assert "Rule — Playing cards: Playing a card moves it from your hand" in text
        assert "(#playing-cards)" in text
        assert demo.last_anchor is not None
        # the log lines of the moves are in the narration, the bots' notes are not repeated
        log = [e.text for e in demo.ctl.view(None).log]
        assert any(line.strip() in log for line in demo.narration if line.startswith("  ")
                   and "Rule" not in line)
        notes = [e.text for e in demo.ctl.view(None).log if "greedy bot" in e.text]
        assert notes and not any("greedy bot" in line for line in demo.narration
                                 if line.startswith("  "))


async def test_pause_stops_and_step_plays_exactly_one_move() -> None:
    demo = make_demo()
    async with DemoHost(demo).run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: demo.moves >= 3)
        await pilot.press("space")
        assert demo.paused
        await settle(pilot, demo)
        stopped = demo.moves
        await pilot.pause(0.3)
        await settle(pilot, demo)
        assert demo.moves == stopped
        assert "paused" in status(demo)
        await pilot.press("n")
        await until(pilot, lambda: demo.moves > stopped)
        await pilot.pause(0.3)
        await settle(pilot, demo)
        assert demo.moves == stopped + 1
        await pilot.press("right")
        await until(pilot, lambda: demo.moves > stopped + 1)
        await pilot.pause(0.2)
        await settle(pilot, demo)
        assert demo.moves == stopped + 2 and demo.paused
        await pilot.press("space")  # and on again
        await until(pilot, lambda: demo.moves >= stopped + 5)
        assert not demo.paused


async def test_step_while_playing_pauses_after_one_move() -> None:
    demo = make_demo(pace=60)  # playing, slowly enough that no move of its own comes first
    async with DemoHost(demo).run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        assert demo.paused
        await until(pilot, lambda: demo.moves == 1)
        demo.set_pace(0.0)  # were it still playing, moves would now follow at once
        await pilot.pause(0.5)
        assert demo.moves == 1


async def test_speed_keys_change_the_pace() -> None:
    demo = make_demo(pace=1.5)
    async with DemoHost(demo).run_test(size=(120, 40)) as pilot:
        await pilot.press("space")
        await pilot.press("plus")
        assert demo.pace == 1.0
        await pilot.press("minus", "minus")
        assert demo.pace == 2.0
        await pilot.pause()
        assert "2 s per move" in status(demo)
        for _ in range(12):
            await pilot.press("plus")
        assert demo.pace == 0.0
        await pilot.pause()
        assert "no pause between moves" in status(demo)


def test_pace_steps() -> None:
    assert faster(1.5) == 1.0 and slower(1.5) == 2.0
    assert faster(0.0) == 0.0 and slower(8.0) == 8.0
    assert faster(1.2) == 1.0 and slower(1.2) == 1.5  # a pace off the list joins it
    assert pace_text(0) == "no pause between moves" and pace_text(0.25) == "0.25 s per move"


async def test_the_acting_seats_hand_is_shown_and_labelled() -> None:
    demo = make_demo(pace=5.0)
    async with DemoHost(demo).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        hand = demo.table.query_one("#hand")
        seat = demo.ctl.who_must_act()
        name = demo.ctl.seat_names()[seat]
        assert demo.table.seat == seat and name in hand.border_title  # the acting seat's hand
        assert len(hand.cards) == len(demo.ctl.view(seat).players[seat].hand) > 0


async def test_a_terminal_too_small_shows_a_notice_until_it_grows() -> None:
    demo = make_demo(pace=5.0)
    async with DemoHost(demo).run_test(size=(50, 16)) as pilot:
        await pilot.pause()
        notice = demo.table.query_one("TooSmall", Static)
        assert notice.display
        assert "This terminal is 50x16: the demo needs at least 60x20" in str(notice.render())
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not notice.display


async def test_f1_opens_the_rule_of_the_last_move() -> None:
    demo = make_demo()
    async with DemoHost(demo).run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: demo.last_anchor is not None)
        await pilot.press("space")
        anchor = demo.last_anchor
        await pilot.press("f1")
        assert pilot.app.calls == [f"rules:shards#{anchor}"]
        assert demo.rules_context() == ("shards", anchor)


async def test_a_whole_game_of_random_bots_ends_with_the_winner() -> None:
    ctl = build(seed=SHORT_GAME_SEED)
    demo = demo_of(demo_screen(ctl, ["random", "random"], pace=0.0))
    assert demo is not None
    async with DemoHost(demo).run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: ctl.over)
        await pilot.pause()
        winner = ctl.seat_names()[ctl.winners[0]]
        assert demo.narration[-1].startswith(f"★ {winner} wins after ")
        assert "Rule — End of the game" in "\n".join(demo.narration)
        assert "Game over" in status(demo) and winner in status(demo)
        assert demo.moves == len(ctl.history)
        await pilot.press("enter")
        assert pilot.app.calls == ["title"]


async def test_demo_app_opens_on_the_demo_and_q_goes_to_the_title(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("SHARDS_TUI_HOME", str(tmp_path))
    app = DemoApp(build(), ["greedy", "greedy"], pace=0.0, cursor_blink=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        demo = demo_of(app.screen)
        assert demo is not None
        await until(pilot, lambda: demo.moves >= 2)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        moves = demo.moves
        await pilot.pause(0.2)
        assert demo.moves <= moves + 1  # the demo stopped with the screen
    assert not (tmp_path / "autosave.json").exists()  # a demo never replaces the autosave


def test_one_level_per_seat() -> None:
    with pytest.raises(ValueError, match="one bot level per seat"):
        demo_screen(build(), ["greedy"])


async def test_the_title_starts_a_demo_of_two_greedy_bots_and_q_comes_back(tmp_path, monkeypatch) -> None:
    from shards_tui.ui.app import ShardsApp
    from shards_tui.ui.screens.keys import KeysScreen

    monkeypatch.setenv("SHARDS_TUI_HOME", str(tmp_path))
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        assert isinstance(app.screen, KeysScreen)
        assert any(row.key == "d" and row.description == "Demo" for row in app.screen.rows)
        await pilot.press("escape", "d")
        await until(pilot, lambda: demo_of(app.screen) is not None)
        demo = demo_of(app.screen)
        assert demo.levels == ["greedy", "greedy"] and demo.ctl.seat_names() == ["Ana", "Ben"]
        assert len(app.screen_stack) == 2 and isinstance(app.screen_stack[0], TitleScreen)
        await until(pilot, lambda: demo.moves >= 1)
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, TitleScreen))
        menu = app.screen.query_one("#menu")
        menu.highlighted = [o.id for o in menu.options].index("demo")  # the menu entry too
        await pilot.press("enter")
        await until(pilot, lambda: demo_of(app.screen) is not None)
        assert demo_of(app.screen) is not demo and app.screen.ctl.seat_names() == ["Ana", "Ben"]
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, TitleScreen))
    assert not (tmp_path / "autosave.json").exists()  # the demo never writes the autosave
