"""After another seat's move a table redraws behind its own player's waiting keys, and a
spectator's table draws the moves of a while together (``Hub.watch_pace``): the redraws of
one bot move no longer all come before a player's key."""

from __future__ import annotations

from pathlib import Path

from textual import events

from server_support import ANA, BEN, FakeLink

from shards_tui.server.served_app import ServedApp
from shards_tui.server.tables import Hub
from shards_tui.ui.textual_compat.app_loop import input_queued


async def test_a_waiting_key_is_handled_before_the_redraw_of_a_move(tmp_path: Path) -> None:
    hub = Hub(tmp_path, bot_pace=60)
    ana = ServedApp(hub, ANA, link=FakeLink(), cursor_blink=False)
    async with ana.run_test(size=(120, 40)) as pilot:
        ana.create_table({"game": "shards", "players": 2, "bots": [None, "greedy"]})
        await pilot.pause(0.3)
        screen = ana.table_screen
        queued_then: list[bool] = []
        redraw = screen.game_changed
        screen.game_changed = lambda: (queued_then.append(input_queued(ana)), redraw())
        ana.post_message(events.Key("question_mark", "?"))  # a key arrives ...
        assert input_queued(ana)
        ana.table_changed()  # ... as a move is announced: the key goes first
        ana.table_changed()  # (a second move meanwhile: one redraw draws both)
        assert queued_then == []
        await pilot.pause(0.3)
        assert queued_then == [False]  # redrawn once, when no key waited any more
        assert type(ana.screen).__name__ == "KeysScreen"  # the key was answered


async def test_a_spectator_draws_the_moves_of_a_while_together(tmp_path: Path) -> None:
    hub = Hub(tmp_path, bot_pace=60, watch_pace=3600)  # its timer is run by the test
    ana = ServedApp(hub, ANA, link=FakeLink(), cursor_blink=False)
    ben = ServedApp(hub, BEN, link=FakeLink(), cursor_blink=False)
    async with ana.run_test(size=(120, 40)) as pa, ben.run_test(size=(120, 40)) as pb:
        ana.create_table({"game": "shards", "players": 2, "bots": [None, "greedy"]})
        await pa.pause(0.3)
        ben.open_table(1, watch=True)
        await pb.pause(0.3)
        redraws: list[str] = []
        for app in (ana, ben):
            screen = app.table_screen
            screen.game_changed = lambda name=app.who.user: redraws.append(name)
        table = hub.tables[1]
        ctl = table.controller
        for _ in range(2):
            ctl.apply(ctl.legal_commands(ctl.who_must_act())[0])
            await pa.pause(0.2)
            await pb.pause(0.2)
        assert redraws.count("ana") == 2 and "ben" not in redraws  # the seat at once
        ben._redraw()  # the spectator's timer: both moves in one redraw
        assert redraws.count("ben") == 1
        ctl.apply(ctl.legal_commands(ctl.who_must_act())[0])
        await pb.pause(0.2)
        assert redraws.count("ben") == 1  # the next move waits for the next timer


async def test_what_a_seat_was_told_after_a_move_outlives_that_moves_redraw(tmp_path: Path) -> None:
    """A redraw that comes late (behind a key) clears only what was said before its move."""
    from shards_tui.ui.widgets.key_hints import StatusLine

    from server_support import BEN, settle

    hub = Hub(tmp_path, bot_pace=60, seeds=lambda: 7)
    ana = ServedApp(hub, ANA, link=FakeLink(), cursor_blink=False)
    ben = ServedApp(hub, BEN, link=FakeLink(), cursor_blink=False)
    async with ana.run_test(size=(120, 40)), ben.run_test(size=(120, 40)):
        ana.create_table({"game": "shards", "players": 2, "bots": [None, None]})
        await settle(ana)
        ben.open_table(1)
        for app in (ben, ana, ben):
            await settle(app)
        ctl = hub.tables[1].controller
        mover = ctl.who_must_act()
        other = (ana, ben)[1 - mover]
        screen = other.table_screen

        def move() -> None:
            ctl.apply(next(c for c in ctl.legal_commands(mover) if c.text() != "end"))

        screen.say("told before the move")
        move()
        await settle(other)
        assert screen.query_one(StatusLine).message == ""  # old news once the move is drawn
        move()
        screen.say("told after the move")  # (before the move's redraw has run)
        await settle(other)
        assert screen.query_one(StatusLine).message == "told after the move"
