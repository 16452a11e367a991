"""The ':' command line (canonical command text with completion) and the 'help' list."""

from __future__ import annotations

from typing import Callable

from rich.table import Table
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.message import Message
from textual.screen import ModalScreen
from textual.suggester import Suggester
from textual.widget import Widget
from textual.widgets import Static

from shards_tui.core.commands import MAX_COMMAND_LENGTH
from shards_tui.ui.widgets._tcss import tcss
from shards_tui.ui.widgets.ordered_input import OrderedInput

EXTRA_WORDS = ("help", "undo", "save", "rules", "keys", "bell")


class LegalSuggester(Suggester):
    """Completes to the first of ``texts`` (the screen keeps it up to date) that fits."""

    def __init__(self) -> None:
        super().__init__(use_cache=False, case_sensitive=False)
        self.texts: list[str] = list(EXTRA_WORDS)

    async def get_suggestion(self, value: str) -> str | None:
        if not value:
            return None
        for text in self.texts:
            if text.casefold().startswith(value) and len(text) > len(value):
                return text
        return None


class CommandLine(OrderedInput):
    """An Input that is hidden until ':' and hides again on Escape or after a command."""

    DEFAULT_CSS = tcss(__file__)
    BINDINGS = [
        Binding("escape", "close", "Close the command line", show=False),
        Binding("tab", "complete", "Complete", show=False, priority=True),
    ]

    class Entered(Message):
        """A command line the player typed (already stripped, never empty)."""

        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    class Closed(Message):
        pass

    def __init__(self, **kwargs) -> None:
        self.legal = LegalSuggester()
        super().__init__(placeholder="a command (Tab completes, 'help' lists them)",
                         suggester=self.legal, compact=True, select_on_focus=False,
                         max_length=MAX_COMMAND_LENGTH, **kwargs)  # a long line costs every key

    def set_texts(self, texts: list[str]) -> None:
        self.legal.texts = [*texts, *EXTRA_WORDS]

    def open(self) -> None:
        self.display = True
        self.value = ""
        # Focus now: Widget.focus() waits for the keys already queued, and those keys (a fast
        # typist, a paste, a whole line arriving over SSH) belong to this line, not to the
        # table, where 'a' would play all and Enter recruit the selected card.
        self.screen.set_focus(self)

    def action_close(self) -> None:
        self.value = ""
        self.display = False
        self.post_message(self.Closed())

    def action_complete(self) -> None:
        if self.has_focus and self.suggestion:
            self.value = self.suggestion
            self.cursor_position = len(self.value)

    async def key_first(self, event: events.Key) -> bool:
        if event.character == ":" and not self.display:  # the ':' of the next command
            event.stop()
            event.prevent_default()
            self.open()
            return True
        return await super().key_first(event)  # (a ':' inside a command is text: 'say hi: all')

    async def action_submit(self) -> None:
        """Take the line and close at once (not on a later message): the keys already queued
        behind this Enter (another ':command' sent in the same burst) start a new line."""
        text = self.value.strip()
        self.value = ""
        self.display = False
        self.post_message(self.Entered(text) if text else self.Closed())


class CommandHelpScreen(ModalScreen[None]):
    """The list of commands ('help' at the command line). Esc, Enter or q closes it; Space
    pages it. Typing on it goes to the command line: ``on_typing(text)`` is called with the
    first character typed (nothing for ':'), before the list closes, so the keys that follow
    reach the line and none of them is taken as a key of the screen beneath. ``on_typing``
    returns the line: keys of the same burst that were already on their way to the list go
    on to it."""

    DEFAULT_CSS = tcss(__file__)
    continues_burst = True  # ':help' and a command typed on in one burst: none of it is lost
    BINDINGS = [Binding("escape,enter,q", "close", "Close", show=False),
                Binding("space", "page", "Next page", show=False)]
    AUTO_FOCUS = "#help-scroll"  # the arrows and page keys scroll a list longer than the screen

    def __init__(self, lines: list[tuple[str, str]], title: str = "Commands",
                 on_typing: Callable[[str], Widget | None] | None = None, typed: str = "") -> None:
        """``typed``: what was typed after 'help' in the same burst, before the list opened
        (it goes to the command line at once)."""
        super().__init__()
        self.lines = lines
        self.title_text = title
        self.on_typing = on_typing
        self.typed = typed
        self._line: Widget | None = None  # the line the typing went to

    def on_mount(self) -> None:
        if self.typed:
            self._hand_over(self.typed)

    def compose(self):
        table = Table(box=None, show_header=False, pad_edge=False)
        table.add_column(style="bold", no_wrap=True)
        table.add_column()  # the summary wraps when the screen is narrow
        for usage, summary in self.lines:
            table.add_row(usage, summary)
        with VerticalScroll(id="help-scroll") as box:
            box.border_title = self.title_text
            yield Static(table)
            yield Static(Text("Type a command to start it (Enter sends it); Esc or Enter closes.",
                              style="italic"), classes="hint")

    def on_key(self, event: events.Key) -> None:
        if self._line is not None:  # typed in the same burst, behind the key that closed the
            event.stop()  # list: it goes to the command line, in order
            event.prevent_default()
            self._line.post_message(events.Key(event.key, event.character))
            return
        char = event.character
        if not event.is_printable or char is None or char in " q?":
            return  # bindings: close, page, and the app's keys list
        event.stop()
        event.prevent_default()
        self._hand_over("" if char == ":" else char)

    def _hand_over(self, text: str) -> None:
        """Typing starts a command: the line beneath takes it, and every key after it in
        the same burst."""
        if self.on_typing is None or not self.is_current:
            return
        line = self.on_typing(text)
        self._line = line if isinstance(line, Widget) else None
        stack = self.app.screen_stack
        hand = getattr(self.app, "continue_burst_on", None)
        if callable(hand) and len(stack) > 1:
            hand(stack[-2])
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)

    def action_page(self) -> None:
        self.query_one("#help-scroll", VerticalScroll).scroll_page_down(animate=False)

    def on_click(self) -> None:
        self.dismiss(None)
