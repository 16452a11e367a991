"""Instance ids: a card in a game is named '<card id>#<n>' ('crystal#7'), so two copies of a
card differ while each still says which card it is."""

from __future__ import annotations

_CARD_IDS: dict[str, str] = {}  # instance id -> card id (a game has a few hundred instances)


def card_of(instance: str) -> str:
    """The card id of an instance id such as 'crystal#7' (a card id is its own)."""
    card = _CARD_IDS.get(instance)
    if card is None:
        card = instance.split("#", 1)[0]
        if len(_CARD_IDS) < 100_000:
            _CARD_IDS[instance] = card
    return card
