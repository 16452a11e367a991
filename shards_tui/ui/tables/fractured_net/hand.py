"""The viewer's hand: one line per card, with what it costs against the energy left.

Attributes down: ``show(hand, energy, selected, hidden)``: the viewer's ``HandCard``s (None when
there is no hand to show: a spectator, or a table behind its hand-off cover, and ``hidden`` says
so), the energy left, the card to highlight. Each line: a mark ('▶' playable now, '·' not),
the cost ('2/4': 2 of the 4 energy left), name, type, the text (cut at the width; the card text
panel has it whole).

Keys: the list's own, enter (``net.hand.play``). Messages: ``Selected(card)`` (the highlight
moved, by key or click) and ``Played(card, command, why_not)`` (enter or a click on the
highlighted card: ``command`` is the legal ``play`` when it is playable, else None and
``why_not`` is the rules' sentence).
"""

from __future__ import annotations

from textual.binding import Binding
from textual.content import Content
from textual.widget import Widget
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from shards_tui.core.commands import Command
from shards_tui.ui.widgets.card_messages import CardMessage
from shards_tui.ui.tables.fractured_net.table_data import HandCard
from shards_tui.ui.widgets._tcss import tcss

NOTE_ID = "-note"
HIDDEN = "The hand is hidden."
EMPTY = "No cards in your hand."


def hand_line(card: HandCard, energy: int) -> Content:
    mark = ("▶ ", "bold $success") if card.playable else ("· ", "dim")
    cost_style = "bold" if card.affordable else "$error"
    parts: list[tuple[str, str] | str] = [mark, (f"{card.cost}/{energy}", cost_style), "  ",
                                          (card.name, "bold"), "  ", (card.type, "italic")]
    parts += ["  ", card.text]
    return Content.assemble(*parts)


class NetHand(OptionList):
    DEFAULT_CSS = tcss(__file__)
    BINDINGS = [
        Binding("enter", "select", "Play", id="net.hand.play",
                tooltip="Play the highlighted card (a Response in your opponent's window)."),
    ]

    class Selected(CardMessage):
        """The player highlighted a hand card (``card``: its id)."""

    class Played(CardMessage):
        """Play this card: ``command`` the legal play, or None with the rules' ``why_not``."""

        def __init__(self, widget: Widget, card: str, command: Command | None, why_not: str) -> None:
            super().__init__(widget, card)
            self.command = command
            self.why_not = why_not

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._hand: tuple[HandCard, ...] | None = None
        self._energy = 0
        self._note = ""

    @property
    def cards(self) -> tuple[HandCard, ...]:
        return self._hand or ()

    @property
    def note(self) -> str:
        return self._note

    @property
    def selected(self) -> str | None:
        card = self._card_at(self.highlighted if self.highlighted is not None else -1)
        return card.id if card else None

    def show(self, hand: tuple[HandCard, ...] | None, energy: int = 0, selected: str | None = None,
             hidden: str = HIDDEN) -> None:
        note = hidden if hand is None else EMPTY if not hand else ""
        with self.prevent(OptionList.OptionHighlighted):
            at = self.highlighted
            if hand != self._hand or note != self._note or energy != self._energy:
                keep = self.selected
                self._hand, self._note, self._energy = hand, note, energy
                self.clear_options()
                if hand:
                    self.add_options([Option(hand_line(c, energy), id=c.id) for c in hand])
                else:
                    self.add_option(Option(Content.styled(note, "italic"), id=NOTE_ID, disabled=True))
                selected = selected or keep
            index = next((n for n, c in enumerate(hand or ()) if c.id == selected), None)
            if index is None and hand:  # the card played: the one now in its place
                index = min(at or 0, len(hand) - 1)
            if index != self.highlighted:
                self.highlighted = index
        playable = sum(1 for c in hand or () if c.playable)
        self.border_title = "Your hand" if hand is not None else "Hand"
        self.border_subtitle = (f"{len(hand)} cards · {playable} playable" if hand else "")

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
            self.post_message(self.Played(self, card.id, card.play, card.why_not))
