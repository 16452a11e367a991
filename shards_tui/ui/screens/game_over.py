"""The end of a game, every game: who won and why, each player's figures over the game, a
Rematch and the way back.

Generic: the headline and the lines come from the game's table (``summary()``), which knows
what a player's standing is in its game; why it ended is the game's last log line; the
figures (health, shields, points over the game as a line of bars, the cards each played, the
damage each dealt: the figures its game registers, ``core.figures``) are worked out on a
thread by replaying the game, and fill in when ready. A ranked game shows each player's rating change. Rematch (r): the
same players, seats rotated, as ``rematch`` (given by the table) starts it; at an SSH table
it asks everyone seated, each accepting."""

from __future__ import annotations

import time
from typing import Callable

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Horizontal, Middle, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Static

from shards_tui.core.figures import FigureTrack

SPARK_WIDTH = 10
SPARKS = "▁▂▃▄▅▆▇█"


def sparkline(values: list[int], width: int = 16, scale: tuple[int, int] | None = None) -> str:
    """The values as a line of bars ('▇▇▆▅▃▂'), squeezed to ``width`` by taking evenly
    spaced samples (the last always). ``scale``: the lowest and highest value the bars span
    (every player's lines of one figure share one, so that equal bars mean equal values);
    default: these values' own."""
    if not values:
        return ""
    if len(values) > width:
        step = (len(values) - 1) / (width - 1)
        values = [values[round(i * step)] for i in range(width)]
    low, high = scale if scale is not None else (min(values), max(values))
    span = high - low
    return "".join(SPARKS[0 if span == 0 else round((v - low) * (len(SPARKS) - 1) / span)]
                   for v in values)


def figures_table(story: FigureTrack, ratings: dict[str, str] | None = None) -> Table:
    """One row per player: each figure from start to end with its course as bars, the cards
    played, the damage dealt, and the rating change of a ranked game."""
    table = Table(box=None, pad_edge=False, expand=False, padding=(0, 1))
    table.add_column("Player", style="bold", no_wrap=True, max_width=14, overflow="ellipsis")
    for figure in story.figures:
        table.add_column(figure.label, no_wrap=True)
    if story.counts_played:
        table.add_column("Played", justify="right")
    if story.damage_label:
        table.add_column("Damage", justify="right")
    if ratings:
        table.add_column("Rating", no_wrap=True)
    courses = {figure.key: [[v for v in story.over_the_game(figure.key, seat) if v is not None]
                            for seat in range(len(story.names))] for figure in story.figures}
    scales = {key: (min(every), max(every)) if (every := [v for seat in seats for v in seat]) else None
              for key, seats in courses.items()}
    for seat, name in enumerate(story.names):
        row = [name]
        for figure in story.figures:
            values = courses[figure.key][seat]
            row.append(f"{values[0]}→{values[-1]} {sparkline(values, SPARK_WIDTH, scales[figure.key])}"
                       if values else "")
        if story.counts_played:
            row.append(str(story.played[seat]))
        if story.damage_label:
            row.append(str(story.damage[seat]))
        if ratings:
            row.append(ratings.get(name, ""))
        table.add_row(*row)
    return table


def said_already(why: str, lines: list[str]) -> bool:
    """Whether how the game ended is already one of the result's lines (a game's summary may
    open with it): the result then says it once."""
    def plain(text: str) -> str:
        return " ".join(text.lower().rstrip(".! ").split())
    said = plain(why)
    return bool(said) and any(said in plain(line) or (len(plain(line)) > 12 and plain(line) in said)
                              for line in lines)


