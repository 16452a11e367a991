"""The one-line footer: the keys that apply now, drawn by one widget; a change of keys repaints
its row (nothing mounted, no layout), a click presses the key."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen

from shards_tui.ui.widgets.line_footer import LineFooter


class Keys(Screen):
    BINDINGS = [Binding("e", "end", "End turn"), Binding("m", "map", "Map"),
                Binding("x", "hidden_key", "Never", show=False)]
    hidden: frozenset[str] = frozenset()

    def __init__(self) -> None:
        super().__init__()
        self.pressed: list[str] = []

    def compose(self) -> ComposeResult:
        yield LineFooter(first=("map",))

    def footer_hidden(self) -> frozenset[str]:
        return self.hidden

    def action_end(self) -> None:
        self.pressed.append("end")

    def action_map(self) -> None:
        self.pressed.append("map")


class KeysApp(App):
    def on_mount(self) -> None:
        self.push_screen(Keys())


async def test_the_footer_draws_its_keys_in_one_row_and_a_click_presses_one() -> None:
    app = KeysApp()
    async with app.run_test(size=(60, 5)) as pilot:
        await pilot.pause()
        screen = app.screen
        footer = screen.query_one(LineFooter)
        await pilot.pause()
        assert footer.actions[:2] == ["map", "end"]  # (first: the map)
        row = "".join(segment.text for segment in footer.render_line(0))
        assert row.startswith("m Map e End turn ") and "Never" not in row
        await pilot.click(LineFooter, offset=(7, 0))  # on 'End turn'
        await pilot.pause()
        assert screen.pressed == ["end"]
        screen.hidden = frozenset({"end"})  # the screen leaves End turn out now
        screen.refresh_bindings()
        await pilot.pause()
        await pilot.pause()
        assert "end" not in footer.actions and not list(footer.children)
        assert "".join(s.text for s in footer.render_line(0)).startswith("m Map ")


async def test_a_key_that_does_not_fit_is_left_out_whole_not_cut() -> None:
    app = KeysApp()
    async with app.run_test(size=(14, 5)) as pilot:  # 'm Map e End turn ' needs 17
        await pilot.pause()
        footer = app.screen.query_one(LineFooter)
        await pilot.pause()
        row = "".join(segment.text for segment in footer.render_line(0))
        assert row.rstrip() == "m Map" and len(row) == 14
