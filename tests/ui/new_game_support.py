"""Stand-ins for the tests of the screens that start a game (setup, the new-game memory, the
private pick, the lobby's new-table dialog): ``FakeTable`` for a game's table (it keeps the
controller it is given and draws nothing), and ``DialogApp``, the lobby's new-table dialog on
its own (each table it creates is appended to ``result``)."""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.screen import Screen

from shards_tui.ui.screens.lobby_new import NewTableScreen


class FakeTable(Screen):  # type: ignore[type-arg]
    def __init__(self, controller: Any, autosave_path: Any = None, **_options: Any) -> None:
        super().__init__()
        self.controller = controller


class DialogApp(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.result: list[Any] = []

    def on_mount(self) -> None:
        self.push_screen(NewTableScreen(), self.result.append)
