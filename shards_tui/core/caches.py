"""A cache that cannot grow without bound, for values worked out again and again."""

from __future__ import annotations

from typing import Callable, Hashable, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


def cached(table: dict[K, V], key: K, make: Callable[[], V], limit: int) -> V:
    """``table[key]``, made by ``make()`` the first time it is asked for. A table that holds
    more than ``limit`` values is emptied before the next one is added."""
    value = table.get(key)
    if value is None:
        if len(table) > limit:
            table.clear()
        value = table[key] = make()
    return value
