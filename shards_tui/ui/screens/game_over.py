"""The end of a game: who won, how many turns, and where everybody finished.

Generic: the headline and the lines come from the game's table (``summary()``), which knows
what a player's standing is in its game."""

from __future__ import annotations

import time

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Static

class GameOverScreen(Screen[None]):
    """The result. Keys pressed in its first moments are ignored: they were meant for the move
    that ended the game (an Enter pressed twice must not skip the result)."""

    CSS_PATH = "game_over.tcss"
    INPUT_GRACE = 1.0  # seconds: keys mashed through the last question do not leave the result
    BINDINGS = [
        Binding("enter,escape,t", "title", "Back", id="game_over.title",
                tooltip="Back to where games start: the title, or the lobby over SSH."),
        Binding("l", "look", "Look at the table", id="game_over.look",
                tooltip="See the final table and its log; g there shows this again."),
        Binding("q", "quit", "Quit", id="game_over.quit"),
    ]

    def __init__(self, headline: str, lines: list[str]) -> None:
        super().__init__()
        self.headline, self.lines = headline, list(lines)
        self._shown_at = time.monotonic()

    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                with Vertical(id="over-box"):
                    yield Static(Text(self.headline, style="bold"), id="over-headline")
                    yield Static(Text("\n".join(self.lines)), id="over-summary")
                    with Center():
                        home = getattr(self.app, "home_name", "the title")
                        yield Button(f"Back to {home} (enter)", id="over-title", variant="primary")
                    with Center():
                        yield Button("Look at the table (l)", id="over-look")
        yield Footer()

    def on_mount(self) -> None:
        for button in self.query("#over-title").results(Button):  # (none when the app is
            button.focus()  # closing as the game ends: its widgets were never made)

    def on_screen_resume(self) -> None:
        self._shown_at = time.monotonic()

    def _too_soon(self) -> bool:
        return time.monotonic() - self._shown_at < self.INPUT_GRACE

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if self._too_soon():
            return
        if event.button.id == "over-look":
            self.action_look()
        else:
            self.action_title()

    def action_look(self) -> None:
        if not self._too_soon():
            self.dismiss(None)

    def action_title(self) -> None:
        if self._too_soon():
            return
        back = getattr(self.app, "return_to_title", None)
        if callable(back):
            back()
        else:
            self.app.exit()

    def action_quit(self) -> None:
        self.app.exit()
