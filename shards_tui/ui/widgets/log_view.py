"""The game log from the view, newest last, word-wrapped to the panel and kept scrolled down."""

from __future__ import annotations

from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import Static

from shards_tui.ui.widgets._tcss import tcss


class LogView(VerticalScroll, can_focus=False):
    DEFAULT_CSS = tcss(__file__)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._shown: list[tuple[int, str]] = []

    def compose(self):
        yield Static("", classes="log-text")

    def on_mount(self) -> None:
        self.anchor()  # stay at the newest line as lines come and as the panel is resized

    def show(self, entries: list[tuple[int, str]]) -> None:
        """``entries`` are (sequence number, text) pairs, oldest first."""
        self.border_title = "Log"
        entries = [(seq, text) for seq, text in entries if text]
        if entries == self._shown:
            return
        self._shown = entries
        text = Text()
        for n, (_, line) in enumerate(entries):
            if n:
                text.append("\n")
            text.append(line, style="bold" if line.startswith(("Turn ", "A new game")) else "")
        self.query_one(".log-text", Static).update(text)

    @property
    def lines_text(self) -> list[str]:
        return [text for _, text in self._shown]
