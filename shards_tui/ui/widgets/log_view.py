"""The game log from the view, newest last, word-wrapped to the panel and kept scrolled down.

It draws its own rows (a ``RowsView``): each entry is wrapped once per width and kept, only the
rows in sight are drawn, and it scrolls to the newest line in the same frame as the new text
arrives, so a move repaints the log once instead of re-wrapping the whole game's log and
scrolling one frame later.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.strip import Strip

from shards_tui.ui.widgets._tcss import tcss
from shards_tui.ui.widgets.rows_view import RowsView, plain_rows
from shards_tui.ui.widgets.unchanged import set_border_title


BOLD = Style(bold=True)


def _bold(line: str) -> bool:
    return line.startswith(("Turn ", "A new game"))


class LogView(RowsView):
    DEFAULT_CSS = tcss(__file__)
    FOLLOW_END = True
    ROW_EACH = True  # (empty lines are left out)

    def show(self, entries: list[tuple[int, str]]) -> None:
        """``entries`` are (sequence number, text) pairs, oldest first."""
        set_border_title(self, "Log")
        self.show_paragraphs([(seq, text) for seq, text in entries if text])

    def paragraph_text(self, paragraph) -> Text:
        _seq, line = paragraph
        return Text(line, style="bold" if _bold(line) else "")

    def paragraph_rows(self, paragraph, width: int) -> list[Strip]:
        """A log line is plain text: wrapped by words, quickly (a move adds several)."""
        _seq, line = paragraph
        style = self.visual_style.rich_style
        return plain_rows(line, width, style + BOLD if _bold(line) else style)

    @property
    def lines_text(self) -> list[str]:
        return [text for _, text in self.paragraphs]
