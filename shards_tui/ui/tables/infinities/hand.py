"""The viewer's hand: one line a card (name, kind, cost, what it does).

Attributes down: ``show(hand, redraw=False, hidden=...)``: the viewer's cards (``CardRef``s of
the view; None when there is no hand to show, and ``hidden`` says why); ``redraw``: the deploy's
redraw may be made, so Space marks cards for it. Messages up: ``Selected(card)`` (the highlight
moved), ``Chosen(card)`` (Enter or a click: what can be done with this card) and
``Redraw(positions)`` (r: redraw the marked cards). The list keeps its highlight and the marks.
"""

from __future__ import annotations

from textual.binding import Binding
from textual.content import Content
from textual.geometry import Region, Size
from textual.reactive import Reactive
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from shards_tui.core.instances import card_of
from shards_tui.games.infinities.content import content
from shards_tui.games.infinities.text import card_text, kind_text
from shards_tui.ui.textual_compat.widgets import set_option_prompt
from shards_tui.ui.widgets.card_list import HIDDEN, CardList
from shards_tui.ui.widgets.card_messages import CardMessage, SentBy
from shards_tui.ui.widgets.unchanged import set_border_title


def card_line(card_id: str, marked: bool = False) -> Content:
    card = content().cards.get(card_of(card_id))
    if card is None:
        return Content(card_id)
    parts: list[tuple[str, str] | str] = []
    if marked:
        parts.append(("✗ ", "bold $warning"))
    parts += [(card.name, "bold"), "  ", (f"{kind_text(card)}, cost {card.cost}", "italic"), "  ",
              card_text(card)]
    return Content.assemble(*parts)


class InfHand(CardList):
    BINDINGS = [
        Binding("enter", "select", "Use", id="inf.hand.use",
                tooltip="What you can do with the highlighted card (play, prepare, cycle)."),
        Binding("space", "mark", "Mark for redraw", show=False, id="inf.hand.mark",
                tooltip="Deploy: mark or unmark the card for your one redraw."),
        Binding("r", "redraw", "Redraw marked", show=False, id="inf.hand.redraw",
                tooltip="Deploy: discard the marked cards and draw back up to five."),
    ]

    # Its height is the table's (a share of the lower row): a card more or less needs no new
    # layout of the screen, only the list's own lines and scrollbar (which it updates itself).
    virtual_size = Reactive(Size(0, 0), layout=False)

    class Selected(CardMessage):
        """The highlight moved to a hand card."""

    class Chosen(CardMessage):
        """Enter or a click on a hand card."""

    class Redraw(SentBy):
        def __init__(self, widget: "InfHand", positions: tuple[int, ...]) -> None:
            super().__init__(widget)
            self.positions = positions

    class Refused(SentBy):
        def __init__(self, widget: "InfHand", words: str) -> None:
            super().__init__(widget)
            self.words = words

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.redraw = False
        self.marked: set[int] = set()  # positions from 1
        self._repaint_from: int | None = None

    def show(self, hand: tuple | None, redraw: bool = False, hidden: str = HIDDEN) -> None:
        ids = tuple(c.id for c in hand) if hand is not None else None
        if ids != (tuple(c.id for c in self._hand) if self._hand is not None else None) or not redraw:
            self.marked = set()
        self.redraw = redraw
        note = self.note_for(hand, hidden)
        selected, was_at = self.selected, self.highlighted
        same_hand = bool(ids) and bool(self._hand) and bool(set(ids) & {c.id for c in self._hand})
        with self.prevent(OptionList.OptionHighlighted):
            if self._drawn(hand, note):
                self._append(hand)  # (the rows above the new cards are not drawn again)
            elif hand != self._hand or note != self._note:
                self.fill(hand, note, lambda c: card_line(c.id))
                self._mark_lines()
            index = self.index_of(selected)
            if index is None and hand:  # a card was played: the one that took its place
                index = min(was_at or 0, len(hand) - 1) if same_hand else 0
            if index != self.highlighted:
                self.highlighted = index
        extra = f" · {len(self.marked)} marked" if self.marked else ""
        self.count_title(hand, extra)

    def count_title(self, hand, extra: str = "") -> None:
        """As the shared list says it, its border's rows alone repainted."""
        count = f"{len(hand)} card{'s' if len(hand) != 1 else ''}" if hand else ""
        set_border_title(self, "Your hand" if hand is not None else "Hand",
                         f"{count}{extra}" if count else "")

    def _drawn(self, hand: tuple | None, note: str) -> bool:
        """The new hand is the one shown with cards drawn at its end."""
        old = self._hand
        return bool(old) and bool(hand) and note == self._note == "" and \
            len(hand) > len(old) and hand[:len(old)] == old and not self.marked

    def _append(self, hand: tuple) -> None:
        old = len(self._hand or ())
        self._hand = hand
        self._repaint_from = old
        try:
            self.add_options([Option(card_line(c.id), id=c.id) for c in hand[old:]])
        finally:
            self._repaint_from = None

    def refresh(self, *regions: Region, **kwargs) -> "InfHand":  # type: ignore[override]
        """While cards are added at the end of the list, only the rows from the first new one
        down are drawn again (the list would repaint every row)."""
        start = self._repaint_from
        if start is not None and not regions and self.size.area:
            y = max(0, start - round(self.scroll_y))
            regions = (Region(0, y, self.size.width, max(1, self.size.height - y)),)
        return super().refresh(*regions, **kwargs)  # type: ignore[return-value]

    def _mark_lines(self) -> None:
        for n, card in enumerate(self._hand or (), 1):
            if n in self.marked:
                set_option_prompt(self, n - 1, card_line(card.id, True))

    def chosen(self, card) -> None:
        self.post_message(self.Chosen(self, card.id))

    def action_mark(self) -> None:
        if not self.redraw:
            self.post_message(self.Refused(self, "Marking cards is for the deploy's one redraw."))
            return
        at = (self.highlighted or 0) + 1
        if not self._hand or at > len(self._hand):
            return
        self.marked ^= {at}
        set_option_prompt(self, at - 1, card_line(self._hand[at - 1].id, at in self.marked))
        self.count_title(self._hand, f" · {len(self.marked)} marked" if self.marked else "")

    def action_redraw(self) -> None:
        if not self.redraw:
            self.post_message(self.Refused(self, "The one redraw comes at the start of a deploy, "
                                                 "before any unit is deployed."))
            return
        if not self.marked:
            self.post_message(self.Refused(self, "Mark the cards to redraw with Space first."))
            return
        self.post_message(self.Redraw(self, tuple(sorted(self.marked))))
