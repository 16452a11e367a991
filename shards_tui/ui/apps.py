"""The app opened on one screen: the demo (``shards-tui demo``) and a replay (``shards-tui
replay FILE``). Each is the whole app (``ShardsApp``) with that screen pushed at the start.
"""

from __future__ import annotations

from typing import Any, Sequence

from shards_tui.core.controller import Controller
from shards_tui.core.replay import Replay
from shards_tui.ui.app import ShardsApp
from shards_tui.ui.screens.demo import DEFAULT_PACE, demo_screen
from shards_tui.ui.screens.replay_view import replay_screen


class DemoApp(ShardsApp):
    """The app opened on the demo; leaving the demo shows the title."""

    CSS_PATH = "app.tcss"

    def __init__(self, controller: Controller, levels: Sequence[str], pace: float = DEFAULT_PACE,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._demo = (controller, list(levels), pace)

    def on_mount(self) -> None:
        controller, levels, pace = self._demo
        self.push_screen(demo_screen(controller, levels, pace))


class ReplayApp(ShardsApp):
    """The app opened on a replay; leaving it ends the app."""

    CSS_PATH = "app.tcss"

    def __init__(self, replay: Replay, seat: int | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.opens_covered = True
        self._replay = (replay, seat)

    def on_mount(self) -> None:
        replay, seat = self._replay
        self.push_screen(replay_screen(replay, seat))