class GameOverScreen(Screen[None]):
    """The result. Keys pressed in its first moments are ignored: they were meant for the move
    that ended the game (an Enter pressed twice must not skip the result)."""

    CSS_PATH = "game_over.tcss"
    INPUT_GRACE = 1.0  # seconds: keys mashed through the last question do not leave the result
    BINDINGS = [
        Binding("enter,escape,t", "title", "Back", id="game_over.title",
                tooltip="Back to where games start: the title, or the lobby over SSH."),
        Binding("r", "rematch", "Rematch", id="game_over.rematch",
                tooltip="The same players again, the seats rotated (over SSH: everyone seated "
                        "is asked)."),
        Binding("l", "look", "Look at the table", id="game_over.look",
                tooltip="See the final table and its log; g there shows this again."),
        Binding("c", "onward", "Next chapter", id="game_over.onward",
                tooltip="A campaign's chapter has ended: play the next one now."),
        Binding("q", "quit", "Quit", id="game_over.quit"),
    ]

    def __init__(self, headline: str, lines: list[str], *, why: str = "",
                 story: Callable[[], FigureTrack] | None = None,
                 ratings: dict[str, str] | None = None,
                 rematch: Callable[[], str | None] | None = None,
                 onward: tuple[str, Callable[[], str | None]] | None = None) -> None:
        """``why``: how the game ended (its last log line). ``story``: works out the figures
        (called on a thread). ``ratings``: {name: '1012 (+12)'} of a ranked game.
        ``rematch``: starts (or, over SSH, proposes) the rematch; returns a sentence to show,
        or None once it has moved on. None: no rematch here (a lesson, a scenario).
        ``onward``: (label, start) of what follows this game (a campaign's next chapter), on c."""
        super().__init__()
        self.headline, self.lines = headline, list(lines)
        self.why = "" if said_already(why, self.lines) else why
        self.story_of = story
        self.story: FigureTrack | None = None
        self.ratings = dict(ratings or {})
        self.rematch = rematch
        self.onward = onward
        self._shown_at = time.monotonic()

    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                with Vertical(id="over-box"):
                    yield Static(Text(self.headline, style="bold"), id="over-headline")
                    if self.why:
                        yield Static(Text(self.why, style="italic"), id="over-why")
                    yield Static(Text("\n".join(self.lines)), id="over-summary")
                    yield Static(self._figures_text(), id="over-figures")
                    yield Static("", id="over-note")
                    with Horizontal(id="over-buttons"):
                        home = getattr(self.app, "home_name", "the title")
                        yield Button(f"Back to {home} (enter)", id="over-title", variant="primary",
                                     compact=True)
                        if self.onward is not None:
                            yield Button(f"{self.onward[0]} (c)", id="over-onward", compact=True)
                        if self.rematch is not None:
                            yield Button("Rematch (r)", id="over-rematch", compact=True)
                        yield Button("Look at the table (l)", id="over-look", compact=True)
        yield Footer()

    def _figures_text(self) -> Text | Table:
        if self.story is not None:
            return figures_table(self.story, self.ratings)
        if self.story_of is None:
            return Text("")
        return Text("Working out each player's figures…", style="dim")

    def on_mount(self) -> None:
        for button in self.query("#over-title").results(Button):  # (none when the app is
            button.focus()  # closing as the game ends: its widgets were never made)
        if self.story_of is not None and self.story is None:
            self.run_worker(self._work_out, thread=True, exclusive=True, group="story")
        elif self.ratings and self.story is None:
            self.query_one("#over-figures", Static).update(Text("\n".join(
                f"{name}: rating {change}" for name, change in self.ratings.items())))

    def _work_out(self) -> None:
        assert self.story_of is not None
        try:
            story = self.story_of()
        except Exception as exc:  # the figures are a nicety: the result stands without them
            self.app.call_from_thread(self._no_story, str(exc))
            return
        self.app.call_from_thread(self._show_story, story)

    def _show_story(self, story: FigureTrack) -> None:
        self.story = story
        if self.is_attached:
            self.query_one("#over-figures", Static).update(self._figures_text())

    def _no_story(self, why: str) -> None:
        if self.is_attached:
            self.query_one("#over-figures", Static).update(
                Text(f"The figures could not be worked out ({why[:80]}).", style="dim"))

    def say(self, note: str) -> None:
        self.query_one("#over-note", Static).update(note)

    def on_screen_resume(self) -> None:
        self._shown_at = time.monotonic()

    def _too_soon(self) -> bool:
        return time.monotonic() - self._shown_at < self.INPUT_GRACE

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "rematch":
            return self.rematch is not None
        if action == "onward":
            return self.onward is not None
        return True

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if self._too_soon():
            return
        if event.button.id == "over-look":
            self.action_look()
        elif event.button.id == "over-rematch":
            self.action_rematch()
        elif event.button.id == "over-onward":
            self.action_onward()
        else:
            self.action_title()

    def action_rematch(self) -> None:
        if self._too_soon() or self.rematch is None:
            return
        said = self.rematch()
        if said:
            self.say(said)

    def action_onward(self) -> None:
        if self._too_soon() or self.onward is None:
            return
        said = self.onward[1]()
        if said:
            self.say(said)

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
