"""The card text panel: the text of the card being looked at, as the game writes it.

Attributes down: ``show(details)`` (``CardDetails``, or None for nothing to read). The panel
keeps its height whatever the card, so reading another card repaints it alone and moves
nothing else on the screen. A text taller than the panel ends in '…' and the panel's lower
border says 'i: all of it': ``i`` shows the card whole over the table (``details_plain``).
No keys of its own, no messages.
"""

from __future__ import annotations

from typing import Hashable

from textual.strip import Strip

from shards_tui.ui.screens.reading import CardText
from shards_tui.ui.tables.disco.card_details import CardDetails
from shards_tui.ui.tables.disco.drawn import DrawnLines
from shards_tui.ui.tables.disco.paint import cut, strip, wrapped
from shards_tui.ui.widgets._tcss import tcss

EMPTY = "Select a card (in your hand, the rows, the trash or a draft) to read it here."
PREFIX = "card-text"


def details_lines(details: CardDetails | None, empty: str = EMPTY) -> list[tuple[str, str]]:
    """(text, part) of each paragraph: name, kind and deck, where it is, then the card's text
    a part a line; or the words for no card."""
    if details is None:
        return [(empty, "empty")]
    words = details.words
    where = " · ".join((details.where, *details.notes))
    return [(words.name, "name"), (f"{words.kind} · {words.deck}", "kind"), (where, "where"),
            *((line, "text") for line in words.lines or ("No effect.",))]


def details_plain(details: CardDetails) -> CardText:
    """The card as the whole-text pop-up (``i``) shows it: what this panel says, none of it cut."""
    lines = [text for text, _part in details_lines(details)]
    return CardText(lines[0], "\n".join(lines[1:]))


class DiscoCardText(DrawnLines, can_focus=False):
    DEFAULT_CSS = tcss(__file__)
    COMPONENT_CLASSES = {f"{PREFIX}--{name}" for name in ("name", "kind", "where", "text", "empty")}
    PREFIX = PREFIX

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._details: CardDetails | None = None
        self._empty = EMPTY
        self.border_title = "Card"

    def show(self, details: CardDetails | None, empty: str = EMPTY) -> None:
        if (details, empty) != (self._details, self._empty):
            self._details, self._empty = details, empty
            self.refresh()
            self._say_if_cut(self.content_size.width, self.content_size.height)

    @property
    def details(self) -> CardDetails | None:
        return self._details

    @property
    def text(self) -> str:
        return "\n".join(text for text, _part in details_lines(self._details, self._empty))

    def _wrapped(self, width: int) -> list[tuple[str, str]]:
        return [(line, part) for text, part in details_lines(self._details, self._empty)
                for line in wrapped(text, width, 99)]

    def _say_if_cut(self, width: int, height: int) -> None:
        cut_off = self._details is not None and width > 0 and len(self._wrapped(width)) > height > 0
        subtitle = "i: all of it" if cut_off else ""
        if self.border_subtitle != subtitle:
            self.border_subtitle = subtitle

    def on_resize(self) -> None:
        self._say_if_cut(self.content_size.width, self.content_size.height)

    def shown(self) -> Hashable:
        return (self._details, self._empty)

    def draw(self, width: int, height: int) -> list[Strip]:
        lines = self._wrapped(width)
        if len(lines) > height:  # the last line shown ends in '…': i shows the rest
            last, part = lines[height - 1]
            lines = lines[:height - 1] + [(cut(last + " …", width), part)]
        base = self.style_of()
        rows = [strip([(text, self.style_of(part))], width, base) for text, part in lines]
        return rows + [strip([], width, base)] * (height - len(rows))

