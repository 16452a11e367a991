"""Card instances as the games name them: 'name#7' is the 7th copy of the card 'name'."""

from __future__ import annotations

from shards_tui.core.errors import IllegalCommand

_CARD_IDS: dict[str, str] = {}  # instance id -> card id (a game has a few hundred instances)


def card_of(instance: str) -> str:
    """The card id of an instance id such as 'name#7'."""
    card = _CARD_IDS.get(instance)
    if card is None:
        card = instance.split("#", 1)[0]
        if len(_CARD_IDS) < 100_000:
            _CARD_IDS[instance] = card
    return card


def hand_position(hand: list[str], ref: str, anchor: str | None = None) -> str | None:
    """The card a player names by its position in their hand ('2': the second), or None when
    ``ref`` is not a number; an empty hand or a position past its end is refused."""
    if not hand:
        raise IllegalCommand("Your hand is empty.", anchor)
    if not ref.isdigit():
        return None
    k = int(ref)
    if not 1 <= k <= len(hand):
        raise IllegalCommand(f"Your hand has {len(hand)} cards; there is no card {k}.")
    return hand[k - 1]
