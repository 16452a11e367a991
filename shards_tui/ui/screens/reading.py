"""What every table can show over itself at any size, 80x24 included: the whole log, and the
full text of the card under the cursor.

Both are pop-ups over the table: the table under them keeps its cursor, its focus and its
question, so closing one (Esc) puts the player back exactly where they were. A table says
which card is under its cursor with ``TableScreen.card_under_cursor()``, returning a
``CardText`` made from the game's own data (its full text: nothing cut with '…').
"""

from __future__ import annotations

from dataclasses import dataclass

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from shards_tui.ui.widgets._tcss import tcss
from shards_tui.ui.widgets.log_view import LogView


@dataclass(frozen=True)
class CardText:
    """A card as the card-text pop-up shows it: its name and its whole text, line by line
    (kind, numbers, where it is, every ability), generated from the game's data."""

    title: str
    text: str


class ScrollingLog(LogView, can_focus=True):
    """The log in the pop-up: it takes the arrow, page, Home and End keys to scroll."""

    BINDINGS = [
        Binding("up", "scroll_up", "Back a line", show=False),
        Binding("down", "scroll_down", "Forward a line", show=False),
        Binding("pageup", "page_up", "Back a page", show=False),
        Binding("pagedown,space", "page_down", "Forward a page", show=False),
        Binding("home", "scroll_home", "The first line", show=False),
        Binding("end", "scroll_end", "The newest line", show=False),
    ]

    def show_keeping_place(self, entries: list[tuple[int, str]]) -> None:
        """New lines while the log is read: a reader at the newest line follows them; one
        who scrolled back stays on the lines they are reading."""
        at_end = self.scroll_y >= self.max_scroll_y
        kept = self.scroll_y
        self.show(entries)
        if not at_end:
            self.scroll_to(y=kept, animate=False, immediate=True)


class ReadingScreen(ModalScreen[None]):
    """A pop-up to read over the table: Esc (or a click) closes it."""

    DEFAULT_CSS = tcss(__file__)

    def action_close(self) -> None:
        self.dismiss(None)

    def on_click(self, event: events.Click) -> None:
        if event.widget is self:  # outside the text (a click in it may be on its scrollbar)
            self.dismiss(None)


class LogScreen(ReadingScreen):
    """The whole game log over the table. ``back_pages``: open that many pages back from the
    newest line (PageUp on a table whose log has no room opens it one page back)."""

    AUTO_FOCUS = "ScrollingLog"
    BINDINGS = [Binding("escape,l,q", "close", "Close the log", id="reading.log.close",
                        tooltip="Back to the table, as you left it.")]
    title_text = "the log"

    def __init__(self, entries: list[tuple[int, str]], back_pages: int = 0) -> None:
        super().__init__()
        self.entries = list(entries)
        self.back_pages = max(0, back_pages)

    def compose(self) -> ComposeResult:
        with Vertical(classes="reading-box"):
            log = ScrollingLog()
            yield log
            yield Static("↑ ↓ PgUp PgDn Home End: scroll · Esc: back to the table",
                         classes="reading-hint")

    def on_mount(self) -> None:
        log = self.query_one(ScrollingLog)
        log.show(self.entries)
        log.border_title = "Log: the whole game"
        if self.back_pages:
            self.call_after_refresh(self._page_back)

    def _page_back(self) -> None:
        log = self.query_one(ScrollingLog)
        page = max(1, log.scrollable_content_region.height - 1)
        log.scroll_to(y=max(0, log.max_scroll_y - self.back_pages * page), animate=False)

    def show(self, entries: list[tuple[int, str]]) -> None:
        """The game moved on while the log is open: show the new lines too."""
        self.entries = list(entries)
        if self.is_mounted:
            self.query_one(ScrollingLog).show_keeping_place(self.entries)

    @property
    def lines_text(self) -> list[str]:
        return self.query_one(ScrollingLog).lines_text

class CardTextScreen(ReadingScreen):
    """One card's whole text over the table."""

    AUTO_FOCUS = "VerticalScroll"
    BINDINGS = [Binding("escape,i,q,enter", "close", "Close the card", id="reading.card.close",
                        tooltip="Back to the table, as you left it.")]
    title_text = "a card"
    hint_text = "↑ ↓ PgUp PgDn: scroll · Esc: back to the table"  # (the keys, under the text)

    def __init__(self, card: CardText) -> None:
        super().__init__()
        self.card = card

    def compose(self) -> ComposeResult:
        with Vertical(classes="reading-box reading-card"):
            with VerticalScroll() as box:
                box.border_title = self.card.title
                yield Static(self.card.text, markup=False, classes="card-text")
            yield Static(self.hint_text, classes="reading-hint")

    @property
    def text(self) -> str:
        return f"{self.card.title}\n{self.card.text}"
