"""The card text panel: the whole text of the card being looked at, and its keywords explained.

Attributes down: ``show(details)`` (``CardDetails``, or None for nothing to read). It keeps its
height whatever the card (a longer text scrolls with the mouse wheel, and says so with '…↓').
No keys of its own, no messages.
"""

from __future__ import annotations

from textual import events
from textual.content import Content
from textual.widget import Widget

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


class NetCardText(Widget, can_focus=False):
    """The panel itself: a fixed box that wraps the text to its width and scrolls it with the
    mouse wheel. Reading another card repaints this box alone (no layout: nothing else moves)."""

    DEFAULT_CSS = tcss(__file__)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._details: CardDetails | None = None
        self._shown: Content = details_content(None)
        self._lines: tuple[int, list[Content]] | None = None  # (width, the text wrapped to it)
        self.top = 0  # the first line shown (the wheel scrolls a long text)

    def show(self, details: CardDetails | None, empty: str = EMPTY) -> None:
        self.border_title = "Card"
        content = details_content(details, empty)
        if content != self._shown:
            self._details, self._shown, self._lines, self.top = details, content, None, 0
            self.refresh()

    def wrapped(self) -> list[Content]:
        width = max(1, self.content_size.width)
        if self._lines is None or self._lines[0] != width:
            self._lines = (width, [line for part in self._shown.split("\n")
                                   for line in part.wrap(width)])
        return self._lines[1]

    def render(self) -> Content:
        lines = self.wrapped()
        height = max(1, self.content_size.height)
        self.top = max(0, min(self.top, len(lines) - height))
        shown = lines[self.top:self.top + height]
        if self.top + height < len(lines) and shown:  # (more below: the wheel scrolls to it)
            shown[-1] = Content.assemble(shown[-1][:max(0, self.content_size.width - 2)], ("…↓", "dim"))
        return Content("\n").join(shown)

    def _scroll(self, by: int) -> None:
        before, self.top = self.top, self.top + by
        self.render()  # (clamps top)
        if self.top != before:
            self.refresh()

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        event.stop()
        self._scroll(2)

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        event.stop()
        self._scroll(-2)

    @property
    def details(self) -> CardDetails | None:
        return self._details

    @property
    def text(self) -> str:
        return self._shown.plain
