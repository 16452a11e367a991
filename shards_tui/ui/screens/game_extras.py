"""A game's own entries outside a table: the screens its about.toml names (``[screens]``: a
deck builder, a collection) and, for a rated game, its leaderboard. The title offers the
chosen game's; the SSH lobby offers every game's in ``GameExtrasScreen``. A screen opened here
asks the app whose decks to show (``deck_library``), so over SSH each login sees its own."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from shards_tui.core.registry import Listing, game, listing, listings, load_named
from shards_tui.ui.screens.leaderboard import LeaderboardScreen

LEADERBOARD = "leaderboard"


def entries(info: Listing) -> list[tuple[str, str]]:
    """(what the menu says, entry id) for each of a game's own entries."""
    out = [(title, f"screen:{n}") for n, (title, _) in enumerate(info.screens)]
    if info.rated:
        out.append(("Leaderboard: ranked ratings", LEADERBOARD))
    return out


def open_entry(app: Any, game_id: str, entry: str) -> None:
    """Push the game's screen an entry id names (from ``entries``)."""
    info = listing(game_id)
    if entry == LEADERBOARD and info.rated:
        app.push_screen(LeaderboardScreen(game_id))
        return
    kind, _, index = entry.partition(":")
    if kind == "screen" and index.isdigit() and int(index) < len(info.screens):
        game(game_id)  # registers the game first
        app.push_screen(load_named(info.screens[int(index)][1])())


def games_with_entries() -> list[Listing]:
    return [info for info in listings() if entries(info)]


class GameExtrasScreen(ModalScreen[None]):
    """Every game's own entries, by game (the SSH lobby's 'Decks and leaderboards')."""

    DEFAULT_CSS = """
    GameExtrasScreen { align: center middle; background: $background 60%; }
    GameExtrasScreen #extras-box { width: 76; max-width: 100%; height: auto; max-height: 100%;
                                   border: round $accent; background: $surface; padding: 0 1; }
    GameExtrasScreen #extras { height: auto; max-height: 16; }
    """
    AUTO_FOCUS = "#extras"
    BINDINGS = [Binding("escape", "cancel", "Back", id="game_extras.back")]

    def compose(self) -> ComposeResult:
        options = [Option(Text.assemble((info.title, "dim"), "  ", (label, "bold")),
                          id=f"{info.id} {entry}")
                   for info in games_with_entries() for label, entry in entries(info)]
        with Vertical(id="extras-box"):
            yield Static(Text("Decks and leaderboards (your decks are kept for your login)",
                              style="bold"))
            yield OptionList(*options, id="extras")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        game_id, _, entry = (event.option.id or "").partition(" ")
        self.dismiss(None)
        open_entry(self.app, game_id, entry)

    def action_cancel(self) -> None:
        self.dismiss(None)
