"""One player's line of meters toward the three wins: shields, research points, token lead.

Attributes down: ``show(meters)`` (``PlayerMeters``). One line: '▶' when the player may move
now, their name and faction, then a bar for each meter with its numbers ('Shields 17/30
████░░'). A narrow line drops the faction first, then shortens the bars, then drops them; the
numbers stay. No keys, no messages.
"""

from __future__ import annotations

from typing import Hashable

from rich.cells import cell_len
from rich.style import Style
from textual.strip import Strip

from shards_tui.ui.tables.disco.drawn import DrawnLines
from shards_tui.ui.tables.disco.paint import strip
from shards_tui.ui.tables.disco.table_data import Meter, PlayerMeters
from shards_tui.ui.widgets._tcss import tcss

PREFIX = "meters"
# (with the faction, bar width) tried in turn until the line fits: the bars go before the faction
LAYOUTS = ((True, 10), (True, 8), (True, 6), (False, 10), (False, 8), (False, 6), (False, 4),
           (False, 3), (False, 0))


class DiscoMeters(DrawnLines):
    DEFAULT_CSS = tcss(__file__)
    COMPONENT_CLASSES = {f"{PREFIX}--{name}" for name in (
        "name", "faction", "acting", "shields", "research", "lead", "empty")}

    PREFIX = PREFIX

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._meters: PlayerMeters | None = None

    def show(self, meters: PlayerMeters) -> None:
        if meters != self._meters:
            self._meters = meters
            self.set_class(meters.acting, "-acting")
            self.refresh()

    @property
    def meters(self) -> PlayerMeters | None:
        return self._meters

    @property
    def text(self) -> str:
        """The line as it reads at the width shown."""
        return self.render_line(0).text.rstrip()

    def shown(self) -> Hashable:
        return self._meters

    def draw(self, width: int, height: int) -> list[Strip]:
        return [self._line(width)]

    def _line(self, width: int) -> Strip:
        m = self._meters
        base = self.style_of()
        if m is None:
            return Strip.blank(width, base)
        mark = ("▶ ", self.style_of("acting")) if m.acting else ("  ", base)
        first = " · places first" if m.first else ""
        for faction, bar in LAYOUTS:
            parts = [mark, (m.name, self.style_of("name"))]
            if faction:
                parts.append((f" · {m.faction}{first}", self.style_of("faction")))
            for meter, name in ((m.shields, "shields"), (m.research, "research"), (m.lead, "lead")):
                parts += self._meter(meter, name, bar)
            if sum(cell_len(text) for text, _ in parts) <= width:
                break
        return strip(parts, width, base)

    def _meter(self, meter: Meter, name: str, bar: int) -> list[tuple[str, Style]]:
        parts = [(f"  {meter.label} {meter.text}", self.style_of(name))]
        if bar:
            filled = round(meter.share * bar)
            parts += [(" ", self.style_of()), ("█" * filled, self.style_of(name)),
                      ("░" * (bar - filled), self.style_of("empty"))]
        return parts
