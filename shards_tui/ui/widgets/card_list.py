"""A list of one seat's cards, one line a card, for a table's hand.

A game's hand subclasses ``CardList``: it draws each card's line, says what Enter (or a click)
on a card does (``chosen``), and nests its own ``Selected`` message. The base keeps the cards
shown, the note shown instead of them (the hand hidden behind a hand-off, or empty), and which
card is highlighted; showing the same cards again rebuilds nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from textual.content import Content
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from shards_tui.ui.widgets.card_messages import CardMessage

NOTE_ID = "-note"
HIDDEN = "The hand is hidden."
EMPTY = "No cards in your hand."


class CardList(OptionList):
    DEFAULT_CSS = """
    CardList {
        border: round $panel-lighten-2;
        border-title-align: left;
        border-subtitle-align: right;
        height: 1fr;
        min-height: 3;
        padding: 0;
        text-wrap: nowrap;       /* one line a card: the card text panel has it whole */
        text-overflow: ellipsis;
        &:focus { border: round $accent; }
    }
    """
    Selected: ClassVar[type[CardMessage]]  # each game's list nests its own

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._hand: tuple[Any, ...] | None = None
        self._note = ""

    @property
    def cards(self) -> tuple[Any, ...]:
        return self._hand or ()

    @property
    def note(self) -> str:
        """What the list says instead of cards ('' when it shows cards)."""
        return self._note

    @property
    def selected(self) -> str | None:
        card = self._card_at(self.highlighted if self.highlighted is not None else -1)
        return card.id if card else None

    @staticmethod
    def note_for(hand: Sequence[Any] | None, hidden: str) -> str:
        return hidden if hand is None else EMPTY if not hand else ""

    def fill(self, hand: tuple[Any, ...] | None, note: str, line: Callable[[Any], Content]) -> None:
        """Show ``hand`` (each card's ``line``), or ``note`` in its place."""
        self._hand, self._note = hand, note
        self.clear_options()
        if hand:
            self.add_options([Option(line(c), id=c.id) for c in hand])
        else:
            self.add_option(Option(Content.styled(note, "italic"), id=NOTE_ID, disabled=True))

    def index_of(self, card: str | None) -> int | None:
        return next((n for n, c in enumerate(self._hand or ()) if c.id == card), None)

    def count_title(self, hand: Sequence[Any] | None, extra: str = "") -> None:
        self.border_title = "Your hand" if hand is not None else "Hand"
        count = f"{len(hand)} card{'s' if len(hand) != 1 else ''}" if hand else ""
        self.border_subtitle = f"{count}{extra}" if count else ""

    def chosen(self, card: Any) -> None:
        """Enter, or a click, on ``card``: post the game's message for it."""
        raise NotImplementedError

    def _card_at(self, index: int) -> Any | None:
        return self._hand[index] if self._hand and 0 <= index < len(self._hand) else None

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        card = self._card_at(event.option_index)
        if card is not None:
            self.post_message(self.Selected(self, card.id))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        card = self._card_at(event.option_index)
        if card is not None:
            self.chosen(card)
