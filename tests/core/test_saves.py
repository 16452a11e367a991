"""Save files: round trip, tamper detection, bad files, atomic writes, autosave."""

from __future__ import annotations

import json
import os
import random

import pytest

from shards_tui.core import saves
from shards_tui.core.errors import SaveFileError
from tests.conftest import new_shards


def _played(moves: int = 60, players: int = 2, seed: int = 3):
    ctl = new_shards(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if ctl.over:
            break
        ctl.apply(rng.choice(ctl.legal_commands(ctl.who_must_act())))
    return ctl


def test_round_trip():
    ctl = _played()
    text = saves.to_json(ctl)
    loaded = saves.from_json(text)
    assert loaded.state_json() == ctl.state_json()
    assert loaded.history == ctl.history
    assert loaded.setup == ctl.setup
    assert saves.to_json(loaded) == text


def test_a_loaded_game_plays_on_identically():
    ctl = _played(40)
    loaded = saves.from_json(saves.to_json(ctl))
    rng = random.Random(1)
    for _ in range(40):
        if ctl.over:
            break
        command = rng.choice(ctl.legal_commands(ctl.who_must_act()))
        ctl.apply(command.text(), command.seat)
        loaded.apply(command.text(), command.seat)
        assert loaded.state_json() == ctl.state_json()


def test_save_and_load_a_file(tmp_path):
    ctl = _played(30)
    path = tmp_path / "games" / "one.json"
    saves.save(ctl, path)
    assert saves.load(path).state_json() == ctl.state_json()
    assert [p.name for p in path.parent.iterdir()] == ["one.json"]  # no temporary files left


def test_log_wording_from_an_older_version_still_loads():
    """The log is narration rebuilt by the replay; only game state must match."""
    ctl = _played(30)
    doc = json.loads(saves.to_json(ctl))
    doc["state"]["log"][-1]["text"] = "Worded differently by an older version."
    loaded = saves.from_json(json.dumps(doc))
    assert loaded.state_json() == ctl.state_json()


def test_edited_health_is_detected():
    ctl = _played(30)
    doc = json.loads(saves.to_json(ctl))
    doc["state"]["players"][1]["health"] -= 5
    with pytest.raises(SaveFileError, match="edited"):
        saves.from_json(json.dumps(doc))


def test_edited_history_is_detected():
    ctl = _played(30)
    doc = json.loads(saves.to_json(ctl))
    doc["history"].insert(0, {"seat": 0, "text": "dance"})
    with pytest.raises(SaveFileError, match="does not replay"):
        saves.from_json(json.dumps(doc))


def test_check_replays_a_good_save_and_says_what_it_holds():
    ctl = _played(30)
    text = saves.to_json(ctl)
    assert saves.check(text) == saves.summary(text)
    assert saves.check(text).moves == 30


def _other_seat(doc):
    entry = doc["history"][4]
    entry["seat"] = 1 - entry["seat"]  # the move is made out of turn


@pytest.mark.parametrize("edit", [
    lambda d: d["state"]["players"][1].update(health=d["state"]["players"][1]["health"] - 5),
    _other_seat,
    lambda d: d["history"][4].update(text="dance"),
    lambda d: d.update(version=3),
])
def test_check_refuses_a_save_with_the_sentence_loading_gives(edit):
    doc = json.loads(saves.to_json(_played(30)))
    edit(doc)
    text = json.dumps(doc)
    with pytest.raises(SaveFileError) as loaded:
        saves.from_json(text, source="x.json")
    with pytest.raises(SaveFileError) as checked:
        saves.check(text, source="x.json")
    assert str(checked.value) == str(loaded.value)


def test_check_stops_its_replay_when_asked():
    text = saves.to_json(_played(30))
    asked: list[int] = []

    def stop() -> bool:
        asked.append(1)
        return len(asked) > 10

    assert saves.check(text, stop=stop) is None
    assert len(asked) == 11  # asked before each move, and not again once it said stop
    assert saves.check(text, stop=lambda: False) == saves.summary(text)


@pytest.mark.parametrize("cut", [1, 10, 100, 1000, -2])
def test_truncated_save(cut):
    text = saves.to_json(_played(20))
    with pytest.raises(SaveFileError):
        saves.from_json(text[:cut])


@pytest.mark.parametrize("text", ["", "   ", "\n\n"])
def test_an_empty_save_is_called_empty(text, tmp_path):
    """An empty file was 'not valid JSON (it may be truncated)'."""
    with pytest.raises(SaveFileError, match=r"^the save is empty\.$"):
        saves.from_json(text)
    path = tmp_path / "empty.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SaveFileError, match=r"^empty.json is empty\.$"):
        saves.load(path)


@pytest.mark.parametrize("edit, match", [
    (lambda d: d.update(format="something-else"), "not a shards-tui save"),
    (lambda d: d.update(version=99), "version 99"),
    (lambda d: d.update(version=3, history={"moved": "elsewhere"}), "version 3; this version reads 1 to 2"),
    (lambda d: d.update(game="chess"), "unknown game"),
    (lambda d: d.pop("state"), "not a shards-tui save file"),
    (lambda d: d["setup"].update(players=[{"name": "Solo"}]), "damaged setup"),
    (lambda d: d["setup"].update(sets=["no_such_set"]), "damaged setup"),
    (lambda d: d["setup"].update(kind="scenario", players=[{"name": "A", "hand": ["no_card"]}]),
     "damaged setup"),
    (lambda d: d["state"].update(rng={"state": -1}), "damaged setup or state"),
    (lambda d: d["history"].append({"seat": -1, "text": "end"}), "does not replay"),
])
def test_damaged_saves(edit, match):
    doc = json.loads(saves.to_json(_played(10)))
    edit(doc)
    with pytest.raises(SaveFileError, match=match):
        saves.from_json(json.dumps(doc))


@pytest.mark.parametrize("text", ["", "null", "[]", "{}", "not json", "{\"format\": 1}", "[" * 10_000])
def test_garbage(text):
    with pytest.raises(SaveFileError):
        saves.from_json(text)


def test_missing_and_unreadable_files(tmp_path):
    with pytest.raises(SaveFileError, match="no save file"):
        saves.load(tmp_path / "nope.json")
    binary = tmp_path / "bin.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(SaveFileError, match=r"^bin.json is not a text file, so not a save.$"):
        saves.load(binary)
    with pytest.raises(SaveFileError, match=r"is a folder, not a save file.$"):
        saves.load(tmp_path)
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)  # nothing writes to it: reading would wait for ever
    with pytest.raises(SaveFileError, match=r"is not a regular file, so not a save.$"):
        saves.load(fifo)


