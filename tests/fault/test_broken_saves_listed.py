"""The Load screen flags, in its list, saves that will not load: another game, another format,
a future version, a damaged setup or state at once (what each save says about itself, no
replay); then, from a worker thread, a move edited so that it is refused, or a state edited
into another well-formed one (the replay, as loading makes it). Keys work meanwhile, leaving
the screen stops the checks without an error, and Enter still shows the loader's sentence."""

from __future__ import annotations

import json
import random
import threading
from pathlib import Path
from typing import Any, Callable

import pytest
from textual.widgets import OptionList, Static

from shards_tui.core import saves
from shards_tui.core.registry import game
from shards_tui.ui.app import ShardsApp
from shards_tui.ui.screens import load as load_screen
from shards_tui.ui.screens.load import LoadScreen
from tests.conftest import new_shards
from tests.ui.test_app import FakeTable
from tests.ui.waiting import until

Edit = Callable[[dict[str, Any]], object]

# name -> (how the good save is broken, what the list says about it)
BROKEN: dict[str, tuple[Edit, str]] = {
    "chess": (lambda d: d.update(game="chess"), "it is for an unknown game, 'chess'."),
    "other-format": (lambda d: d.update(format="notes-app"),
                     "it is a 'notes-app' file, not a shards-tui save."),
    "future": (lambda d: d.update(version=3, history="kept elsewhere in version 3"),
               "it is save format version 3; this version reads 1 to 2."),
    "old": (lambda d: d.update(version=0), "it is save format version 0; this version reads 1 to 2."),
    "bad-rng": (lambda d: d["state"].update(rng={"state": -1}), "it has a damaged setup or state."),
    "one-player": (lambda d: d["setup"].update(players=[{"name": "Solo"}]),
                   "it has a damaged setup or state."),
    "no-state": (lambda d: d.pop("state"), "it is not a shards-tui save file."),
}


def _played(moves: int = 24):
    ctl = new_shards(2, seed=11)
    rng = random.Random(11)
    for _ in range(moves):
        ctl.apply(rng.choice(ctl.legal_commands(ctl.who_must_act())))
    return ctl


