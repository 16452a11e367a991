"""Pick a game: the games of the registry's list, each with its line and its player counts,
read from their about.toml (no game is imported to list them). Dismissed with the game's id,
or None (Escape)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from shards_tui.core.registry import Listing, listings


def game_prompt(info: Listing, short: bool = False) -> Text:
    """'Shards of Infinity   2–4 players' over the game's line (``short``: that one line
    alone, so that every game fits a short screen)."""
    text = Text()
    text.append(info.title, style="bold")
    low, high = info.min_players, info.max_players
    text.append(f"   {low if low == high else f'{low}–{high}'} players", style="dim")
    if not short:
        text.append(f"\n{info.blurb}")
    return text


class GamePickerScreen(ModalScreen[str | None]):
    DEFAULT_CSS = """
    GamePickerScreen { align: center middle; background: $background 60%; }
    GamePickerScreen #picker-box { width: 76; max-width: 100%; height: auto; max-height: 100%;
                                   border: round $accent; background: $surface; padding: 0 1; }
    GamePickerScreen #picker-games { height: auto; max-height: 16; }
    """
    AUTO_FOCUS = "#picker-games"
    BINDINGS = [Binding("escape", "cancel", "Back", id="game_picker.back")]

    def __init__(self, purpose: str) -> None:
        """``purpose``: what the game is picked for ('Play at this keyboard')."""
        super().__init__()
        self.purpose = purpose

    def compose(self) -> ComposeResult:
        with Vertical(id="picker-box"):
            yield Static(Text(f"{self.purpose}: which game?", style="bold"))
            yield OptionList(*[Option(game_prompt(g), id=g.id) for g in listings()],
                             id="picker-games")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)
