"""What Textual itself needs for the Infinities map's two costliest keys: the floor under them.

    python benchmarks/infinities_floor.py

A screen laid out like the Infinities table at 120x40 (the turn bar; the map over the dice
tray and the hand, the status and key lines; at the right the leaders, the mat, the Roles and
the log), each part a bordered panel that draws prebuilt rows (nothing is computed, no game).
``m`` changes what a move into the next tile changes, row for row (measured at the table:
twenty of the map's rows, each a span of about 25 cells in eight runs of style; the leaders'
four rows, three of the mat's, two of the tray's, four of the hand's, three of the log's, the
two status rows). ``d`` does what a discovery does: the tray and the hand give way to a list
of nine tiles (Textual's option list, each line in four styles), which takes the keys, and
seven of the map's rows change; ``d`` again puts them back. benchmarks/infinities_board.py
times it in the same run as the table, so the table's figures can be read against what
Textual alone pays for the same change. q quits.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

READY_TEXT = "infinities floor ready"
STYLES = [Style(color="white", bgcolor="grey23"), Style(color="bright_white", bold=True),
          Style(color="grey50"), Style(color="yellow", bold=True)]
# What a move changes in each panel: (panel, rows changed, cells wide each), from the table.
MOVE = {"board": (20, 25), "players": (4, 0), "mat": (3, 0), "tray": (2, 0), "hand": (4, 0),
        "log": (3, 0), "status": (2, 0)}
DISCOVERY_MAP_ROWS = 7


class Panel(Widget):
    """Draws each row as eight runs of alternating styles; ``change(rows, cells)`` makes the
    first ``rows`` rows show something else and repaints those cells only (0: whole rows)."""

    DEFAULT_CSS = "Panel { border: round $panel-lighten-2; }"
    presses = 0

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        text = f"{self.id} {y} {self.presses + y} ".ljust(width, "·")[:width]
        step = max(1, width // 8)
        segments = [Segment(text[x:x + step], STYLES[(x // step + self.presses) % 4])
                    for x in range(0, width, step)]
        return Strip(segments, width)

    def change(self, rows: int, cells: int) -> None:
        self.presses += 1
        width = self.size.width
        left = (width - cells) // 2 if cells else 0
        self.refresh(*(Region(left, y, cells or width, 1) for y in range(rows)))


class MapPanel(Panel, can_focus=True):
    """The map: the panel that has the keys until the discovery's list takes them."""


class FloorApp(App[None]):
    CSS = """
    #turn { height: 1; } #table { height: 1fr; } #left { width: 1fr; } #side { width: 46; }
    #board { height: 1fr; } #below { height: 11; } #tray { width: 40; } #hand { width: 1fr; }
    #tiles { width: 1fr; display: none; border: round $panel-lighten-2;
             &:focus { border: round $accent; } }
    #status, #actions { height: 2; border: none; } #players { height: 6; } #mat { height: 13; }
    #roles { height: 8; } #log { height: 1fr; } #footer { height: 2; }
    """

    def compose(self) -> ComposeResult:
        yield Label(READY_TEXT, id="turn")
        with Horizontal(id="table"):
            with Vertical(id="left"):
                yield MapPanel(id="board")
                with Horizontal(id="below"):
                    yield Panel(id="tray")
                    yield Panel(id="hand")
                    yield OptionList(id="tiles")
                yield Panel(id="status")
                yield Panel(id="actions")
            with Vertical(id="side"):
                for name in ("players", "mat", "roles", "log"):
                    yield Panel(id=name)
        yield Label("footer", id="footer")

    def on_mount(self) -> None:
        self.query_one("#board").focus()

    def on_key(self, event) -> None:
        if event.key == "m":
            for name, (rows, cells) in MOVE.items():
                self.query_one(f"#{name}", Panel).change(rows, cells)
        elif event.key == "d":
            self.discovery()
        elif event.key == "q":
            self.exit()

    def discovery(self) -> None:
        tiles = self.query_one("#tiles", OptionList)
        opening = not tiles.display
        self.query_one("#tray").display = self.query_one("#hand").display = not opening
        tiles.display = opening
        self.query_one("#board", Panel).change(DISCOVERY_MAP_ROWS, 25)
        self.query_one("#actions", Panel).change(2, 0)
        self.query_one("#status", Panel).change(2, 0)
        if opening:
            tiles.clear_options()
            tiles.add_options([Option(Content.assemble(
                (f"Tile {n}", "bold"), "  ", ("Ruin, Influence 2", "italic"),
                f"  turned {n % 6}: walls n, se", ("  (3 turns fit)", "dim"))) for n in range(9)])
            tiles.highlighted = 0
            tiles.focus()
        else:
            self.query_one("#board").focus()


if __name__ == "__main__":
    FloorApp().run()
