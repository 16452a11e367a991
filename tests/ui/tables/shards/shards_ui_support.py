"""Helpers for the table and hot-seat tests: a tiny app that shows one ShardsTable."""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.widgets import Input

from shards_tui.core.registry import game
from shards_tui.ui.tables.shards.screen import ShardsTable
from tests.ui.part_app import screen_text  # noqa: F401  (the tests import it from here)

NEW_GAME = {"kind": "new", "players": [{"name": "Ana"}, {"name": "Ben"}], "seed": 7}
ROW = ["command_seer", "kiln_drone", "nil_assassin", "fungal_hermit", "cryptofist_monk",
       "zetta_the_encryptor"]


def build(setup: dict[str, Any]):
    return game("shards").controller.build(setup)


def scenario(players: list[dict[str, Any]], **extra: Any):
    setup: dict[str, Any] = {"kind": "scenario", "players": players, "center_row": ROW}
    setup.update(extra)
    return build(setup)


class TableApp(App[None]):
    """Pushes one ShardsTable; records the title/rules calls the table makes on its app."""

    def __init__(self, controller, **table_kwargs: Any) -> None:
        super().__init__()
        self.controller = controller
        self.table_kwargs = table_kwargs
        self.table: ShardsTable | None = None
        self.calls: list[str] = []

    def on_mount(self) -> None:
        self.table = ShardsTable(self.controller, **self.table_kwargs)
        self.push_screen(self.table)
        self.call_after_refresh(self._no_blink)

    def _no_blink(self) -> None:
        for widget in self.table.query(Input) if self.table else []:
            widget.cursor_blink = False

    def open_rules(self, game_id: str = "shards", anchor: str | None = None) -> None:
        self.calls.append(f"rules:{game_id}#{anchor}")

    def return_to_title(self) -> None:
        self.calls.append("title")


def center_slot(table: ShardsTable, slot: int) -> tuple[int, int]:
    """Where to point (in the center row widget) at the box of slot 1-6."""
    from shards_tui.ui.tables.shards.center_row import CenterRow, slot_edges

    row = table.query_one(CenterRow)
    edges = slot_edges(row.content_size.width)
    left, top = row.content_offset
    return left + edges[slot - 1] + 2, top + 1


def card_row(rows, index: int) -> tuple[int, int]:
    """Where to point (in a list of cards: the hand, champions) at its card ``index``."""
    left, top = rows.content_offset
    return left + 2, top + index - round(rows.scroll_offset.y)


async def settle(pilot, times: int = 3) -> None:
    for _ in range(times):
        await pilot.pause()


ANA_BEN = [{"name": "Ana", "hand": ["crystal", "crystal", "blaster"]},
           {"name": "Ben", "hand": ["crystal", "crystal"]}]


async def start_table(pilot):
    """Wave the opening hand-off away and return the table."""
    from shards_tui.ui.screens.handoff import HandoffScreen

    await settle(pilot)
    assert isinstance(pilot.app.screen, HandoffScreen)
    await pilot.press("enter")
    await settle(pilot)
    assert isinstance(pilot.app.screen, ShardsTable)
    return pilot.app.screen


def status_of(table: ShardsTable) -> str:
    """The status line's message."""
    from shards_tui.ui.widgets.key_hints import StatusLine

    return table.query_one(StatusLine).message


async def past_handoff(pilot) -> None:
    """Let the table open and wave its opening hand-off away."""
    await settle(pilot)
    await pilot.press("enter")
    await settle(pilot)
