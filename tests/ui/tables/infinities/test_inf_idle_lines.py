"""An idle terminal's screen drops the lines it keeps drawn (``forget_drawn_lines``, called by
the server for a seat idle a while): everything is drawn again the same from the widgets, and
the next move repaints as on a screen that kept them."""

from __future__ import annotations

from inf_ui_support import app_for, position, screen_text, settle, table

from shards_tui.ui.textual_compat.widgets import drawn_lines_kept, forget_drawn_lines


async def _after_a_move(drop: bool) -> tuple[str, str]:
    """The table's text before and after Ana's move south (into the Rift), its drawn lines
    dropped before the move or not."""
    ctl = position(dice=["fortitude", "fortitude", "power", "tide"])
    app = app_for(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = table(app)
        shown = screen_text(app)
        if drop:
            assert drawn_lines_kept(screen) > 100
            forget_drawn_lines(screen)
            assert drawn_lines_kept(screen) == 0
            assert screen_text(app) == shown  # drawn again from the widgets, the same
            forget_drawn_lines(screen)
        await pilot.press("c", "2", "enter")
        await settle(pilot)
        assert ctl.history[-1].text == "move s"
        return shown, screen_text(app)


async def test_a_screen_that_dropped_its_drawn_lines_draws_the_same_and_moves_the_same() -> None:
    before, after = await _after_a_move(drop=True)
    assert (before, after) == await _after_a_move(drop=False)
    assert before != after
