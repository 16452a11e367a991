"""The action row (what you may do now, with keys; click an entry to do it) and a status line."""

from __future__ import annotations

from dataclasses import dataclass

from textual.content import Content
from textual.markup import escape
from textual.widgets import Static

from shards_tui.ui.widgets._tcss import tcss
from shards_tui.ui.widgets.unchanged import set_border_title, steady_update, unchanged


@dataclass(frozen=True)
class ActionItem:
    key: str  # what to press, e.g. 'r'
    label: str  # e.g. 'recruit 1,3'
    action: str  # the screen action a click runs, e.g. 'recruit'


class ActionRow(Static):
    """Lists the actions it is given; each entry is a link to the screen action."""

    DEFAULT_CSS = tcss(__file__)

    def show(self, items: list[ActionItem], heading: str = "") -> None:
        if unchanged(self, "actions", tuple(items), heading):
            return
        parts = []
        for item in items:
            parts.append(f"[@click=screen.{item.action}][b]{escape(item.key)}[/b] "
                         f"{escape(item.label)}[/]")
        head = f"[b]{escape(heading)}[/b]  " if heading else ""
        steady_update(self, head + "  ·  ".join(parts) if parts or head else "No actions right now.")


class StatusLine(Static):
    """The last message: a rejected command's sentence, or what just happened."""

    DEFAULT_CSS = tcss(__file__)
    message: str = ""
    _last: tuple[str, bool] = ("", False)
    _times: int = 1

    def show(self, message: str, error: bool = False) -> None:
        """Show a message; the same refusal again is counted ('(x2)'), so a key that is
        refused twice visibly answers twice."""
        self.update_classes({"-error": error, "-empty": not message})
        again = error and bool(message) and (message, error) == self._last
        self._times = self._times + 1 if again else 1
        self._last = (message, error)
        if unchanged(self, "message", message, error, self._times):
            return
        prefix = "✗ " if error and message else ""
        self.message = prefix + message + (f" (x{self._times})" if self._times > 1 else "")
        steady_update(self, escape(self.message))

    ROWS = 2  # as many rows as the style's max-height gives it (an error: 4)

    def rows(self, width: int) -> int:
        """How many rows the message takes at ``width`` cells (as many as it may have)."""
        most = 4 if self.has_class("-error") else self.ROWS
        if width <= 1:
            return most if self.message else 0
        return min(most, len(Content(self.message).wrap(width)))

    def render(self) -> Content:
        """The message in the rows there are, its last row ending in '…' when it goes on
        (the log has it whole)."""
        rows = 4 if self.has_class("-error") else self.ROWS
        width = self.content_size.width
        lines = Content(self.message).wrap(width) if width > 1 else []
        if len(lines) <= rows:
            return Content(self.message)
        kept = [line.plain.rstrip() for line in lines[:rows]]
        kept[-1] = kept[-1][: width - 1].rstrip() + "…"
        return Content("\n".join(kept))
