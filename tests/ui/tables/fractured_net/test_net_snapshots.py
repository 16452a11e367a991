"""Two snapshots of The Fractured Net's table parts laid out as a screen would: blocks assigned
with their forecast at 120x40, and the opening hand at 80x24."""

from __future__ import annotations

from net_ui_support import TablePlayApp, blocking_position, net_game



def test_blocking_forecast_120x40(snap_compare) -> None:
    async def run_before(pilot) -> None:
        await pilot.pause()
        await pilot.press("1", "2")  # both blockers on the Unstable Golem
        await pilot.pause()

    ctl = blocking_position()
    app = TablePlayApp(ctl)
    assert snap_compare(app, run_before=run_before, terminal_size=(120, 40))


def test_opening_hand_80x24(snap_compare) -> None:
    async def run_before(pilot) -> None:
        await pilot.pause()

    assert snap_compare(TablePlayApp(net_game(seed=3)), run_before=run_before, terminal_size=(80, 24))
