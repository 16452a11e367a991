"""The hand-off cover (shared by every game): everything public since the player last had the
keyboard, however long, in a list that scrolls inside an 80x24 terminal."""

from __future__ import annotations

from types import SimpleNamespace

from textual.app import App

from shards_tui.ui.screens.handoff import HandoffScreen
from shards_tui.ui.tables.base.handoff import Handoff
from tests.ui.part_app import screen_text


def log_table(lines: int) -> SimpleNamespace:
    log = [SimpleNamespace(seq=n, text=f"Move {n} by someone.") for n in range(lines)]
    public = SimpleNamespace(log=log)
    return SimpleNamespace(ctl=SimpleNamespace(view=lambda seat: public), log=log)


def test_each_player_reads_everything_since_they_last_had_the_keyboard() -> None:
    table = log_table(3)
    handoff = Handoff(table)  # type: ignore[arg-type]
    assert handoff.news_for(0) == []  # nobody has had the keyboard yet: nothing to tell
    handoff.taken(0)
    handoff.seen(2)
    for n in range(3, 13):  # Ana plays, then two bots and Ben move: ten lines in all
        table.log.append(SimpleNamespace(seq=n, text=f"Move {n} by someone."))
        if n == 5:
            handoff.begin()  # the cover goes up after Ana's moves 3-5
            handoff.taken(1)
            handoff.seen(5)
    handoff.bot_to_act(2)  # a bot moves in the open: Ben had seen up to his own move 12
    table.log.append(SimpleNamespace(seq=13, text="Move 13 by someone."))
    handoff.begin()
    assert handoff.news_for(0) == [f"Move {n} by someone." for n in range(6, 14)]  # not 6 only
    assert handoff.news_for(1) == ["Move 13 by someone."]  # the bot's move, not his own
    assert handoff.news_for(2) == [f"Move {n} by someone." for n in range(3, 14)]  # new: since
    # the first player took the keyboard


async def test_a_long_list_scrolls_inside_80x24_and_all_of_it_is_shown() -> None:
    news = [f"Move {n} by someone." for n in range(30)]
    standings = [f"Player {n}: 3 Points, Health 5" for n in range(4)]
    cover = HandoffScreen("Ana", "Round 3. Your turn.", standings, news)
    app = App()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(cover)
        await pilot.pause()
        assert all(line in cover.shown_text for line in news)
        box, ready = cover.query_one("#handoff-box").region, cover.query_one("#handoff-ready").region
        assert box.y >= 0 and box.bottom <= 24 and ready.bottom <= 24
        shown = screen_text(app)  # the news from its start (the standings are above it)
        assert "Move 0 by someone." in shown and "Move 29" not in shown and "Player 0" not in shown
        assert "Since you last had the keyboard: (↑↓ PgUp PgDn scroll)" in shown
        await pilot.press("home")
        await pilot.pause()
        assert "Player 0: 3 Points" in screen_text(app)
        await pilot.press("end")
        await pilot.pause()
        assert "Move 29 by someone." in screen_text(app)
