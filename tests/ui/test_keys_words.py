"""33.12, the shell's part: ? lists every key the table answers in players' words; the palette
lists each move once with plain words; the footer names only keys that apply now; ':help'
keeps every key of a fast burst."""

from __future__ import annotations

import re

import pytest
from textual import events
from shards_tui.ui.textual_compat.widgets import FooterKey

from shards_tui.core.registry import game, game_ids, listing
from shards_tui.ui.app import ShardsApp, table_class
from shards_tui.ui.screens.keys import HIDDEN_ACTIONS, KeysScreen, collect_keys
from shards_tui.ui.tables.base.screen import TableScreen
from shards_tui.ui.widgets.command_line import CommandHelpScreen, CommandLine
from shards_tui.ui.widgets.palette import each_once
from shards_tui.ui.widgets.steady_footer import SteadyFooter
from tests.ui.tables.shards.shards_ui_support import scenario, settle

TABLES = [gid for gid in game_ids() if table_class(gid) is not None]


def _new(game_id: str):
    return game(game_id).controller.build({"kind": "new", "seed": 5, "first": 0,
                                           "players": [{"name": "Ana"}, {"name": "Ben"}]})


def burst(app, keys: list[str]) -> None:
    """Every key queued at once, as a line arriving over SSH."""
    for key in keys:
        char = {"colon": ":", "enter": "\r", "space": " "}.get(key, key if len(key) == 1 else None)
        app.post_message(events.Key(key, char))


@pytest.mark.parametrize("game_id", TABLES)
async def test_the_keys_list_speaks_of_the_table_and_lists_every_key_it_answers(game_id) -> None:
    app = ShardsApp(_new(game_id), cursor_blink=False, bot_pace=30)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, 5)
        await pilot.press("enter")  # the cover: Ana takes the keyboard
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        await pilot.press("question_mark")
        await settle(pilot)
        keys = app.screen
        assert isinstance(keys, KeysScreen)
        assert keys.heading == f"Keys: the {listing(game_id).title} table"
        classes = {type(w).__name__.lower() for w in table.query("*")}
        assert not [r for r in keys.rows if r.where.removeprefix("in the ") in classes]
        listed = " ".join(r.key for r in keys.rows)
        for key, active in table.active_bindings.items():  # the focused part's keys too
            binding = active.binding
            if binding.system or not (binding.description or binding.tooltip) \
                    or binding.action in HIDDEN_ACTIONS \
                    or type(active.node).__name__ in ("CommandLine", "Input"):
                continue
            shown = binding.key_display or app.get_key_display(binding)
            assert shown in listed or (key.isdigit() and re.search(r"\d-\d", listed)), key


async def test_numbered_keys_share_a_row_and_so_do_keys_that_do_the_same() -> None:
    app = ShardsApp(scenario([{"name": "Ana", "hand": ["crystal"]},
                              {"name": "Ben", "bot": "greedy"}]), cursor_blink=False, bot_pace=30)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, 5)
        rows = {r.key: r.description for r in collect_keys(app.screen)}
        assert rows["1-6"] == "Select center card 1-6"
        assert "← ↑" in rows and not any(k == "1" for k in rows)


def test_each_move_once() -> None:
    entries = [("play crystal#1", "Play Crystal"), ("play crystal#2", "Play Crystal"),
               ("play blaster#3", "Play Blaster"), ("play blaster#3", "Play Blaster"),
               ("recruit 2", "Recruit Kiln Drone"), ("recruit 3", "Recruit Kiln Drone")]
    assert each_once(entries) == [("play crystal#1", "Play Crystal"),
                                  ("play blaster#3", "Play Blaster"),
                                  ("recruit 2", "Recruit Kiln Drone"),  # (two slots: two moves)
                                  ("recruit 3", "Recruit Kiln Drone")]


async def test_the_palette_lists_each_move_once_and_no_id() -> None:
    from textual.command import CommandPalette
    from textual.widgets import OptionList

    ctl = scenario([{"name": "Ana", "hand": ["crystal", "crystal", "crystal"]},
                    {"name": "Ben", "bot": "greedy"}])
    app = ShardsApp(ctl, cursor_blink=False, bot_pace=30)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, 5)
        table = app.screen
        assert table.move_help("play crystal#1").startswith("Play a card from your hand")
        assert (TableScreen.palette_entries(table)[0][1]  # a table with no words of its own
                == table.move_help(TableScreen.palette_entries(table)[0][0]))
        await pilot.press("ctrl+p")
        await settle(pilot, 6)
        assert isinstance(app.screen, CommandPalette)
        options = app.screen.query_one(OptionList)
        texts = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert sum("Play Crystal" in t for t in texts) == 1, texts
        assert not any("crystal#" in t for t in texts), texts


async def test_the_footer_names_no_move_key_while_a_bot_is_to_move() -> None:
    ctl = scenario([{"name": "Ana", "hand": ["crystal"]}, {"name": "Ben", "bot": "greedy"}])
    app = ShardsApp(ctl, cursor_blink=False, bot_pace=30)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, 5)
        table = app.screen

        def footer_actions() -> set[str]:
            return {k.action for k in table.query_one(SteadyFooter).query(FooterKey)}

        assert {"play_all", "end_turn"} <= footer_actions()
        await pilot.press("a", "e", "e")  # Ben (a bot, 30 s a move) is to move
        await settle(pilot, 6)
        assert ctl.view(None).active == 1
        assert not {"play_all", "end_turn", "undo"} & footer_actions()
        await pilot.press("a")  # the key still answers, with the sentence
        await settle(pilot)
        assert "(a bot) is to move" in table.query_one("#status").message


async def test_help_and_a_command_typed_on_in_one_burst_keep_every_key() -> None:
    ctl = scenario([{"name": "Ana", "hand": ["crystal"]}, {"name": "Ben", "bot": "greedy"}])
    app = ShardsApp(ctl, cursor_blink=False, bot_pace=30)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, 5)
        table = app.screen
        burst(app, ["colon", *"help", "enter", *"play", "space", *"all"])
        await settle(pilot, 10)
        assert app.screen is table
        line = table.query_one(CommandLine)
        assert line.display and line.value == "play all"
        await pilot.press("escape")
        await settle(pilot)
        burst(app, ["colon", *"help", "enter"])
        await settle(pilot, 10)
        assert isinstance(app.screen, CommandHelpScreen)
        burst(app, [*"play", "space", *"all", "enter"])  # typed on the list, all at once
        await settle(pilot, 10)
        assert app.screen is table and ctl.view(0).players[0].hand == []
