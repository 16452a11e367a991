"""``own_binding_first``: a focused widget's own binding runs where the key lands (Textual
runs it only after the key has bubbled up to the app), unless the screen claims the key."""

from __future__ import annotations

from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widget import Widget

from shards_tui.ui.textual_compat.keys import own_binding_first


class Pad(Widget, can_focus=True):
    BINDINGS = [Binding("enter", "hit", "Hit", id="pad.hit", tooltip="Hit the pad.")]

    def __init__(self) -> None:
        super().__init__()
        self.hits = 0

    async def on_key(self, event: events.Key) -> None:
        await own_binding_first(self, event)

    def action_hit(self) -> None:
        self.hits += 1


class Board(Screen[None]):
    def __init__(self) -> None:
        super().__init__()
        self.claim = False
        self.reached: list[str] = []  # keys that bubbled up to the screen

    def compose(self) -> ComposeResult:
        yield Vertical(Pad())

    def swallows_key(self, event: events.Key) -> bool:
        return self.claim and event.key == "enter"

    def on_key(self, event: events.Key) -> None:
        self.reached.append(event.key)
        if self.swallows_key(event):
            event.stop()
            event.prevent_default()


class PadApp(App[None]):
    def on_mount(self) -> None:
        self.push_screen(Board())


async def test_the_binding_runs_at_the_widget_unless_the_screen_claims_the_key() -> None:
    app = PadApp()
    async with app.run_test() as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, Board)
        pad = screen.query_one(Pad)
        pad.focus()
        await pilot.press("enter")
        assert pad.hits == 1 and screen.reached == []  # run at the pad, stopped there
        await pilot.press("x")  # not the pad's: on up, as Textual would take it
        assert screen.reached == ["x"]
        screen.claim = True
        await pilot.press("enter")
        assert pad.hits == 1 and screen.reached == ["x", "enter"]  # the screen's own
