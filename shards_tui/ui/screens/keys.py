"""The keys that work on the screen below: press ? anywhere (outside a text field) to see them."""

from __future__ import annotations

from dataclasses import dataclass

from rich.table import Table
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Static


# Textual's own screen keys that mean nothing to a player here.
HIDDEN_ACTIONS = {"screen.copy_text", "copy_text", "app.copy_text"}


@dataclass(frozen=True)
class KeyRow:
    key: str
    description: str
    where: str
    enabled: bool


def _where(node: object, action: str) -> str:
    if isinstance(node, App):
        # An app key that works only in some places says where (ServedApp: ctrl+l at a table).
        return getattr(node, "KEY_PLACES", {}).get(action, "everywhere")
    if isinstance(node, Screen):
        return "this screen"
    return f"in the {type(node).__name__.lower()}"


def collect_keys(screen: Screen) -> list[KeyRow]:
    """The bindings active on ``screen`` that a player can use, screen keys first."""
    rows: list[KeyRow] = []
    seen: set[tuple[str, str]] = set()
    for key, active in screen.active_bindings.items():
        binding = active.binding
        if binding.system or not (binding.description or binding.tooltip):
            continue
        if binding.action in HIDDEN_ACTIONS:
            continue
        if not binding.show and not isinstance(active.node, (App, Screen)):
            continue  # a text field's editing keys and the like
        shown = binding.key_display or screen.app.get_key_display(binding)
        label = binding.description or binding.tooltip
        if (shown, label) in seen:
            continue
        seen.add((shown, label))
        rows.append(KeyRow(shown, label, _where(active.node, binding.action), active.enabled))
    order = {"this screen": 0, "everywhere": 2}
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
        name = getattr(screen, "title_text", None) or type(screen).__name__.removesuffix("Screen")
        return cls(collect_keys(screen), f"Keys: {name}")

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
