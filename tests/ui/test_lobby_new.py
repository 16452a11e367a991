"""The SSH lobby's new-table dialog: focus order, default seats, and every list inside it."""

from __future__ import annotations

import pytest
from textual.widgets import Select

from shards_tui.ui.textual_compat.widgets import SelectOverlay
from tests.ui.new_game_support import DialogApp


async def test_focus_starts_on_the_first_field_and_tab_leads_to_create() -> None:
    app = DialogApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        order = []
        for _ in range(5):
            order.append(app.focused.id if app.focused else None)
            await pilot.press("tab")
        assert order == ["game", "players", "variant", "seat-2", "create"]  # no seed: secret
        await pilot.press("shift+tab", "enter")  # back on Create
        await pilot.pause()
    assert app.result == [{"game": "shards", "players": 2, "variant": "standard",
                           "bots": [None, None]}]  # seat 2 is open for a person by default


async def test_three_players_by_default_are_the_readme_example() -> None:
    """README: 'sets 3 players with seat 2 an open seat and seat 3 a greedy bot'."""
    app = DialogApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.query_one("#players", Select).value = 3
        await pilot.pause()
        app.screen.query_one("#create").focus()
        await pilot.press("enter")
        await pilot.pause()
    assert app.result[0]["bots"] == [None, None, "greedy"]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_every_open_list_stays_inside_the_dialog(size: tuple[int, int]) -> None:
    app = DialogApp()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        for players in (1, 2, 3, 4):
            screen.query_one("#players", Select).value = players
            await pilot.pause()
            box = screen.query_one("#new-table")
            assert screen.region.contains_region(box.region)
            inside = box.region.shrink(box.styles.border.spacing)
            shown = [s for s in screen.query(Select) if s.display and s.parent.display]
            assert len(shown) == 3 + players - 1
            for select in shown:
                select.focus()
                select.expanded = True
                await pilot.pause()
                overlay = select.query_one(SelectOverlay).region
                assert inside.contains_region(overlay), (size, players, select.id, overlay)
                select.expanded = False
                await pilot.pause()


async def test_enter_on_a_list_opens_it_and_enter_on_create_creates() -> None:
    """Enter on Game opens the list of games (as on any Select), so the player can pick one
    with the keyboard; it used to create a table of the first game at once."""
    app = DialogApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.focused.id == "game"
        await pilot.press("enter")  # opens the games' list
        await pilot.pause()
        assert app.result == [] and isinstance(app.focused, SelectOverlay)
        await pilot.press("down", "enter")  # Enter in an open list picks the choice
        await pilot.pause()
        chosen = app.screen.query_one("#game", Select).value
        assert chosen != "shards" and app.result == [] and app.focused.id == "game"
        for _ in range(4):
            await pilot.press("tab")
        assert app.focused.id == "create"
        await pilot.press("enter")
        await pilot.pause()
    assert app.result[0]["game"] == chosen


async def test_keys_sent_together_go_to_the_field_tab_leads_to() -> None:
    """Over SSH a line typed ahead arrives in one read: the space after two Tabs opens the
    list the Tabs lead to, not the one they left."""
    from textual import events

    app = DialogApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for key, char in [("tab", "\t"), ("tab", "\t"), ("space", " ")]:
            app.post_message(events.Key(key, char))  # all queued before any is handled
        await pilot.pause()
        await pilot.pause()
        assert app.screen.query_one("#variant", Select).expanded
        assert not app.screen.query_one("#game", Select).expanded


async def test_there_is_no_seed_to_choose() -> None:
    """A networked table's seed is the server's secret (whoever knows it knows every hand)."""
    app = DialogApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert not app.screen.query("#seed") and not app.screen.query("Input")
        assert "random, kept secret by the server" in str(app.screen.query_one(".seed-secret").render())


async def test_a_game_for_six_has_six_seats() -> None:
    """Seat rows come from the games' listings (up to 6), not a fixed four."""
    from shards_tui.core.registry import listing
    from shards_tui.ui.screens.lobby_new import most_seats

    six = next(g for g in ("infinities",) if listing(g).max_players == 6)
    assert most_seats() == 6
    app = DialogApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.screen.query_one("#game", Select).value = six
        await pilot.pause()
        app.screen.query_one("#players", Select).value = 6
        await pilot.pause()
        assert all(app.screen.query_one(f"#seat-row-{s}").display for s in range(2, 7))
        app.screen.query_one("#create").focus()
        await pilot.press("enter")
        await pilot.pause()
    assert app.result[0]["game"] == six and app.result[0]["players"] == 6
    assert app.result[0]["bots"] == [None, None, "greedy", "greedy", "greedy", "greedy"]
