"""Teams at the Infinities table (issue 36: 'Teams shown on the board and the mats')."""

from __future__ import annotations

from inf_ui_support import new_game

from shards_tui.ui.tables.infinities.mats import InfPlayers
from shards_tui.ui.tables.infinities.table_data import looks
from tests.ui.part_app import PartApp


async def test_the_leaders_panel_says_each_team_and_its_points_together() -> None:
    ctl = new_game(players=4, teams="2v2")
    for seat, points in enumerate((2, 1, 3, 0)):
        ctl.state.players[seat].points = points  # teammates' Points count together
    view = ctl.view(0)
    seats = looks(view)
    assert [s.team for s in seats] == ["A", "B", "A", "B"]  # dealt round the table
    need = view.points_to_win[0]
    players = InfPlayers()
    async with PartApp(players).run_test(size=(60, 10)) as pilot:
        players.show(view, seats, 0)
        await pilot.pause()
        assert players.border_title == f"Leaders · team A 5 of {need} · team B 1 of {need}"
        assert "[A]" in str(players.get_option_at_index(0).prompt)
