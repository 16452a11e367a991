"""Another seat's moves repaint a waiting seat's table without laying the screen out again:
at a 6-seat SSH table each layout of the waiting seats' and spectators' screens (all at once,
after the same move) held the server's loop for a few hundred milliseconds."""

from __future__ import annotations

from inf_ui_support import app_for, position, settle, table

CY = {"name": "Cy", "leader": "vessa_emberborn", "at": "0,1", "bot": "greedy"}


async def _until(pilot, condition) -> None:
    for _ in range(1000):
        if condition():
            return
        await pilot.pause(0.02)


async def test_the_others_deploys_and_the_next_dice_repaint_a_waiting_seat_without_a_layout() -> None:
    # Ben deploys, then Ana, then Cy (bots a tenth of a second a move); then Ben's turn.
    ctl = position(active=1, phase="deploy", order=[1, 0, 2], more=[CY])
    app = app_for(ctl, pace=0.1)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await _until(pilot, lambda: 0 in ctl.view(0).acting)
        screen = table(app)
        screen.run_command_text("done")  # Ana deploys nothing
        await settle(pilot)
        assert ctl.view(0).acting == [2] and ctl.view(0).phase == "deploy"
        before = screen.layouts
        await _until(pilot, lambda: ctl.view(0).phase != "deploy")  # Cy's deploy: Ben's turn
        await settle(pilot)
        assert ctl.view(0).phase != "deploy" and 0 not in ctl.view(0).acting
        assert screen.layouts == before

