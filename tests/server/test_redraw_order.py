"""After another seat's move a table redraws behind its own player's waiting keys, and a
spectator's table draws the moves of a while together (``Hub.watch_pace``): the redraws of
one bot move no longer all come before a player's key."""

from __future__ import annotations

from pathlib import Path

from textual import events

from server_support import ANA, BEN, FakeLink

from shards_tui.server.served_app import ServedApp
from shards_tui.server.tables import Hub


async def test_a_waiting_key_is_handled_before_the_redraw_of_a_move(tmp_path: Path) -> None:
    hub = Hub(tmp_path, bot_pace=60)
    ana = ServedApp(hub, ANA, link=FakeLink(), cursor_blink=False)
    async with ana.run_test(size=(120, 40)) as pilot:
        ana.create_table({"game": "shards", "players": 2, "bots": [None, "greedy"]})
        await pilot.pause(0.3)
        screen = ana.table_screen
        queued_then: list[int] = []
        redraw = screen.game_changed
        screen.game_changed = lambda: (queued_then.append(ana._message_queue.qsize()), redraw())
        ana.post_message(events.Key("question_mark", "?"))  # a key arrives ...
        ana.table_changed()  # ... as a move is announced: the key goes first
        ana.table_changed()  # (a second move meanwhile: one redraw draws both)
        assert queued_then == []
        await pilot.pause(0.3)
        assert queued_then == [0]  # redrawn once, when nothing waited any more
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
