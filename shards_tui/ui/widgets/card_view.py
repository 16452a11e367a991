"""Card details: the full text of the selected or hovered card."""

from __future__ import annotations

from typing import Hashable

from rich.text import Text

from shards_tui.ui.widgets._tcss import tcss
from shards_tui.ui.widgets.describe import CardInfo
from shards_tui.ui.widgets.rows_view import RowsView
from shards_tui.ui.widgets.unchanged import set_border_title

KEY_WORDS = {"r": "recruit", "f": "fast-play", "p": "play", "x": "exhaust", "t": "attack"}
ZONE_WORDS = {"center": "center row", "hand": "your hand", "champion": "your champion",
              "enemy": "enemy champion", "played": "in play",
              "option": "one of the choices"}


def details_text(info: CardInfo | None, empty: str) -> Text:
    text = Text()
    if info is None:
        text.append(empty, style="italic")
        return text
    text.append(info.name, style="bold")
    text.append("\n")
    text.append(info.kind, style="italic")
    if info.faction:
        text.append(f" [{info.initial}]")
    numbers = info.numbers()
    if numbers:
        text.append(f"\n{numbers}")
    where = ZONE_WORDS.get(info.zone, info.zone)
    if info.zone == "center" and info.label:
        where = f"center row slot {info.label}"
    elif info.owner:
        where = f"{info.owner}'s champion"
    state = []
    if info.exhausted:
        state.append("exhausted")
    if info.protected:
        state.append("cannot be attacked now")
    text.append(f"\n({where}{', ' + ', '.join(state) if state else ''})", style="dim")
    text.append("\n\n")
    text.append(info.text or "No effect.")
    if info.keys:
        text.append("\n\nKeys: ", style="bold")
        text.append(" · ".join(f"{k} {KEY_WORDS.get(k, k)}" for k in info.keys))
        first = info.keys[0]  # what Enter (or a double click) on the card does
        text.append(f"\nEnter: {KEY_WORDS.get(first, first)} (same as {first})")
    return text


class CardView(RowsView):
    """The panel keeps its height whatever the card (a longer text scrolls), so selecting
    another card repaints the panel's rows and moves nothing else on the screen."""

    DEFAULT_CSS = tcss(__file__)

    def show(self, info: CardInfo | None,
             empty: str = "Select a card (arrows, 1-6, or the mouse) to read it here.") -> None:
        set_border_title(self, "Card")
        self.show_paragraphs([(info, empty)])

    def paragraph_text(self, paragraph: Hashable) -> Text:
        info, empty = paragraph  # type: ignore[misc]
        return details_text(info, empty)

    @property
    def text(self) -> str:
        """What the panel says, as plain text."""
        return "\n".join(details_text(*p).plain for p in self.paragraphs)  # type: ignore[misc]
