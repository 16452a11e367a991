"""The viewer's hand: one line per card, with what it costs against the energy left.

Attributes down: ``show(hand, energy, selected, hidden)``: the viewer's ``HandCard``s (None when
there is no hand to show: a spectator, or a table behind its hand-off cover, and ``hidden`` says
so), the energy left, the card to highlight. Each line: a mark ('▶' playable now, '·' not),
the cost ('2 energy', in red when more than the energy left), name, type, the text (cut at the width; the card text
panel has it whole).

Keys: the list's own, enter (``net.hand.play``). Messages: ``Selected(card)`` (the highlight
moved, by key or click) and ``Played(card, command, why_not)`` (enter or a click on the
highlighted card: ``command`` is the legal ``play`` when it is playable, else None and
``why_not`` is the rules' sentence).
"""

from __future__ import annotations

from textual.binding import Binding
from textual.reactive import reactive
from textual.content import Content
from textual.widget import Widget
from textual.widgets import OptionList

from shards_tui.core.commands import Command
from shards_tui.ui.widgets.card_messages import CardMessage
from shards_tui.ui.tables.fractured_net.table_data import HandCard, energy_cost
from shards_tui.ui.widgets.card_list import HIDDEN, CardList


def hand_line(card: HandCard, energy: int) -> Content:
    mark = ("▶ ", "bold $success") if card.playable else ("· ", "dim")
    cost_style = "bold" if card.affordable else "$error"
    parts: list[tuple[str, str] | str] = [mark, (energy_cost(card.cost), cost_style), "  ",
                                          (card.name, "bold"), "  ", (card.type, "italic")]
    parts += ["  ", card.text]
    return Content.assemble(*parts)


class NetHand(CardList):
    BINDINGS = [
        # (not in the footer: moving the keys between the hand and the battlefield would
        # rebuild it at every move; the key hints line says what Enter does)
        Binding("enter", "select", "Play", show=False, id="net.hand.play",
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

    # Moving the highlight repaints the two cards' lines, not the whole list (Textual's list
    # repaints every line of it at each key).
    highlighted: reactive[int | None] = reactive(None, repaint=False)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._energy = 0

    def watch_highlighted(self, old: int | None, new: int | None) -> None:
        super().watch_highlighted(new)
        for index in (old, new):
            self._repaint_option(index)

    def _repaint_option(self, index: int | None) -> None:
        cache = self._line_cache
        if index is None or index not in cache.index_to_line:
            self.refresh()  # (not laid out yet: the whole list)
            return
        self.refresh_lines(cache.index_to_line[index], cache.heights.get(index, 1))

    def show(self, hand: tuple[HandCard, ...] | None, energy: int = 0, selected: str | None = None,
             hidden: str = HIDDEN) -> None:
        note = self.note_for(hand, hidden)
        with self.prevent(OptionList.OptionHighlighted):
            at = self.highlighted
            if hand != self._hand or note != self._note or energy != self._energy:
                keep = self.selected
                self._energy = energy
                self.fill(hand, note, lambda card: hand_line(card, energy))
                selected = selected or keep
            index = self.index_of(selected)
            if index is None and hand:  # the card played: the one now in its place
                index = min(at or 0, len(hand) - 1)
            if index != self.highlighted:
                self.highlighted = index
        playable = sum(1 for c in hand or () if c.playable)
        self.count_title(hand, f" · {playable} playable")

    def chosen(self, card: HandCard) -> None:
        self.post_message(self.Played(self, card.id, card.play, card.why_not))
