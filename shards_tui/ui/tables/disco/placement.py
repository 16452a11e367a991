"""Where a hand card may go in the action row, and where every card would be after it goes
there (no Textual).

A gap is counted from 0 (before the first card) to the number of cards in the row (after the
last). The gaps a card may take are read from the legal ``Place`` commands of the view, never
from their text; placing into gap ``g`` is the command whose card takes space ``g + 1``. The
row after it is the game's own preview of that command (``view.placements``: the rules run on
a scratch copy, the card's Placement effect included), so the table never works a rule out.
"""

from __future__ import annotations

from dataclasses import dataclass

from shards_tui.games.disco.commands import Place
from shards_tui.games.disco.view import DiscoView, PlacementPreview
from shards_tui.ui.tables.disco.table_data import CardFace, HandCard, TableData, table_data


@dataclass(frozen=True)
class PreviewSpace:
    """One space after the placement: which card, and the space it was in before (None for the
    placed card; equal to ``space`` for a card that stays)."""

    space: int  # from 1
    card: CardFace | None  # None: a space the action phase left empty
    new: bool = False
    was: int | None = None

    @property
    def moved(self) -> bool:
        return self.was is not None and self.was != self.space


@dataclass(frozen=True)
class Preview:
    card: HandCard
    gap: int
    command: Place
    spaces: tuple[PreviewSpace, ...]  # the row after the placement, space 1 first
    asks: str = ""  # the question the card's Placement effect asks next ('' for none)
    asks_you: bool = False  # ... of the viewer (else of the other player)


@dataclass(frozen=True)
class Placing:
    """A hand card on its way into the row: the gaps it may take and each one's preview."""

    card: HandCard
    previews: tuple[Preview, ...]  # one per legal gap, in order

    @property
    def gaps(self) -> tuple[int, ...]:
        return tuple(p.gap for p in self.previews)

    def preview(self, gap: int | None) -> Preview | None:
        return next((p for p in self.previews if p.gap == gap), None)


def legal_places(view: DiscoView, card: str) -> dict[int, Place]:
    """The legal place commands for a hand card (its instance or card id), by gap."""
    card_id = card.split("#")[0]
    return {c.gap - 1: c for c in view.legal_of(Place) if isinstance(c, Place) and c.card == card_id}


def _hand_card(data: TableData, card: str) -> HandCard | None:
    return next((c for c in data.hand or () if c.id == card), None)


def _preview(data: TableData, hand_card: HandCard, gap: int, command: Place,
             outcome: PlacementPreview) -> Preview:
    """The game's preview of a placement (``outcome``: the row once the card's Placement
    effect is done) with the faces the table draws: each card marked with the space it
    leaves, the placed card as new."""
    before = {c.id: (n + 1, c) for n, c in enumerate(data.row.spaces[:data.row.placed])
              if c is not None}
    spaces = []
    for card in outcome.row:
        was = before.get(card.id)
        if was is None:
            spaces.append(PreviewSpace(card.space, hand_card, new=True))
        else:
            spaces.append(PreviewSpace(card.space, was[1], was=was[0]))
    return Preview(hand_card, gap, command, tuple(spaces), outcome.asks,
                   outcome.asks_seat is not None and outcome.asks_seat == data.you)


def _outcomes(view: DiscoView) -> dict[str, PlacementPreview]:
    return {p.command: p for p in view.placements}


def placement_preview(view: DiscoView, card: str, gap: int,
                      data: TableData | None = None) -> Preview | None:
    """Where every card would be if the hand card ``card`` (instance id) went into ``gap``;
    None when that placement is not legal now (or the card is not in the viewer's hand)."""
    data = data or table_data(view)
    hand_card = _hand_card(data, card)
    command = legal_places(view, card).get(gap)
    outcome = _outcomes(view).get(command.text()) if command is not None else None
    if hand_card is None or command is None or outcome is None:
        return None
    return _preview(data, hand_card, gap, command, outcome)


def placing(view: DiscoView, card: str | None, data: TableData | None = None) -> Placing | None:
    """Every legal placement of the hand card ``card`` with its preview; None when the card
    cannot be placed now (or is not in the viewer's hand)."""
    if card is None:
        return None
    data = data or table_data(view)
    hand_card = _hand_card(data, card)
    places = legal_places(view, card)
    outcomes = _outcomes(view)
    previews = tuple(_preview(data, hand_card, g, places[g], outcomes[places[g].text()])
                     for g in sorted(places) if places[g].text() in outcomes)
    if hand_card is None or not previews:
        return None
    return Placing(hand_card, previews)
