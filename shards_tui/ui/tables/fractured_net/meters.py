"""One player's line of meters: health, energy, piles, and whether they may move now.

Attributes down: ``show(side)`` (``SideData``). One line: '▶' when the player may move now, the
name, health with a bar ('Health 21/30 ███████░░░'), energy ('Energy 4 left · 3 used · cap 7'),
then the deck, hand and discard counts. A narrow line drops the deck's name, then the bar, then
shortens the words; the numbers stay. No keys, no messages.
"""

from __future__ import annotations

from rich.cells import cell_len
from textual.content import Content
from textual.widget import Widget

from shards_tui.games.fractured_net.cards import limits
from shards_tui.ui.tables.fractured_net.table_data import SideData, energy_left
from shards_tui.ui.widgets._tcss import tcss

BAR = 10


def _health(side: SideData, bar: int) -> list[tuple[str, str] | str]:
    parts: list[tuple[str, str] | str] = [f"  Health {side.health}/{side.max_health}"]
    if bar:
        filled = round(bar * max(0, min(side.health, side.max_health)) / side.max_health)
        parts += [" ", ("█" * filled, "$success"), ("░" * (bar - filled), "dim")]
    return parts


def meters_content(side: SideData, width: int) -> Content:
    e = side.energy
    long_energy = f"  {e.text}"
    short_energy = f"  {energy_left(e.available, e.capacity)}"
    piles = f"  Deck {side.deck_count} · Hand {side.hand_count} · Discard {side.discard_count}"
    short_piles = f"  D{side.deck_count} H{side.hand_count} X{side.discard_count}"
    mark = ("▶ ", "bold $accent") if side.acting else "  "
    lost = limits().timeouts_to_lose
    timeouts = [(f"  Timeouts {side.timeouts}/{lost}", "bold $warning")] if side.timeouts else []
    deck = f" ({side.deck_name})" if side.deck_name else ""
    if side.out:
        deck += " · out"
    for name_deck, bar, energy, pile in ((True, BAR, long_energy, piles), (False, BAR, long_energy, piles),
                                         (False, 0, long_energy, piles), (False, 0, short_energy, piles),
                                         (False, 0, short_energy, short_piles)):
        parts = [mark, (side.name, "bold"), *([(deck, "italic")] if name_deck else []),
                 *_health(side, bar), energy, *timeouts, pile]
        content = Content.assemble(*parts)
        if cell_len(content.plain) <= width:
            return content
    return content


class NetMeters(Widget):
    DEFAULT_CSS = tcss(__file__)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._side: SideData | None = None

    def show(self, side: SideData) -> None:
        if side != self._side:
            self._side = side
            self.set_class(side.acting, "-acting")
            self.refresh()

    @property
    def side(self) -> SideData | None:
        return self._side

    @property
    def text(self) -> str:
        return self.render().plain if self._side is not None else ""  # type: ignore[union-attr]

    def render(self) -> Content:
        if self._side is None:
            return Content("")
        return meters_content(self._side, self.content_size.width or 120)
