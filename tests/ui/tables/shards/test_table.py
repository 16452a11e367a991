"""Pilot tests of the table screen: keys, the command line, rejections, the end.

The questions (decision panel, attack list) are in test_table_questions.py."""

from __future__ import annotations

from tests.ui.tables.shards.shards_ui_support import (ANA_BEN, TableApp, build, card_row, center_slot, scenario,
                                screen_text, settle, start_table, status_of)

from shards_tui.core.commands import MAX_COMMAND_LENGTH
from shards_tui.core.autosaves import flush_autosaves
from shards_tui.ui.screens.game_over import GameOverScreen
from shards_tui.ui.screens.handoff import HandoffScreen
from shards_tui.ui.tables.shards.screen import ShardsTable
from shards_tui.ui.widgets.key_hints import KeyHints
from shards_tui.ui.widgets.command_line import CommandHelpScreen, CommandLine
from shards_tui.ui.tables.shards.hand import HandView
from shards_tui.ui.tables.shards.player_panel import ResourceBar


async def test_recruit_with_number_then_r() -> None:
    ctl = scenario(ANA_BEN, turn={"gems": 4})
    app = TableApp(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await start_table(pilot)
        await pilot.press("2", "r")  # slot 2 is Kiln Drone
        await settle(pilot)
        view = ctl.view(0)
        assert [c.card for c in view.players[0].discard] == ["kiln_drone"]
        assert view.this_turn.gems == 4 - 1
        assert "recruits Kiln Drone" in status_of(table)
        assert "recruits Kiln Drone" in screen_text(app)


async def test_enter_on_a_center_card_recruits_and_f_fast_plays() -> None:
    ctl = scenario(ANA_BEN, turn={"gems": 6})
    app = TableApp(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await start_table(pilot)
        await pilot.press("1", "enter")  # Command Seer, 4 gems
        await settle(pilot)
        await pilot.press("3", "f")  # Nil Assassin, a mercenary: fast-play for 2
        await settle(pilot)
        view = ctl.view(0)
        assert [c.card for c in view.players[0].discard] == ["command_seer"]
        assert view.this_turn.power == 5 and view.this_turn.gems == 0


async def test_rejected_command_shows_its_sentence() -> None:
    ctl = scenario(ANA_BEN)  # no gems
    app = TableApp(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await start_table(pilot)
        before = ctl.state_json()
        await pilot.press("6", "r")  # Zetta costs 5
        await settle(pilot)
        assert "You have 0 gems; Zetta, The Encryptor costs 5." in status_of(table)
        assert ctl.state_json() == before
        await pilot.press("r")  # the same refusal again answers visibly
        await settle(pilot)
        assert status_of(table).endswith("costs 5. (F1: rules) (x2)"), status_of(table)
        assert ctl.state_json() == before
        await pilot.press("colon", *"fly away", "enter")
        await settle(pilot)
        assert "'fly' is not a command here" in status_of(table)
        await pilot.press("colon", *"help me", "enter")  # not "'help' is not a command"
        await settle(pilot)
        assert "'help' takes no words after it." in status_of(table)
        assert ctl.state_json() == before
        assert isinstance(app.screen, ShardsTable)  # no traceback, still playing


async def test_play_selected_and_play_all() -> None:
    ctl = scenario(ANA_BEN)
    app = TableApp(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await start_table(pilot)
        assert table.selected.zone == "hand"  # the turn starts with the cursor on the hand
        await pilot.press("p")  # the first hand card is selected: a Crystal
        await settle(pilot)
        assert ctl.view(0).this_turn.gems == 1
        await pilot.press("a")
        await settle(pilot)
        view = ctl.view(0)
        assert view.players[0].hand == []
        assert (view.this_turn.gems, view.this_turn.power) == (2, 1)
        # Four log lines: the status shows how the move began and ended, not its first three.
        assert status_of(table) == ("Ana plays Crystal. … Ana gains 1 power from Blaster. "
                                  "(4 lines in the log)"), status_of(table)
        await pilot.press("u")  # undo the 'play all'
        await settle(pilot)
        assert len(ctl.view(0).players[0].hand) == 2
        await pilot.press("1")  # the selection moves to the center row...
        await settle(pilot)
        before = ctl.state_json()
        await pilot.press("p")  # ...p brings it back to the hand and plays nothing yet
        await settle(pilot)
        assert ctl.state_json() == before
        assert status_of(table) == "Hand selected: arrows pick a card, p plays it."
        await pilot.press("p")
        await settle(pilot)
        assert len(ctl.view(0).players[0].hand) == 1


async def test_an_emptied_hand_selects_nothing_and_an_arrow_then_goes_to_the_center_row() -> None:
    """Enter played the hand out card by card; one Enter too many recruited slot 1, which the
    selection had moved to by itself. Now nothing is selected and that Enter does nothing; an
    arrow selects the center row, not an opponent's champion."""
    ctl = scenario([ANA_BEN[0], dict(ANA_BEN[1], champions=["systema_ai"])],
                   turn={"gems": 3})
    app = TableApp(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await start_table(pilot)
        await pilot.press("h", "enter", "enter", "enter")
        await settle(pilot)
        assert ctl.view(0).players[0].hand == []
        assert table.selected is None
        before = ctl.state_json()
        await pilot.press("enter")
        await settle(pilot)
        assert ctl.state_json() == before
        assert "Select a card" in table.query_one("#card-view").text
        await pilot.press("right")
        await settle(pilot)
        assert table.selected.zone == "center", table.selected
        assert table.selected.label == "1"
        await pilot.press("h")  # (an empty hand: the selection stays)
        await pilot.press("f")  # f on Command Seer, no mercenary: refused, nothing bought
        await settle(pilot)
        assert ctl.state_json() == before and "not a mercenary" in status_of(table)


async def test_a_second_enter_after_a_recruit_does_not_buy_the_card_that_refilled_the_slot() -> None:
    ctl = scenario(ANA_BEN, turn={"gems": 10})
    app = TableApp(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await start_table(pilot)
        await pilot.press("1", "enter")  # recruit Command Seer
        await settle(pilot)
        assert [c.card for c in ctl.view(0).players[0].discard] == ["command_seer"]
        assert table.selected is None  # not the unseen card now in slot 1
        gems = ctl.view(0).this_turn.gems
        await pilot.press("enter")
        await settle(pilot)
        assert len(ctl.view(0).players[0].discard) == 1
        assert ctl.view(0).this_turn.gems == gems
        await pilot.press("right")  # an arrow selects again: the hand first
        await settle(pilot)
        assert table.selected.zone == "hand"


async def test_command_line_completes_and_help_lists_commands() -> None:
    ctl = scenario(ANA_BEN)
    app = TableApp(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await start_table(pilot)
        await pilot.press("colon")
        await settle(pilot)
        line = table.query_one(CommandLine)
        assert line.display and app.focused is line
        await pilot.press(*"play bl", "tab")
        await settle(pilot)
        assert line.value == "play blaster"
        await pilot.press("enter")
        await settle(pilot)
        assert ctl.view(0).this_turn.power == 1
        await pilot.press("colon", *"help", "enter")
        await settle(pilot)
        assert isinstance(app.screen, CommandHelpScreen)
        assert ("assign PLAYER N", "in the attack phase, send N of your power at an opponent") \
            in app.screen.lines
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is table
        await pilot.press("colon")
        await settle(pilot)
        for _ in range(MAX_COMMAND_LENGTH + 5):  # keys typed one by one (no bracketed paste)
            line.insert_text_at_cursor("x")
        assert len(line.value) == MAX_COMMAND_LENGTH  # each key costs more as the line grows


async def test_palette_lists_legal_commands_in_words() -> None:
    """... and a move that names a copy by its id ('exhaust systema_ai#1') by its words alone:
    no id is shown to a player."""
    from tests.shown_text import INSTANCE_ID

    ctl = scenario([dict(ANA_BEN[0], champions=["systema_ai"]), dict(ANA_BEN[1], champions=["evokatus"])],
                   turn={"gems": 2, "power": 2})
    app = TableApp(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await start_table(pilot)
        entries = dict(table.palette_entries())
        assert entries["recruit 2"] == "Recruit Kiln Drone (slot 2, 1 gem)"
        assert entries["fastplay 3"] == "Fast-play Nil Assassin (slot 3, 2 gems)"
        assert set(entries) == set(ctl.legal_texts(0))
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*"syst")
        await settle(pilot, 6)
        assert "Exhaust Systema A.I." in screen_text(app)
        assert not INSTANCE_ID.search(screen_text(app)), screen_text(app)
        await pilot.press(*["backspace"] * 4, *"focus")
        await settle(pilot, 6)
        await pilot.press("enter")
        await settle(pilot)
        assert ctl.view(0).players[0].mastery == 1


async def test_exhaust_and_attack_keys_pick_the_only_choice() -> None:
    ctl = scenario([{"name": "Ana", "hand": ["crystal"], "champions": ["general_decurion"]},
                    {"name": "Ben", "hand": ["crystal"], "champions": ["li_hin_the_shattered"]}],
                   turn={"power": 1})
    app = TableApp(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await start_table(pilot)
        await pilot.press("x")
        await settle(pilot)
        assert ctl.view(0).this_turn.gems == 3
        await pilot.press("t")  # Li Hin cannot be attacked: nothing to pick
        await settle(pilot)
        assert "No enemy champion can be attacked now." in status_of(table)


async def test_x_uses_the_champion_the_action_row_names_not_a_selected_one_that_cannot() -> None:
    """Zetta (no exhaust ability) selected, Optio Crusher the only one that can: x exhausts
    Optio Crusher, as the action row says 'x exhaust Optio Crusher'. With two that can, x
    selects the first and says how to go on; x again exhausts it."""
    ctl = scenario([{"name": "Ana", "hand": ["crystal"],
                     "champions": ["zetta_the_encryptor", "optio_crusher"]},
                    {"name": "Ben", "hand": ["crystal"]}])
    app = TableApp(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await start_table(pilot)
        zetta = next(c for c in table.data.champions if c.name.startswith("Zetta"))
        table._select(zetta)
        await settle(pilot)
        await pilot.press("x")
        await settle(pilot)
        assert [c.exhausted for c in ctl.view(0).players[0].champions] == [False, True]
    two = scenario([{"name": "Ana", "hand": ["crystal"],
                     "champions": ["optio_crusher", "general_decurion"]},
                    {"name": "Ben", "hand": ["crystal"]}])
    app = TableApp(two)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await start_table(pilot)
        await pilot.press("x")
        await settle(pilot)
        assert "Optio Crusher selected: press x to exhaust it" in status_of(table)
        assert table._selected is not None and table._selected.name == "Optio Crusher"
        assert not any(c.exhausted for c in two.view(0).players[0].champions)
        await pilot.press("x")
        await settle(pilot)
        assert [c.exhausted for c in two.view(0).players[0].champions] == [True, False]


async def test_attack_selected_enemy_champion() -> None:
    ctl = scenario([{"name": "Ana", "hand": ["crystal"]},
                    {"name": "Ben", "hand": ["crystal"], "champions": ["general_decurion"]}],
                   turn={"power": 7})
    app = TableApp(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await start_table(pilot)
        await pilot.press("t")
        await settle(pilot)
        view = ctl.view(0)
        assert view.players[1].champions == [] and view.this_turn.power == 0


def grace_over(screen: GameOverScreen) -> None:
    """As if the result screen had been up for longer than its key grace (no waiting: on a
    busy machine a test's pause and its keys drift apart)."""
    screen._shown_at -= GameOverScreen.INPUT_GRACE + 1


async def test_game_over_screen_names_the_winner(monkeypatch) -> None:
    # A long grace: the Enter pressed by habit lands inside it however slow the machine is.
    monkeypatch.setattr(GameOverScreen, "INPUT_GRACE", 30.0)
    ctl = scenario([{"name": "Ana", "hand": ["crystal"]}, {"name": "Ben", "hand": ["crystal"],
                                                           "health": 3}], turn={"power": 5})
    app = TableApp(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await start_table(pilot)
        await pilot.press("e", "e")
        await settle(pilot)
        assert isinstance(app.screen, HandoffScreen)  # Ben takes the hit himself
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("enter", "enter")  # Ben takes the hit; Enter again by habit
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)  # the second Enter skipped nothing
        assert app.calls == []
        text = screen_text(app)
        assert "Ana wins!" in text and "Ben (" in text and "out" in text
        grace_over(app.screen)
        await pilot.press("l")  # look at the final table and its log
        await settle(pilot)
        assert app.screen is app.table
        text = screen_text(app)
        assert "The game is over." in text and "g show the result" in text
        assert "the game is over" in text and ", play phase" not in text and "to play" not in text
        footer = {b.binding.action for b in app.table.active_bindings.values() if b.enabled}
        assert not footer & {"play_all", "end_turn", "undo", "recruit"}  # nothing left to play
        assert "Ben takes 5 damage" in "\n".join(app.table.query_one("#log").lines_text)
        await pilot.press("g")
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        grace_over(app.screen)
        await pilot.press("enter")
        await settle(pilot)
        assert app.calls == ["title"]


async def test_f1_opens_the_rules_at_the_last_rejection() -> None:
    ctl = scenario(ANA_BEN)
    app = TableApp(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await start_table(pilot)
        await pilot.press("6", "r", "f1")
        await settle(pilot)
        assert app.calls == ["rules:shards#recruit"]


async def test_save_writes_a_file(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("SHARDS_TUI_HOME", str(tmp_path))
    ctl = build({"kind": "new", "players": [{"name": "Ana"}, {"name": "Ben"}], "seed": 3})
    app = TableApp(ctl, autosave_path=tmp_path / "autosave.json")
    async with app.run_test(size=(120, 40)) as pilot:
        await start_table(pilot)
        await pilot.press("a")
        await settle(pilot)
        flush_autosaves()  # written on a thread: wait for it before reading
        assert (tmp_path / "autosave.json").exists()
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert list(tmp_path.glob("shards-*.json"))


async def test_the_autosave_is_handed_to_its_writer_once_the_moves_frame_is_drawn(
        tmp_path, monkeypatch) -> None:
    """Waking the writer's thread in the middle of a frame held the frame up on a busy
    machine: the position taken at the move is handed over after the frame that shows it."""
    from shards_tui.core import autosaves, saves

    frames: list[int] = []
    real_painted = ShardsTable.painted

    def painted(table) -> None:
        frames.append(1)
        real_painted(table)

    handed: list[int] = []
    real_put = autosaves._Writer.put

    def put(writer, job, saver) -> None:
        handed.append(len(frames))
        real_put(writer, job, saver)

    monkeypatch.setattr(ShardsTable, "painted", painted)
    monkeypatch.setattr(autosaves._Writer, "put", put)
    ctl = build({"kind": "new", "players": [{"name": "Ana"}, {"name": "Ben"}], "seed": 3})
    path = tmp_path / "autosave.json"
    app = TableApp(ctl, autosave_path=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await start_table(pilot)
        before = len(frames)
        handed.clear()
        await pilot.press("a")
        await settle(pilot)
        assert handed and handed[0] > before  # not during the key, but after its frame
        flush_autosaves()
        assert saves.load(path).state_json() == ctl.state_json()


async def test_usable_at_80x24() -> None:
    ctl = scenario(ANA_BEN, turn={"gems": 1})
    app = TableApp(ctl)
    async with app.run_test(size=(80, 24)) as pilot:
        await start_table(pilot)
        text = screen_text(app)
        for needed in ("Ben (", "Center row", "Kiln Drone", "Crystal", "1 gem", "recruit",
                       "Log"):
            assert needed in text, needed


async def test_mouse_selects_hovers_and_double_click_uses_a_card() -> None:
    ctl = scenario(ANA_BEN, turn={"gems": 4})
    app = TableApp(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await start_table(pilot)
        await pilot.hover("#center", offset=center_slot(table, 5))  # Cryptofist Monk: its
        # text shows while hovered
        await settle(pilot)
        assert "shield 8" in screen_text(app)
        await pilot.click("#center", offset=center_slot(table, 2))
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        assert [c.card for c in ctl.view(0).players[0].discard] == ["kiln_drone"]
        await pilot.double_click("#hand", offset=card_row(table.query_one(HandView), 0))
        await settle(pilot)
        assert len(ctl.view(0).players[0].hand) == 2


async def test_action_row_entries_are_clickable() -> None:
    ctl = scenario(ANA_BEN)
    app = TableApp(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await start_table(pilot)
        row = table.query_one(KeyHints)
        await pilot.click(row, offset=(len(" You may:  p play selected  ·  a"), 0))
        await settle(pilot)
        assert ctl.view(0).players[0].hand == []  # clicked 'a play all'


async def test_infinite_power_is_shown_as_infinity() -> None:
    ctl = scenario([{"name": "Ana", "hand": ["infinity_shard"], "mastery": 30},
                    {"name": "Ben", "hand": ["crystal"]}])
    app = TableApp(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await start_table(pilot)
        await pilot.press("h", "p")
        await settle(pilot)
        assert "⚔ ∞ power" in table.query_one(ResourceBar).plain


def test_the_card_panel_names_what_enter_does() -> None:
    from shards_tui.ui.tables.shards.card_view import details_plain
    from shards_tui.ui.tables.shards.describe import CardInfo

    merc = CardInfo("nil_assassin#1", "nil_assassin", "Nil Assassin", "wraethe", "mercenary",
                    cost=2, zone="center", label="3", keys=("r", "f"))
    text = details_plain(merc, "")
    assert "Keys: r recruit · f fast-play\nEnter: recruit (same as r)" in text
    only_fast = details_plain(CardInfo(**{**merc.__dict__, "keys": ("f",)}), "")
    assert "Enter: fast-play (same as f)" in only_fast
    assert "enter does the first" not in text


async def test_the_played_line_names_a_champion_played_this_turn() -> None:
    from shards_tui.ui.tables.shards.play_zone import PlayZone

    ctl = scenario([{"name": "Ana", "hand": ["drakonarius", "crystal"]},
                    {"name": "Ben", "hand": ["crystal"]}], turn={"gems": 2})
    app = TableApp(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await start_table(pilot)
        await pilot.press("colon", *"play drakonarius", "enter")
        await settle(pilot)
        await pilot.press("3", "f")  # fast-play Nil Assassin from the center row
        await settle(pilot)
        played = table.query_one(PlayZone).query_one(".played").text
        assert "Played: Drakonarius, Nil Assassin (fast-played)" in played, played


async def test_a_card_just_drawn_into_the_hand_is_not_selected_by_itself() -> None:
    """Playing the last card of the hand drew a card into its place, which the selection then
    took: the next Enter played a card the player had not seen. The selection goes to a card
    that was in the hand before."""
    ctl = scenario([{"name": "Ana", "hand": ["crystal", "mining_drones"], "deck_top": ["blaster"]},
                    ANA_BEN[1]])
    app = TableApp(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await start_table(pilot)
        await pilot.press("h", "down")
        await settle(pilot)
        assert table.selected.card == "mining_drones"
        await pilot.press("enter")
        await settle(pilot)
        assert [c.card for c in ctl.view(0).players[0].hand] == ["crystal", "blaster"]
        assert table.selected.card == "crystal", table.selected


async def test_e_first_names_what_is_left_unused_then_ends_the_turn() -> None:
    """A newcomer ended turns with the focus unused and a champion ready: the first e says so
    and changes nothing; the second ends the turn."""
    ctl = scenario([{"name": "Ana", "hand": [], "champions": ["systema_ai"]}, {"name": "Ben"}],
                   turn={"gems": 2})
    app = TableApp(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await start_table(pilot)
        before = ctl.state_json()
        await pilot.press("e")
        await settle(pilot)
        assert status_of(table) == ("✗ Press e again to end your turn. Unused: your focus (m), "
                                    "Systema A.I. (x).")
        assert ctl.state_json() == before
        await pilot.press("e")
        await settle(pilot)
        assert ctl.view(None).active == 1


async def test_e_ends_at_once_when_nothing_is_left_unused() -> None:
    ctl = scenario([{"name": "Ana", "hand": []}, {"name": "Ben"}], turn={"gems": 3, "focused": True})
    app = TableApp(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await start_table(pilot)
        await pilot.press("e")
        await settle(pilot)
        assert ctl.view(None).active == 1
