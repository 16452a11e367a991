"""What a move at the Infinities table repaints and builds: the dice tray only the rows of
the die it spent (not its area at the size it had before the terminal grew), the seat's view
once for the position."""

from __future__ import annotations

from inf_ui_support import app_for, position, settle, table

from shards_tui.ui.tables.infinities.tray import InfDiceTray


async def test_a_move_repaints_the_trays_changed_rows_and_builds_one_view() -> None:
    ctl = position(dice=["fortitude", "fortitude", "power", "tide"])
    app = app_for(ctl)
    async with app.run_test(size=(120, 30)) as pilot:
        await settle(pilot)
        await pilot.resize_terminal(120, 40)  # the lower row grows from 8 rows to 11
        await settle(pilot)
        screen = table(app)
        tray = screen.query_one(InfDiceTray)
        drawn: list[int] = []
        line = InfDiceTray.render_line

        def noting(widget, y):
            drawn.append(y)
            return line(widget, y)

        views: list[int | None] = []
        view = ctl.view

        def counting(seat):
            views.append(seat)
            return view(seat)

        InfDiceTray.render_line = noting  # type: ignore[method-assign]
        ctl.view = counting  # type: ignore[method-assign]
        try:
            await pilot.press("c", "2", "enter")  # south, into the Rift: a Fortitude spent
            await settle(pilot)
        finally:
            InfDiceTray.render_line = line  # type: ignore[method-assign]
            del ctl.view
        assert ctl.history[-1].text == "move s"
        assert drawn and len(set(drawn)) <= 3, sorted(set(drawn))  # the spent die's rows
        assert views == [0], views  # Ana's view, built once (the bot's seat waits)


async def test_the_maps_messages_stop_at_the_table() -> None:
    """A hex chosen or the cursor moved is handled by the table and goes no further: left to
    bubble on to the app, it sat in the app's queue while the move's frame waited for it."""
    from shards_tui.ui.widgets.hex_grid import HexGridView

    ctl = position(dice=["fortitude", "fortitude", "power", "tide"])
    app = app_for(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        reached: list[str] = []
        post = app.post_message

        def noting(message):
            if isinstance(message, (HexGridView.Chosen, HexGridView.CursorMoved,
                                    HexGridView.Stopped)):
                reached.append(type(message).__name__)
            return post(message)

        app.post_message = noting  # type: ignore[method-assign]
        await pilot.press("c", "2", "enter")  # the cursor south, then the move into the Rift
        await settle(pilot)
        del app.post_message
        assert ctl.history[-1].text == "move s"
        assert reached == [], reached
