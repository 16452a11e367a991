"""Each seat's view holds only what it may know: its own hand, the sizes of the others' hands
and of the decks, never a deck's order; private questions keep their options to the one who
answers. A roll, a draw and another seat's answer are reveals: undo never goes back past them."""

from __future__ import annotations

import json
import random

import pytest

from shards_tui.games.infinities.view import InfView
from tests.games.infinities.helpers import new_game, position


def _hidden_from(ctl, seat):
    state = ctl.state
    hidden = {c for d in state.decks.values() for c in d.cards}
    for s, p in enumerate(state.players):
        if s != seat:
            hidden.update(p.hand)
    return hidden


def _check(ctl, seat):
    view = ctl.view(seat)
    assert isinstance(view, InfView)
    dumped = json.dumps(view.public())
    leaked = [i for i in _hidden_from(ctl, seat) if json.dumps(i) in dumped]
    assert not leaked, f"seat {seat} can see {leaked[:5]}"
    for facts in view.players:
        assert (facts.hand is not None) == (facts.seat == seat)
        assert facts.hand_count == len(ctl.state.players[facts.seat].hand)
    if view.pending is not None and ctl.state.pending.private and view.pending.seat != seat:
        assert view.pending.options is None
    for deck in view.decks:
        assert deck.count == len(ctl.state.decks[deck.id].cards)


@pytest.mark.parametrize("players,seed", [(2, 3), (4, 5)])
def test_views_stay_clean_through_whole_games(players, seed):
    ctl = new_game(players, seed)
    rng = random.Random(seed)
    steps = 0
    while not ctl.over and steps < 1500:
        if steps % 4 == 0:
            for seat in (None, *range(players)):
                _check(ctl, seat)
        ctl.apply(rng.choice(ctl.legal_commands(ctl.who_must_act())))
        steps += 1
    assert steps > 100


def test_a_private_question_keeps_its_options_to_its_seat():
    ctl = position([{"leader": "auditor_sol", "hand": ["memory_spike"]},
                    {"leader": "orun_stonewarden", "hand": ["tide_adept", "spine_sentinel", "cinder_imp"]}],
                   active=0, dice=["tide", "tide", "tide", "tide"])
    ctl.apply("play memory_spike")
    assert ctl.state.pending.kind == "discard" and ctl.state.pending.private
    assert ctl.view(1).pending.options and ctl.view(0).pending.options is None
    assert ctl.view(None).pending.options is None


def test_undo_never_goes_back_across_a_roll_a_draw_or_another_seats_answer():
    ctl = position([{"hand": ["spinefire_bolt", "tide_adept"], "gambit": 4},
                    {"hand": ["overclock"]}], active=0, phase="check")
    ctl.apply("roll tide tide tide tide")
    assert not ctl.can_undo(0)  # the roll was a reveal
    ctl.state.turn.dice = [d.model_copy(update={"face": "tide"}) for d in ctl.state.turn.dice]
    ctl.apply("lock")
    assert ctl.can_undo(0)
    ctl.undo(0)
    assert ctl.state.flow.phase == "adjust"
    ctl.apply("lock")
    ctl.apply("play tide_adept")  # Tide Adept draws a card: a reveal
    assert not ctl.can_undo(0)
    ctl.apply("play spinefire_bolt")  # Ben is asked whether to block: his answer is his
    assert ctl.state.pending.kind == "block" and not ctl.can_undo(0)
