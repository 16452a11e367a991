"""The end of a game: who won, how many turns, and where everybody finished."""

from __future__ import annotations

import time
from typing import Any, Mapping

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Static

from shards_tui.games.shards.cards import CardDef
from shards_tui.games.shards.content import ruleset


def _character(char_id: str) -> str:
    try:
        return ruleset().character(char_id).name
    except KeyError:
        return char_id


def summary_lines(view: Mapping[str, Any], cards: Mapping[str, CardDef]) -> tuple[str, list[str]]:
    """The headline ('Ana wins!') and one line per player, from a public view."""
    players = view["players"]
    winners = [players[s]["name"] for s in (view.get("winners") or [])]
    if len(winners) == 1:
        headline = f"{winners[0]} wins!"
    elif winners:
        headline = f"{' and '.join(winners)} win!"
    else:
        headline = "The game is over."
    turns = view["turn"]["number"]
    lines = [f"The game lasted {turns} turn{'s' if turns != 1 else ''}."]
    for p in players:
        status = "out" if p["eliminated"] else f"{p['health']} health"
        champions = ", ".join(cards[c["card"]].name if c["card"] in cards else c["card"]
                              for c in p["champions"]) or "no champions"
        crown = "★ " if p["seat"] in (view.get("winners") or []) else "  "
        team = f", Team {p['team'] + 1}" if p.get("team") is not None else ""  # 2v2 Team Attack
        lines.append(f"{crown}{p['name']} ({_character(p['character'])}{team}): {status}, "
                     f"{p['mastery']} mastery, {champions}")
    if any(p.get("nemesis") for p in players) and view.get("log"):
        lines.append(view["log"][-1]["text"])  # Nemesis Challenge: how it ended
    return headline, lines


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

    def __init__(self, view: Mapping[str, Any], cards: Mapping[str, CardDef]) -> None:
        super().__init__()
        self.headline, self.lines = summary_lines(view, cards)
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
        self.query_one("#over-title", Button).focus()

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
