"""The viewer's hand: one line per card (name, kind, what it does), a list to move through.

Attributes down: ``show(hand, selected, hidden)`` with the viewer's hand cards (``HandCard``;
None when there is no hand to show: a spectator, or a table behind its hand-off cover, and
``hidden`` says so) and the selected card's id. Messages up: ``Selected`` (the highlight moved
to a card, by key or click) and ``Chosen`` (Enter or a click: take this card to the action row
to place it) and ``Aimed`` (an arrow or a digit: take this card to the row with the cursor
moved to that gap, as the key hints say: '←→ 1-4 Enter place it').
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


GAP_KEYS = 7  # the digits a gap can have (a full row of six has seven gaps)


class DiscoHand(CardList):
    BINDINGS = [
        Binding("enter", "select", "To the row", id="disco.hand.choose",
                tooltip="Take the highlighted card to the action row, to choose where it goes."),
        Binding("left", "aim('left')", "Gap left", show=False, id="disco.hand.left",
                tooltip="Take the highlighted card to the row, one gap to the left."),
        Binding("right", "aim('right')", "Gap right", show=False, id="disco.hand.right",
                tooltip="Take the highlighted card to the row, one gap to the right."),
        *[Binding(str(n), f"aim('{n}')", f"Gap {n}", show=False, id=f"disco.hand.gap{n}",
                  tooltip=f"Take the highlighted card to the row, at the gap where it takes "
                          f"space {n}.") for n in range(1, GAP_KEYS + 1)],
    ]

    class Aimed(CardMessage):
        """An arrow or a digit on a hand card: ``card`` to the row, the cursor moved by
        ``key`` ('left', 'right' or a gap's number)."""

        def __init__(self, hand: "DiscoHand", card: str, key: str) -> None:
            super().__init__(hand, card)
            self.key = key

    def action_aim(self, key: str) -> None:
        card = self.selected
        if card is not None:
            self.post_message(self.Aimed(self, card, key))

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
