"""A small list of moves over the table: what can be done with one thing (a hand card, a
leader on the map, a die, the leader and units), each a legal move of the view in words.

``MoveMenu(title, [(command text, words)])`` dismisses with the chosen move's text, or None
(Esc). The table sends the text; a hand-off closes the menu with every other pop-up.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option


class MoveMenu(ModalScreen[str | None]):
    DEFAULT_CSS = """
    MoveMenu { align: center middle; background: $background 40%; }
    MoveMenu > Vertical { width: auto; min-width: 40; max-width: 90%; height: auto;
                          max-height: 80%; border: round $accent; background: $surface;
                          padding: 0 1; }
    MoveMenu .menu-title { text-style: bold; width: auto; }
    MoveMenu OptionList { height: auto; max-height: 16; width: auto; border: none; padding: 0;
                          &:focus { border: none; } }
    MoveMenu .menu-help { color: $text-muted; }
    """
    BINDINGS = [Binding("escape", "dismiss_none", "Back", id="inf.menu.back",
                        tooltip="Close the list; nothing is done.")]

    def __init__(self, title: str, moves: list[tuple[str, str]]) -> None:
        super().__init__()
        self.title_text = title
        self.moves = moves

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.title_text, classes="menu-title")
            yield OptionList(*[Option(words, id=text) for text, words in self.moves])
            yield Static("Enter does it · Esc goes back", classes="menu-help")

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        options.highlighted = 0
        options.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)

    def action_dismiss_none(self) -> None:
        self.dismiss(None)
