"""The card browser the collection and the deck builder share: filters over the card pool, the
list of cards, and the text of the highlighted one.

Attributes down: ``show_deck(cards)`` (the copies of each card in the deck being built, shown as
'×2' beside a card; None for the collection). The filters are its own (a faction, cost, type,
rarity and keyword ``Select`` each, a search ``Input``, bounded and cleaned): they change what it
lists, never a game or a deck. Messages: ``Highlighted(card)`` (the list's highlight moved: a
card id) and ``Picked(card)`` (enter or a click on a card). ``filters`` is what it shows now.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Grid, Vertical
from textual.content import Content
from textual.widgets import Input, OptionList, Select, Static
from textual.widgets.option_list import Option

from shards_tui.ui.tables.fractured_net.deck_data import (COST_CHOICES, FACTION_CHOICES,
                                                         KEYWORD_CHOICES, MAX_SEARCH,
                                                         RARITY_CHOICES, TYPE_CHOICES, Filters,
                                                         PoolCard, pool)
from shards_tui.ui.widgets.card_messages import CardMessage
from shards_tui.ui.widgets._tcss import tcss
from shards_tui.ui.widgets.ordered_input import OrderedInput

FILTERS = (("faction", FACTION_CHOICES), ("cost", COST_CHOICES), ("type", TYPE_CHOICES),
           ("rarity", RARITY_CHOICES), ("keyword", KEYWORD_CHOICES))


def pool_line(card: PoolCard) -> Content:
    copies = (f"×{card.in_deck} ", "bold $success") if card.in_deck else ("   ", "")
    return Content.assemble(copies, (f"{card.cost} ", "bold"), (card.name, "bold"), "  ",
                            (card.type, "italic"), "  ", (card.faction, "dim"), "  ", card.text)


class NetPoolList(OptionList):
    """The cards the filters let through, one a line."""


class NetCardBrowser(Vertical):
    DEFAULT_CSS = tcss(__file__)

    class Highlighted(CardMessage):
        """The highlight moved to this card (``card``: a card id)."""

    class Picked(CardMessage):
        """Enter or a click on this card (``card``)."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.filters = Filters()
        self._deck: dict[str, int] | None = None
        self._cards: tuple[PoolCard, ...] = ()

    def compose(self) -> ComposeResult:
        with Grid(classes="filters"):
            for name, choices in FILTERS:
                yield Select([(label, value) for label, value in choices if value is not None],
                             prompt=choices[0][0], id=f"filter-{name}", compact=True)
            yield OrderedInput(placeholder="Search name and text", id="filter-text",
                        max_length=MAX_SEARCH, compact=True)
        yield Static("", classes="summary")
        yield NetPoolList()

    def on_mount(self) -> None:
        self.refill()

    @property
    def cards(self) -> tuple[PoolCard, ...]:
        return self._cards

    @property
    def pool_list(self) -> NetPoolList:
        return self.query_one(NetPoolList)

    @property
    def highlighted(self) -> str | None:
        index = self.pool_list.highlighted
        return self._cards[index].id if index is not None and index < len(self._cards) else None

    def show_deck(self, cards: dict[str, int] | None) -> None:
        if cards != self._deck:
            self._deck = dict(cards) if cards is not None else None
            self.refill()

    def set_filters(self, filters: Filters) -> None:
        """Set every filter (and the controls showing them)."""
        self.filters = filters.cleaned()
        for name, _ in FILTERS:
            value = getattr(self.filters, name)
            select = self.query_one(f"#filter-{name}", Select)
            with self.prevent(Select.Changed):
                if value is None:
                    select.clear()
                else:
                    select.value = value
        with self.prevent(Input.Changed):
            self.query_one("#filter-text", Input).value = self.filters.text
        self.refill()

    def refill(self) -> None:
        keep = self.highlighted
        self._cards = pool(self.filters, self._deck)
        lst = self.pool_list
        with lst.prevent(OptionList.OptionHighlighted):
            lst.clear_options()
            lst.add_options([Option(pool_line(c), id=c.id) for c in self._cards])
            ids = [c.id for c in self._cards]
            lst.highlighted = ids.index(keep) if keep in ids else (0 if ids else None)
        if self.highlighted is not None:
            self.post_message(self.Highlighted(self, self.highlighted))
        count = len(self._cards)
        self.query_one(".summary", Static).update(
            f"{self.filters.sentence}: {count} card{'s' if count != 1 else ''}"
            + ("" if count else ". No card matches; change a filter."))

    @on(Select.Changed)
    def _select(self, event: Select.Changed) -> None:
        event.stop()
        name = (event.select.id or "").removeprefix("filter-")
        value = None if event.value == Select.BLANK else event.value
        self.filters = Filters(**{**self.filters.__dict__, name: value}).cleaned()
        self.refill()

    @on(Input.Changed, "#filter-text")
    def _search(self, event: Input.Changed) -> None:
        event.stop()
        self.filters = Filters(**{**self.filters.__dict__, "text": event.value}).cleaned()
        self.refill()

    @on(OptionList.OptionHighlighted, "NetPoolList")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        if event.option.id:
            self.post_message(self.Highlighted(self, event.option.id))

    @on(OptionList.OptionSelected, "NetPoolList")
    def _picked(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id:
            self.post_message(self.Picked(self, event.option.id))
