"""determinize: resamples only what the seat cannot know, keeping everything else."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from shards_tui.games.shards.determinize import determinize, fast_copy, world_sampler
from tests.conftest import new_shards

PUBLIC = ("discard", "in_play", "champions", "exhausted", "banished", "health", "mastery", "eliminated")


def midgame(players: int, seed: int, moves: int = 120):
    ctl = new_shards(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        seat = ctl.who_must_act()
        if seat is None:
            break
        ctl.apply(rng.choice(ctl.legal_commands(seat)))
    return ctl


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3)])
def test_determinize_keeps_what_the_seat_knows(players, seed):
    ctl = midgame(players, seed)
    state = ctl.state
    seat = ctl.who_must_act() or 0
    changed = 0
    for k in range(10):
        world = determinize(state, seat, random.Random(k))
        ctl.check_invariants(world)
        assert world.players[seat].hand == state.players[seat].hand
        assert Counter(world.players[seat].deck) == Counter(state.players[seat].deck)
        assert world.center_row == state.center_row
        assert Counter(world.center_deck) == Counter(state.center_deck)
        assert world.turn == state.turn and world.flow == state.flow and world.pending == state.pending
        assert world.stack == state.stack and world.winners == state.winners
        assert world.log == []
        for s, (w, p) in enumerate(zip(world.players, state.players)):
            for field in PUBLIC:
                assert getattr(w, field) == getattr(p, field)
            assert len(w.hand) == len(p.hand) and len(w.deck) == len(p.deck)
            assert Counter(w.hand + w.deck) == Counter(p.hand + p.deck)
            if s != seat and w.hand != p.hand:
                changed += 1
    assert changed > 0, "opponents' hands are resampled"
    assert ctl.state is state and ctl.state.log, "the real game is untouched"


def test_determinize_depends_only_on_what_the_seat_knows():
    ctl = midgame(2, 5)
    seat = ctl.who_must_act()
    twin = ctl.state.working_copy()
    for s, p in enumerate(twin.players):
        p.deck.reverse()
        if s != seat:
            p.hand, p.deck = p.deck[:len(p.hand)], p.hand + p.deck[len(p.hand):]
    twin.center_deck.reverse()
    a = determinize(ctl.state, seat, random.Random(3))
    b = determinize(twin, seat, random.Random(3))
    assert a.model_dump() == b.model_dump()


def test_sampled_worlds_play_on_without_touching_the_real_game():
    ctl = midgame(3, 8, moves=60)
    before = ctl.state_json()
    seat = ctl.who_must_act()
    sample = world_sampler(ctl, seat)
    rng = random.Random(1)
    for _ in range(5):
        sim = sample(rng)
        for _ in range(40):
            mover = sim.who_must_act()
            if mover is None:
                break
            sim.apply(rng.choice(sim.legal_commands(mover)))
    assert ctl.state_json() == before
    assert type(ctl).validate_transitions, "real games keep validating"


def test_fast_copy_is_independent():
    ctl = midgame(2, 4)
    copy = fast_copy(ctl.state)
    assert copy.model_dump(exclude={"log"}) == ctl.state.model_dump(exclude={"log"})
    copy.players[0].hand.append("x")
    copy.turn.played.append("y")
    copy.flow.turn += 1
    assert "x" not in ctl.state.players[0].hand and "y" not in ctl.state.turn.played
    assert copy.flow.turn != ctl.state.flow.turn
