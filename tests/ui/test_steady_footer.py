"""The table's footer rebuilds its keys only when they change, and then it does."""

from __future__ import annotations

from test_table_support import TableApp, build, past_handoff, settle
from textual.widgets._footer import FooterKey

from shards_tui.ui.widgets.steady_footer import SteadyFooter

NEW = {"kind": "new", "players": [{"name": "Ana"}, {"name": "Ben"}], "seed": 7, "first": 0}


async def test_footer_keeps_its_keys_until_the_bindings_change() -> None:
    app = TableApp(build(NEW))
    async with app.run_test(size=(120, 40)) as pilot:
        await past_handoff(pilot)
        footer = app.screen.query_one(SteadyFooter)
        keys = list(footer.query(FooterKey))
        assert keys and any(k.description == "Recruit" for k in keys)
        await pilot.press("h")
        await settle(pilot)
        app.screen.refresh_bindings()
        await settle(pilot)
        assert list(footer.query(FooterKey)) == keys  # same bindings: the same widgets
        footer._shown = None  # what it shows is forgotten: it must rebuild
        app.screen.refresh_bindings()
        await settle(pilot)
        rebuilt = list(footer.query(FooterKey))
        assert rebuilt and rebuilt[0] is not keys[0]
        assert [k.description for k in rebuilt] == [k.description for k in keys]


async def test_a_narrow_table_footer_leaves_the_move_keys_to_the_action_row() -> None:
    app = TableApp(build(NEW))
    async with app.run_test(size=(80, 24)) as pilot:
        await past_handoff(pilot)
        footer = app.screen.query_one(SteadyFooter)
        shown = {k.description for k in footer.query(FooterKey) if k.display}
        assert {"Keys", "Rules", "Save"} <= shown and "End turn" not in shown
        assert footer.region.right <= 80 and "e end turn" in app.screen.query_one("#actions").text
        rules = next(k for k in footer.query(FooterKey) if k.description == "Rules")
        assert rules.region.width and rules.region.right <= 80  # on screen, not cut off
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        assert any(k.description == "End turn" and k.display and k.region.width
                   for k in footer.query(FooterKey))
