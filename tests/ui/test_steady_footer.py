"""The table's footer rebuilds its keys only when they change, and then it does."""

from __future__ import annotations

import gc
import weakref

from tests.ui.tables.shards.shards_ui_support import TableApp, build, past_handoff, settle
from shards_tui.ui.textual_compat.widgets import FooterKey

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
        # The removed keys are freed (each stayed alive as long as the footer, bound to it).
        removed = [weakref.ref(k) for k in keys]
        del keys
        await settle(pilot)
        gc.collect()
        assert [ref() for ref in removed if ref() is not None] == []


def shown_keys(footer: SteadyFooter, width: int) -> list[str]:
    """The keys the footer shows whole within ``width`` columns, left to right."""
    keys = [k for k in footer.query(FooterKey) if k.display and k.region.width]
    return [k.key_display for k in sorted(keys, key=lambda k: k.region.x)
            if k.region.right <= width]


async def test_the_keys_a_player_needs_most_come_first_and_fit_in_80_columns() -> None:
    """At 80 columns the footer showed only ': ? ^s f1 ^q': the play keys were left out. The
    moves now come first, then the command line, keys, rules and quit; save (the game is
    autosaved anyway) last. Narrow, the descriptions are short so that all of them fit."""
    from shards_tui.ui.app import ShardsApp

    moves = ["p", "a", "r", "f", "e", "u"]
    for size in ((80, 24), (120, 40)):
        app = ShardsApp(build(NEW), cursor_blink=False)
        async with app.run_test(size=size) as pilot:
            await past_handoff(pilot)
            footer = app.screen.query_one(SteadyFooter)
            shown = shown_keys(footer, size[0])
            assert shown[:6] == moves, shown
            assert shown[6:] == [":", "?", "f1", "^q", "^s"], shown
            words = {k.key_display: k.description for k in footer.query(FooterKey)}
            assert words["a"] == ("All" if size[0] == 80 else "Play all")
    app = TableApp(build(NEW))
    async with app.run_test(size=(80, 24)) as pilot:
        await past_handoff(pilot)
        footer = app.screen.query_one(SteadyFooter)
        await pilot.resize_terminal(120, 40)  # wider: the long descriptions come back
        await settle(pilot)
        assert any(k.description == "End turn" and k.region.width for k in footer.query(FooterKey))
