"""One parse of each style sheet for all the server's apps.

Textual parses the style sheets of every app anew (its own, its screens' and each widget
class's), and keeps the result per app: about a megabyte for every connection, all of it the
same. In the server every app has the same style sheets and the same theme, so the parsed
rules are kept once, by the text parsed and the theme's variables. Rules are not changed
after they are parsed; each app still builds its own lists and maps from them.
"""

from __future__ import annotations

from typing import Any

from textual.css.stylesheet import Stylesheet

from shards_tui.ui.textual_compat.stylesheets import (set_stylesheet_parser, stylesheet_parser,
                                                      stylesheet_variables)

MAX_PARSED = 512  # style sheets kept (the server's apps use a few dozen)
_parsed: dict[tuple[Any, ...], Any] = {}
_own_parse = stylesheet_parser()


def _shared_parse_rules(self: Stylesheet, css: str, read_from: Any,
                        is_default_rules: bool = False, tie_breaker: int = 0,
                        scope: str = "") -> Any:
    key = (tuple(sorted(stylesheet_variables(self).items())), css, read_from, is_default_rules,
           tie_breaker, scope)
    rules = _parsed.get(key)
    if rules is None:
        rules = _own_parse(self, css, read_from, is_default_rules, tie_breaker, scope)
        if len(_parsed) >= MAX_PARSED:
            _parsed.clear()
        _parsed[key] = rules
    return rules


def share_parsed_styles() -> None:
    """From now on, every app in this process shares parsed style sheets (the server's)."""
    set_stylesheet_parser(_shared_parse_rules)
