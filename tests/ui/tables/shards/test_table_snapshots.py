"""Two snapshots of the table: a turn in progress at 120x40, a shield decision at 80x24."""

from __future__ import annotations

from tests.ui.tables.shards.shards_ui_support import NEW_GAME, TableApp, build, scenario, settle


def test_table_mid_turn_120x40(snap_compare) -> None:
    async def run_before(pilot) -> None:
        await settle(pilot)
        await pilot.press("enter")  # Ben takes the keyboard
        await settle(pilot)
        await pilot.press("a", "2")  # play everything, select center card 2
        await settle(pilot)

    assert snap_compare(TableApp(build(NEW_GAME)), run_before=run_before,
                        terminal_size=(120, 40))


def test_table_shield_decision_80x24(snap_compare) -> None:
    ctl = scenario([{"name": "Ana", "hand": ["crystal"], "champions": ["general_decurion"]},
                    {"name": "Ben", "hand": ["command_seer", "thorn_zealot", "crystal"],
                     "champions": ["li_hin_the_shattered"]}], turn={"power": 7})

    async def run_before(pilot) -> None:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("e", "e")  # Ana attacks; Ben holds two shields
        await settle(pilot)
        await pilot.press("enter")  # Ben takes the keyboard
        await settle(pilot)
        await pilot.press("space")  # tick Command Seer
        await settle(pilot)

    assert snap_compare(TableApp(ctl), run_before=run_before, terminal_size=(80, 24))