def test_quarantine_keeps_bad_files(tmp_path):
    bad = tmp_path / "auto.json"
    bad.write_text("garbage")
    first = saves.quarantine(bad)
    bad.write_text("more garbage")
    second = saves.quarantine(bad)
    assert first != second and first.read_text() == "garbage" and second.read_text() == "more garbage"
    assert not bad.exists()


def test_bot_notes_are_logged_and_survive_a_save():
    ctl = new_shards(2, seed=5)
    seat = ctl.who_must_act()
    ctl.apply("play all", seat, note="greedy bot: plays every card first")
    assert any("greedy bot; plays every card first" in e.text for e in ctl.state.log)  # (folded in)
    loaded = saves.from_json(saves.to_json(ctl))
    assert loaded.history[-1].note == "greedy bot: plays every card first"
    assert [e.text for e in loaded.state.log] == [e.text for e in ctl.state.log]


def test_a_game_saved_before_the_shield_order_changed_loads_and_keeps_its_order():
    """Format 1 asked shields clockwise from the attacker; format 2 asks the player whose turn
    is next last. A format-1 save of a three-player attack on two players replays as played."""
    from tests.conftest import shards_scenario

    setup = {"kind": "scenario", "active": 2, "turn": {"power": 4},
             "players": [{"name": "Ana", "hand": ["crystal"]}, {"name": "Ben", "hand": ["crystal"]},
                         {"name": "Cy", "hand": ["crystal"]}]}
    old = shards_scenario(**{k: v for k, v in setup.items() if k != "kind"},
                          shield_order="clockwise")
    for text in ("end", "assign ana 2", "assign ben 2"):
        old.apply(text)
    assert old.state.pending.seat == 0  # clockwise: Ana first, though she plays next
    old.apply("choose none")
    doc = json.loads(saves.to_json(old))
    doc["version"] = 1  # as format 1 wrote it: no shield order anywhere
    del doc["setup"]["shield_order"], doc["state"]["shield_order"]
    loaded = saves.from_json(json.dumps(doc))
    assert loaded.state_json() == old.state_json() and loaded.state.pending.seat == 1
    loaded.apply("choose none")
    assert saves.from_json(saves.to_json(loaded)).state_json() == loaded.state_json()
    assert json.loads(saves.to_json(loaded))["version"] == saves.VERSION
    new = shards_scenario(**{k: v for k, v in setup.items() if k != "kind"})
    for text in ("end", "assign ana 2", "assign ben 2"):
        new.apply(text)
    assert new.state.pending.seat == 1  # a new game asks Ana, who plays next, last
