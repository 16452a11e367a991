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


def test_validated_copy_is_equal_and_independent():
    """Validating a transition builds the copy the next transition works on."""
    ctl = _mid_game(5)
    state = ctl.state
    twin = state.validated_copy()
    assert twin == state
    assert twin.model_dump_json() == state.model_dump_json()
    assert twin.log == state.log and twin.log is not state.log
    original = {k: v for k, v in state.__dict__.items() if k != "log"}
    copied = {k: v for k, v in twin.__dict__.items() if k != "log"}
    assert not _mutable_ids(original, set()) & _mutable_ids(copied, set())


def test_validated_copy_shares_no_list_of_a_question():
    """A question's data holds lists (the Health Auction's bidders still in); the copy that
    validation builds has its own."""
    ctl = game("shards").controller.build(
        {"kind": "new", "seed": 3, "variants": ["health_auction"],
         "players": [{"name": "Ana"}, {"name": "Ben"}, {"name": "Cy"}]})
    state = ctl.state
    assert state.pending is not None and isinstance(state.pending.data["in"], list)
    twin = state.validated_copy()
    assert twin == state
    twin.pending.data["in"].append(9)
    twin.pending.options[0].label = "changed"
    assert 9 not in state.pending.data["in"] and state.pending.options[0].label != "changed"


def _replay(ctl, texts):
    fresh = game("shards").controller.build(ctl.setup)
    for seat, text in texts:
        fresh.apply(text, seat)
    return fresh


def test_a_move_that_fails_halfway_spoils_nothing(monkeypatch):
    """A command that changes its copy and is then refused leaves the state as it was, and
    the move after it works on a clean copy (not the spoiled one)."""
    from shards_tui.core.errors import IllegalCommand

    ctl = _mid_game(6)
    ctl.undo_starts_here("in this test")
    before = ctl.state.model_dump_json()
    real_execute = type(ctl).execute

    def spoil(self, state, command):
        state.players[0].hand.append("crystal#99")
        state.turn.gems += 7
        raise IllegalCommand("refused after changing the copy")

    monkeypatch.setattr(type(ctl), "execute", spoil)
    try:
        ctl.apply(ctl.legal_commands(ctl.who_must_act())[0])
    except IllegalCommand:
        pass
    monkeypatch.setattr(type(ctl), "execute", real_execute)
    assert ctl.state.model_dump_json() == before
    ctl.apply(ctl.legal_commands(ctl.who_must_act())[-1])
    expected = _replay(ctl, [(h.seat, h.text) for h in ctl.history])
    assert ctl.state.model_dump_json() == expected.state.model_dump_json()


def test_undo_then_a_new_move_matches_a_replay():
    ctl = _mid_game(8)
    while ctl.state.pending is not None or len(ctl.legal_commands(ctl.who_must_act())) < 2:
        ctl.apply(ctl.legal_commands(ctl.who_must_act())[0])
    seat = ctl.who_must_act()
    kept = ctl.state.model_dump_json()
    first, second = ctl.legal_commands(seat)[:2]
    ctl.apply(first)
    if not ctl.can_undo(seat):
        return  # the move revealed a card: nothing to undo here
    ctl.undo(seat)
    assert ctl.state.model_dump_json() == kept
    ctl.apply(second)
    expected = _replay(ctl, [(h.seat, h.text) for h in ctl.history])
    assert ctl.state.model_dump_json() == expected.state.model_dump_json()
