"""The Fractured Net's collection and deck builder: filters and search, copies added and taken
out, the curve and validation in one sentence each, decks saved, copied, renamed and deleted
through core.decks (starters read-only), deck codes exported and imported."""

from __future__ import annotations

from net_ui_support import screen_text
from textual.app import App
from textual.widgets import Input, Select

from shards_tui.core.decks import DeckLibrary, decode
from shards_tui.ui.tables.fractured_net.browser import NetCardBrowser, NetPoolList
from shards_tui.ui.tables.fractured_net.deck_data import DeckDraft, Filters, curve_lines, pool
from shards_tui.ui.tables.fractured_net.deck_dialogs import NetAskText, NetDeckPicker
from shards_tui.ui.tables.fractured_net.deck_screens import NetCollection, NetDeckBuilder

VOID = "Void Network starter"


class ScreenApp(App[None]):
    def __init__(self, screen) -> None:
        super().__init__()
        self.first = screen

    def on_mount(self) -> None:
        self.push_screen(self.first)


def test_filters_narrow_the_pool_and_say_what_they_are():
    every = pool(Filters())
    assert len(every) >= 140
    void_stealth = pool(Filters(faction="void", keyword="stealth"))
    assert void_stealth and all(c.faction == "Void Network" for c in void_stealth)
    assert all(c.cost >= 7 for c in pool(Filters(cost=7)))
    assert all(c.type == "Spell" for c in pool(Filters(type="spell")))
    assert Filters(faction="void", cost=7, text="dr").sentence == 'Void Network · cost 7+ · "dr"'
    # a filter value from nowhere is dropped; a search is bounded and cleaned
    assert Filters(faction="nope", text="a\x1b" * 100).cleaned() == Filters(text="a" * 60)


def test_a_draft_counts_copies_and_says_its_curve_and_validity_in_one_sentence_each():
    draft = DeckDraft("Mine").changed("null_stalker", 2).changed("null_stalker", 2)
    assert draft.cards == {"null_stalker": 4} and not draft.saved
    assert draft.verdict() == "A deck has exactly 40 cards; this one has 4. (1 more to fix)"
    assert draft.curve_sentence() == "Curve: 4 at 2; 0 resources."
    starter = DeckDraft.of(DeckLibrary("fractured_net").find(VOID))
    assert starter.verdict() == "Legal: 40 cards, Void Network."
    try:
        starter.changed("null_stalker", 1)
    except Exception as exc:
        assert "read-only" in str(exc)
    else:
        raise AssertionError("a starter changed")
    chart = curve_lines([("0", 0), ("1", 1), ("2", 8)], height=4)
    assert chart[-1].split() == ["0", "1", "2"] and chart[-2].split() == ["0", "1", "8"]
    assert chart[3].count("██") == 2 and chart[0].count("██") == 1, "one card shows one row"


async def test_the_collection_filters_by_select_and_search_and_shows_the_glossary():
    app = ScreenApp(NetCollection())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        browser = app.screen.query_one(NetCardBrowser)
        assert len(browser.cards) >= 140
        app.screen.query_one("#filter-faction", Select).value = "void"
        await pilot.pause()
        assert browser.cards and all(c.faction == "Void Network" for c in browser.cards)
        app.screen.query_one("#filter-text", Input).value = "stalker"
        await pilot.pause()
        assert [c.name for c in browser.cards] == ["Null Stalker"]
        app.screen.query_one(NetPoolList).focus()
        await pilot.pause()
        text = " ".join(screen_text(app).replace("│", " ").split())
        assert "Void Network · \"stalker\": 1 card" in text
        assert "Stealth: Can be blocked only by creatures with Stealth." in text
        app.screen.query_one("#filter-text", Input).value = "no card says this"
        await pilot.pause()
        assert "No card matches; change a filter." in screen_text(app)


async def test_building_a_deck_adds_and_removes_copies_and_saves_it():
    lib = DeckLibrary("fractured_net")
    app = ScreenApp(NetDeckBuilder(lib=lib))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        browser = screen.query_one(NetCardBrowser)
        browser.set_filters(Filters(text="null stalker"))
        await pilot.pause()
        screen.query_one(NetPoolList).focus()
        await pilot.press("plus", "plus", "enter", "plus")  # enter adds a copy too
        await pilot.pause()
        assert screen.draft.cards == {"null_stalker": 4}
        assert "At most 3 copies of a card: Null Stalker." in screen.draft.problems()
        assert screen.verdict.startswith("A deck has exactly 40 cards; this one has 4.")
        await pilot.press("minus")
        assert screen.draft.cards == {"null_stalker": 3}
        assert "Curve: 3 at 2; 0 resources." in screen_text(app)
        await pilot.press("ctrl+s")  # a deck never saved asks its name first
        await pilot.pause()
        assert isinstance(app.screen, NetAskText) and app.screen.query_one(Input).value == "New deck"
        app.screen.query_one(Input).value = "Stalkers"
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen and screen.draft.name == "Stalkers"
        assert lib.find("Stalkers").cards == {"null_stalker": 3} and screen.draft.saved
        assert "Saved 'Stalkers'. It is not legal yet" in screen.status
        await pilot.press("plus", "ctrl+s")  # once it has a name, ctrl+s saves at once
        await pilot.pause()
        assert app.screen is screen and lib.find("Stalkers").cards == {"null_stalker": 4}