def _write_saves(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    ctl = _played()
    saves.save(ctl, folder / "good.json")
    for name, (edit, _) in BROKEN.items():
        doc = json.loads(saves.to_json(ctl))
        edit(doc)
        (folder / f"{name}.json").write_text(json.dumps(doc), encoding="utf-8")
    for name, edit in REPLAY_FINDS.items():  # well-formed: only the replay finds these
        doc = json.loads(saves.to_json(ctl))
        edit(doc)
        (folder / f"{name}.json").write_text(json.dumps(doc), encoding="utf-8")


def _out_of_turn(doc: dict[str, Any]) -> None:
    entry = doc["history"][4]
    entry["seat"] = 1 - entry["seat"]


REPLAY_FINDS: dict[str, Edit] = {
    "edited-health": lambda d: d["state"]["players"][1].update(
        health=d["state"]["players"][1]["health"] - 5),
    "out-of-turn": _out_of_turn,
}


def _labels(screen: LoadScreen) -> dict[str, str]:
    listing = screen.query_one("#load-list", OptionList)
    prompts = [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]
    return {p.split("  ·  ", 1)[0].removeprefix("saves/").removesuffix(".json"):
            p.split("  ·  ", 1)[1] for p in prompts}


class Gate:
    """Holds every replay of the Load screen's worker until opened."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.open = threading.Event()
        self.started = threading.Event()
        self.order: list[str] = []  # the saves replayed, in order
        real = load_screen.replay

        def held(path: Path, stop: Callable[[], bool] | None = None) -> Any:
            self.order.append(str(path))
            self.started.set()
            self.open.wait(20)
            return real(path, stop)

        monkeypatch.setattr(load_screen, "replay", held)


async def test_the_list_flags_saves_that_will_not_load(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SHARDS_TUI_HOME", str(tmp_path))
    _write_saves(tmp_path / "saves")
    cls = game("shards").controller
    replayed: list[str] = []
    real_apply = cls.apply

    def counting_apply(self, *args: Any, **kwargs: Any) -> Any:
        replayed.append(str(args[0]))
        return real_apply(self, *args, **kwargs)

    monkeypatch.setattr(cls, "apply", counting_apply)
    gate = Gate(monkeypatch)
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LoadScreen)
        labels = _labels(screen)
        assert not replayed, "listing the saves waited for a replay"
        assert labels["good"].startswith("Ana, Ben · 24 moves · ")
        for name, (_, why) in BROKEN.items():
            assert labels[name] == f"✗ will not load: {why}", name
        for name in REPLAY_FINDS:  # listed as fine until their replay ends
            assert labels[name].startswith("Ana, Ben · 24 moves · "), name
        assert screen.checking
        gate.open.set()
        await until(pilot, lambda: not screen.checking)
        labels = _labels(screen)
        assert labels["good"].startswith("Ana, Ben · 24 moves · ")
        assert labels["edited-health"] == ("✗ will not load: it was edited: replaying its moves "
                                           "does not give its saved state.")
        assert labels["out-of-turn"].startswith("✗ will not load: it does not replay: move 5 (")
        for name, (_, why) in BROKEN.items():  # not replayed: nothing more to learn
            assert labels[name] == f"✗ will not load: {why}", name
        listing = screen.query_one("#load-list", OptionList)
        for name in ("future", "edited-health", "out-of-turn"):
            listing.highlighted = list(labels).index(name)
            listing.focus()
            await pilot.pause()
            said = str(screen.query_one("#load-error", Static).render())
            assert said == f"✗ {name}.json will not load: {labels[name].split(': ', 1)[1]}"
            await pilot.press("enter")
            await pilot.pause()
            error = str(screen.query_one("#load-error", Static).render())
            if name == "future":
                assert error == "future.json is save format version 3; this version reads 1 to 2."
            elif name == "edited-health":
                assert error.startswith("edited-health.json was edited")
            else:
                assert error.startswith("out-of-turn.json does not replay: move 5 (")
            assert app.screen is screen


async def test_keys_work_while_saves_are_checked_and_rows_stay_put(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SHARDS_TUI_HOME", str(tmp_path))
    _write_saves(tmp_path / "saves")
    monkeypatch.setattr(load_screen, "PEEK_LIMIT", 10)  # every save waits for its replay
    monkeypatch.setattr(load_screen, "CHECKING_NOTE_DELAY", 0.01)
    import shards_tui.ui.tables.shards.screen as table

    monkeypatch.setattr(table, "ShardsTable", FakeTable)
    gate = Gate(monkeypatch)
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LoadScreen)
        listing = screen.query_one("#load-list", OptionList)
        assert listing.has_focus
        assert all(" · " not in label for label in _labels(screen).values())  # just the time
        assert gate.started.wait(5)  # the worker is held in its first replay
        await pilot.press("down", "down")
        await pilot.pause()
        assert listing.highlighted == 2  # keys work while the check waits
        chosen = listing.highlighted_option.id
        await until(pilot, lambda: "Checking" in str(screen.query_one("#load-error",
                                                                          Static).render()))
        gate.open.set()
        await until(pilot, lambda: not screen.checking)
        assert listing.highlighted_option.id == chosen  # the cursor stayed on its save
        first = listing.get_option_at_index(0).id
        assert gate.order[:2] == [first, chosen]  # the save under the cursor went next
        assert listing.virtual_size.height == listing.option_count  # one line each, cut or not
        labels = _labels(screen)
        assert labels["good"].startswith("Ana, Ben · 24 moves · ")  # read in full by the worker
        assert labels["edited-health"].startswith("✗ will not load: it was edited")
        listing.highlighted = list(labels).index("good")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, FakeTable))


async def test_leaving_while_a_save_replays_stops_its_check_without_an_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SHARDS_TUI_HOME", str(tmp_path))
    folder = tmp_path / "saves"
    folder.mkdir()
    saves.save(_played(60), folder / "long.json")
    cls = game("shards").controller
    real_apply = cls.apply
    moves = threading.Semaphore(0)  # each move of the worker's replay waits for a permit
    made: list[int] = []

    def slow_apply(self: Any, *args: Any, **kwargs: Any) -> Any:
        if threading.current_thread() is not threading.main_thread():
            assert moves.acquire(timeout=10)
            made.append(1)
        return real_apply(self, *args, **kwargs)

    monkeypatch.setattr(cls, "apply", slow_apply)
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LoadScreen) and screen.checking
        for _ in range(3):
            moves.release()
        await until(pilot, lambda: len(made) == 3)
        await pilot.press("escape")
        await until(pilot, lambda: type(app.screen).__name__ == "TitleScreen")
        for _ in range(60):
            moves.release()
        await pilot.pause(0.3)
        assert len(made) <= 4  # the replay stopped at its next move
        await pilot.press("l")  # and the screen opens again as new
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen) and app.screen is not screen
    assert app.return_code in (None, 0)


def test_a_summary_says_what_loading_would_say_short_of_the_replay() -> None:
    ctl = _played()
    text = saves.to_json(ctl)
    about = saves.summary(text)
    assert (about.game_id, about.title, about.players, about.moves) == \
        ("shards", "Shards of Infinity", ["Ana", "Ben"], 24)
    for name, (edit, _) in BROKEN.items():
        doc = json.loads(text)
        edit(doc)
        broken = json.dumps(doc)
        with pytest.raises(saves.SaveFileError) as listed:
            saves.summary(broken, source=f"{name}.json")
        with pytest.raises(saves.SaveFileError) as loaded:
            saves.from_json(broken, source=f"{name}.json")
        assert str(listed.value) == str(loaded.value), name
