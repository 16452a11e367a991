"""The seeded generator: same seed, same numbers; fair enough for shuffling cards."""

from __future__ import annotations

from collections import Counter
from itertools import permutations

import pytest

from shards_tui.core.rng import Rng


def test_same_seed_same_sequence():
    a, b = Rng.from_seed(42), Rng.from_seed(42)
    assert [a.next_u64() for _ in range(100)] == [b.next_u64() for _ in range(100)]


def test_different_seeds_differ():
    firsts = {Rng.from_seed(s).next_u64() for s in range(1000)}
    assert len(firsts) == 1000


def test_state_is_the_whole_generator():
    """A generator rebuilt from its saved state continues exactly where it was."""
    a = Rng.from_seed(7)
    for _ in range(13):
        a.below(10)
    b = Rng.model_validate(a.model_dump())
    assert [a.below(1000) for _ in range(50)] == [b.below(1000) for _ in range(50)]


def test_seed_is_masked_to_64_bits():
    assert Rng.from_seed(2**64 + 5).state == 5


@pytest.mark.parametrize("n", [1, 2, 6, 7, 88])
def test_below_stays_in_range(n):
    rng = Rng.from_seed(n)
    assert all(0 <= rng.below(n) < n for _ in range(2000))


def test_below_rejects_empty_range():
    with pytest.raises(ValueError):
        Rng.from_seed(1).below(0)


def test_below_is_roughly_uniform():
    rng = Rng.from_seed(2024)
    n, draws = 6, 60_000
    counts = Counter(rng.below(n) for _ in range(draws))
    expected = draws / n
    chi2 = sum((counts[k] - expected) ** 2 / expected for k in range(n))
    assert chi2 < 20.5  # 5 degrees of freedom: p < 0.001 beyond this


def test_shuffle_is_a_permutation_and_roughly_uniform():
    rng = Rng.from_seed(99)
    counts: Counter[tuple[int, ...]] = Counter()
    trials = 24_000
    for _ in range(trials):
        items = [0, 1, 2, 3]
        rng.shuffle(items)
        assert sorted(items) == [0, 1, 2, 3]
        counts[tuple(items)] += 1
    assert set(counts) == set(permutations(range(4)))
    expected = trials / 24
    chi2 = sum((c - expected) ** 2 / expected for c in counts.values())
    assert chi2 < 49.7  # 23 degrees of freedom: p < 0.001 beyond this


def test_shuffle_handles_tiny_lists():
    rng = Rng.from_seed(1)
    empty: list[int] = []
    one = [5]
    rng.shuffle(empty)
    rng.shuffle(one)
    assert empty == [] and one == [5]


def test_choice():
    rng = Rng.from_seed(3)
    items = ["a", "b", "c"]
    assert {rng.choice(items) for _ in range(200)} == set(items)
