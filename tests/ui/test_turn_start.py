"""33.7: the seat whose turn comes starts it with the cursor on its hand (over SSH after the
other's move or after answering a question; at one keyboard after u too); over SSH the
terminal's bell rings as the turn begins, unless the player turned it off; and an Enter
pressed again and again from before the turn does not play the card the cursor lands on."""

from __future__ import annotations

import random
from typing import Any

import pytest
from textual.app import App

from shards_tui.core.registry import game, game_ids
from shards_tui.ui.app import ShardsApp, table_class
from shards_tui.ui.preferences import TURN_BELL, app_preferences
from shards_tui.ui.tables.base.screen import TableScreen
from shards_tui.ui.tables.base.turn_start import TurnStart
from tests.ui.tables.shards.shards_ui_support import ANA_BEN, scenario, settle

TABLES = [gid for gid in game_ids() if table_class(gid) is not None]


class SeatApp(App[None]):
    """One networked seat's app, as the SSH server opens it: it counts its bells."""

    def __init__(self, table: TableScreen) -> None:
        super().__init__()
        self.table = table
        self.bells = 0

    def on_mount(self) -> None:
        self.push_screen(self.table)

    def bell(self) -> None:
        self.bells += 1


def _play_until_seat_begins(ctl, seat: int, rng: random.Random) -> bool:
    """Random moves of the other seats (answering their own questions) until ``seat`` is the
    active player, free to act with no question; False if the game ends first."""
    for _ in range(400):
        view = ctl.view(None)
        if view.over:
            return False
        if view.active == seat and view.acting == [seat] and view.pending is None:
            return True
        mover = next((s for s in view.acting if s != seat), view.acting[0])
        moves = ctl.view(mover).legal
        ctl.apply(rng.choice(moves).text, mover)
    return False


def _new(game_id: str):
    return game(game_id).controller.build({"kind": "new", "seed": 11, "first": 0,
                                           "players": [{"name": "Ana"}, {"name": "Ben"}]})


