"""Every game's search bot samples worlds alike (core/bot_adapter.py): a controller of the game's
kind around a determinized copy of the state, with whole-state validation off; Disco and
Infinities also keep no event log there. The real game keeps validating and logging."""

from __future__ import annotations

import random

import pytest

from shards_tui.bots.adapters import adapter
from shards_tui.core.registry import game, game_ids

QUIET = {"disco", "infinities"}  # the games whose controller keeps an event log (log_events)


@pytest.mark.parametrize("game_id", game_ids())
def test_a_sampled_world_is_a_fast_copy_and_the_real_game_keeps_its_checks(game_id: str):
    ctl = game(game_id).controller.build(
        {"kind": "new", "seed": 3, "players": [{"name": "Ana"}, {"name": "Ben"}]})
    before = ctl.state_json()
    sim = adapter(game_id).world_sampler(ctl, ctl.who_must_act())(random.Random(1))
    assert type(sim) is type(ctl) and sim.state is not ctl.state
    assert not sim.validate_transitions and ctl.validate_transitions
    if game_id in QUIET:
        assert not sim.log_events and ctl.log_events
    else:
        assert not hasattr(sim, "log_events")
    assert ctl.state_json() == before
