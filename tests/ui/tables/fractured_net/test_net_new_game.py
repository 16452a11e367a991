"""New game of The Fractured Net through the generic setup screen: each person picks a deck (a
starter or one they saved) in private behind a hand-off; casual or ranked; the turn timer."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.screen import Screen
from textual.widgets import Input, OptionList, Select, Static

from shards_tui.core.decks import DeckLibrary
from shards_tui.ui.app import ShardsApp
from shards_tui.ui.screens.handoff import HandoffScreen
from shards_tui.ui.screens.private_pick import PickCover, PrivatePickScreen
from shards_tui.ui.screens.setup import SetupScreen
from shards_tui.ui.textual_compat.widgets import screen_text
from tests.ui.new_game_support import DialogApp, FakeTable
from tests.ui.waiting import until, until_cover

SIZE = (100, 34)
GAME = "fractured_net"


@pytest.fixture(autouse=True)
def _fake_table(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(HandoffScreen, "KEY_GRACE", 0.0)
    import shards_tui.ui.tables.fractured_net.screen as table

    monkeypatch.setattr(table, "FracturedNetTable", FakeTable)


def shown(screen: Screen) -> str:
    return "\n".join(str(w.render()) for w in screen.query(Static) if w.display)


def options(screen: PrivatePickScreen) -> list[str]:
    plist = screen.query_one("#pick-list", OptionList)
    return [str(plist.get_option_at_index(i).prompt) for i in range(plist.option_count)]


def pick(pilot, screen: PrivatePickScreen, title: str) -> None:
    plist = screen.query_one("#pick-list", OptionList)
    index = next(i for i, text in enumerate(options(screen)) if text.startswith(title))
    plist.highlighted = index
    plist.action_select()


async def open_setup(pilot) -> SetupScreen:
    pilot.app.new_game(GAME)
    await until(pilot, lambda: isinstance(pilot.app.screen, SetupScreen)
                and pilot.app.screen.query("#seed"))
    screen = pilot.app.screen
    assert isinstance(screen, SetupScreen)
    screen.query_one("#seed", Input).value = "7"
    names = screen.query(".player-name").results(Input)
    for widget, name in zip(names, ["Ana", "Ben"]):
        widget.value = name
    return screen


async def test_each_person_picks_a_deck_in_private_then_the_game_starts() -> None:
    library = DeckLibrary(GAME)
    void = library.find("Void Network starter")
    library.save("Ana's Void", void.cards)
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(pilot)
        assert not any(c.display for c in screen.query(".player-character"))  # none in public
        await pilot.press("ctrl+s")
        await until_cover(pilot, PickCover)
        assert isinstance(app.screen, PickCover) and app.screen.player == "Ana"
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, PrivatePickScreen))
        picker = app.screen
        assert isinstance(picker, PrivatePickScreen) and picker.player == "Ana"
        texts = options(picker)
        assert any(t.startswith("Ana's Void") and "yours" in t for t in texts)
        assert any(t.startswith("Kernel Orthodoxy starter") for t in texts)
        pick(pilot, picker, "Ana's Void")
        await until_cover(pilot, PickCover, "Ben")
        cover = app.screen
        assert isinstance(cover, PickCover) and cover.player == "Ben"
        assert "Void" not in cover.shown_text  # Ana's pick is nobody else's business
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, PrivatePickScreen))
        picker = app.screen
        assert isinstance(picker, PrivatePickScreen) and picker.player == "Ben"
        assert "Ana" not in shown(picker)
        pick(pilot, picker, "The Rupture starter")
        await until(pilot, lambda: hasattr(app.screen, "controller"))
        controller = app.screen.controller
        assert [p.deck_name for p in controller.state.players] == ["Ana's Void",
                                                                     "The Rupture starter"]
        assert controller.state.ranked is False and controller.state.timer is None


async def test_ranked_with_a_timer_and_a_bot_whose_deck_is_random() -> None:
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(pilot)
        screen.query_one("#mode-choice", Select).value = "ranked"
        screen.query_one("#turn_seconds-number", Input).value = "45"
        rows = screen.rows
        assert not any(c.display for c in screen.query(".player-character"))  # all people
        list(screen.query(".player-bot").results(Select))[1].value = "greedy"
        bot_deck = rows[1].query_one(".player-character", Select)
        await until(pilot, lambda: bot_deck.display)
        assert bot_deck.display and not rows[0].query_one(".player-character").display
        bot_deck.value = "void"  # a bot's deck is no secret from the people: chosen here
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, PrivatePickScreen))
        picker = app.screen  # one person: no hand-off before the pick
        assert isinstance(picker, PrivatePickScreen) and picker.player == "Ana"
        pick(pilot, picker, "Archive Conclave starter")
        await until(pilot, lambda: hasattr(app.screen, "controller"))
        state = app.screen.controller.state
        assert state.ranked is True and state.timer == 45
        assert state.players[0].deck_name == "Archive Conclave starter"
        assert state.players[1].deck_name == "Void Network starter"


async def test_a_bad_timer_and_going_back_leave_the_setup_as_it_was() -> None:
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(pilot)
        screen.query_one("#turn_seconds-number", Input).value = "3"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: "Seconds a turn must be a whole number from 15 to 600." in shown(screen))
        assert app.screen is screen
        screen.query_one("#turn_seconds-number", Input).value = "90"
        screen.query_one("#timer-choice", Select).value = "on"
        await pilot.press("ctrl+s")
        await until_cover(pilot, PickCover)
        await pilot.press("enter")  # Ana's cover
        await until(pilot, lambda: isinstance(app.screen, PrivatePickScreen))
        await pilot.press("escape")  # Ana goes back
        await until(pilot, lambda: app.screen is screen)
        assert "a player went back" in shown(screen)


async def test_the_lobbys_new_table_dialog_asks_the_games_options() -> None:
    app = DialogApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.query_one("#game", Select).value = GAME
        await until(pilot, lambda: app.screen.query("#mode-choice"))
        app.screen.query_one("#mode-choice", Select).value = "ranked"
        seconds = app.screen.query_one("#turn_seconds-number", Input)
        seconds.value = "45"
        seconds.focus()
        await pilot.press("enter")  # Enter in the number field creates the table too
        await until(pilot, lambda: app.result)
    assert app.result[0]["game"] == GAME
    assert app.result[0]["options"] == {"mode": "ranked", "turn_seconds": 45}


async def test_the_concede_question_shows_its_words_at_80x24() -> None:
    from shards_tui.ui.tables.fractured_net.screen_keys import NetConfirm

    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(NetConfirm("Ana, concede the match? The game ends and you lose."))
        await pilot.pause()
        question = app.screen.query_one(".question", Static)
        assert question.region.width >= 40  # (an auto width once collapsed it to nothing)


async def test_a_deck_code_can_be_pasted_in_the_picker_and_a_bad_one_is_one_sentence() -> None:
    from shards_tui.core.decks import encode, rules_for

    library = DeckLibrary(GAME)
    code = encode(library.find("Autophage Protocol starter").cards, rules_for(GAME))
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(pilot)
        list(screen.query(".player-bot").results(Select))[1].value = "random"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, PrivatePickScreen))
        picker = app.screen
        pick(pilot, picker, "A deck code")
        field = picker.query_one("#pick-code", Input)
        await until(pilot, lambda: field.display and app.focused is field)
        field.value = "not a code\x1b"
        await pilot.press("enter")
        await until(pilot, lambda: str(picker.query_one("#pick-error", Static).render()))
        error = str(picker.query_one("#pick-error", Static).render())
        assert app.screen is picker and error.endswith(".") and "\n" not in error
        field.value = code
        await pilot.press("enter")
        await until(pilot, lambda: hasattr(app.screen, "controller"))
        state = app.screen.controller.state
        assert state.players[0].deck_name == "Deck from a code"
        faction_cards = library.find("Autophage Protocol starter").cards
        assert sorted(c.split("#")[0] for c in state.players[0].deck + state.players[0].hand) \
            == sorted(c for c, n in faction_cards.items() for _ in range(n))


async def test_a_ranked_game_refuses_an_illegal_deck_the_moment_it_is_picked() -> None:
    library = DeckLibrary(GAME)
    void = dict(library.find("Void Network starter").cards)
    first = next(iter(void))
    void[first] -= 1  # 39 cards: not legal
    library.save("Short Void", void)
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(pilot)
        screen.query_one("#mode-choice", Select).value = "ranked"
        await pilot.press("ctrl+s")
        await until_cover(pilot, PickCover)
        await pilot.press("enter")  # Ana's cover
        await until(pilot, lambda: isinstance(app.screen, PrivatePickScreen))
        picker = app.screen
        assert isinstance(picker, PrivatePickScreen) and picker.player == "Ana"
        pick(pilot, picker, "Short Void")
        await until(pilot, lambda: str(picker.query_one("#pick-error", Static).render()))
        assert app.screen is picker  # refused at once: Ben is not asked yet
        error = str(picker.query_one("#pick-error", Static).render())
        assert error == ("Ranked games need legal decks; Ana's: A deck has exactly 40 cards; "
                         "this one has 39. Choose another.")
        pick(pilot, picker, "Kernel Orthodoxy starter")
        await until_cover(pilot, PickCover)
        assert app.screen.player == "Ben"


async def test_the_timer_options_help_is_whole_at_80x24_and_the_form_does_not_scroll() -> None:
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(pilot)
        await pilot.pause()
        help_text = screen.query_one("#timer-row .option-help", Static)
        words = str(help_text.render())
        assert words.endswith("casual")  # (the line was cut at 'off in')
        lines = screen_text(screen)
        assert "default: on in ranked, off in" in lines and "casual" in lines
        assert help_text.region.height == 2 and help_text.region.right <= 80
        assert screen.query_one("#setup-box").max_scroll_y == 0


async def test_enter_on_a_games_option_list_in_the_lobbys_dialog_opens_it() -> None:
    """Enter on a list opens it, as on every list of the dialog (Enter on Game once created a
    Shards table before the game could be picked); Create makes the table with the option."""
    app = DialogApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.query_one("#game", Select).value = GAME
        await until(pilot, lambda: app.screen.query("#mode-choice"))
        mode = app.screen.query_one("#mode-choice", Select)
        mode.value = "ranked"
        mode.focus()
        await pilot.pause()
        await pilot.press("enter")
        await until(pilot, lambda: mode.expanded)
        assert app.result == []
        await pilot.press("escape")  # closes the list, not the dialog
        await until(pilot, lambda: not mode.expanded)
        app.screen.query_one("#create").focus()
        await pilot.press("enter")
        await until(pilot, lambda: app.result)
    assert app.result[0]["options"]["mode"] == "ranked"
