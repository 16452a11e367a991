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

from shards_tui.ui.widgets.card_messages import CardMessage
from shards_tui.ui.tables.disco.table_data import HandCard
from shards_tui.ui.widgets.card_list import HIDDEN, CardList


def hand_line(card: HandCard) -> Content:
    """'Finale Rocket  Missile  Action: Missile 2 (+3 in space 5 or 6).' (cut by the list)."""
    parts: list[tuple[str, str] | str] = [(card.name, "bold"), "  ", (card.kind, "italic")]
    if card.retained:
        parts += ["  ", ("retained", "bold")]
    parts += ["  ", card.text]
    return Content.assemble(*parts)


class DiscoHand(CardList):
    BINDINGS = [
        Binding("enter", "select", "To the row", id="disco.hand.choose",
                tooltip="Take the highlighted card to the action row, to choose where it goes."),
    ]

    class Selected(CardMessage):
        """The player highlighted a hand card (``card``: its id)."""

    class Chosen(CardMessage):
        """The player wants to place this hand card (``card``): Enter, or a click."""

    def show(self, hand: tuple[HandCard, ...] | None, selected: str | None = None,
             hidden: str = HIDDEN) -> None:
        """The cards (None: no hand to show, and ``hidden`` says why); ``selected``: the card
        to highlight. Showing the same cards again rebuilds nothing."""
        note = self.note_for(hand, hidden)
        with self.prevent(OptionList.OptionHighlighted):
            if hand != self._hand or note != self._note:
                self.fill(hand, note, hand_line)
            index = self.index_of(selected)
            if index != self.highlighted and (index is not None or selected is None):
                self.highlighted = index
        self.count_title(hand)

    def chosen(self, card: HandCard) -> None:
        self.post_message(self.Chosen(self, card.id))
