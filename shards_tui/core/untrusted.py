"""Text and data from outside (files, logins, chat, typed names): bounded and cleaned before
anything prints or draws them.

A terminal obeys the control characters in what it is sent: an escape character in a
player's name would recolour, move or clear another player's screen. Every text that comes
from outside passes through ``printable`` (or ``one_line``) first; data read from a file
passes through ``cleaned``, which also refuses nesting deeper than any of our formats use.
"""

from __future__ import annotations

from typing import Any

MAX_DEPTH = 16  # tables within tables in a scenario, lesson or table file: ours need 5


class TooDeep(ValueError):
    """Data nested more deeply than ``MAX_DEPTH``."""


def printable(text: str, keep: str = "") -> str:
    """``text`` without control characters or other characters a terminal does not simply
    show (escape, bell, carriage return, C1 controls, bidirectional overrides, zero-width
    formatting); the characters in ``keep`` (such as a newline) stay."""
    if text.isprintable():
        return text
    return "".join(c for c in text if c.isprintable() or c in keep)


def one_line(text: str, limit: int) -> str:
    """``text`` printable, on one line, its runs of white space made single spaces, and at
    most ``limit`` characters."""
    return " ".join(printable(text, keep="\t\n").split())[:limit].strip()


def printable_name(value: object) -> object:
    """A name from outside (a setup, a save, a scenario) with its control characters taken
    out, for a model's field validator; anything but a string is left for the model to refuse."""
    return printable(value) if isinstance(value, str) else value


def cleaned(data: Any, depth: int = 0) -> Any:
    """A copy of data read from a file (dicts, lists, strings, numbers) with every string and
    key made printable (newlines and tabs kept); TooDeep if it nests past ``MAX_DEPTH``."""
    if depth > MAX_DEPTH:
        raise TooDeep(f"nested more than {MAX_DEPTH} levels deep")
    if isinstance(data, str):
        return printable(data, keep="\n\t")
    if isinstance(data, dict):
        return {printable(str(k), keep="\n\t"): cleaned(v, depth + 1) for k, v in data.items()}
    if isinstance(data, list):
        return [cleaned(v, depth + 1) for v in data]
    return data
