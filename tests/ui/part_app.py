"""What every table's widget tests share: the screen as plain text, and a small app that shows
one widget and records every message the table widgets post."""

from __future__ import annotations

from contextlib import asynccontextmanager
from typing import Any, AsyncIterator

from textual import on
from textual.app import App, ComposeResult
from textual.message import Message
from textual.widget import Widget

from shards_tui.ui.widgets.card_messages import SentBy
from shards_tui.ui.textual_compat.widgets import screen_text as painted_text


def screen_text(app: App) -> str:
    """Everything on the terminal now, as plain text."""
    return painted_text(app.screen)


class PartApp(App[None]):
    """Shows one widget; records every message the table widgets post."""

    def __init__(self, part: Widget, css: str = "") -> None:
        super().__init__()
        self.part = part
        self.posted: list[Message] = []
        if css:
            self.CSS = css

    def compose(self) -> ComposeResult:
        yield self.part

    def on_mount(self) -> None:
        if self.part.can_focus:
            self.part.focus()

    @on(SentBy)  # (an @on handler also receives every subclass of its message)
    def _record(self, message: SentBy) -> None:
        self.posted.append(message)

    def of(self, kind: type[Message]) -> list[Any]:
        return [m for m in self.posted if isinstance(m, kind)]


@asynccontextmanager
async def showing(part: Widget, *args: Any, size: tuple[int, int] = (100, 30), css: str = "",
                  **kwargs: Any) -> AsyncIterator[tuple[PartApp, Any]]:
    """A ``PartApp`` running ``part``, shown ``part.show(*args, **kwargs)``: (app, pilot)."""
    app = PartApp(part, css)
    async with app.run_test(size=size) as pilot:
        part.show(*args, **kwargs)  # type: ignore[attr-defined]
        await pilot.pause()
        yield app, pilot
