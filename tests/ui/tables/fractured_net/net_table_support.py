"""Helpers for The Fractured Net's table screen tests: an app that shows the table and records
the screens it pushes, a pilot settled between keys, and the hand-off's ready key."""

from __future__ import annotations

from typing import Any

from textual.app import App

from shards_tui.ui.screens.handoff import HandoffScreen
from shards_tui.ui.tables.fractured_net.screen import FracturedNetTable


SIZE = (120, 40)


class NetTableApp(App[None]):
    def __init__(self, controller, **kwargs: Any) -> None:
        super().__init__()
        self.controller = controller
        self.kwargs = kwargs
        self.table: FracturedNetTable | None = None
        self.pushed: list[str] = []

    def on_mount(self) -> None:
        self.table = FracturedNetTable(self.controller, **self.kwargs)
        self.push_screen(self.table)

    def push_screen(self, screen, *args, **kwargs):  # type: ignore[override]
        self.pushed.append(type(screen).__name__)
        return super().push_screen(screen, *args, **kwargs)


async def settle(pilot, times: int = 4) -> None:
    for _ in range(times):
        await pilot.pause()


async def ready(pilot) -> None:
    """Press the hand-off's button (the named player is ready)."""
    await settle(pilot)
    assert isinstance(pilot.app.screen, HandoffScreen)
    await pilot.press("enter")
    await settle(pilot)
