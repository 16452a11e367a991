"""Autosaves: written after every move, in order, off the mover's thread; removed at the end."""

from __future__ import annotations

import random

from shards_tui.core import autosaves, saves
from tests.core.test_saves import _played


def test_autosave_follows_the_game_and_is_removed_at_the_end(tmp_path):
    from tests.conftest import shards_scenario

    ctl = shards_scenario(
        players=[{"name": "Ana", "mastery": 30, "hand": ["infinity_shard", "crystal"]},
                 {"name": "Ben", "hand": ["crystal"]}],
        center_row=["reactor_drone", "nil_assassin", "kiln_drone", "command_seer", "spore_cleric",
                    "data_heretic"])
    path = tmp_path / "autosave.json"
    auto = autosaves.Autosaver(path)
    auto.attach(ctl)
    ctl.apply("play crystal")
    assert saves.load(path).state_json() == ctl.state_json()
    ctl.apply("play infinity_shard")
    ctl.apply("end")
    assert ctl.over and not path.exists()
    assert auto.last_error is None


def test_background_autosave_writes_every_move_in_order_off_the_callers_thread(tmp_path, monkeypatch):
    import threading
    import time

    ctl = _played(moves=4)
    path = tmp_path / "autosave.json"
    writers = set()
    real_write = autosaves.write_atomic

    def slow_write(target, text):
        writers.add(threading.get_ident())
        time.sleep(0.01)  # a slow disk: moves are committed faster than they are written
        real_write(target, text)

    monkeypatch.setattr(autosaves, "write_atomic", slow_write)
    makers = set()
    real_text = autosaves.position_json

    def text_of(*args):
        makers.add(threading.get_ident())
        return real_text(*args)

    monkeypatch.setattr(autosaves, "position_json", text_of)
    auto = autosaves.Autosaver(path, background=True)
    first = autosaves.Autosaver(path, background=True)  # another autosaver on the same file
    first(ctl)
    auto.attach(ctl)
    rng = random.Random(5)
    for _ in range(8):
        ctl.apply(rng.choice(ctl.legal_commands(ctl.who_must_act())))
    autosaves.flush_autosaves()
    assert threading.get_ident() not in writers
    assert makers and threading.get_ident() not in makers  # the text is made there too
    assert saves.load(path).state_json() == ctl.state_json()  # the newest position, last


def test_background_autosave_reports_a_new_failure_from_the_writer(tmp_path, monkeypatch):
    ctl = _played(moves=2)
    errors: list[str] = []

    def no_space(_target, _text):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(autosaves, "write_atomic", no_space)
    auto = autosaves.Autosaver(tmp_path / "bg.json", background=True, on_error=errors.append)
    auto(ctl)
    auto(ctl)
    assert auto.flush()
    assert len(errors) == 1 and "No space left" in errors[0]
    assert auto.last_error == errors[0]


def test_an_autosave_told_to_wait_hands_the_newest_position_over_when_asked(tmp_path):
    """A table hands the position to the writer once the move's frame is drawn: until then
    it is held (a newer one replaces it, one hand-over asked for), and a flush, or the flush
    at exit, hands it over first so that nothing taken is lost."""
    ctl = _played(moves=2)
    path = tmp_path / "later.json"
    asked: list = []
    auto = autosaves.Autosaver(path, background=True, later=asked.append)
    auto(ctl)
    rng = random.Random(7)
    ctl.apply(rng.choice(ctl.legal_commands(ctl.who_must_act())))
    auto(ctl)
    assert len(asked) == 1  # one hand-over asked for; the second position replaced the first
    autosaves._Writer.of(path).flush(10)
    assert not path.exists()  # held, not yet handed over
    asked.pop()()
    autosaves._Writer.of(path).flush(10)
    assert saves.load(path).state_json() == ctl.state_json()
    ctl.apply(rng.choice(ctl.legal_commands(ctl.who_must_act())))
    auto(ctl)
    autosaves.flush_autosaves()  # (as at exit) the held position is written too
    assert saves.load(path).state_json() == ctl.state_json()
    asked.pop()()  # the hand-over asked for comes after: nothing is left to hand over
    assert auto.flush() and saves.load(path).state_json() == ctl.state_json()
