"""The viewer's hand: one line per card (name, kind, what it does), a list to move through.

Attributes down: ``show(hand, selected, hidden)`` with the viewer's hand cards (``HandCard``;
None when there is no hand to show: a spectator, or a table behind its hand-off cover, and
``hidden`` says so) and the selected card's id. Messages up: ``Selected`` (the highlight moved
to a card, by key or click) and ``Chosen`` (Enter or a click: take this card to the action row
to place it).
"""

from __future__ import annotations

from textual.binding import Binding
from textual.content import Content
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from shards_tui.ui.widgets.card_messages import CardMessage
from shards_tui.ui.tables.disco.table_data import HandCard
from shards_tui.ui.widgets._tcss import tcss

NOTE_ID = "-note"
HIDDEN = "The hand is hidden."
EMPTY = "No cards in your hand."


def hand_line(card: HandCard) -> Content:
    """'Finale Rocket  Missile  Action: Missile 2 (+3 in space 5 or 6).' (cut by the list)."""
    parts: list[tuple[str, str] | str] = [(card.name, "bold"), "  ", (card.kind, "italic")]
    if card.retained:
        parts += ["  ", ("retained", "bold")]
    parts += ["  ", card.text]
    return Content.assemble(*parts)


class DiscoHand(OptionList):
    DEFAULT_CSS = tcss(__file__)
    BINDINGS = [
        Binding("enter", "select", "To the row", id="disco.hand.choose",
                tooltip="Take the highlighted card to the action row, to choose where it goes."),
    ]

    class Selected(CardMessage):
        """The player highlighted a hand card (``card``: its id)."""

    class Chosen(CardMessage):
        """The player wants to place this hand card (``card``): Enter, or a click."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._hand: tuple[HandCard, ...] | None = None
        self._note = ""

    @property
    def cards(self) -> tuple[HandCard, ...]:
        return self._hand or ()

    @property
    def selected(self) -> str | None:
        index = self.highlighted
        return self._hand[index].id if self._hand and index is not None and index < len(self._hand) \
            else None

    def show(self, hand: tuple[HandCard, ...] | None, selected: str | None = None,
             hidden: str = HIDDEN) -> None:
        """The cards (None: no hand to show, and ``hidden`` says why); ``selected``: the card
        to highlight. Showing the same cards again rebuilds nothing."""
        note = hidden if hand is None else EMPTY if not hand else ""
        with self.prevent(OptionList.OptionHighlighted):
            if hand != self._hand or note != self._note:
                self._hand, self._note = hand, note
                self.clear_options()
                if hand:
                    self.add_options([Option(hand_line(c), id=c.id) for c in hand])
                else:
                    self.add_option(Option(Content.styled(note, "italic"), id=NOTE_ID, disabled=True))
            index = next((n for n, c in enumerate(hand or ()) if c.id == selected), None)
            if index != self.highlighted and (index is not None or selected is None):
                self.highlighted = index
        self.border_title = "Your hand" if hand is not None else "Hand"
        self.border_subtitle = f"{len(hand)} card{'s' if len(hand) != 1 else ''}" if hand else ""

    @property
    def note(self) -> str:
        """What the list says instead of cards ('' when it shows cards)."""
        return self._note

    def _card_at(self, index: int) -> HandCard | None:
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
            self.post_message(self.Chosen(self, card.id))
