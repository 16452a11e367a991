"""The card text panel: the whole text of the card being looked at, and its keywords explained.

Attributes down: ``show(details)`` (``CardDetails``, or None for nothing to read). It keeps its
height whatever the card (a longer text scrolls). No keys of its own, no messages.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.content import Content
from textual.widgets import Static

from shards_tui.ui.tables.fractured_net.card_details import CardDetails
from shards_tui.ui.tables.fractured_net.table_data import energy_cost
from shards_tui.ui.widgets._tcss import tcss

EMPTY = "Move to a card (in your hand or on the battlefield) to read it here."


def details_content(details: CardDetails | None, empty: str = EMPTY) -> Content:
    """Name and cost, type, faction and rarity, where it is, the text, then the glossary."""
    if details is None:
        return Content.styled(empty, "italic")
    w = details.words
    parts: list[tuple[str, str] | str] = [
        (w.name, "bold"), f"  {energy_cost(w.cost)}", "\n", (f"{w.type} · {w.faction} · {w.rarity}", "italic"),
        "\n", (" · ".join((details.where, *details.notes)), "dim")]
    for line in w.lines or ("No rules text.",):
        parts += ["\n", line]
    glossary = list(w.glossary)
    for gear in details.attached:
        parts += ["\n", ("Equipped: ", "dim"), (gear.name, "bold"), f" ({gear.type}, {energy_cost(gear.cost)})"]
        for line in gear.lines:
            parts += ["\n  ", line]
        glossary += [g for g in gear.glossary if g not in glossary]
    for word, meaning in glossary:
        parts += ["\n", (word, "bold"), f": {meaning}"]
    return Content.assemble(*parts)


class NetCardText(VerticalScroll, can_focus=False):
    DEFAULT_CSS = tcss(__file__)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._details: CardDetails | None = None
        self._shown: Content | None = None

    def compose(self) -> ComposeResult:
        yield Static(details_content(None), classes="words")

    def show(self, details: CardDetails | None, empty: str = EMPTY) -> None:
        self.border_title = "Card"
        content = details_content(details, empty)
        if content != self._shown:
            self._details, self._shown = details, content
            self.query_one(".words", Static).update(content)
            self.scroll_home(animate=False)

    @property
    def details(self) -> CardDetails | None:
        return self._details

    @property
    def text(self) -> str:
        return self._shown.plain if self._shown is not None else ""
