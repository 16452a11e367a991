"""The new-table dialog: an error it shows follows the fields as they change."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Select, Static

from server_support import ANA, FakeLink

from shards_tui.server.served_app import ServedApp
from shards_tui.server.tables import Hub
from shards_tui.ui.screens.lobby_new import NewTableScreen
from tests.ui.waiting import until


def error_text(app: ServedApp) -> str:
    return str(app.screen.query_one("#new-error", Static).render())


async def test_an_error_goes_when_the_field_at_fault_is_put_right(tmp_path: Path) -> None:
    hub = Hub(tmp_path, bot_pace=60)
    ana = ServedApp(hub, ANA, link=FakeLink(), cursor_blink=False)
    async with ana.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(ana.screen, NewTableScreen)
        ana.screen.query_one("#variant", Select).value = "bloodbath"
        await pilot.pause()
        assert error_text(ana) == ""  # nothing is said before Create
        ana.screen.query_one("#create").focus()
        await pilot.press("enter")
        await pilot.pause()
        assert error_text(ana) == "3 Player Bloodbath is for 3 players, not 2."
        ana.screen.query_one("#players", Select).value = 4
        await pilot.pause()
        assert error_text(ana) == "3 Player Bloodbath is for 3 players, not 4."  # said again
        ana.screen.query_one("#players", Select).value = 3
        await pilot.pause()
        assert error_text(ana) == ""
        # a Button ignores a press while it still shows the last one (Textual's 0.2 s effect)
        create = ana.screen.query_one("#create")
        await until(pilot, lambda: not create.has_class("-active"))
        await pilot.press("enter")
        await until(pilot, lambda: 1 in hub.tables)  # (waits for it, never a fixed time)
        assert hub.tables[1].variant == "bloodbath" and len(hub.tables[1].seats) == 3


async def test_space_opens_a_list_enter_picks_from_it_then_create_creates(tmp_path: Path) -> None:
    hub = Hub(tmp_path, bot_pace=60)
    ana = ServedApp(hub, ANA, link=FakeLink(), cursor_blink=False)
    async with ana.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("tab")  # Game -> Players (as the README's example says)
        await pilot.press("space", "down", "enter")
        await pilot.pause()
        assert isinstance(ana.screen, NewTableScreen)  # Enter in the open list only picks
        assert ana.screen.query_one("#players", Select).value == 3
        await pilot.press("tab", "tab", "tab", "tab", "enter")  # Variant, seats 2 and 3, Create
        await until(pilot, lambda: 1 in hub.tables)
        assert len(hub.tables[1].seats) == 3
