"""The new-game set-up screen: players, names, characters, seed, and its messages."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, Select, Static

from shards_tui.core.registry import game
from shards_tui.ui.app import ShardsApp
from shards_tui.ui.screens.setup import PlayerRow, SetupScreen
from shards_tui.ui.screens.setup_check import validate_setup
from shards_tui.ui.widgets.variant_picker import VariantPicker
from shards_tui.ui.textual_compat.widgets import screen_text
from tests.ui.new_game_support import FakeTable

SIZE = (100, 34)


@pytest.fixture(autouse=True)
def _fake_table(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import shards_tui.ui.tables.shards.screen as table

    monkeypatch.setattr(table, "ShardsTable", FakeTable)


def error_text(screen: SetupScreen) -> str:
    widget = screen.query_one("#setup-error", Static)
    return str(widget.render()) if widget.display else ""


def set_name(row: PlayerRow, name: str) -> None:
    row.query_one(".player-name", Input).value = name


async def open_setup(pilot) -> SetupScreen:
    await pilot.press("n")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, SetupScreen)
    return screen


async def test_defaults_then_start_builds_the_game() -> None:
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(pilot)
        assert [r.name_value for r in screen.rows] == ["Player 1", "Player 2"]
        assert all(r.character_value is None for r in screen.rows)  # random by default
        screen.query_one("#seed", Input).value = "1234"
        set_name(screen.rows[0], "Ana")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, FakeTable)
        controller = app.screen.controller
        assert controller.seat_names() == ["Ana", "Player 2"]
        assert controller.setup["seed"] == 1234
        characters = [p.character for p in controller.state.players]
        assert len(set(characters)) == 2  # distinct random characters


async def test_add_and_remove_players_within_limits() -> None:
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(pilot)
        for _ in range(3):
            await pilot.press("ctrl+n")
            await pilot.pause()
        assert len(screen.rows) == 4
        assert "at most 4 players" in error_text(screen)
        assert screen.query_one("#add-player").disabled
        await screen.remove_player(screen.rows[1])
        await pilot.pause()
        assert [r.seat for r in screen.rows] == [1, 2, 3]
        assert [r.name_value for r in screen.rows] == ["Player 1", "Player 3", "Player 4"]
        await screen.remove_player(screen.rows[0])
        await screen.remove_player(screen.rows[0])
        await pilot.pause()
        assert len(screen.rows) == 2
        assert "at least 2 players" in error_text(screen)


@pytest.mark.parametrize(("names", "seed", "message"), [
    (["Ana", "  "], "5", "Player 2 needs a name."),
    (["Ana", "ana"], "5", "Players 1 and 2 are both called ana; names must differ."),
    (["Ana", "Ben"], "five", "The seed must be a whole number, or empty for a random one."),
    (["Ana", "Ben"], "-1", "The seed must be a whole number from 0 to 9223372036854775807."),
])
async def test_validation_messages(names, seed, message) -> None:
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(pilot)
        for row, name in zip(screen.rows, names):
            set_name(row, name)
        screen.query_one("#seed", Input).value = seed
        screen.action_start()
        await pilot.pause()
        assert error_text(screen) == message
        assert app.screen is screen  # nothing started


async def test_the_same_character_twice_is_refused() -> None:
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(pilot)
        for row, name in zip(screen.rows, ["Ana", "Ben"]):
            set_name(row, name)
            row.query_one(".player-character", Select).value = "decima"
        screen.action_start()
        await pilot.pause()
        assert error_text(screen) == ("Ana and Ben both chose Decima (Homodeus); "
                                      "each character can lead one player.")


async def test_an_engine_refusal_is_one_sentence(monkeypatch) -> None:
    info = game("shards")

    def refuse(setup):
        raise ValueError("The engine says no.\nDetails nobody needs.")

    monkeypatch.setattr(info.controller, "build", refuse)
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(pilot)
        screen.action_start()
        await pilot.pause()
        assert error_text(screen) == "The engine says no."


async def test_long_names_are_cut_and_escape_goes_back() -> None:
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(pilot)
        name_input = screen.rows[0].query_one(".player-name", Input)
        name_input.value = ""
        name_input.focus()
        await pilot.press(*"x" * 30)
        assert len(name_input.value) == 24
        assert name_input.cursor_blink is False  # ShardsApp(cursor_blink=False)
        await pilot.press("escape")
        await pilot.pause()
        assert type(app.screen).__name__ == "TitleScreen"


def test_validate_setup_too_many_players() -> None:
    info = game("shards")
    setup, problem = validate_setup(["A", "B", "C", "D", "E"], [None] * 5, "1", info, {})
    assert setup is None and problem == "Shards of Infinity needs 2 to 4 players."
    setup, problem = validate_setup(["A", "B"], [None, "tetra"], " 42 ", info, {})
    assert problem is None
    assert setup == {"kind": "new", "seed": 42, "first": None,
                     "players": [{"name": "A", "character": None}, {"name": "B", "character": "tetra"}]}


# --- variants and expansions ------------------------------------------------------------------

async def tick(pilot, screen: SetupScreen, variant: str, on: bool = True) -> None:
    screen.query_one(VariantPicker).set_variant(variant, on)
    await pilot.pause()
    await pilot.pause()


async def test_variants_are_listed_with_their_blurbs() -> None:
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_setup(pilot)
        picker = screen.query_one(VariantPicker)
        assert picker.chosen == [] and picker.sets == ["base", "relics"]  # Relics of the Future is on by default
        blurbs = " ".join(str(s.render()) for s in picker.query(".picker-blurb"))
        for v in game("shards").variants:
            assert v.blurb in blurbs


async def test_team_sets_four_seats_and_starts_a_team_game() -> None:
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_setup(pilot)
        await tick(pilot, screen, "team")
        assert len(screen.rows) == 4
        assert screen.query_one("#add-player").disabled
        note = str(screen.query_one("#seating-note", Static).render())
        assert "Team 1: Player 1 and Player 2" in note and "Player 1 sits across from Player 4" in note
        await screen.remove_player(screen.rows[0])
        await pilot.pause()
        assert len(screen.rows) == 4 and error_text(screen) == "2v2 Team Attack is for 4 players."
        screen.action_start()
        await pilot.pause()
        assert isinstance(app.screen, FakeTable)
        assert app.screen.controller.setup["variants"] == ["team"]
        assert [p.team for p in app.screen.controller.state.players] == [0, 0, 1, 1]


async def test_bloodbath_sets_three_seats() -> None:
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_setup(pilot)
        await tick(pilot, screen, "bloodbath")
        assert len(screen.rows) == 3
        await tick(pilot, screen, "bloodbath", False)
        assert len(screen.rows) == 3 and not screen.query_one("#add-player").disabled


async def test_variants_that_do_not_combine_start_nothing() -> None:
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_setup(pilot)
        await tick(pilot, screen, "team")
        await tick(pilot, screen, "health_auction")
        assert error_text(screen) == "2v2 Team Attack and Health Auction cannot be combined."
        screen.action_start()
        await pilot.pause()
        assert app.screen is screen
        assert error_text(screen) == "2v2 Team Attack and Health Auction cannot be combined."
        await tick(pilot, screen, "health_auction", False)
        await tick(pilot, screen, "bloodbath")
        assert error_text(screen) == ("2v2 Team Attack (4 players) and 3 Player Bloodbath (3 players) "
                                      "cannot be combined.")
        seats = len(screen.rows)
        await screen.remove_player(screen.rows[-1])  # no number of seats helps: the same sentence
        assert error_text(screen) == ("2v2 Team Attack (4 players) and 3 Player Bloodbath (3 players) "
                                      "cannot be combined.")
        await screen.action_add_player()
        assert error_text(screen) == ("2v2 Team Attack (4 players) and 3 Player Bloodbath (3 players) "
                                      "cannot be combined.")
        assert len(screen.rows) == seats


async def test_relic_variants_need_the_expansion() -> None:
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_setup(pilot)
        screen.query_one(VariantPicker).set_expansion("relics", False)
        await tick(pilot, screen, "mystery_relics")
        assert "needs the Relics of the Future cards" in error_text(screen)
        screen.query_one(VariantPicker).set_expansion("relics", True)
        await pilot.pause()
        await pilot.pause()
        assert error_text(screen) == ""
        assert screen.query_one(VariantPicker).sets == ["base", "relics"]


async def test_nemesis_is_one_seat_and_starts_a_game() -> None:
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_setup(pilot)
        await tick(pilot, screen, "nemesis")
        assert len(screen.rows) == 1
        setup, problem = screen.current_setup()
        assert problem is None and setup["variants"] == ["nemesis"] and len(setup["players"]) == 1
        screen.action_start()
        await pilot.pause()
        assert app.screen is not screen  # no refusal: the table opened
        controller = app.screen.controller
        assert [p.nemesis for p in controller.state.players] == [False, True]


async def test_the_nemesis_character_can_be_chosen_and_may_not_be_the_players() -> None:
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_setup(pilot)
        row = screen.query_one("#nemesis-row")
        assert not row.display  # only with the Nemesis Challenge
        hint = screen.query_one("#seats-hint", Static)
        assert str(hint.render()).startswith("2 to 4 players take turns")
        await tick(pilot, screen, "nemesis")
        assert row.display
        assert str(hint.render()).startswith("One player at this keyboard (Single Player Nemesis Challenge)")
        setup, _ = screen.current_setup()
        assert "nemesis" not in setup  # random unless chosen
        screen.query_one("#nemesis-choice", Select).value = "decima"
        screen.rows[0].query_one(".player-character", Select).value = "decima"
        await pilot.pause()
        setup, problem = screen.current_setup()
        assert setup is None and problem == \
            "Player 1 and the Nemesis both chose Decima (Homodeus); pick another."
        screen.rows[0].query_one(".player-character", Select).value = "volos"
        await pilot.pause()
        setup, problem = screen.current_setup()
        assert problem is None and setup["nemesis"] == "decima"
        screen.action_start()
        await pilot.pause()
        state = app.screen.controller.state
        assert [p.character for p in state.players] == ["volos", "decima"]


async def test_health_auction_locks_the_characters() -> None:
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_setup(pilot)
        screen.rows[0].query_one(".player-character", Select).value = "tetra"
        await tick(pilot, screen, "health_auction")
        assert all(r.character_value is None for r in screen.rows)
        assert all(r.query_one(".player-character", Select).disabled for r in screen.rows)
        screen.action_start()
        await pilot.pause()
        assert isinstance(app.screen, FakeTable)
        state = app.screen.controller.state
        assert state.flow.phase == "setup" and state.pending.kind == "bid"


def test_validate_setup_with_variants() -> None:
    info = game("shards")
    setup, problem = validate_setup(["A", "B"], [None, None], "1", info, {}, variants=["bloodbath"],
                                    sets=["base"])
    assert setup is None and problem == "3 Player Bloodbath is for 3 players, not 2."
    setup, problem = validate_setup(["A", "B", "C"], [None] * 3, "1", info, {}, variants=["bloodbath"],
                                    sets=["base"])
    assert problem is None and setup["variants"] == ["bloodbath"] and setup["sets"] == ["base"]


async def test_the_focused_field_is_marked_by_a_glyph_not_only_a_colour() -> None:
    """The focused field differed from the others only by a background of 235 against 234:
    'Ben' typed after four Tabs went into a character list nobody saw was focused. Each field
    now keeps a column at its left, blank unless it has the focus, where a bar is drawn: a
    glyph, which NO_COLOR does not take away."""
    from textual.widgets import Button, Checkbox

    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(pilot)
        fields = [w for w in screen.query("Input, Select, Button, Checkbox") if w.display]
        for _ in range(4):
            await pilot.press("tab")
        await pilot.pause()
        focused = app.focused
        assert isinstance(focused, Select) and focused in screen.rows[1].query(Select)
        for _ in range(8):  # and on through the rows, the expansions and the variants
            lines = screen_text(screen).split("\n")
            for widget in fields:
                if not widget.region:  # scrolled out of sight
                    assert widget is not app.focused
                    continue
                x, y = widget.region.x, widget.region.y
                bar = lines[y][x:x + 1] == "▌"
                assert bar == (widget is app.focused), (widget, lines[y])
            await pilot.press("tab")
            await pilot.pause()
        assert isinstance(app.focused, (Checkbox, Button, Input, Select))
