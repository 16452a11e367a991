"""Bindings and keys: a node's bindings, the key parser's memo and lone Esc, the clock key
events are stamped with, a driver's app and mouse, and ``KeyFirstInput`` (an input that sees
each key before Textual's handling of it)."""

from __future__ import annotations

from typing import Any, Callable

from textual._time import get_time
from textual._xterm_parser import XTermParser
from textual.app import App
from textual.binding import Binding, BindingsMap, NoBinding
from textual.driver import Driver
from textual.events import Key
from textual.widgets import Input

__all__ = ["KeyFirstInput", "XTermParser", "key_clock"]

key_clock: Callable[[], float] = get_time  # the clock key events are stamped with


def bindings_of(node: Any) -> BindingsMap:
    """The bindings a screen or widget runs (its own and its classes', as merged)."""
    return node._bindings  # type: ignore[no-any-return]


def set_bindings(node: Any, bindings: BindingsMap) -> None:
    node._bindings = bindings


def key_bound(node: Any, key: str) -> bool:
    """Whether ``node`` binds ``key`` itself."""
    return key in node._bindings.key_to_bindings


def bindings_for_key(node: Any, key: str) -> list[Binding]:
    """The bindings of ``node`` for ``key`` (none: an empty list)."""
    try:
        return list(node._bindings.get_bindings_for_key(key))
    except NoBinding:
        return []


class KeyFirstInput(Input):
    """An input that sees each key before Textual's own handling of it."""

    async def key_first(self, event: Key) -> bool:
        """A key reached the input: True when dealt with (Textual's handling is skipped)."""
        return False

    async def _on_key(self, event: Key) -> None:
        if not await self.key_first(event):
            await super()._on_key(event)

    @property
    def suggestion(self) -> str:
        """The completion the input's suggester offers now ('' if none)."""
        return self._suggestion


def forget_parsed_keys() -> None:
    """Forget the key parser's memoised sequences (kept per parser, each parser kept by it)."""
    cached = getattr(XTermParser._parse_extended_key, "cache_clear", None)
    if cached is not None:
        cached()


def parsed_keys_kept() -> int:
    """How many parsed key sequences the parser's memo holds."""
    return XTermParser._parse_extended_key.cache_info().currsize  # type: ignore[no-any-return]


def parser_waits(parser: XTermParser) -> bool:
    """Whether the parser holds a lone Esc, waiting to see whether a sequence follows."""
    return getattr(parser, "_timeout_time", None) is not None


def driver_app(driver: Driver) -> App[Any]:
    """The app a driver draws."""
    return driver._app


def driver_mouse(driver: Driver) -> bool:
    """Whether the driver was asked for mouse reports."""
    return bool(driver._mouse)
