"""The key hints (what you may do now, with keys; click an entry to do it) and a status line.

Both draw their own rows (``RowsView``): a move that changes their words repaints the rows that
changed, and asks for a layout only when they need another number of rows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Hashable, Sequence

from rich.style import Style
from textual.content import Content, Span
from textual.strip import Strip

from shards_tui.ui.widgets._tcss import tcss
from shards_tui.ui.widgets.rows_view import RowsView, plain_rows


@dataclass(frozen=True)
class KeyHint:
    key: str  # what to press, e.g. 'u'
    label: str  # e.g. 'undo'
    action: str  # the screen action a click runs, e.g. 'undo'


class KeyHints(RowsView):
    """Lists the actions it is given; each entry is a link to the screen action."""

    DEFAULT_CSS = tcss(__file__)

    def show(self, items: list[KeyHint], heading: str = "") -> None:
        self.show_paragraphs([(tuple(items), heading)])

    def paragraph_text(self, paragraph: Hashable) -> Content:
        """'Your turn.  p play selected  ·  u undo': the heading and each key in bold, each
        entry a link to its action (built from spans: parsing markup costs more)."""
        items, heading = paragraph[:2]  # type: ignore[index]
        return hints_content(items, heading)

    @property
    def text(self) -> str:
        """What the row says, as plain text."""
        return "\n".join(self.paragraph_text(p).plain for p in self.paragraphs)


def hints_content(items: Sequence[KeyHint], heading: str = "", between: str = "  ·  ") -> Content:
    """The heading and the entries, ``between`` apart; the heading and each key in bold."""
    text, spans = "", []
    if heading:
        spans.append(Span(0, len(heading), "b"))
        text = heading + "  "
    for n, item in enumerate(items):
        if n:
            text += between
        start = len(text)
        text += f"{item.key} {item.label}"
        spans += [Span(start, len(text), f"@click=screen.{item.action}"),
                  Span(start, start + len(item.key), "b")]
    return Content(text, spans) if text else Content("No actions right now.")


class StatusLine(RowsView):
    """The last message: a rejected command's sentence (shown whole, up to four rows), or what
    just happened (two rows at most, cut with '…': the log has it whole)."""

    COMPONENT_CLASSES = {"status-line--error"}
    DEFAULT_CSS = tcss(__file__)
    message: str = ""
    error: bool = False
    squeezed = False  # a message (not a refusal) kept to one row: the hand needs the rows
    _last: tuple[str, bool] = ("", False)
    _times: int = 1

    ROWS = 2  # rows for a message
    ERROR_ROWS = 4  # rows for a refusal

    def show(self, message: str, error: bool = False) -> None:
        """Show a message; the same refusal again is counted ('(x2)'), so a key that is
        refused twice visibly answers twice."""
        again = error and bool(message) and (message, error) == self._last
        self._times = self._times + 1 if again else 1
        self._last = (message, error)
        prefix = "✗ " if error and message else ""
        self.message = prefix + message + (f" (x{self._times})" if self._times > 1 else "")
        self.error = error and bool(message)
        self.show_paragraphs([(self.message, self.error, self.squeezed)] if self.message else [])

    def squeeze(self, squeezed: bool) -> None:
        """Keep a message to one row, cut with '…' (a refusal is always shown whole); how
        many rows it would take (``rows``) does not change."""
        if squeezed != self.squeezed:
            self.squeezed = squeezed
            self.show_paragraphs([(self.message, self.error, squeezed)] if self.message else [])

    def rows(self, width: int) -> int:  # type: ignore[override]
        """How many rows the message takes at ``width`` cells (as many as it may have)."""
        most = self.ERROR_ROWS if self.error else self.ROWS
        if width <= 1:
            return most if self.message else 0
        return min(most, len(plain_rows(self.message, width, Style())))

    def paragraph_rows(self, paragraph: Hashable, width: int) -> list[Strip]:
        """The message in the rows there are, its last row ending in '…' when it goes on."""
        message, error, squeezed = paragraph  # type: ignore[misc]
        most = self.ERROR_ROWS if error else 1 if squeezed else self.ROWS
        style = self.get_visual_style(*(["status-line--error"] if error else [])).rich_style
        rows = plain_rows(message, width, style)
        if len(rows) > most:
            last = rows[most - 1].text.rstrip()[: width - 1].rstrip() + "…"
            rows = rows[:most - 1] + plain_rows(last, width, style)[:1]
        return rows

    @property
    def text(self) -> str:
        """What the line shows, as plain text (a long message cut as it is on screen)."""
        width = self.scrollable_content_region.width
        return "\n".join(strip.text.rstrip() for strip in self._rows) if width > 0 \
            else self.message
