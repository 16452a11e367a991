"""ctrl+f and a word typed in one burst on the rules screen, the focus elsewhere: the whole
word lands in the search field (a plain binding moved the focus only after the letters had
gone to the contents list, and the word was lost)."""

from __future__ import annotations

from textual.widgets import Input

from shards_tui.ui.screens.rules import RulesContents, RulesScreen
from tests.ui.tables.fractured_net.test_net_key_bursts import ScreenApp, burst
from tests.ui.waiting import until


async def test_ctrl_f_then_a_word_in_one_burst_searches_for_the_whole_word() -> None:
    app = ScreenApp(RulesScreen("fractured_net"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        rules = app.screen
        rules.query_one(RulesContents).focus()
        await until(pilot, lambda: isinstance(app.focused, RulesContents))
        burst(app, ["ctrl+f", *"drain"])
        search = rules.query_one("#rules-search", Input)
        await until(pilot, lambda: search.value == "drain")
        assert app.focused is search
