"""Which card is selected on the table, and where the selection goes (no Textual here).

The table keeps one selected card, or none, and tells the card widgets which one to draw. These
functions read only ``TableData``: the cards of each zone in the order they are on screen.
"""

from __future__ import annotations

from shards_tui.ui.tables.shards.describe import CardInfo
from shards_tui.ui.tables.shards.table_data import TableData

ZONES = ("hand", "center", "champion", "enemy")
OWN_ZONES = ("center", "champion")  # after the hand, where a first selection goes, in order


def zone_cards(data: TableData, zone: str) -> list[CardInfo]:
    """The cards of a zone as the screen lists them (every opponent's champions, panel after
    panel)."""
    if zone == "hand":
        return list(data.hand)
    if zone == "center":
        return [card for card in data.center if card is not None]
    if zone == "champion":
        return list(data.champions)
    if zone == "enemy":
        return [card for _, champions in data.opponents for card in champions]
    return []


def current(data: TableData, info: CardInfo | None) -> CardInfo | None:
    """The card ``info`` as it is shown now (its keys and state may have changed), or None if
    it is no longer in its zone."""
    if info is None:
        return None
    return next((card for card in zone_cards(data, info.zone) if card.id == info.id), None)


def index_in_zone(data: TableData, info: CardInfo | None) -> int | None:
    if info is None:
        return None
    return next((n for n, card in enumerate(zone_cards(data, info.zone)) if card.id == info.id),
                None)


def first_selection(data: TableData) -> CardInfo | None:
    """The card an arrow key selects when nothing is: the first in hand, else the center row or
    one's own champions, never an opponent's champion while one's own places have a card."""
    for zone in ("hand", *OWN_ZONES, "enemy"):
        cards = zone_cards(data, zone)
        if cards:
            return cards[0]
    return None


def step(data: TableData, info: CardInfo | None, delta: int) -> CardInfo | None:
    """The card before (``delta`` -1) or after (+1) ``info`` in its zone, round the end;
    the first selection when nothing (or nothing still shown) is selected."""
    cards = zone_cards(data, info.zone) if info is not None else []
    at = index_in_zone(data, info)
    if at is None:
        return first_selection(data)
    return cards[(at + delta) % len(cards)]


def after_change(data: TableData, want: CardInfo | None, was_at: int | None,
                 seen: frozenset[str]) -> CardInfo | None:
    """The card to select after the table changed: the card selected before (``want``), else
    the card now in its place in the hand (``was_at``), else the first card in hand, else none;
    a hand card only if it was in the hand before the change (``seen``).

    The selection never moves by itself to a card the player has not looked at: not to the
    center row or the champions, where Enter recruits or exhausts (a player who pressed Enter
    once too often after playing out their hand must not buy a card), not to a card just drawn
    or returned to the hand, and not to the card that refilled a recruited center slot."""
    hand = zone_cards(data, "hand")
    if want is not None and want.zone in ZONES:
        same = current(data, want)
        if same is not None:
            return same
        if want.zone == "center":
            return None
        cards = zone_cards(data, want.zone)
        if want.zone == "hand" and was_at is not None and was_at < len(cards) \
                and cards[was_at].id in seen:
            return cards[was_at]  # the same place in the hand, now showing the next card
    return next((card for card in hand if card.id in seen), None)
