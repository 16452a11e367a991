"""A change arriving while a player types on the command line (the other player's move over
SSH, a bot's, a chat line) leaves the keys with the line: the table gave the focus back to the
question or the hand on every change, so the rest of a word went to the table (where 's'
switches the stops and 't' opens the attack)."""

from __future__ import annotations

from net_table_support import NetTableApp, settle
from net_ui_support import net_position

from shards_tui.ui.widgets.command_line import CommandLine


async def _typing_through_a_change(ctl) -> tuple[str, str]:
    app = NetTableApp(ctl, seat=0, networked=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, 6)
        table = app.table
        await pilot.press("colon", *"cho")
        await settle(pilot)
        table.game_changed()  # what the server sends when anything at the table changes
        await settle(pilot)
        await pilot.press(*"ose")
        await settle(pilot)
        line = table.query_one(CommandLine)
        return type(app.focused).__name__, line.value


async def test_a_change_while_answering_a_question_on_the_command_line() -> None:
    ctl = net_position({"hand": ["flare"] * 8}, {"hand": ["flare"]})
    ctl.apply("end", 0)  # a discard down to 7: a question, with its panel
    assert await _typing_through_a_change(ctl) == ("CommandLine", "choose")


async def test_a_change_while_typing_a_move_in_the_main_phase() -> None:
    ctl = net_position({"hand": ["flare"]}, {"hand": ["flare"]})
    assert await _typing_through_a_change(ctl) == ("CommandLine", "choose")
