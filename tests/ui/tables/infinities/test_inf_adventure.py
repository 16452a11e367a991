"""An Adventure chapter at the Infinities table: its page before play (and with o and F1), the
chapter panel (goals with progress, plot tokens, special actions), tokens on the map, the
turn bar's goal, special actions in the leader's menu and the palette, and the chapter's end
in the result."""

from __future__ import annotations

import tomllib
from pathlib import Path

from inf_ui_support import app_for, screen_text, settle, table

from shards_tui.core.hex import parse_hex
from shards_tui.core.registry import game
from shards_tui.ui.screens.game_over import GameOverScreen
from shards_tui.ui.screens.rules import RulesScreen
from shards_tui.ui.tables.infinities.adventure import ChapterScreen, InfChapter
from shards_tui.ui.tables.infinities.map_data import faces
from shards_tui.ui.tables.infinities.menu import MoveMenu
from shards_tui.ui.tables.infinities.table_data import looks, targets

SCENARIOS = Path(__file__).resolve().parents[3] / "games" / "infinities" / "scenarios"


def cold_boot():
    """Cold Boot's scenario: Ana (human) and Ben (a bot) hold five Faults of six; one lies on
    Ana's tile, her dice are Fortitude, Tide, Power, Power."""
    setup = tomllib.loads((SCENARIOS / "chapter_cold_boot.toml").read_text())["setup"]
    setup["players"][1]["bot"] = "greedy"
    return game("infinities").controller.build({"kind": "scenario", **setup})


async def test_a_chapter_is_read_before_play_then_shown_at_the_table() -> None:
    ctl = cold_boot()
    app = app_for(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ChapterScreen)  # the page before the first move
        assert "For three hundred years DEVA" in screen_text(app)
        await pilot.press("escape")
        await settle(pilot)
        text = screen_text(app)
        panel = table(app).query_one(InfChapter)
        assert panel.display and "Cold Boot" in str(panel.border_title)
        assert "hold 6 Faults (P2) together" in text.replace("\n", " ") or "hold 6 Faults" in text
        assert "5/6" in text  # the side's progress
        assert "Patch the Fault F T" in text
        assert "Cold Boot: Fault P2 5/6" in text  # the turn bar's goal
        await pilot.press("o")
        await settle(pilot)
        assert isinstance(app.screen, ChapterScreen)
        await pilot.press("f1")  # on the page, F1 goes on to the rulebook's Adventure rules
        await settle(pilot)
        assert isinstance(app.screen, RulesScreen)


async def test_special_actions_are_moves_with_their_line_and_end_the_chapter() -> None:
    ctl = cold_boot()
    app = app_for(ctl)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("escape")  # the chapter's page
        await settle(pilot)
        screen = table(app)
        entries = dict(screen.palette_entries())
        assert entries["special patch"] == "Patch the Fault (Fortitude, Tide): take a Fault (P2) from your tile"
        assert screen.move_words("special reroute") == "Reroute Power (Power): heal 1 damage; draw 1 card."
        await pilot.press("a")
        await settle(pilot)
        assert isinstance(app.screen, MoveMenu)
        assert "Reroute Power (Power): heal 1 damage; draw 1 card" in screen_text(app)
        await pilot.press("escape")
        await settle(pilot)
        for text in ("special reroute", "special patch"):
            await pilot.press(":", *text, "enter")
            await settle(pilot, 6)
        assert ctl.over and ctl.winners == [0, 1]
        await pilot.pause(1.2)
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        text = screen_text(app).replace("\n", " ")
        assert "Adventure: Cold Boot, cooperative." in text


def test_plot_tokens_take_a_tiles_influence_row_on_the_map() -> None:
    ctl = cold_boot()
    ctl.state.tiles["0,-1"].tokens = ["P2", "P2"]  # a second Fault on Ana's tile
    view = ctl.view(0)
    for size in (3, 2):
        shown = faces(view, looks(view), targets(view), size)
        assert shown[parse_hex("0,-1")].lines[-1] == ("P2×2", "bold magenta")
        assert "P2" not in str(shown[parse_hex("0,-2")].lines)  # (no token there)
