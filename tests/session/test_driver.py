"""The session driver: bots at a pace, holds, fallbacks, listeners and autosave, no screen."""

from __future__ import annotations

import asyncio
import json
import threading

import pytest

from shards_tui.core.errors import IllegalCommand
from shards_tui.core.registry import game
from shards_tui.session import seats as seats_module
from shards_tui.session.driver import PAUSED, Session


def _game(seed: int = 5, bots=("greedy", "greedy")):
    players = [{"name": n, **({"bot": b} if b else {})} for n, b in zip(("Ana", "Ben"), bots)]
    return game("shards").controller.build({"kind": "new", "seed": seed, "players": players})


def test_bots_play_a_whole_game_without_a_loop_and_the_same_seed_gives_the_same_game():
    histories = []
    for _ in range(2):
        session = Session.open(_game(seed=11, bots=("random", "greedy")), pace=0)
        session.play_bots()
        assert session.controller.over
        histories.append([h.text for h in session.controller.history])
    assert histories[0] == histories[1]


def test_a_human_seat_stops_the_bots_and_a_rejected_move_changes_nothing():
    session = Session.open(_game(bots=(None, "greedy")), pace=0)
    ctl = session.controller
    if ctl.who_must_act() == 1:
        session.play_bots()
    assert ctl.who_must_act() == 0 and session.bot_to_move() is None
    before = ctl.state_json()
    with pytest.raises(IllegalCommand):
        session.send("recruit 1", seat=0)
    assert ctl.state_json() == before


def _human_to_end(session):
    """Play Ana's turn to its end (a bot plays Ben)."""
    ctl = session.controller
    session.send("end", seat=0)
    while ctl.who_must_act() == 0 and not ctl.over:
        session.send(ctl.legal_commands(0)[0], seat=0)


async def test_after_a_human_move_the_bot_moves_on_the_loop_and_listeners_hear_it_in_order():
    session = Session.open(_game(bots=(None, "greedy")), pace=0)
    session.play_bots()  # should Ben begin
    heard = []
    session.listen(lambda e: heard.append((e.kind, e.seat, e.bot)))
    _human_to_end(session)
    await session.settle()
    assert heard[0] == ("moved", 0, False)
    assert ("thinking", 1, True) in heard and ("moved", 1, True) in heard
    assert heard.index(("thinking", 1, True)) < heard.index(("moved", 1, True))
    assert session.controller.who_must_act() == 0 or session.controller.over


async def test_a_hold_keeps_the_bots_waiting_until_released():
    session = Session.open(_game(bots=(None, "greedy")), pace=0)
    session.play_bots()
    session.hold("handoff")
    session.hold(PAUSED)
    _human_to_end(session)
    await session.settle()
    assert session.bot_to_move() == 1 and session.paused
    session.release("handoff")
    await session.settle()
    assert session.bot_to_move() == 1
    session.release(PAUSED)
    await session.settle()
    assert session.bot_to_move() is None


async def test_a_failing_bot_plays_a_random_legal_move_and_says_so(monkeypatch):
    def broken(self):
        raise RuntimeError("bot bug")

    monkeypatch.setattr(seats_module.BotJob, "run", broken)
    session = Session.open(_game(bots=(None, "greedy")), pace=0)
    heard = []
    session.listen(lambda e: heard.append(e))
    session.play_bots()
    if session.controller.who_must_act() == 0:
        _human_to_end(session)
        await session.settle()
    failed = [e for e in heard if e.kind == "bot_failed"]
    assert failed and "bot bug" in failed[0].text and "random legal move" in failed[0].text
    assert session.controller.history[-1].seat == 1 or session.controller.who_must_act() == 0


async def test_a_bot_that_thought_while_the_game_moved_on_thinks_again(monkeypatch):
    release = threading.Event()
    calls = []
    real = seats_module.BotJob.run

    def slow(self):
        calls.append(self.moves)
        if len(calls) == 1:
            release.wait(10)
        return real(self)

    session = Session.open(_game(bots=(None, "greedy")), pace=0)
    ctl = session.controller
    session.play_bots()
    session.hold("setup")
    session.send("end", seat=0)
    while ctl.who_must_act() == 0:
        session.send(ctl.legal_commands(0)[0], seat=0)
    assert ctl.who_must_act() == 1
    monkeypatch.setattr(seats_module.BotJob, "run", slow)
    session.release("setup")
    while not calls:  # the bot starts thinking on its thread
        await asyncio.sleep(0.01)
    # Meanwhile the position changes (another connection moves for that seat).
    ctl.apply([c for c in ctl.legal_commands(1) if c.text() != "end"][0], seat=1)
    moves = len(ctl.history)
    release.set()
    await session.settle()
    assert calls[:2] == [moves - 1, moves]  # it thought again, at the new position
    assert ctl.who_must_act() != 1 or ctl.over


def test_a_listener_that_fails_does_not_stop_the_others():
    session = Session.open(_game(bots=(None, None)), pace=0)
    heard = []
    session.listen(lambda e: 1 / 0)
    session.listen(lambda e: heard.append(e.kind))
    session.send(session.controller.legal_commands(session.controller.who_must_act())[0])
    assert heard == ["moved"]


def test_the_game_is_autosaved_after_every_move(tmp_path):
    path = tmp_path / "autosave.json"
    session = Session.open(_game(bots=(None, None)), pace=0, autosave=path,
                           background_autosave=False)
    seat = session.controller.who_must_act()
    session.send(session.controller.legal_commands(seat)[0])
    saved = json.loads(path.read_text())
    assert len(saved["history"]) == 1
    session.close()
    assert session.autosaver not in session.controller.listeners
