"""The lobby names the way a table's game is played in the game's own words (its SetupSpec):
Infinities' Skirmish, Quickplay or chapter, never the shell's 'Standard'."""

from __future__ import annotations

from pathlib import Path

from shards_tui.games.infinities.chapter_schema import KIND_NAMES
from shards_tui.games.infinities.chapters import guide
from shards_tui.server.tables import Hub
from shards_tui.ui.screens.lobby_new import variants_for

from server_support import ANA, BEN  # noqa: E402  (tests/server)


def row(hub: Hub, **options: object) -> str:
    table = hub.create(ANA, "infinities", 4 if options.get("teams") else 2, [], options=options)
    assert table.controller is None  # waiting for people: nothing is built
    hub.give_up_seat(table, ANA)  # (one login may keep only three tables waiting)
    return table.describe(BEN)


def test_infinities_tables_say_skirmish_quickplay_or_the_chapter(tmp_path: Path) -> None:
    hub = Hub(tmp_path, bot_pace=0)
    assert " · 2 players · Skirmish · " in row(hub)
    assert " · 2 players · Quickplay · " in row(hub, quickplay=True)
    chapter = next(iter(guide().values()))
    chaptered = row(hub, chapter=chapter.id)
    assert f" · 2 players · {chapter.title} ({KIND_NAMES[chapter.kind]}) · " in chaptered
    assert " · 2 players · A random chapter · " in row(hub, chapter="random")
    assert " · 4 players · Skirmish, Two teams of 2 (4 players) · " in row(hub, teams="2v2")
    assert " · 4 players · Quickplay, Two teams of 2 (4 players) · " in row(
        hub, teams="2v2", quickplay=True)
    for text in (row(hub), chaptered):
        assert "Standard" not in text


def test_the_new_table_dialog_names_the_plain_game_as_the_game_does() -> None:
    assert variants_for("infinities") == [("Skirmish", "standard")]
    assert variants_for("shards")[0] == ("Standard", "standard")


async def test_the_dialog_shows_the_chosen_games_plain_mode() -> None:
    from textual.widgets import Select

    from tests.ui.new_game_support import DialogApp

    app = DialogApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        dialog = app.screen
        variant = dialog.query_one("#variant", Select)
        assert "Standard" in str(variant.query_one("SelectCurrent Static").render())
        dialog.query_one("#game", Select).value = "infinities"
        await pilot.pause()
        assert variant.value == "standard"
        assert "Skirmish" in str(variant.query_one("SelectCurrent Static").render())
