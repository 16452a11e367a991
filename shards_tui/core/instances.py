"""Card instances as the games name them: 'name#7' is one copy of the card 'name'.

An instance's number must say nothing about a hidden card: not which card it is, where it
started, or what else a hidden pile holds (move text and the log name instances, so whoever
reads them would learn it). A new game therefore numbers its cards in an order drawn from its
own seeded generator before any pile is shuffled (same seed, same numbers):
``numbered_apart`` numbers all of a game's cards 1..N in a drawn order (a game whose decks are
secret: a number then tells only that there are N cards, which everyone knows), and
``numbered_by_card`` numbers each card's copies 1..k in a drawn order across every pile (a
game whose piles' make-up everyone knows: a number then does not tell from which pile a copy
came). Shards and Infinities number each card's copies through decks whose make-up everyone
knows (starting decks, the centre deck, faction decks) before shuffling them, which tells nothing
either. A scenario, which sets out known cards by name, numbers them as it goes.
"""

from __future__ import annotations

from collections import Counter
from typing import Protocol, TypeVar

from shards_tui.core.errors import IllegalCommand

T = TypeVar("T")


class Shuffler(Protocol):
    def shuffle(self, items: list[T]) -> None: ...


def numbered_apart(piles: list[list[str]], rng: Shuffler) -> list[list[str]]:
    """Instance ids for piles of card ids: 'card#n', n from 1 to the number of all their
    cards, in an order drawn from ``rng``."""
    numbers = list(range(1, sum(map(len, piles)) + 1))
    rng.shuffle(numbers)
    drawn = iter(numbers)
    return [[f"{card}#{next(drawn)}" for card in pile] for pile in piles]


def numbered_by_card(piles: list[list[str]], rng: Shuffler) -> list[list[str]]:
    """Instance ids for piles of card ids: 'card#n', each card's copies numbered 1 to their
    count over all the piles, in an order drawn from ``rng`` (card by card, in name order)."""
    counts = Counter(card for pile in piles for card in pile)
    numbers: dict[str, list[int]] = {}
    for card in sorted(counts):
        numbers[card] = list(range(1, counts[card] + 1))
        rng.shuffle(numbers[card])
    return [[f"{card}#{numbers[card].pop()}" for card in pile] for pile in piles]

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
