"""The Infinities log: each game line cites its rule; a networked table's chat lines stay the
players' own words, placed after the move they followed."""

from __future__ import annotations

from shards_tui.ui.tables.infinities.words import cited
from tests.ui.tables.infinities.inf_ui_support import app_for, position, settle, table


async def test_chat_lines_cite_no_rule_and_follow_their_move() -> None:
    app = app_for(position())
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = table(app)
        view = screen.view
        cited_lines = [line for line in view.log if cited(screen.ctl.game_id, line.text, line.anchor) != line.text]
        assert cited_lines, "the position's log cites no rule"
        line = cited_lines[-1]
        screen.networked = True
        app.chat_lines = lambda _screen: [(line.seq, "ana: hello")]  # type: ignore[attr-defined]
        entries = screen._log_entries(view)
        texts = [text for _seq, text in entries]
        assert texts[texts.index(cited(screen.ctl.game_id, line.text, line.anchor)) + 1] == "(chat) ana: hello"
        assert all(not text.startswith("(chat)") or text == "(chat) ana: hello" for text in texts)
