"""What a move at the Infinities table repaints and builds: the dice tray only the rows of
the die it spent (not its area at the size it had before the terminal grew), the seat's view
once for the position; the map's messages go straight to the table, no further."""

from __future__ import annotations

from inf_ui_support import app_for, position, settle, table

from shards_tui.ui.tables.infinities import words
from shards_tui.ui.tables.infinities.tray import InfDiceTray
from shards_tui.ui.widgets.hex_grid import HexGridView


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

        reached: list[str] = []  # the map's messages that bubbled on past the table to the app
        post = app.post_message

        def posting(message):
            if isinstance(message, (HexGridView.Chosen, HexGridView.CursorMoved)):
                reached.append(type(message).__name__)
            return post(message)

        # what reached the map's containers (#left, #table) and the table itself
        between = [screen.query_one("#left"), screen.query_one("#table"), screen]
        passed: list[str] = []

        def watching(node):
            own = node.post_message

            def watched(message):
                name = type(message).__name__
                if name in ("Chosen", "CursorMoved"):
                    passed.append(f"{name}@{node.id or 'table'}")
                return own(message)
            return watched

        InfDiceTray.render_line = noting  # type: ignore[method-assign]
        ctl.view = counting  # type: ignore[method-assign]
        app.post_message = posting  # type: ignore[method-assign]
        screen.query_one(HexGridView).focus()
        await settle(pilot)
        for node in between:
            node.post_message = watching(node)  # type: ignore[method-assign]
        cite = words.cited
        worded: list[str] = []  # the log lines whose words (and rule cited) were made

        def citing(game_id, text, anchor):
            worded.append(text)
            return cite(game_id, text, anchor)

        words.cited = citing  # type: ignore[assignment]
        lines_before = len(screen.view.log)
        try:
            await pilot.press("c", "2", "enter")  # south, into the Rift: a Fortitude spent
            await settle(pilot)
        finally:
            InfDiceTray.render_line = line  # type: ignore[method-assign]
            del ctl.view, app.post_message
            for node in between:
                del node.post_message
            words.cited = cite  # type: ignore[assignment]
        assert ctl.history[-1].text == "move s"
        assert drawn and len(set(drawn)) <= 3, sorted(set(drawn))  # the spent die's rows
        assert views == [0], views  # Ana's view, built once (the bot's seat waits)
        assert reached == [], reached  # stopped at the table: left to bubble on, each was one
        # more message in the app's queue that the move's frame waited for
        # The map's messages began at the table: each container between was one more turn
        # of a message loop. (Its keys still bubble to the app, whose bindings run them in
        # the order they came: a key's binding run where it lands overtook the one before.)
        assert passed == ["CursorMoved@table", "Chosen@table"], passed
        # the log's words were made for the move's own lines alone, not the whole log again
        assert worded and len(worded) == len(screen.view.log) - lines_before, worded

