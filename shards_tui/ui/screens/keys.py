"""The keys that work on the screen below: press ? anywhere (outside a text field) to see them."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from rich.table import Table
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, Static


# Textual's own screen keys that mean nothing to a player here.
HIDDEN_ACTIONS = {"screen.copy_text", "copy_text", "app.copy_text"}
PLACE_WIDTH = 24  # the Where column's longest name


@dataclass(frozen=True)
class KeyRow:
    key: str
    description: str
    where: str
    enabled: bool


def _where(node: object, action: str) -> str:
    """Where a key works, in a player's words: everywhere, this screen, or the part of it
    that has the cursor, by the name it shows (its ``place_name``, else its border title)."""
    if isinstance(node, App):
        # An app key that works only in some places says where (ServedApp: ctrl+l at a table).
        return getattr(node, "KEY_PLACES", {}).get(action, "everywhere")
    if isinstance(node, Screen):
        return "this screen"
    widget: Any = node
    while widget is not None and not isinstance(widget, Screen):
        name = getattr(widget, "place_name", None) or _plain(getattr(widget, "border_title", None))
        if name:
            return name if len(name) <= PLACE_WIDTH else name[:PLACE_WIDTH - 1] + "…"
        widget = widget.parent
    return "where the cursor is"


def _text_field(node: object) -> bool:
    """A text field (Input, TextArea: named, not imported, as TextArea is slow to import)."""
    return isinstance(node, Input) or any(c.__name__ == "TextArea" for c in type(node).__mro__)


def _plain(title: object) -> str:
    if title is None:
        return ""
    text = title.plain if hasattr(title, "plain") else str(title)
    return " ".join(text.split())


def screen_words(screen: Screen) -> str:
    """What the keys list calls a screen: its ``keys_title`` or ``title_text``, else the words
    of its class name ('LessonsMenuScreen': 'Lessons menu')."""
    for name in ("keys_title", "title_text"):
        words = getattr(screen, name, None)
        if isinstance(words, str) and words:
            return words
    parts = re.findall(r"[A-Z][a-z]*|[a-z]+|[0-9]+", type(screen).__name__.removesuffix("Screen"))
    return " ".join(parts).capitalize() or "this screen"


def _merged(rows: list[KeyRow]) -> list[KeyRow]:
    """One row per thing a key does where: keys doing the same ('←', '↑': Previous card) share
    a row; numbered keys ('1'..'6': 'Select center card 1'..'6') become one ('1-6')."""
    groups: dict[tuple[str, str, bool], list[KeyRow]] = {}
    for row in rows:
        words = row.description
        if row.key.isdigit() and re.search(rf"\b{row.key}\b", words):
            words = re.sub(rf"\b{row.key}\b", "#", words, count=1)
        groups.setdefault((words, row.where, row.enabled), []).append(row)
    merged: list[KeyRow] = []
    for (words, where, enabled), same in groups.items():
        digits = sorted(int(r.key) for r in same if r.key.isdigit() and "#" in words)
        if len(digits) > 1:
            span = f"{digits[0]}-{digits[-1]}" if digits == list(range(digits[0], digits[-1] + 1)) \
                else ",".join(map(str, digits))
            merged.append(KeyRow(span, words.replace("#", span), where, enabled))
        else:
            keys = " ".join(dict.fromkeys(r.key for r in same))
            merged.append(KeyRow(keys, same[0].description, where, enabled))
    return merged


def collect_keys(screen: Screen) -> list[KeyRow]:
    """Every binding active on ``screen`` that a player can use (the focused part's arrows,
    digits, Esc and Space too, hidden from the footer or not), screen keys first."""
    rows: list[KeyRow] = []
    seen: set[tuple[str, str]] = set()
    for key, active in screen.active_bindings.items():
        binding = active.binding
        if binding.system or not (binding.description or binding.tooltip):
            continue
        if binding.action in HIDDEN_ACTIONS:
            continue
        if _text_field(active.node):
            continue  # a text field's editing keys
        shown = binding.key_display or screen.app.get_key_display(binding)
        label = binding.description or binding.tooltip
        if (shown, label) in seen:
            continue
        seen.add((shown, label))
        rows.append(KeyRow(shown, label, _where(active.node, binding.action), active.enabled))
    order = {"this screen": 0, "everywhere": 2}
    rows = _merged(rows)
    rows.sort(key=lambda r: order.get(r.where, 1))
    return rows


class KeysScreen(ModalScreen[None]):
    """A list of the keys of the screen it was opened from."""

    CSS_PATH = "keys.tcss"
    AUTO_FOCUS = "#keys-scroll"  # the arrows and page keys scroll a list longer than the screen
    BINDINGS = [
        Binding("escape,q", "close", "Close", id="keys.close"),
    ]

    def __init__(self, rows: list[KeyRow], title: str = "Keys") -> None:
        super().__init__()
        self.rows = rows
        self.heading = title

    @classmethod
    def for_screen(cls, screen: Screen) -> "KeysScreen":
        return cls(collect_keys(screen), f"Keys: {screen_words(screen)}")

    def compose(self) -> ComposeResult:
        table = Table(box=None, show_header=True, expand=True, pad_edge=False)
        table.add_column("Key", style="bold", no_wrap=True)
        table.add_column("Does")
        table.add_column("Where", style="dim", no_wrap=True)
        for row in self.rows:
            style = None if row.enabled else "dim"
            table.add_row(row.key, row.description, row.where, style=style)
        with Vertical(id="keys-box"):
            yield Static(self.heading, id="keys-title")
            with VerticalScroll(id="keys-scroll"):
                yield Static(table if self.rows else "No keys on this screen.")
            yield Static("Esc, q or ? closes this list.", classes="hint")

    def action_close(self) -> None:
        self.dismiss()
