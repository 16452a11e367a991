"""The game log from the view, newest last, word-wrapped to the panel and kept scrolled down."""

from __future__ import annotations

from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import Static

from shards_tui.ui.widgets._tcss import tcss
from shards_tui.ui.widgets.unchanged import set_border_title, unchanged


class LogView(VerticalScroll, can_focus=False):
    DEFAULT_CSS = tcss(__file__)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._shown: list[tuple[int, str]] = []

    def compose(self):
        yield Static("", classes="log-text")

    def on_resize(self) -> None:
        self._to_end()  # the panel grew or shrank (a decision came or went, the terminal changed)

    def _to_end(self) -> None:
        """Show the newest line once the new size or text is laid out. (Not ``anchor()``: it
        pushes a log shorter than the panel down to the bottom.)"""
        self.call_after_refresh(self.scroll_end, animate=False, immediate=True)

    def show(self, entries: list[tuple[int, str]]) -> None:
        """``entries`` are (sequence number, text) pairs, oldest first."""
        set_border_title(self, "Log")
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
        self._to_end()

    @property
    def lines_text(self) -> list[str]:
        return [text for _, text in self._shown]
