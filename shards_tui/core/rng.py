"""A small seeded random generator whose whole state is one integer kept in the game state.

SplitMix64: fast, well distributed, and trivially serialisable, so the same seed and the
same commands always give the same game, and a saved game continues exactly.
"""

# No `from __future__ import annotations`: pydantic gets these models' annotations as types,
# not strings it must evaluate (about 20 ms of startup over the rules models).

import secrets
from typing import Sequence, TypeVar

from pydantic import Field

from shards_tui.core.state_part import StatePart

T = TypeVar("T")
_MASK = (1 << 64) - 1
SEEDS = 2**63  # a game's seed is a whole number from 0 to SEEDS - 1


def secret_seed() -> int:
    """A seed for a game nobody chose: 63 bits from the operating system's secure source.
    The seed decides every shuffle, so whoever knows it can work out every hidden card; one
    drawn here cannot be guessed, nor found by trying seeds against the cards one can see."""
    return secrets.randbelow(SEEDS)


class Rng(StatePart):
    state: int = Field(default=0, ge=0, le=_MASK)

    @classmethod
    def from_seed(cls, seed: int) -> "Rng":
        return cls(state=seed & _MASK)

    def next_u64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = _MASK - (_MASK % n)
        while True:
            value = self.next_u64()
            if value < limit:
                return value % n

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]
