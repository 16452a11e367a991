"""The working copy a transition runs on is equal to the state and shares nothing mutable."""

from __future__ import annotations

import random

from pydantic import BaseModel

from shards_tui.core.registry import game


def _mutable_ids(node, seen):
    if isinstance(node, BaseModel):
        seen.add(id(node))
        for value in node.__dict__.values():
            _mutable_ids(value, seen)
    elif isinstance(node, (list, dict)):
        seen.add(id(node))
        for value in (node.values() if isinstance(node, dict) else node):
            _mutable_ids(value, seen)
    return seen


def _mid_game(seed: int = 4):
    ctl = game("shards").controller.build(
        {"kind": "new", "seed": seed, "players": [{"name": "Ana"}, {"name": "Ben"}, {"name": "Cy"}]})
    rng = random.Random(seed)
    for _ in range(60):
        ctl.apply(rng.choice(ctl.legal_commands(ctl.who_must_act())))
        if ctl.state.pending is not None:
            break
    return ctl


def test_working_copy_is_equal_and_independent():
    ctl = _mid_game()
    state = ctl.state
    twin = state.working_copy()
    assert twin.model_dump() == state.model_dump()
    assert twin.model_fields_set == state.model_fields_set
    original = {k: v for k, v in state.__dict__.items() if k != "log"}
    copied = {k: v for k, v in twin.__dict__.items() if k != "log"}
    shared = _mutable_ids(original, set()) & _mutable_ids(copied, set())
    assert not shared
    before = state.model_dump(mode="json")
    twin.players[0].hand.append("crystal#99")
    twin.turn.gems += 5
    twin.rng.next_u64()
    if twin.pending is not None:
        twin.pending.options.clear()
        twin.pending.data["x"] = [1]
    assert state.model_dump(mode="json") == before


def test_working_copy_revalidates():
    ctl = _mid_game(7)
    ctl.state.working_copy().validate_whole()