@pytest.mark.parametrize("game_id", TABLES)
async def test_a_networked_seat_starts_its_turn_on_its_hand_and_hears_the_bell(
        game_id, monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("SHARDS_TUI_HOME", str(tmp_path))
    ctl = _new(game_id)
    cls = table_class(game_id)
    table = cls(ctl, seat=1, networked=True, hotseat=False)
    put: list[int] = []
    monkeypatch.setattr(table, "cursor_to_hand", lambda: put.append(1))
    app = SeatApp(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert _play_until_seat_begins(ctl, 1, random.Random(3))
        table.game_changed()
        await settle(pilot)
        assert put == [1] and app.bells == 1
        table.game_changed()  # the same turn again: no second cursor jump, no second bell
        await settle(pilot)
        assert put == [1] and app.bells == 1
        app_preferences(app).set(TURN_BELL, False)  # 'bell': the player turned it off
        assert _play_until_seat_begins(ctl, 0, random.Random(4))
        table.game_changed()
        assert _play_until_seat_begins(ctl, 1, random.Random(5))
        table.game_changed()
        await settle(pilot)
        assert put == [1, 1] and app.bells == 1


async def test_a_networked_shards_seat_has_its_hand_selected_after_answering_an_attack() -> None:
    ctl = scenario([{"name": "Ana", "hand": ["blaster"]},
                    {"name": "Ben", "hand": ["crystal", "crystal"]}])
    table = table_class("shards")(ctl, seat=1, networked=True, hotseat=False)
    app = SeatApp(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        ctl.apply("play all", 0)
        ctl.apply("end", 0)  # Ben is attacked, holding no shield
        table.game_changed()
        await settle(pilot)
        assert ctl.state.pending is not None and ctl.state.pending.seat == 1
        await pilot.press("enter")  # Go on
        table.game_changed()  # (the server's table tells every seat of every move)
        await settle(pilot)
        assert ctl.view(1).active == 1 and ctl.state.pending is None
        assert table.selected is not None and table.selected.zone == "hand"
        await pilot.press("p")  # the card under the cursor plays: no h or arrow needed first
        await settle(pilot)
        assert len(ctl.view(1).this_turn.played) == 1


async def test_the_bell_word_turns_the_bell_off_and_on(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("SHARDS_TUI_HOME", str(tmp_path))
    ctl = scenario(ANA_BEN)
    table = table_class("shards")(ctl, seat=1, networked=True, hotseat=False)
    app = SeatApp(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("colon", *"bell", "enter")
        await settle(pilot)
        assert "The bell on your turn is off." in table.query_one("#status").message
        assert app_preferences(app).get(TURN_BELL) is False
        assert (tmp_path / "preferences.json").exists()  # kept for next time
        await pilot.press("colon", *"bell", "enter")
        await settle(pilot)
        assert app_preferences(app).get(TURN_BELL) is True


async def test_after_undo_at_one_keyboard_the_cursor_is_on_the_hand() -> None:
    ctl = scenario(ANA_BEN)
    app = ShardsApp(ctl, cursor_blink=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, 5)
        await pilot.press("enter")  # the cover
        await settle(pilot)
        table = app.screen
        await pilot.press("a")  # play all: the hand is empty, nothing selected
        await settle(pilot)
        assert table.selected is None
        await pilot.press("u")
        await settle(pilot)
        assert table.selected is not None and table.selected.zone == "hand"


async def test_an_enter_pressed_twice_on_the_cover_plays_nothing_but_a_fresh_one_plays() -> None:
    ctl = scenario(ANA_BEN)
    app = ShardsApp(ctl, cursor_blink=False)
    app.ENTER_SERIES_GAP = float("inf")  # (however slow the machine: one series of Enters)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, 5)
        await pilot.press("enter")  # the cover: Ana takes the keyboard
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen) and table.selected.zone == "hand"
        await pilot.press("enter")  # the same double press: meant for the cover
        await settle(pilot)
        assert ctl.view(0).this_turn.played == []
        app.ENTER_SERIES_GAP = 0.0  # (a fresh press, a moment later)
        await pilot.press("enter")
        await settle(pilot)
        assert len(ctl.view(0).this_turn.played) == 1


def test_a_turn_begins_once_per_turn_and_only_free_of_questions() -> None:
    class View:
        def __init__(self, **kw: Any) -> None:
            self.over, self.my_question, self.acting = False, False, [0]
            self.turn, self.active = 1, 0
            self.__dict__.update(kw)

    times = iter([1.0, 2.0, 3.0, 4.0])
    start = TurnStart(None, clock=lambda: next(times))
    assert not start.began(View(acting=[0, 1]), 0)  # opened as both decide (a mulligan) ...
    assert not start.began(View(acting=[0]), 0)  # ... so the rest of it is no new turn
    assert not start.began(View(active=1, acting=[1]), 0)  # another's turn
    assert start.began(View(turn=2), 0)
    assert not start.began(View(my_question=True), 0)  # a question first
    assert not start.began(View(turn=2), 0)  # once
    assert not start.began(View(turn=2, acting=[1]), 0)  # a window in one's own turn: not again
    assert not start.began(View(turn=2), 0)
    assert start.before_it(0.5) and not start.before_it(1.5) and not start.before_it(None)
    assert start.began(View(turn=3), 0)  # an extra turn
    assert not start.began(View(turn=3, active=1, acting=[1]), 0)
    assert start.began(View(turn=3), 0)  # placements that alternate within one round


async def test_a_phase_both_seats_play_at_once_is_no_turn_to_pull_the_cursor_into() -> None:
    """Over SSH, the other player kept their opening hand first: this seat, alone left to
    decide, is not starting a turn, and the keep key still reaches the opening-hand panel."""
    ctl = game("fractured_net").controller.build({  # this seat begins, once both decided
        "kind": "new", "seed": 11, "first": 1, "players": [{"name": "Ana"}, {"name": "Ben"}]})
    table = table_class("fractured_net")(ctl, seat=1, networked=True, hotseat=False)
    app = SeatApp(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert sorted(ctl.view(None).acting) == [0, 1] and ctl.view(None).active == 1
        ctl.apply("keep", 0)
        table.game_changed()
        await settle(pilot)
        assert ctl.view(None).acting == [1] and app.bells == 0
        await pilot.press("k")
        table.game_changed()
        await settle(pilot)
        assert ctl.view(None).acting != [1] or ctl.view(None).phase != "mulligan"
        assert any("keep" in h.text for h in ctl.history if h.seat == 1)
