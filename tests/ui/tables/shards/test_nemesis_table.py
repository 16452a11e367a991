"""Pilot tests of the table in a Single Player Nemesis Challenge: one person, no hand-offs."""

from __future__ import annotations

from tests.ui.tables.shards.shards_ui_support import TableApp, build, screen_text, settle

from shards_tui.ui.screens.game_over import GameOverScreen
from shards_tui.ui.screens.handoff import HandoffScreen
from shards_tui.ui.tables.shards.screen import ShardsTable
from shards_tui.ui.widgets.key_hints import StatusLine
from shards_tui.ui.widgets.decision import DecisionPanel

ROW = ["undergrowth_aspirant", "cache_warden", "spore_cleric", "data_heretic", "kiln_drone", "reactor_drone"]


def _solo(ann: dict, nemesis: dict, top: list[str]):
    return build({"kind": "scenario", "variants": ["nemesis"], "center_row": ROW, "center_deck_top": top,
                  "players": [{"name": "Ann", "character": "volos", "deck_top": ["crystal"] * 10, **ann}],
                  "nemesis": {"name": "Nemesis", "character": "decima", **nemesis}})


async def test_the_table_goes_straight_to_the_player_and_shows_the_nemesis_panel() -> None:
    ctl = _solo({"hand": ["crystal", "crystal"]}, {"mastery": 4}, ["nil_assassin"])
    app = TableApp(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ShardsTable)  # no hand-off with one person
        text = screen_text(app)
        assert "Nemesis (Decima, Homodeus)" in text and "plays the center deck" in text
        assert "hand 0" not in text
        await pilot.press("e", "e")  # end (confirmed): the Nemesis plays Nil Assassin and attacks for 5
        await settle(pilot)
        assert not isinstance(app.screen, HandoffScreen)
        assert app.screen.query_one(DecisionPanel).display  # Ann's own shields question
        await pilot.press("enter")
        await settle(pilot)
        assert ctl.view(None).players[0].health == 45
        assert ctl.who_must_act() == 0 and isinstance(app.screen, ShardsTable)
        assert app.screen.selected.zone == "hand"  # the turn starts on the hand
        assert app.screen.query_one(StatusLine).message.startswith("Your turn now. ")
        assert "Nil Assassin" in screen_text(app)  # the log tells what the Nemesis did


async def test_slots_the_nemesis_played_say_so_until_its_turn_ends() -> None:
    ctl = _solo({"hand": ["crystal"]}, {}, ["korvus_legionnaire"])
    app = TableApp(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("e", "e")  # Korvus (Homodeus, 2 power): Kiln and Reactor Drone join it
        await settle(pilot)
        assert app.screen.query_one(DecisionPanel).display  # Ann's shields, mid Nemesis turn
        row = ctl.view(0).center_row
        assert [slot is None for slot in row] == [False] * 4 + [True] * 2
        assert screen_text(app).count("Nemesis; refilled") == 2  # wrapped in the two boxes
        await pilot.press("enter")
        await settle(pilot)
        assert None not in ctl.view(0).center_row and "played by" not in screen_text(app)


async def test_game_over_when_the_nemesis_wins() -> None:
    ctl = _solo({"hand": ["crystal"]}, {"mastery": 29}, ["cache_warden"])
    app = TableApp(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("e", "e")
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        text = screen_text(app)
        assert "Nemesis wins!" in text and "mastery reached 30" in text


async def test_a_choice_for_the_nemesis_is_answered_from_the_decision_panel() -> None:
    ctl = _solo({"hand": ["crystal"], "champions": ["systema_ai", "numeri_drones"]}, {}, ["nil_assassin"])
    app = TableApp(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("e", "e")
        await settle(pilot)
        panel = app.screen.query_one(DecisionPanel)
        assert panel.display and ctl.state.pending.kind == "nemesis_target"
        assert "destroys your champions costing 3 first" in screen_text(app)
        await pilot.press("space", "enter")  # tick the highlighted option, Systema A.I., and confirm
        await settle(pilot)
        assert [c.card for c in ctl.view(0).players[0].champions] == ["numeri_drones"]
        assert ctl.state.pending.kind == "shields"  # the last 1 power goes at Ann


async def test_page_keys_scroll_the_log_back_over_the_nemesis_turn() -> None:
    from shards_tui.ui.widgets.log_view import LogView

    ctl = _solo({"hand": ["crystal", "crystal"]}, {"mastery": 4}, ["nil_assassin"])
    app = TableApp(ctl)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("e", "e")  # the Nemesis's turn; Ann is asked about shields
        await settle(pilot)
        log = app.screen.query_one(LogView)
        assert app.screen.query_one(DecisionPanel).display
        before = log.scroll_y
        await pilot.press("pageup")  # the question's list has the focus: the log scrolls anyway
        await settle(pilot)
        assert log.scroll_y < before
        await pilot.press("pagedown", "enter")
        await settle(pilot)
        newest = log.max_scroll_y
        assert newest > 0 and log.scroll_y == newest
        await pilot.press("pageup")
        await settle(pilot)
        assert log.scroll_y == newest - (log.scrollable_content_region.height - 1)
        await pilot.press("pagedown", "pagedown")
        await settle(pilot)
        assert log.scroll_y == newest


async def test_the_card_panel_lets_go_of_a_center_card_the_nemesis_played() -> None:
    from shards_tui.ui.tables.shards.card_view import CardView

    row = ["shadow_apostle", *ROW[1:]]  # a Wraethe card in slot 1: played with Nil Assassin
    ctl = build({"kind": "scenario", "variants": ["nemesis"], "center_row": row,
                 "center_deck_top": ["nil_assassin"],
                 "players": [{"name": "Ann", "character": "volos", "hand": ["crystal"],
                              "deck_top": ["crystal"] * 10}],
                 "nemesis": {"name": "Nemesis", "character": "decima"}})
    app = TableApp(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("1")
        await settle(pilot)
        panel = app.screen.query_one(CardView)
        assert "Shadow Apostle" in panel.text
        await pilot.press("e", "e")  # the Nemesis plays Nil Assassin and Shadow Apostle, then attacks
        await settle(pilot)
        assert app.screen.query_one(DecisionPanel).display
        assert "Shadow Apostle" not in panel.text
