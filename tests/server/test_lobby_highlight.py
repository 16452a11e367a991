"""The lobby's highlight stays on the entry the player put it on while the list changes."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList

from server_support import ANA, BEN, FakeLink

from shards_tui.server.auth import Identity
from shards_tui.server.served_app import ServedApp
from shards_tui.server.tables import Hub

CY = Identity("cy", "SHA256:cccc")


def highlighted(app: ServedApp) -> str | None:
    option = app.screen.query_one("#tables", OptionList).highlighted_option
    return None if option is None else option.id


async def test_moves_at_another_table_leave_the_highlight_on_new_table(tmp_path: Path) -> None:
    hub = Hub(tmp_path, bot_pace=60)
    table = hub.create(BEN, "shards", 2, [None, "greedy"])
    ana = ServedApp(hub, ANA, link=FakeLink(), cursor_blink=False)
    async with ana.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert highlighted(ana) == "t1"
        await pilot.press("down")
        assert highlighted(ana) == "new"
        ctl = table.controller
        for move in ("play all", "end"):  # moves at the other table redraw the lobby
            ctl.apply(move, ctl.who_must_act())
            await pilot.pause(0.4)
        assert highlighted(ana) == "new"
        await pilot.press("enter")
        await pilot.pause()
        assert type(ana.screen).__name__ == "NewTableScreen"


async def test_a_table_added_above_does_not_move_the_highlight(tmp_path: Path) -> None:
    hub = Hub(tmp_path, bot_pace=60)
    hub.create(BEN, "shards", 2, [None, None])
    hub.create(BEN, "shards", 2, [None, None])
    ana = ServedApp(hub, ANA, link=FakeLink(), cursor_blink=False)
    async with ana.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("down")
        assert highlighted(ana) == "t1"  # the second row (#2 is above it)
        hub.create(CY, "shards", 2, [None, None])  # a new table at the top
        await pilot.pause(0.4)
        assert highlighted(ana) == "t1"
        await pilot.press("down")
        assert highlighted(ana) == "new"
        hub.create(CY, "shards", 2, [None, None])
        await pilot.pause(0.4)
        assert highlighted(ana) == "new"
        await pilot.press("up")
        await pilot.press("enter")  # joins the table highlighted, not the one at its old place
        await pilot.pause(0.4)
        assert hub.tables[1].seat_of(ANA) == 1 and hub.tables[4].seat_of(ANA) is None


async def test_the_first_table_takes_the_highlight_in_an_empty_lobby(tmp_path: Path) -> None:
    hub = Hub(tmp_path, bot_pace=60)
    ana = ServedApp(hub, ANA, link=FakeLink(), cursor_blink=False)
    async with ana.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert highlighted(ana) == "new"  # the lobby put it there: there was nothing else
        hub.create(BEN, "shards", 2, [None, None])
        await pilot.pause(0.4)
        assert highlighted(ana) == "t1"  # so Enter joins the table Ben made
        hub.create(CY, "shards", 2, [None, None])
        await pilot.pause(0.4)
        assert highlighted(ana) == "t1"
