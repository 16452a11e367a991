"""One player's line of meters toward the three wins: shields, research points, token lead.

Attributes down: ``show(meters)`` (``PlayerMeters``). One line: '▶' when the player may move
now, their name and faction, then a bar for each meter with its numbers ('Shields 17/30
████░░'). A narrow line drops the faction first, then shortens the bars, then drops them; the
numbers stay. No keys, no messages.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.style import Style
from textual.strip import Strip
from textual.widget import Widget

from shards_tui.ui.tables.disco.paint import strip
from shards_tui.ui.tables.disco.table_data import Meter, PlayerMeters
from shards_tui.ui.widgets._tcss import tcss

PREFIX = "meters"
# (with the faction, bar width) tried in turn until the line fits: the bars go before the faction
LAYOUTS = ((True, 10), (True, 8), (True, 6), (False, 10), (False, 8), (False, 6), (False, 4),
           (False, 3), (False, 0))


class DiscoMeters(Widget):
    DEFAULT_CSS = tcss(__file__)
    COMPONENT_CLASSES = {f"{PREFIX}--{name}" for name in (
        "name", "faction", "acting", "shields", "research", "lead", "empty")}

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._meters: PlayerMeters | None = None
        self._key: object = None
        self._line = Strip.blank(0)

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

    def render_line(self, y: int) -> Strip:
        width = self.content_size.width
        key = (self._meters, width, self.styles._cache_key)
        if key != self._key:
            self._key, self._line = key, self._draw(width)
        return self._line if y == 0 else Strip.blank(width)

    def _style(self, *names: str) -> Style:
        return self.get_visual_style(*(f"{PREFIX}--{n}" for n in names)).rich_style

    def _draw(self, width: int) -> Strip:
        m = self._meters
        base = self._style()
        if m is None or width <= 0:
            return Strip.blank(max(0, width), base)
        mark = ("▶ ", self._style("acting")) if m.acting else ("  ", base)
        first = " · places first" if m.first else ""
        for faction, bar in LAYOUTS:
            parts = [mark, (m.name, self._style("name"))]
            if faction:
                parts.append((f" · {m.faction}{first}", self._style("faction")))
            for meter, name in ((m.shields, "shields"), (m.research, "research"), (m.lead, "lead")):
                parts += self._meter(meter, name, bar)
            if sum(cell_len(text) for text, _ in parts) <= width:
                break
        return strip(parts, width, base)

    def _meter(self, meter: Meter, name: str, bar: int) -> list[tuple[str, Style]]:
        parts = [(f"  {meter.label} {meter.text}", self._style(name))]
        if bar:
            filled = round(meter.share * bar)
            parts += [(" ", self._style()), ("█" * filled, self._style(name)),
                      ("░" * (bar - filled), self._style("empty"))]
        return parts
