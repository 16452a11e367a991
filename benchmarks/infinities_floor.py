"""What Textual itself needs for the Infinities map's two costliest keys: the floor under them.

    python benchmarks/infinities_floor.py

A screen laid out like the Infinities table at 120x40 (the turn bar; the map over the dice
tray and the hand, the status and key lines; at the right the leaders, the mat, the Roles and
the log), each part a bordered panel that draws prebuilt rows (nothing is computed, no game).
``m`` changes what a move into the next tile changes, row for row (measured at the table:
twenty of the map's rows, each a span of about 25 cells in eight runs of style; the leaders'
four rows, three of the mat's, two of the tray's, four of the hand's, three of the log's, the
two status rows). ``d`` does what a discovery does now: the lower row is two pages one
under the other in a box that scrolls (the tray and the hand; a list of nine tiles, Textual's
option list in a round border with its scrollbar always shown), and ``d`` scrolls it to the
list's page, fills the list's nine lines anew (each in four styles; nine lines replace nine, so
its size does not change), gives it the keys, and changes seven of the map's rows (the tile
previewed) and the status rows; ``d`` again scrolls back and gives the keys to the map. Nothing
is laid out: Textual's scrolling path places the row's widgets again. Done so with Textual's
own parts, that path repaints the whole screen (the list was refreshed while out of sight) and
the list's scrollbar comes in a frame of its own after: what Textual alone pays for the change
done plainly; the table's screen (``textual_compat/one_frame.py``) avoids both.
benchmarks/infinities_board.py times it in the same run as the table, so the table's figures
can be read against what Textual alone pays for the same change. q quits.
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


def tiles_of(discovery: int) -> list[Option]:
    """The nine lines of a discovery's list (each discovery's read differently)."""
    return [Option(Content.assemble((f"Tile {discovery}.{n}", "bold"), "  ",
                                    ("Ruin, Influence 2", "italic"),
                                    f"  turned {n % 6}: walls n, se", ("  (3 turns fit)", "dim")))
            for n in range(9)]


class FloorApp(App[None]):
    discoveries = 0
    CSS = """
    #turn { height: 1; } #table { height: 1fr; } #left { width: 1fr; } #side { width: 46; }
    #board { height: 1fr; } #below { height: 11; overflow: hidden hidden; }
    #cards, #tiles { height: 100%; } #tray { width: 40; } #hand { width: 1fr; }
    #tiles { width: 1fr; border: round $panel-lighten-2; overflow-y: scroll;
             scrollbar-size-vertical: 1; &:focus { border: round $accent; } }
    #status, #actions { height: 2; border: none; } #players { height: 6; } #mat { height: 13; }
    #roles { height: 8; } #log { height: 1fr; } #footer { height: 2; }
    """

    def compose(self) -> ComposeResult:
        yield Label(READY_TEXT, id="turn")
        with Horizontal(id="table"):
            with Vertical(id="left"):
                yield MapPanel(id="board")
                with Vertical(id="below"):  # two pages, one in sight
                    with Horizontal(id="cards"):
                        yield Panel(id="tray")
                        yield Panel(id="hand")
                    yield OptionList(*tiles_of(0), id="tiles")
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
        below = self.query_one("#below")
        opening = below.scroll_y == 0
        self.discoveries += opening
        tiles = self.query_one("#tiles", OptionList)
        if opening:
            tiles.set_options(tiles_of(self.discoveries))
            tiles.highlighted = 0
        below.scroll_to(y=below.scrollable_content_region.height if opening else 0,
                        animate=False, force=True, immediate=True)
        self.query_one("#board", Panel).change(DISCOVERY_MAP_ROWS, 25)
        self.query_one("#actions", Panel).change(2, 0)
        self.query_one("#status", Panel).change(2, 0)
        (tiles if opening else self.query_one("#board")).focus()


if __name__ == "__main__":
    FloorApp().run()
