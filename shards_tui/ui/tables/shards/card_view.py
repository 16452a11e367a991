"""Card details: the full text of the selected or hovered card."""

from __future__ import annotations

from typing import Hashable

from textual.strip import Strip

from shards_tui.ui.widgets._tcss import tcss
from shards_tui.ui.tables.shards.card_lines import Run, plain
from shards_tui.ui.tables.shards.describe import CardInfo
from shards_tui.ui.widgets.rows_view import RowsView, runs_rows
from shards_tui.ui.widgets.unchanged import set_border_title

KEY_WORDS = {"r": "recruit", "f": "fast-play", "p": "play", "x": "exhaust", "t": "attack"}
ZONE_WORDS = {"center": "center row", "hand": "your hand", "champion": "your champion",
              "enemy": "enemy champion", "played": "in play",
              "option": "one of the choices"}


def details_lines(info: CardInfo | None, empty: str) -> list[list[Run]]:
    """What the panel says of a card, line by line, each line in runs of one style: name,
    kind and faction, numbers, where it is, what it does, and its keys."""
    if info is None:
        return [[(empty, "italic")]]
    lines: list[list[Run]] = [[(info.name, "bold")],
                              [(info.kind, "italic")] + ([(f" [{info.initial}]", "")]
                                                         if info.faction else [])]
    numbers = info.numbers()
    if numbers:
        lines.append([(numbers, "")])
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
    lines.append([(f"({where}{', ' + ', '.join(state) if state else ''})", "dim")])
    lines.append([])
    lines += [[(line, "")] for line in (info.text or "No effect.").splitlines()]
    if info.keys:
        first = info.keys[0]  # what Enter (or a double click) on the card does
        lines += [[], [("Keys: ", "bold"),
                       (" · ".join(f"{k} {KEY_WORDS.get(k, k)}" for k in info.keys), "")],
                  [(f"Enter: {KEY_WORDS.get(first, first)} (same as {first})", "")]]
    return lines


def details_plain(info: CardInfo | None, empty: str) -> str:
    return "\n".join(plain(line) for line in details_lines(info, empty))


class CardView(RowsView):
    """The panel keeps its height whatever the card (a longer text scrolls), so selecting
    another card repaints the panel's rows and moves nothing else on the screen."""

    DEFAULT_CSS = tcss(__file__)

    def show(self, info: CardInfo | None,
             empty: str = "Select a card (arrows, 1-6, or the mouse) to read it here.") -> None:
        set_border_title(self, "Card")
        self.show_paragraphs([(info, empty)])

    def paragraph_rows(self, paragraph: Hashable, width: int) -> list[Strip]:
        info, empty = paragraph  # type: ignore[misc]
        style = self.visual_style.rich_style
        return [row for line in details_lines(info, empty)
                for row in runs_rows(line, width, style)]

    @property
    def text(self) -> str:
        """What the panel says, as plain text."""
        return "\n".join(details_plain(*p) for p in self.paragraphs)  # type: ignore[misc]
