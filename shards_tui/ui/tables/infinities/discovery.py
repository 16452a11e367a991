"""Choosing a discovery: which tile, turned how, seen on the map before it is placed.

Attributes down: ``show(view)`` while the viewer's discovery question waits: one line per tile
the stacks offer (name, type, Influence, its walls as turned now), each with the turns that
leave the path open (the view's legal ``discover`` answers). ↑↓ choose the tile, ←→ (or r)
turn it, Enter places it. Messages up: ``Previewed(tile, rot)`` (the map draws it there) and
``Send(command)`` (the legal ``discover TILE rot N``). The picker keeps the turn chosen for
each tile.
"""

from __future__ import annotations

from textual.binding import Binding
from textual.content import Content
from textual.geometry import Size
from textual.reactive import Reactive
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from shards_tui.core.commands import Command
from shards_tui.games.infinities import commands as cm
from shards_tui.games.infinities.content import content
from shards_tui.games.infinities.view import InfView
from shards_tui.ui.tables.infinities.map_data import walls_words
from shards_tui.ui.textual_compat.widgets import set_option_prompt
from shards_tui.ui.widgets.quiet_repaints import SteadyOptionList
from shards_tui.ui.widgets.card_messages import SentBy
from shards_tui.ui.widgets.steady_scrollbar import steady_vertical_scrollbar


def choices(view: InfView) -> dict[str, dict[int, Command]]:
    """tile -> {turn: the legal discover move}, in the order the question lists them."""
    out: dict[str, dict[int, Command]] = {}
    for command in view.legal_of(cm.Discover):
        tile, _, rot = command.options[0].partition("@")  # type: ignore[attr-defined]
        out.setdefault(tile, {})[int(rot)] = command
    return out


class InfDiscovery(SteadyOptionList, OptionList):
    DEFAULT_CSS = """
    InfDiscovery { border: round $panel-lighten-2; border-title-align: left; height: 1fr;
                   padding: 0; text-wrap: nowrap; text-overflow: ellipsis;
                   overflow-x: hidden; overflow-y: scroll; scrollbar-size-vertical: 1;
                   &:focus { border: round $accent; } }
    """
    # Its height is the lower row's page: a list of other tiles needs no new layout of the
    # screen, only the list's own lines and scrollbar (which it updates itself; the bar is
    # always there, its track empty when every tile fits: a bar that came and went laid the
    # screen out).
    virtual_size = Reactive(Size(0, 0), layout=False)

    BINDINGS = [
        Binding("left", "turn(-1)", "Turn left", show=False, id="inf.discover.left",
                tooltip="Turn the tile a sixth anticlockwise (to the next turn that fits)."),
        Binding("right,r", "turn(1)", "Turn right", show=False, id="inf.discover.right",
                tooltip="Turn the tile a sixth clockwise (to the next turn that fits)."),
    ]

    class Previewed(SentBy):
        def __init__(self, widget: "InfDiscovery", tile: str, rot: int) -> None:
            super().__init__(widget)
            self.tile = tile
            self.rot = rot

    class Send(SentBy):
        def __init__(self, widget: "InfDiscovery", command: Command) -> None:
            super().__init__(widget)
            self.command = command

    @property
    def vertical_scrollbar(self):  # type: ignore[override]
        """Drawn from the rows it drew before when its look is one it had (Textual draws the
        whole bar again each time the list's page comes into sight)."""
        return steady_vertical_scrollbar(self)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.tiles: dict[str, dict[int, Command]] = {}
        self.turns: dict[str, int] = {}
        self.border_title = "Discover a tile"
        self.border_subtitle = "↑↓ tile · ←→ turn it · Enter places it"

    @property
    def tile(self) -> str | None:
        keys = list(self.tiles)
        at = self.highlighted
        return keys[at] if at is not None and 0 <= at < len(keys) else None

    @property
    def rot(self) -> int:
        tile = self.tile
        return self.turns.get(tile, 0) if tile else 0

    def show(self, view: InfView) -> None:
        tiles = choices(view)
        if tiles == self.tiles:
            return
        self.tiles = tiles
        self.turns = {t: next(iter(rots)) for t, rots in tiles.items()}
        with self.prevent(OptionList.OptionHighlighted):
            # (in one step: emptied first, the list's size went to nothing and back)
            self.set_options([Option(self._line(t), id=t) for t in tiles])
            self.highlighted = 0 if tiles else None
        self._previewed()

    def _line(self, tile_id: str) -> Content:
        tile = content().tiles[tile_id]
        rot = self.turns.get(tile_id, 0)
        fits = len(self.tiles.get(tile_id, {}))
        return Content.assemble((tile.name, "bold"), "  ", (f"{tile.type.capitalize()}, Influence "
                                                           f"{tile.influence}", "italic"),
                                f"  turned {rot}: walls {walls_words(tile_id, rot)}",
                                (f"  ({fits} turn{'s' if fits != 1 else ''} fit)", "dim"))

    def _previewed(self) -> None:
        tile = self.tile
        if tile is not None:
            self.post_message(self.Previewed(self, tile, self.rot))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self._previewed()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        tile = self.tile
        if tile is not None:
            self.post_message(self.Send(self, self.tiles[tile][self.rot]))

    def action_turn(self, way: int) -> None:
        tile = self.tile
        if tile is None:
            return
        rots = sorted(self.tiles[tile])
        at = rots.index(self.rot) if self.rot in rots else 0
        self.turns[tile] = rots[(at + way) % len(rots)]
        set_option_prompt(self, self.highlighted or 0, self._line(tile))  # (its row alone)
        self._previewed()
