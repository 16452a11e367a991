"""The hot-seat hand-off: a full screen with no cards on it until the named player is ready.

The table pushes it whenever the seat that must act changes. It shows only public facts (who,
why, everyone's standing, and every public log line since the named player last had the
keyboard, in a list that scrolls with the arrows, PgUp/PgDn or the wheel when it is long) and
waits for Enter or Space (or a click on the button) so that a key
the previous player was still pressing cannot wave it away; an Enter or Space that comes inside
a burst of typed keys (ShardsApp's KeyBursts) does not count either.
"""

from __future__ import annotations

import time
from typing import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Static


class HandoffScreen(Screen[None]):
    CSS_PATH = "handoff.tcss"
    AUTO_FOCUS = None  # nothing to focus: the screen's own Enter and Space say ready
    BINDINGS = [
        Binding("enter,space", "ready", "I am ready", id="handoff.ready"),
        Binding("up", "scroll('up')", "Scroll up", show=False, id="handoff.up"),
        Binding("down", "scroll('down')", "Scroll down", show=False, id="handoff.down"),
        Binding("pageup", "scroll('page_up')", "Page up", show=False, id="handoff.page_up"),
        Binding("pagedown", "scroll('page_down')", "Page down", show=False,
                id="handoff.page_down"),
        Binding("home", "scroll('home')", "To the top", show=False, id="handoff.home"),
        Binding("end", "scroll('end')", "To the end", show=False, id="handoff.end"),
    ]
    NEWS_HEADING = "Since you last had the keyboard:"

    def __init__(self, player: str, message: str, details: list[str] | None = None,
                 news: list[str] | None = None) -> None:
        super().__init__()
        self.player = player
        self.message = message
        self.details = list(details or [])
        self.news = list(news or [])  # public log lines since the player last had the keyboard
        self._fitted = False  # the list has been sized once
        self._armed = False  # Enter counts only once the screen is up (and only once)
        self.on_shown: Callable[[], object] | None = None  # called once it has been drawn

    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                with Vertical(id="handoff-box"):
                    yield Static(Text(self.title_text, style="bold"), id="handoff-title")
                    yield Static(Text(self.message), id="handoff-message")
                    if self.details or self.news:
                        with VerticalScroll(id="handoff-scroll", can_focus=False):
                            if self.details:
                                yield Static(Text("\n".join(self.details)), id="handoff-details")
                            if self.news:
                                yield Static(Text("\n".join(self._listed()[len(self.details):])),
                                             id="handoff-news")
                    yield Static(Text(self.hint_text, style="italic"), id="handoff-hint")
                    with Center():
                        ready = Button(self.button_text, id="handoff-ready", variant="primary")
                        ready.can_focus = False  # Enter and Space reach this screen's own key
                        yield ready

    def _listed(self, heading: str = NEWS_HEADING) -> list[str]:
        if not self.news:
            return self.details
        return [*self.details, *([""] if self.details else []), heading, *self.news]

    def on_resize(self) -> None:
        self.call_after_refresh(self._fit)

    def _fit(self) -> None:
        """The list takes the rows the cover's other lines (wrapped as drawn) leave."""
        for scroll in self.query("#handoff-scroll"):
            others = self.query_one("#handoff-box").outer_size.height - scroll.outer_size.height
            rows = max(3, self.size.height - others)
            if scroll.styles.max_height is None or scroll.styles.max_height.value != rows:
                scroll.styles.max_height = rows
        self.call_after_refresh(self._say_it_scrolls)

    def _say_it_scrolls(self) -> None:
        """Once laid out at its height: a list longer than that says it scrolls, and opens at
        the news (the standings are above it)."""
        for scroll in self.query("#handoff-scroll").results(VerticalScroll):
            long = scroll.max_scroll_y > 0
            for news in self.query("#handoff-news").results(Static):
                heading = self.NEWS_HEADING + (" (↑↓ PgUp PgDn scroll)" if long else "")
                news.update(Text("\n".join(self._listed(heading)[len(self.details):])))
                if long and not self._fitted:
                    scroll.scroll_to_widget(news, top=True, animate=False)
            self._fitted = True

    def action_scroll(self, how: str) -> None:
        for scroll in self.query("#handoff-scroll").results(VerticalScroll):
            getattr(scroll, f"scroll_{how}")(animate=False)

    @property
    def title_text(self) -> str:
        return f"Pass the keyboard to {self.player}"

    @property
    def hint_text(self) -> str:
        return f"Everyone else: look away. {self.player}, press Enter when you are ready."

    @property
    def button_text(self) -> str:
        return f"I am {self.player}: show my cards"

    # Seconds after the cover is drawn, and after each key ignored since, during which its keys
    # count for nothing: a second Enter pressed by the player who just answered (0.1 s later)
    # uncovered the next player's hand to them, and so did Enter held down or mashed. Handing
    # a keyboard over takes longer than this.
    KEY_GRACE = 0.5
    _armed_at = 0.0

    def on_mount(self) -> None:
        self.call_after_refresh(self._arm)

    def _arm(self) -> None:
        """A key pressed before the screen was drawn was meant for the table, not for this."""
        self._armed = True
        self._armed_at = time.monotonic()
        if self.on_shown is not None:
            self.on_shown()

    @property
    def takes_keys(self) -> bool:
        """Drawn, so that Enter or Space now says ready (before, they are the last player's)."""
        return self._armed

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self._ready()  # a click

    def action_ready(self) -> None:
        if getattr(self.app, "key_in_burst", False):
            return  # a space or Enter inside typed text (a burst) is not the player saying ready
        now = time.monotonic()
        if now - self._armed_at < self.KEY_GRACE:
            if self._armed:
                self._armed_at = now  # still pressing: wait for a pause
            return
        self._ready()

    def _ready(self) -> None:
        if not self._armed or not self.is_current:
            return
        self._armed = False
        self.dismiss(None)

    @property
    def shown_text(self) -> str:
        """Everything this screen prints (tests check it hides every card)."""
        parts = [self.title_text, self.message, *self._listed()]
        return "\n".join(parts)


class OutScreen(HandoffScreen):
    """A player at this keyboard is out of a game that goes on: say so, and who plays on, so
    that nobody is left looking at a table where nothing is theirs to do. ``shared``: other
    players at this keyboard play on (Ctrl+Q would end the game for them too)."""

    def __init__(self, player: str, message: str, *, shared: bool = False) -> None:
        super().__init__(player, message)
        self.shared = shared

    @property
    def title_text(self) -> str:
        return f"{self.player} is out of the game"

    @property
    def hint_text(self) -> str:
        if self.shared:
            return ("The players still in share this keyboard: press Enter and the game goes "
                    "on, with each hand covered until its player is ready.")
        return ("You can watch the rest of the game (the log shows every move), or leave "
                "with Ctrl+Q.")

    @property
    def button_text(self) -> str:
        return "Watch the others play on"
