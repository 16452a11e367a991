"""What Textual itself needs to repaint a table-sized change: the floor under the key figures.

    python benchmarks/floor_app.py

Eight bordered panels laid out like the table screen (two opponents, the center row, and five
panels below). Each press of space changes ``ROWS_PER_PANEL`` rows of every panel (5: forty
rows, about what playing a card changes on the table) and asks Textual to repaint only those
rows. Nothing else is computed: each row is one prebuilt segment. benchmarks/run.py times it
next to the bare app, so the table's key figures can be read against what any Textual screen
of that size pays for the same number of changed rows. q quits.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Label

ROWS_PER_PANEL = 5
READY_TEXT = "floor ready"
_STYLE = Style(color="white")


class Panel(Widget):
    DEFAULT_CSS = "Panel { border: round $primary; height: 1fr; }"

    presses = 0

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        text = f"panel {self.id} row {y}: {self.presses + y}"[:width].ljust(width)
        return Strip([Segment(text, _STYLE)], width)

    def press(self) -> None:
        self.presses += 1
        self.refresh(Region(0, 1, self.size.width, ROWS_PER_PANEL))


class FloorApp(App[None]):
    CSS = "#top, #middle { height: 1fr; } #bottom { height: 2fr; }"

    def compose(self) -> ComposeResult:
        yield Label(READY_TEXT)
        with Horizontal(id="top"):
            yield Panel(id="a")
            yield Panel(id="b")
        with Horizontal(id="middle"):
            yield Panel(id="c")
        with Horizontal(id="bottom"):
            with Vertical():
                yield Panel(id="d")
                yield Panel(id="e")
                yield Panel(id="f")
            with Vertical():
                yield Panel(id="g")
                yield Panel(id="h")

    def on_key(self, event) -> None:
        if event.key == "space":
            for panel in self.query(Panel):
                panel.press()
        elif event.key == "q":
            self.exit()


if __name__ == "__main__":
    FloorApp().run()
