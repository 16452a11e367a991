"""A burst of keys (a fast typist, a line over SSH) that opens a text field and types into it
in one go: every key after the one that moves the focus lands in the field, none is taken for
a key of the screen behind it ('r' renaming the deck, 'n' starting a new one)."""

from __future__ import annotations

from textual import events
from textual.app import App
from textual.widgets import Input

from shards_tui.core.decks import DeckLibrary
from shards_tui.ui.screens.private_pick import PrivatePickScreen, ask_one
from shards_tui.ui.tables.fractured_net.deck_screens import NetDeckBuilder
from tests.ui.waiting import until


class ScreenApp(App[None]):
    def __init__(self, screen=None) -> None:
        super().__init__()
        self.first = screen

    def on_mount(self) -> None:
        if self.first is not None:
            self.push_screen(self.first)


def burst(app: App, keys: list[str]) -> None:
    """Every key queued at once, as the terminal driver does with a burst of input."""
    for key in keys:
        char = {"slash": "/", "enter": "\r"}.get(key, key if len(key) == 1 else None)
        app.post_message(events.Key(key, char))


async def test_slash_then_a_word_in_one_burst_searches_for_the_whole_word() -> None:
    app = ScreenApp(NetDeckBuilder("Void Network starter", lib=DeckLibrary("fractured_net")))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        builder = app.screen
        burst(app, ["slash", *"drain"])
        search = builder.query_one("#filter-text", Input)
        await until(pilot, lambda: search.value == "drain")
        assert app.screen is builder and builder.draft.name == "Void Network starter"
        burst(app, ["slash", *"x"])  # in the search box, '/' is text
        await until(pilot, lambda: search.value == "drain/x")


async def test_a_deck_code_typed_in_a_burst_after_choosing_the_code_entry_is_whole() -> None:
    from shards_tui.core.registry import game

    role = game("fractured_net").setup_spec().role
    app = ScreenApp()
    async with app.run_test(size=(100, 30)) as pilot:
        ask_one(app, "fractured_net", role, "Ana", lambda entry: None)
        await until(pilot, lambda: isinstance(app.screen, PrivatePickScreen)
                      and bool(app.screen.query("#pick-list")))
        picker = app.screen
        menu = picker.query_one("#pick-list")
        menu.highlighted = menu.option_count - 1  # "A deck code"
        burst(app, ["enter", *"fnabc"])
        code = picker.query_one("#pick-code", Input)
        await until(pilot, lambda: code.value == "fnabc")


async def test_a_code_enter_and_a_name_in_one_burst_import_the_deck_under_that_name(tmp_path) -> None:
    """Found playing: the name went on the end of the code, and the dialog stayed open."""
    from shards_tui.core.decks import encode

    lib = DeckLibrary("fractured_net", folder=tmp_path)
    code = encode(lib.find("Void Network starter").cards, lib.rules)
    app = ScreenApp(NetDeckBuilder(lib=lib))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        builder = app.screen
        await pilot.press("i")
        await until(pilot, lambda: app.screen is not builder and bool(app.screen.query(Input)))
        app.screen.query_one("#field-1", Input).value = ""
        burst(app, [*code, "enter", *"Mine", "enter"])
        await until(pilot, lambda: app.screen is builder)
        assert [d.name for d in lib.own()[0]] == ["Mine"]
        assert builder.draft.name == "Mine"


async def test_arrows_and_enter_in_one_burst_pick_the_deck_the_arrows_reached() -> None:
    """Found playing over SSH: Down x4 and Enter sent at once picked at random (an Enter that
    jumped ahead of the arrows read the list before they had moved it)."""
    from shards_tui.core.registry import game

    role = game("fractured_net").setup_spec().role
    picked: list[dict] = []
    app = ScreenApp()
    async with app.run_test(size=(100, 30)) as pilot:
        ask_one(app, "fractured_net", role, "Ana", picked.append)
        await until(pilot, lambda: isinstance(app.screen, PrivatePickScreen)
                      and bool(app.screen.query("#pick-list")))
        burst(app, ["down"] * 4 + ["enter"])
        await until(pilot, lambda: bool(picked))
    assert picked[0]["deck_name"] == "Void Network starter"


async def _import_dialog(app: App, pilot) -> tuple[Input, Input]:
    """Open the deck builder's import dialog ('i'); its code and name fields."""
    await pilot.pause()
    builder = app.screen
    await pilot.press("i")
    await until(pilot, lambda: app.screen is not builder and bool(app.screen.query(Input)))
    return app.screen.query_one("#field-0", Input), app.screen.query_one("#field-1", Input)


async def test_ctrl_u_and_a_name_in_one_burst_replace_the_name(tmp_path) -> None:
    """Found playing over SSH: ctrl+u and a name typed at once left the name field empty
    (the field erased itself after the letters had gone in). Every text field of the app is
    an OrderedInput now."""
    app = ScreenApp(NetDeckBuilder(lib=DeckLibrary("fractured_net", folder=tmp_path)))
    async with app.run_test(size=(120, 40)) as pilot:
        _, name = await _import_dialog(app, pilot)
        name.value = "Old name"
        name.focus()
        await until(pilot, lambda: app.focused is name)
        burst(app, ["ctrl+u", *"Mine"])
        await until(pilot, lambda: name.value == "Mine")


async def test_tab_and_a_name_in_one_burst_fill_the_next_field(tmp_path) -> None:
    """The app moves the focus on Tab as the key arrives (its own priority binding)."""
    from shards_tui.ui.app import ShardsApp

    class TabApp(ScreenApp):
        BINDINGS = [b for b in ShardsApp.BINDINGS if b.key in ("tab", "shift+tab")]
        action_move_focus = ShardsApp.action_move_focus

    app = TabApp(NetDeckBuilder(lib=DeckLibrary("fractured_net", folder=tmp_path)))
    async with app.run_test(size=(120, 40)) as pilot:
        code, name = await _import_dialog(app, pilot)
        name.value = ""
        burst(app, [*"fn", "tab", *"Mine"])
        await until(pilot, lambda: name.value == "Mine")
        assert code.value == "fn"
