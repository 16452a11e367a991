"""The card text panel: the whole text of the card being looked at, as the game writes it
(where the panel is short, ``i`` shows it whole over the table: ``details_plain``).

Attributes down: ``show(details)`` (``CardDetails``, or None for nothing to read). The panel
keeps its height whatever the card (a longer text scrolls), so reading another card moves
nothing else on the screen. No keys of its own, no messages.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.content import Content
from textual.widgets import Static

from shards_tui.ui.screens.reading import CardText
from shards_tui.ui.tables.disco.card_details import CardDetails
from shards_tui.ui.widgets._tcss import tcss

EMPTY = "Select a card (in your hand, the rows, the trash or a draft) to read it here."


def details_content(details: CardDetails | None, empty: str = EMPTY) -> Content:
    """Name, kind and deck, where it is, then the card's text a part a line."""
    if details is None:
        return Content.styled(empty, "italic")
    words = details.words
    where = " · ".join((details.where, *details.notes))
    parts: list[tuple[str, str] | str] = [(words.name, "bold"), "\n",
                                          (f"{words.kind} · {words.deck}", "italic"), "\n",
                                          (where, "dim")]
    for line in words.lines or ("No effect.",):
        parts += ["\n", line]
    return Content.assemble(*parts)


def details_plain(details: CardDetails) -> CardText:
    """The card as the whole-text pop-up (``i``) shows it: what this panel says, none of it cut."""
    words = details.words
    lines = [f"{words.kind} · {words.deck}", " · ".join((details.where, *details.notes)),
             *(words.lines or ("No effect.",))]
    return CardText(words.name, "\n".join(lines))


class DiscoCardText(VerticalScroll, can_focus=False):
    DEFAULT_CSS = tcss(__file__)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._details: CardDetails | None = None
        self._empty = EMPTY
        self._shown: Content | None = None

    def compose(self) -> ComposeResult:
        yield Static(details_content(None), classes="words")

    def show(self, details: CardDetails | None, empty: str = EMPTY) -> None:
        if self.border_title != "Card":
            self.border_title = "Card"
        content = details_content(details, empty)
        if content != self._shown:
            self._details, self._empty, self._shown = details, empty, content
            words = self.query_one(".words", Static)
            width = words.content_size.width
            tall = content.get_height(words.styles, width) if width > 0 else 0
            # A text as tall as the last one needs no layout: only this panel repaints.
            words.update(content, layout=not (width > 0 and tall == words.content_size.height))
            if self.scroll_y:
                self.scroll_home(animate=False)
            cut = details is not None and tall > self.scrollable_content_region.height > 0
            subtitle = "i: all of it" if cut else ""
            if self.border_subtitle != subtitle:
                self.border_subtitle = subtitle

    @property
    def details(self) -> CardDetails | None:
        return self._details

    @property
    def text(self) -> str:
        return details_content(self._details, self._empty).plain
