"""Style sheets: Textual's own parse of a sheet's rules (to wrap it) and a sheet's variables."""

from __future__ import annotations

from typing import Any, Callable

from textual.css.stylesheet import Stylesheet


def stylesheet_parser() -> Callable[..., Any]:
    """Textual's own parse of a style sheet's rules (``Stylesheet._parse_rules``)."""
    return Stylesheet._parse_rules


def set_stylesheet_parser(parse: Callable[..., Any]) -> None:
    Stylesheet._parse_rules = parse  # type: ignore[method-assign]


def stylesheet_variables(sheet: Stylesheet) -> dict[str, str]:
    """The variables a style sheet is parsed with."""
    return sheet._variables
