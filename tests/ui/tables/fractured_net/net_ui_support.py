"""Helpers for The Fractured Net's table widget tests: positions, and a small app that shows one
widget and records every message the widgets post."""

from __future__ import annotations

from contextlib import asynccontextmanager
from typing import Any, AsyncIterator

from textual import on
from textual.app import App, ComposeResult
from textual.message import Message
from textual.widget import Widget

from shards_tui.core.registry import game
from shards_tui.ui.tables.fractured_net.messages import SentBy

FILLER = ["relay_courier"] * 6


def net_position(ana: dict | None = None, ben: dict | None = None, **setup: Any):
    """A position in Ana's main phase (seat 0) unless ``setup`` says otherwise."""
    seats = [{"name": name, "deck": list(FILLER), **(spec or {})}
             for name, spec in (("Ana", ana), ("Ben", ben))]
    return game("fractured_net").controller.build({"kind": "scenario", "players": seats, **setup})


def net_game(seed: int = 7, **extra: Any):
    players = [{"name": "Ana", "deck": "kernel"}, {"name": "Ben", "deck": "rupture"}]
    return game("fractured_net").controller.build({"kind": "new", "seed": seed,
                                                   "players": players, **extra})


def blocking_position():
    """Ben assigns blockers: Ana attacks with Unstable Golem (5/5) and a Relay Courier (1/1)."""
    ctl = net_position({"creatures": ["unstable_golem", "relay_courier"]},
                       {"creatures": ["relay_courier", "scrap_golem", {"card": "iron_bulwark",
                                                                       "tapped": True}]})
    for line in ("attack unstable_golem", "attack relay_courier", "confirm"):
        ctl.apply(line, 0)
    ctl.apply("pass", 1)
    return ctl


def screen_text(app: App) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


class PartApp(App[None]):
    """Shows one widget; records every message the Fractured Net widgets post."""

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

    @on(SentBy)
    def _record(self, message: SentBy) -> None:
        self.posted.append(message)

    def of(self, kind: type[Message]) -> list[Any]:
        return [m for m in self.posted if isinstance(m, kind)]


@asynccontextmanager
async def showing(part: Widget, *args: Any, size: tuple[int, int] = (100, 30), css: str = "",
                  **kwargs: Any) -> AsyncIterator[tuple[PartApp, Any]]:
    app = PartApp(part, css)
    async with app.run_test(size=size) as pilot:
        part.show(*args, **kwargs)  # type: ignore[attr-defined]
        await pilot.pause()
        yield app, pilot