async def test_a_starter_is_read_only_and_copied_under_a_new_name_then_renamed_and_deleted():
    lib = DeckLibrary("fractured_net")
    app = ScreenApp(NetDeckBuilder(VOID, lib=lib))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("plus")
        assert "starters are read-only" in screen.status and screen.draft.starter
        await pilot.press("ctrl+s")
        assert "starters are read-only (c copies it)" in screen.status
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, NetAskText)
        field = app.screen.query_one(Input)
        field.value = VOID  # a starter's name is refused with its sentence
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, NetAskText) and "There is already a deck called" in app.screen.note
        field.value = "My Void"
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen and screen.draft.name == "My Void" and not screen.draft.starter
        assert lib.find("My Void").cards == lib.find(VOID).cards
        await pilot.press("plus")
        assert not screen.draft.saved
        await pilot.press("r")
        await pilot.pause()
        app.screen.query_one(Input).value = "Void Two"
        await pilot.press("enter")
        await pilot.pause()
        names = [d.name for d in lib.own()[0]]
        assert names == ["Void Two"] and screen.draft.name == "Void Two"
        await pilot.press("o")
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, NetDeckPicker)
        await pilot.press("end", "d")
        assert "Press d again to delete 'Void Two'" in picker.note
        await pilot.press("d")
        await pilot.pause()
        assert lib.own()[0] == [] and "Deleted 'Void Two'." in picker.note
        await pilot.press("home", "d")
        assert "starters are read-only" in picker.note
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen and screen.draft.name == "Kernel Orthodoxy starter"


async def test_a_deck_code_exports_and_imports_back_and_a_bad_code_gets_one_sentence():
    lib = DeckLibrary("fractured_net")
    app = ScreenApp(NetDeckBuilder(VOID, lib=lib))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("x")
        code = screen.status.split(": ", 1)[1]
        assert code.startswith("FN-") and decode(code, lib.rules) == lib.find(VOID).cards
        await pilot.press("i")
        await pilot.pause()
        ask = app.screen
        code_field, name_field = list(ask.query(Input))
        code_field.value = "FN-NOTACODE"
        name_field.value = "Shared"
        await pilot.press("enter")  # to the name field
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is ask and ask.note == "That is not a deck code (it may be cut short or mistyped)."
        code_field.value = "XX-ABC"
        await pilot.press("enter")
        await pilot.pause()
        assert ask.note == "A deck code of this game starts with 'FN-'."
        code_field.value = code
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen and screen.draft.name == "Shared"
        assert lib.find("Shared").cards == lib.find(VOID).cards


async def test_slash_types_in_the_search_and_enter_returns_to_the_cards():
    app = ScreenApp(NetDeckBuilder(lib=DeckLibrary("fractured_net")))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("slash", "v", "o", "i", "d", " ", "l", "e", "e", "c", "h", "enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NetDeckBuilder), "the letters went to the search, not the keys"
        assert [c.name for c in screen.query_one(NetCardBrowser).cards] == ["Void Leech"]
        assert screen.query_one(NetPoolList).has_focus
        await pilot.press("plus")
        assert screen.draft.cards == {"void_leech": 1}


async def test_leaving_with_unsaved_changes_asks_once():
    app = ScreenApp(NetDeckBuilder(lib=DeckLibrary("fractured_net")))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("plus", "escape")
        assert app.screen is screen and "escape again leaves without" in screen.status
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is not screen


def test_the_registry_names_the_collection_and_the_deck_builder_for_the_shell():
    from shards_tui.core.registry import game, load_named

    screens = dict(game("fractured_net").listing.screens)
    assert load_named(screens["Deck builder"]) is NetDeckBuilder
    assert load_named(screens["Collection"]) is NetCollection


async def test_the_legality_sentence_is_whole_on_screen_at_80_and_120_columns():
    lib = DeckLibrary("fractured_net")
    lib.save("Odd Deck", {"null_stalker": 3, "flare": 3, "scrap_golem": 3})
    for size in ((80, 24), (120, 30)):
        app = ScreenApp(NetDeckBuilder("Odd Deck", lib=lib))
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            verdict = app.screen.verdict
            box = app.screen.query_one(".verdict").region
            rows = screen_text(app).splitlines()[box.y:box.y + box.height]
            shown = " ".join(" ".join(row[box.x:box.x + box.width].split()) for row in rows)
            assert "more to fix" in verdict and shown == verdict, size


async def test_the_curve_chart_keeps_one_line_a_row_at_80x24():
    """Seen in the deck builder at 80x24: the chart's nine columns, four characters each, were
    wider than its panel, so every row wrapped and the bars read as noise."""
    lib = DeckLibrary("fractured_net")
    lib.save("Curve Deck", {"kernel_node": 3, "parity_warden": 2, "checksum_adept": 3, "flare": 2})
    app = ScreenApp(NetDeckBuilder("Curve Deck", lib=lib))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        chart = app.screen.query_one(".curve")
        lines = curve_lines(app.screen.draft.curve(), height=4)
        assert max(len(line) for line in lines) <= chart.content_region.width
        rows = screen_text(app).splitlines()[chart.region.y:chart.region.y + chart.region.height]
        assert [row[chart.region.x:chart.region.x + chart.region.width].rstrip() for row in rows][-1] \
            .split() == ["0", "1", "2", "3", "4", "5", "6", "7+", "res"]
