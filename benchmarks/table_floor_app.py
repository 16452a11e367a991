"""The memory floor of an idle Infinities seat: a bare Textual app that mounts the widgets an
idle seat's table mounts (28, of the same Textual kinds: scroll views drawn by their lines for
the map and the log, option lists for the hand, the leaders, a question's answers and the
discovery, bordered statics for the panels, the hidden question panel's buttons, an input)
showing about as much text (a map of 30 rows of styled runs, 200 log lines, five cards, ten
mat lines...), and nothing else: no game, no view, no caches of ours. ``ssh_memory.py --kinds
table-floor`` serves it to each connection as it serves the table, so the two rows compare.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widgets import Button, Input, OptionList, Static

STYLES = [Style(color="white", bgcolor="grey23"), Style(color="bright_white", bold=True),
          Style(color="grey50"), Style(color="yellow", bold=True)]
CSS = """
Screen { layout: vertical; }
#turn { height: 1; }
#table { height: 1fr; }
#left { width: 1fr; }
#board { height: 1fr; }
#below { height: 11; }
#tray { width: 40; height: 100%; border: round grey; }
#hand, #discovery { width: 1fr; height: 100%; border: round grey; }
#decision, #discovery, #chapter, #too-small, #command { display: none; }
#status, #actions { height: 2; }
#side { width: 46; }
#players { height: 4; border: round grey; }
#mat { height: 13; border: round grey; }
#roles { max-height: 16; border: round grey; }
#log { height: 1fr; border: round grey; }
#footer { dock: bottom; height: 1; }
"""


class Lines(ScrollView):
    """Prebuilt rows drawn by ``render_line`` (the map, the log)."""

    def __init__(self, rows: list[Strip], width: int, **kwargs) -> None:
        super().__init__(**kwargs)
        self.rows = rows
        self.virtual_size = Size(width, len(rows))

    def render_line(self, y: int) -> Strip:
        at = round(self.scroll_offset.y) + y
        row = self.rows[at] if 0 <= at < len(self.rows) else Strip.blank(self.size.width)
        return row.crop_extend(0, self.size.width, None)


def map_rows(rows: int = 30, width: int = 74) -> list[Strip]:
    """Rows of hexes' cells in eight runs of style each, as the map draws them."""
    out = []
    for y in range(rows):
        runs = [Segment(("╱Gale ╲ ·" * 3)[:width // 8], STYLES[(y + n) % 4]) for n in range(8)]
        out.append(Strip(runs))
    return out


def log_rows(lines: int = 200) -> list[Strip]:
    return [Strip([Segment(f"Ana moves north-east into the Gale Spire and draws a card ({n}).",
                           STYLES[0])]) for n in range(lines)]


def text(lines: int, words: str) -> str:
    return "\n".join(f"{words} {n}" for n in range(lines))


class TableFloor(App[None]):
    CSS = CSS
    who = "someone"  # (the client waits for 'Signed in as' on its first screen)

    def compose(self) -> ComposeResult:
        yield Static("The terminal is too small.", id="too-small")
        yield Static(f"Signed in as {self.who}; Round 3 of 10 · Skirmish · order: ●Ana ▲Bot",
                     id="turn")
        with Horizontal(id="table"):
            with Vertical(id="left"):
                yield Lines(map_rows(), 74, id="board")
                with Horizontal(id="below"):
                    yield Static(text(3, "1:▣Fort 2:✦Power 3:≈Tide · spent"), id="tray")
                    yield OptionList(*[f"Card {n}  Unit Tide, Health 2, cost 2  Play: take a card"
                                       for n in range(5)], id="hand")
                    with Vertical(id="decision"):
                        yield Static("A question")
                        yield OptionList("one", "two", "three")
                        with Vertical():
                            yield Static("Enter chooses")
                            with Horizontal():
                                yield Button("Confirm")
                                yield Button("None")
                    yield OptionList(id="discovery")
                yield Static("Ana moves north-east into the Gale Spire.", id="status")
                yield Static("Your move, Ana: spend your dice.\nm map · h hand · e end turn",
                             id="actions")
            with Vertical(id="side"):
                yield OptionList("● Ana  Health 5 · Points 0 · dice 2 of 5",
                                 "▲ Bot  Health 4 · Points 1 · dice 0 of 4", id="players")
                yield Static(text(10, "Tide ■□□□□□ 1 timeline 2 · reroll"), id="mat")
                yield Static("", id="chapter")
                yield Static(text(6, "Pathfinder: 2 of 3 tiles"), id="roles")
                yield Lines(log_rows(), 44, id="log")
        yield Input(id="command")
        yield Static("e End turn a Leader & units m Map h Hand d Dice u Undo : Command ? Keys "
                     "^s Save f1 Rules ^q Quit", id="footer")
