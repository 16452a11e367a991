"""The Load screen flags, in its list, saves that will not load: another game, another format,
a future version, a damaged setup or state. The list checks what each save says about itself
and never replays its moves; Enter still shows the loader's whole sentence."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any, Callable

import pytest
from textual.widgets import OptionList, Static

from shards_tui.core import saves
from shards_tui.core.registry import game
from shards_tui.ui.app import ShardsApp
from shards_tui.ui.screens.load import LoadScreen
from tests.conftest import new_shards

Edit = Callable[[dict[str, Any]], object]

# name -> (how the good save is broken, what the list says about it)
BROKEN: dict[str, tuple[Edit, str]] = {
    "chess": (lambda d: d.update(game="chess"), "it is for an unknown game, 'chess'."),
    "other-format": (lambda d: d.update(format="notes-app"),
                     "it is a 'notes-app' file, not a shards-tui save."),
    "future": (lambda d: d.update(version=2, history="kept elsewhere in version 2"),
               "it is save format version 2; this version reads 1."),
    "old": (lambda d: d.update(version=0), "it is save format version 0; this version reads 1."),
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
    doc = json.loads(saves.to_json(ctl))
    doc["state"]["players"][1]["health"] -= 5  # well-formed: only the replay finds it
    (folder / "edited-health.json").write_text(json.dumps(doc), encoding="utf-8")


def _labels(screen: LoadScreen) -> dict[str, str]:
    listing = screen.query_one("#load-list", OptionList)
    prompts = [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]
    return {p.split("  ·  ", 1)[0].removeprefix("saves/").removesuffix(".json"):
            p.split("  ·  ", 1)[1] for p in prompts}


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
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LoadScreen)
        labels = _labels(screen)
        assert not replayed, "listing the saves replayed a game"
        assert labels["good"].startswith("Ana, Ben · 24 moves · ")
        for name, (_, why) in BROKEN.items():
            assert labels[name] == f"✗ will not load: {why}", name
        # Only the replay shows that a well-formed state was edited: listed as fine.
        assert labels["edited-health"].startswith("Ana, Ben · 24 moves · ")
        listing = screen.query_one("#load-list", OptionList)
        for name in ("future", "edited-health"):
            listing.highlighted = list(labels).index(name)
            listing.focus()
            await pilot.press("enter")
            await pilot.pause()
            error = str(screen.query_one("#load-error", Static).render())
            if name == "future":
                assert error == "future.json is save format version 2; this version reads 1."
            else:
                assert error.startswith("edited-health.json was edited")
            assert app.screen is screen


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
