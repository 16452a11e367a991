"""The log and a card's whole text, read over any table at any size (80x24 included), and
closed back to the table as it was."""

from __future__ import annotations

import pytest

from shards_tui.core.registry import game, game_ids
from shards_tui.ui.app import ShardsApp, table_class
from shards_tui.ui.screens.handoff import HandoffScreen
from shards_tui.ui.screens.reading import CardText, CardTextScreen, LogScreen
from shards_tui.ui.tables.base.screen import TableScreen
from shards_tui.ui.widgets.log_view import LogView
from tests.ui.part_app import screen_text
from tests.ui.tables.shards.shards_ui_support import NEW_GAME, TableApp, build, settle

TABLES = [gid for gid in game_ids() if table_class(gid) is not None]


def new_game(game_id: str):
    """Ana (human, first) against a greedy bot."""
    return game(game_id).controller.build({
        "kind": "new", "seed": 5, "first": 0,
        "players": [{"name": "Ana"}, {"name": "Ben", "bot": "greedy"}]})


def log_of(table: TableScreen) -> list[str]:
    """The log's lines as the table shows them (a table may add to each line, as Infinities
    adds the rule it cites)."""
    return [text for _seq, text in table._log_entries(table.ctl.view(table.seat)) if text]


@pytest.mark.parametrize("game_id", TABLES)
async def test_every_table_opens_its_whole_log_at_80x24_and_closes_back(game_id) -> None:
    app = ShardsApp(new_game(game_id), cursor_blink=False, bot_pace=30)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 5)
        table = app.screen
        assert isinstance(table, TableScreen)
        focused = table.focused
        await pilot.press("l")
        await settle(pilot)
        assert isinstance(app.screen, LogScreen)
        assert app.screen.lines_text == log_of(table)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is table and table.focused is focused


@pytest.mark.parametrize("game_id", TABLES)
async def test_page_up_reads_the_log_at_80x24_on_every_table(game_id) -> None:
    """Where the table has no room for its log, PageUp opens it over the table; where it
    has, PageUp pages the log on the table."""
    app = ShardsApp(new_game(game_id), cursor_blink=False, bot_pace=30)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 5)
        table = app.screen
        log = table.query_one(LogView)
        log.show([(n, f"line {n} of a long game") for n in range(60)])
        await settle(pilot)
        before = log.scroll_y
        await pilot.press("pageup")
        await settle(pilot)
        assert isinstance(app.screen, LogScreen) or log.scroll_y < before


async def test_page_up_where_the_log_has_no_room_opens_it_a_page_back() -> None:
    ctl = build(NEW_GAME)
    app = TableApp(ctl, hotseat=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.table
        table.query_one(LogView).display = False  # as a table with no room for it at 80x24
        await settle(pilot)
        await pilot.press("pageup")
        await settle(pilot)
        assert isinstance(app.screen, LogScreen)
        await pilot.press("escape")
        await pilot.press("pagedown")
        await settle(pilot)
        assert isinstance(app.screen, LogScreen)


async def test_the_log_read_over_the_table_follows_the_game_and_keeps_the_readers_place() -> None:
    ctl = build(NEW_GAME)
    app = TableApp(ctl, hotseat=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.table
        await pilot.press("l")
        await settle(pilot)
        reader = app.screen
        assert isinstance(reader, LogScreen)
        table.session.send("play crystal", 1)  # (Ben plays first with seed 7)
        await settle(pilot)
        assert reader.lines_text == log_of(table)
        assert any("Crystal" in line for line in reader.lines_text)


async def test_i_shows_the_whole_text_of_the_selected_card_and_esc_keeps_the_selection() -> None:
    ctl = build(NEW_GAME)
    app = TableApp(ctl, hotseat=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.table
        await pilot.press("h", "right")
        await settle(pilot)
        chosen = table.selected
        assert chosen is not None
        await pilot.press("i")
        await settle(pilot)
        reader = app.screen
        assert isinstance(reader, CardTextScreen)
        assert reader.card.title == chosen.name
        assert chosen.text.splitlines()[0] in reader.card.text  # the text, not cut with '…'
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is table and table.selected == chosen


async def test_a_hand_off_closes_what_the_last_player_was_reading() -> None:
    """A card of Ben's hand read over the table must not greet Ana after the cover."""
    ctl = build(NEW_GAME)  # Ben first (seed 7), both human
    app = TableApp(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # Ben takes the keyboard
        await settle(pilot)
        table = app.table
        await pilot.press("h", "i")
        await settle(pilot)
        assert isinstance(app.screen, CardTextScreen)
        table.session.send("end", 1)  # (a turn clock could end it so)
        await settle(pilot)
        assert isinstance(app.screen, HandoffScreen)
        assert not any(isinstance(s, (CardTextScreen, LogScreen)) for s in app.screen_stack)


async def test_a_table_with_no_card_under_the_cursor_says_so(monkeypatch) -> None:
    """The base's hook says no card (a table that has not wired it): one sentence, no
    empty pop-up."""
    ctl = build(NEW_GAME)
    app = TableApp(ctl, hotseat=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.table
        monkeypatch.setattr(table, "card_under_cursor", lambda: TableScreen.card_under_cursor(table))
        await pilot.press("i")
        await settle(pilot)
        assert app.screen is table
        assert "No card is under the cursor" in table.query_one("#status").message
    assert CardText("Crystal", "Gain 1 gem.").text == "Gain 1 gem."


@pytest.mark.parametrize("game_id", TABLES)
async def test_a_screen_opened_over_a_table_shows_the_table_dimmed_behind(game_id) -> None:
    # the keys help and the log (and every dialog, menu and palette: ModalScreen) were drawn
    # on an opaque background that hid the table
    app = ShardsApp(new_game(game_id), cursor_blink=False, bot_pace=30)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, 5)
        table = app.screen
        assert isinstance(table, TableScreen)
        for key in ("question_mark", "l"):
            await pilot.press(key)
            await settle(pilot)
            over = app.screen
            assert over is not table and app.screen_stack[-2] is table
            assert 0 < over.styles.background.a < 1  # dimmed, not hidden
            if key == "question_mark":  # the keys say no name: Ana's is the table's, behind
                assert "Ana" in screen_text(app)
            await pilot.press("escape")
            await settle(pilot)
            assert app.screen is table
