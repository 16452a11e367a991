"""Pilot tests of the app shell: title, resume, corrupt autosave, load, rules, keys."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from textual.screen import Screen
from textual.widgets import Input, OptionList, Static

from shards_tui.core import autosaves, saves
from shards_tui.core import registry
from shards_tui.core.registry import game
from shards_tui.ui.app import ShardsApp
from shards_tui.ui.textual_compat.widgets import screen_text as painted_text
from tests.ui.waiting import until

SIZE = (100, 34)


class FakeTable(Screen):
    """Stands in for the table so these tests do not depend on it."""

    def __init__(self, controller, autosave_path=None) -> None:
        super().__init__()
        self.controller = controller
        self.autosave_path = autosave_path


@pytest.fixture
def fake_table(monkeypatch: pytest.MonkeyPatch) -> type[FakeTable]:
    import shards_tui.ui.tables.shards.screen as table

    monkeypatch.setattr(table, "ShardsTable", FakeTable)
    return FakeTable


def new_controller(names=("Ana", "Ben"), seed=7):
    setup = {"kind": "new", "players": [{"name": n, "character": None} for n in names],
             "seed": seed, "first": None}
    return game("shards").controller.build(setup)


def rules_open(app: ShardsApp) -> bool:
    """The rules browser is on screen with its text laid out."""
    screen = app.screen
    return type(screen).__name__ == "RulesScreen" and bool(screen.query("RulesView")) \
        and bool(screen.text.lines)


def menu_ids(app: ShardsApp) -> list[str]:
    menu = app.screen.query_one("#menu", OptionList)
    return [menu.get_option_at_index(i).id for i in range(menu.option_count)]


def screen_text(app: ShardsApp) -> str:
    return painted_text(app.screen)


def text_of(app: ShardsApp, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


async def test_title_lists_shards_and_no_resume_without_autosave(home: Path) -> None:
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert type(app.screen).__name__ == "TitleScreen"
        games = app.screen.query_one("#games", OptionList)
        prompts = [str(games.get_option_at_index(i).prompt) for i in range(games.option_count)]
        assert games.option_count == len(registry.games())
        assert any("Shards of Infinity" in p for p in prompts)
        assert menu_ids(app) == ["new", "learn", "demo", "replays", "stats", "load", "rules", "quit"]
        assert not app.screen.query_one("#resume-banner").display
        assert not app.screen.query_one("#title-message").display


async def test_title_offers_resume_of_an_unfinished_autosave(home: Path, fake_table) -> None:
    controller = new_controller()
    controller.apply("play all")
    saves.save(controller, home / "autosave.json")
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert menu_ids(app)[0] == "resume"
        assert app.screen.query_one("#menu", OptionList).highlighted == 0
        assert app.screen.query_one("#resume-banner").display
        assert "Ana, Ben" in text_of(app, "#resume-banner")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, FakeTable)
        resumed = app.screen.controller
        assert resumed.state_json() == controller.state_json()
        assert app.screen.autosave_path == home / "autosave.json"


async def test_the_title_with_resume_fits_80x24_without_scrolling(home: Path) -> None:
    saves.save(new_controller(), home / "autosave.json")
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert menu_ids(app)[0] == "resume"
        assert app.screen.query_one("#title-box").max_scroll_y == 0
        footer = app.screen.query_one("Footer")
        assert sum(key.outer_size.width for key in footer.query("FooterKey")) <= 80


async def test_resume_line_names_the_variants(home: Path) -> None:
    setup = {"kind": "new", "players": [{"name": n} for n in ("Ana", "Ben", "Cy")], "seed": 3,
             "variants": ["bloodbath"]}
    saves.save(game("shards").controller.build(setup), home / "autosave.json")
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Ana, Ben, Cy · Shards of Infinity (3 Player Bloodbath)" in text_of(app, "#resume-banner")
        menu = app.screen.query_one("#menu", OptionList)
        assert "(3 Player Bloodbath)" in str(menu.get_option_at_index(0).prompt)


async def test_corrupt_autosave_is_quarantined_with_one_message(home: Path) -> None:
    bad = home / "autosave.json"
    bad.write_text('{"format": "shards-tui-save", "version": 1', encoding="utf-8")
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "resume" not in menu_ids(app)
        message = app.screen.query_one("#title-message")
        assert message.display
        text = text_of(app, "#title-message")
        assert "cannot be resumed" in text and "autosave.json.bad" in text
    assert not bad.exists()
    kept = home / "autosave.json.bad"
    assert kept.read_text(encoding="utf-8").startswith('{"format"')  # moved, not deleted


async def test_finished_autosave_is_not_offered(home: Path, monkeypatch) -> None:
    from shards_tui.ui.screens import title

    controller = new_controller()
    saves.save(controller, home / "autosave.json")
    monkeypatch.setattr(type(controller), "over", property(lambda self: True))
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "resume" not in menu_ids(app)
    assert title.check_autosave(home / "autosave.json").controller is None


async def test_start_game_writes_the_autosave_and_pushes_the_table(home: Path, fake_table) -> None:
    controller = new_controller()
    app = ShardsApp(controller, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, FakeTable)
        autosaves.flush_autosaves()  # written on a thread (as the title does, wait before reading)
        assert (home / "autosave.json").exists()
        title = app.screen_stack[0]
        assert not title.query("*")  # covered from the start: not built (nor its autosave read)
        app.return_to_title()
        await pilot.pause()
        assert type(app.screen).__name__ == "TitleScreen"
        assert menu_ids(app)[0] == "resume"  # the title refreshed on return


async def test_real_table_screen_is_pushed(home: Path) -> None:
    pytest.importorskip("shards_tui.ui.tables.shards.screen")
    app = ShardsApp(new_controller(), cursor_blink=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        names = [type(s).__name__ for s in app.screen_stack]
        assert names[0] == "TitleScreen"
        assert "ShardsTable" in names


async def test_load_screen_lists_saves_and_reports_bad_files(home: Path, fake_table) -> None:
    folder = home / "saves"
    folder.mkdir()
    saves.save(new_controller(("Cy", "Di", "Ed")), folder / "three.json")
    (folder / "broken.json").write_text("nope", encoding="utf-8")
    (folder / "deep.json").write_text("[" * 3000 + "]" * 3000, encoding="utf-8")
    (home / "lessons-finished.json").write_text('{"shards": []}', encoding="utf-8")  # not a save
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await pilot.pause()
        assert type(app.screen).__name__ == "LoadScreen"
        listing = app.screen.query_one("#load-list", OptionList)
        labels = [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]
        assert any("three.json" in label and "Cy, Di, Ed" in label for label in labels)
        assert not any("lessons-finished" in label for label in labels)
        assert any("deep.json" in label and "✗ will not load: it is not valid JSON" in label
                   for label in labels)
        broken = next(i for i, label in enumerate(labels) if "broken.json" in label)
        listing.highlighted = broken
        listing.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert "not valid JSON" in text_of(app, "#load-error")
        assert (folder / "broken.json").exists()  # a named save is never moved
        app.screen.query_one("#load-path", Input).focus()
        await pilot.press(*"three", "enter")
        await pilot.pause()
        assert isinstance(app.screen, FakeTable)
        assert app.screen.controller.seat_names() == ["Cy", "Di", "Ed"]


async def test_a_long_list_of_saves_scrolls_within_the_screen(home: Path, fake_table) -> None:
    folder = home / "saves"
    folder.mkdir()
    for n in range(30):
        saves.save(new_controller(seed=n), folder / f"game{n:02}.json")
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        listing = app.screen.query_one("#load-list", OptionList)
        assert listing.region.bottom <= 23  # above the footer, its bottom border included
        await pilot.press("end")
        await pilot.pause()
        assert listing.highlighted == 29
        assert listing.max_scroll_y > 0 and listing.scroll_y == listing.max_scroll_y
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, FakeTable) and app.screen.controller.setup["seed"] == 0


async def test_rules_screen_searches_and_opens_at_an_anchor(home: Path) -> None:
    from shards_tui.ui.widgets.rules_view import RulesView

    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_rules("shards", "shields")
        await until(pilot, lambda: rules_open(app) and app.screen.current_anchor == "shields")
        rules = app.screen
        text = rules.query_one(RulesView)
        shields = rules.doc.index_of("shields")
        assert text.scroll_y == text.top_of(shields) > 0  # the Shields part is at the top
        assert "Shields" in screen_text(app)
        await pilot.press(*"fast-play", "enter")  # each key searches; Enter goes to the text
        await until(pilot, lambda: rules.query_text == "fast-play" and app.focused is text)
        titles = [s.title for s in rules.shown]
        assert "Fast-play" in titles and "Setup" not in titles
        assert "match" in text_of(app, "#rules-status")
        labels = rules.contents.labels()
        assert labels[0] == "Parts that mention “fast-play”"
        assert [label.strip() for label in labels[1:]] == titles  # the contents follow the search
        last = rules.shown[-1]
        rules.goto(last.anchor)  # a link to a part in the results scrolls to its own heading
        await until(pilot, lambda: rules.current_anchor == last.anchor)
        assert text.scroll_y == min(text.top_of(rules.doc.index_of(last.anchor)), text.max_scroll_y)
        await pilot.press("escape")
        await until(pilot, lambda: type(app.screen).__name__ == "TitleScreen")


async def test_open_rules_with_only_an_anchor(home: Path) -> None:
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_rules("focus")  # the table calls open_rules(anchor)
        await until(pilot, lambda: getattr(app.screen, "current_anchor", None) == "focus")
        assert app.screen.game_id == "shards"


async def test_f1_and_keys_screen(home: Path) -> None:
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        keys = app.screen
        assert type(keys).__name__ == "KeysScreen"
        descriptions = {row.description for row in keys.rows}
        assert {"New game", "Load", "Rules", "Quit", "Keys"} <= descriptions
        await pilot.press("escape")
        await pilot.press("f1")
        await pilot.pause()
        assert type(app.screen).__name__ == "RulesScreen"


def test_no_ctrl_z_binding_anywhere() -> None:
    from shards_tui.ui.screens import keys, load, rules, setup, title

    classes = [ShardsApp, title.TitleScreen, setup.SetupScreen, rules.RulesScreen,
               load.LoadScreen, keys.KeysScreen]
    for cls in classes:
        for binding in cls.BINDINGS:
            assert "ctrl+z" not in binding.key.split(","), cls
    ids = [b.id for b in ShardsApp.BINDINGS]
    assert {"app.rules", "app.keys", "app.quit"} <= set(ids)


@pytest.mark.parametrize(("open_screen", "expected"), [("setup", "SetupScreen"), ("load", "LoadScreen"),
                                                      ("rules", "RulesScreen")])
async def test_open_screen_at_start(home: Path, open_screen: str, expected: str) -> None:
    app = ShardsApp(open_screen=open_screen, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert type(app.screen).__name__ == expected
        assert type(app.screen_stack[0]).__name__ == "TitleScreen"


async def test_rules_contents_follow_a_search_typed_while_the_document_rebuilds(home: Path) -> None:
    """A link that clears the search shows the whole reference; a word typed then must end
    with its own results in the text, the contents and the status line (the text was rebuilt
    in the background and could finish after the next search)."""
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_rules("shards")
        await until(pilot, lambda: rules_open(app))
        rules = app.screen
        search = rules.query_one("#rules-search", Input)
        for link_then_type in (False, True):
            search.value = "fast-play"
            await until(pilot, lambda: rules.query_text == "fast-play")
            rules.goto("setup")  # not among the results: the search is cleared
            if link_then_type:
                await until(pilot, lambda: rules.current_anchor == "setup")
            search.value = "champion"
            await until(pilot, lambda: rules.query_text == "champion")
            await pilot.pause()
            assert rules.contents.labels()[0] == "Parts that mention “champion”"
            assert "match “champion”" in text_of(app, "#rules-status")
            heading = "".join(seg.text for seg in rules.text.lines[0])
            assert heading == "Parts that mention “champion”"
            assert {s.title for s in rules.shown} == {s.title for s in rules.doc.search("champion")}


def on_title(app: ShardsApp) -> bool:
    """The title is on screen, built."""
    return type(app.screen).__name__ == "TitleScreen" and bool(app.screen.query("#menu"))


def _autosaves(home: Path) -> list[Path]:
    """The autosave files in ``home``, newest first."""
    autosaves.flush_autosaves()
    return sorted(home.glob("autosave*.json"), key=lambda p: p.stat().st_mtime, reverse=True)


def _autosaved_names(home: Path) -> list[list[str]]:
    return sorted(saves.load(p).seat_names() for p in _autosaves(home))


async def test_loading_a_save_keeps_the_unfinished_autosaved_game_and_the_title_offers_both(
        home: Path) -> None:
    """Xena and Yuri's game was autosaved; loading another save and quitting without a move
    rewrote autosave.json with the loaded game, and Xena and Yuri's was gone. Every unfinished
    game now keeps an autosave of its own, and the title offers each."""
    from shards_tui.ui.tables.shards.screen import ShardsTable

    folder = home / "saves"
    folder.mkdir()
    other = new_controller(("Player 1", "Player 2"), seed=5)
    for _ in range(4):
        other.apply(other.legal_texts(other.who_must_act())[0], other.who_must_act())
    saves.save(other, folder / "other.json")
    xena = new_controller(("Xena", "Yuri"))
    app = ShardsApp(xena, cursor_blink=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen_stack[-1], ShardsTable)
                       or type(app.screen).__name__ == "HandoffScreen")
        xena.apply("play all", xena.who_must_act())  # a move: autosaved
        app.return_to_title()  # (as ctrl+q, and a new start, would)
        await until(pilot, lambda: on_title(app))
        assert menu_ids(app)[0] == "resume" and "Xena, Yuri" in text_of(app, "#resume-banner")
        await pilot.press("l")
        await until(pilot, lambda: type(app.screen).__name__ == "LoadScreen")
        app.screen.query_one("#load-path", Input).focus()
        await pilot.press(*"other", "enter")
        await until(pilot, lambda: app.controller is not None
                       and app.controller.seat_names() == ["Player 1", "Player 2"])
        app.return_to_title()  # no move in the loaded game
        await until(pilot, lambda: on_title(app))
        assert _autosaved_names(home) == [["Player 1", "Player 2"], ["Xena", "Yuri"]]
        ids = menu_ids(app)
        assert ids[:2] == ["resume", "resume:1"], ids
        menu = app.screen.query_one("#menu", OptionList)
        prompts = [str(menu.get_option_at_index(i).prompt) for i in range(2)]
        assert "Player 1, Player 2" in prompts[0] and "Xena, Yuri" in prompts[1]  # newest first
        assert "2 unfinished games were autosaved" in text_of(app, "#resume-banner")
        menu.focus()
        await pilot.pause()
        await pilot.press("down", "enter")  # resume Xena and Yuri's game, in its own file
        await until(pilot, lambda: app.controller is not None
                       and app.controller.seat_names() == ["Xena", "Yuri"])
        resumed = app.controller
        assert resumed.state_json() == xena.state_json()
        resumed.apply("end", resumed.who_must_act())
        app.return_to_title()
        await until(pilot, lambda: on_title(app))
        assert _autosaved_names(home) == [["Player 1", "Player 2"], ["Xena", "Yuri"]]
        newest = saves.load(_autosaves(home)[0])
        assert newest.seat_names() == ["Xena", "Yuri"] and newest.history[-1].text == "end"


async def test_quitting_a_game_says_where_it_was_autosaved(home: Path, capsys) -> None:
    """Ctrl+Q left the terminal without a word on the game (SSH players are told); the
    terminal now gets one line: where the game is autosaved and how to go on with it."""
    from shards_tui import cli

    app = ShardsApp(new_controller(), cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.controller.apply("play all", app.controller.who_must_act())
        await pilot.press("ctrl+q")
    words = app.parting_words()
    assert words is not None and str(home / "autosave.json") in words
    assert "Resume" in words
    title = ShardsApp(cursor_blink=False)
    async with title.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+q")
    assert title.parting_words() is None  # no game: nothing to say

    class Quits(ShardsApp):
        def run(self, *args, **kwargs):
            return 0

        def parting_words(self):
            return "Said at the end."

    import shards_tui.ui.app as app_module
    real = app_module.ShardsApp
    app_module.ShardsApp = Quits
    try:
        assert cli._run_app() == 0
    finally:
        app_module.ShardsApp = real
    assert capsys.readouterr().out.strip() == "Said at the end."


async def test_g_on_the_title_chooses_the_next_game_while_the_menu_keeps_the_keys(home: Path) -> None:
    """The menu has the focus (its arrows move in it): a new player reaches the next game
    with one key the footer names."""
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        title = app.screen
        first = title.game_id
        await pilot.press("g")
        await pilot.pause()
        assert title.game_id != first and title.game_id == registry.games()[1].id
        assert app.screen.query_one("#games", OptionList).highlighted == 1
        assert title.focused is title.query_one("#menu", OptionList)
        footer = painted_text(app.screen)
        assert "g Game" in footer


async def test_a_game_without_a_table_says_so_and_leaves_no_autosave(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Starting a game whose table does not exist yet (every game has one now: one is taken
    away for the test): one sentence, back at the title, and no autosave offering to resume a
    game that cannot be shown."""
    no_table = registry.game_ids()[-1]
    info = dataclasses.replace(game(no_table), table_screen=None)
    monkeypatch.setitem(registry._GAMES, no_table, info)
    controller = info.controller.build({"kind": "new", "seed": 1, "players": [
        {"name": f"P{n + 1}"} for n in range(info.min_players)]})
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.start_game(controller)
        await pilot.pause()
        assert type(app.screen).__name__ == "TitleScreen"
        said = [n.message for n in app._notifications]
        assert any("has no table to play it on yet" in m for m in said)
        assert app.game_autosave is None and app.controller is None
