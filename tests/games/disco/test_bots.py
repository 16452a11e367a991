"""The bots play Disco Infinity from a seat's view: greedy scores, sampled worlds, search."""

from __future__ import annotations

import random

import pytest

from shards_tui.bots.adapters import adapter
from shards_tui.bots.base import act, make_bot
from shards_tui.bots.selfplay import format_report, run_selfplay
from shards_tui.games.disco.cards import card_def
from shards_tui.games.disco.worlds import determinize
from tests.games.disco.conftest import disco_scenario, new_disco, play_to_round


@pytest.mark.parametrize("level", ["random", "greedy"])
def test_each_bot_finishes_games(level):
    report = run_selfplay("disco", 2, 5, [level, "greedy"])
    assert report.errors == [] and report.finished == 2
    assert report.role == "faction" and sum(report.seats_by_character.values()) == 4
    assert "\nfaction " in format_report(report)


def test_search_plays_a_game_within_a_small_budget():
    report = run_selfplay("disco", 1, 8, ["search", "greedy"], iterations=4, seconds=None)
    assert report.errors == [] and report.finished == 1


def test_greedy_scores_come_from_the_view_alone():
    ctl = play_to_round(new_disco(seed=12), 1)
    seat = ctl.who_must_act()
    game = adapter("disco")
    legal = ctl.legal_commands(seat)
    scores = game.scores(ctl.view(seat), legal, seat, {})
    assert len(scores) == len(legal) and all(isinstance(r, str) and r for _, r in scores)


def test_greedy_takes_a_sure_win():
    ctl = disco_scenario(players=[{"name": "Ana", "hand": ["rocket", "force_field"]},
                                  {"name": "Ben", "shields": 3, "orbit": [{"space": 6, "card": "bastion"}]}],
                         row=[{"card": "force_field", "seat": 0}] * 5, active=0)
    move = act(make_bot("greedy", "disco"), ctl, 0)
    assert move.command.text() in {f"place rocket {g}" for g in range(1, 6)}


def test_greedy_puts_its_tokens_on_its_own_satellites():
    ctl = disco_scenario(players=[{"name": "Ana", "hand": ["sparkle"], "orbit": [{"space": 2, "card": "bastion"}]},
                                  {"name": "Ben", "orbit": [{"space": 3, "card": "power_plant"}]}],
                         row=[{"card": "force_field", "seat": 1}] * 5, active=0)
    ctl.apply("place sparkle 1", 0)
    move = act(make_bot("greedy", "disco"), ctl, 0)
    assert move.command.text() == "choose " + ctl.state.players[0].orbit[1][0]


def _hidden(state, seat):
    other = state.players[1 - seat]
    return sorted(other.hand + other.deck + other.discard + state.draft_deck + state.cycled)


def test_a_sampled_world_keeps_what_the_seat_knows():
    ctl = play_to_round(new_disco(seed=14), 2)
    seat = ctl.who_must_act()
    state = ctl.state
    world = determinize(state, seat, random.Random(1))
    me, them = world.players[seat], world.players[1 - seat]
    assert me.hand == state.players[seat].hand and sorted(me.deck) == sorted(state.players[seat].deck)
    assert me.discard == state.players[seat].discard
    assert world.row == state.row and world.tokens == state.tokens and world.trash == state.trash
    assert [len(them.hand), len(them.deck), len(them.discard)] == \
        [len(state.players[1 - seat].hand), len(state.players[1 - seat].deck),
         len(state.players[1 - seat].discard)]
    assert _hidden(world, seat) == _hidden(state, seat)
    faction = state.players[1 - seat].faction
    owned = them.hand + them.deck + them.discard
    base = [c for c in _hidden(state, seat) if card_def(c).faction == faction]
    assert set(base) <= set(owned)  # an opponent's unseen base cards are theirs in every sample


def test_a_sample_does_not_depend_on_the_hidden_order():
    ctl = play_to_round(new_disco(seed=14), 2)
    seat = ctl.who_must_act()
    shuffled = ctl.state.working_copy()
    them = shuffled.players[1 - seat]
    pool = them.hand + them.deck
    random.Random(5).shuffle(pool)
    them.hand, them.deck = pool[:len(them.hand)], pool[len(them.hand):]
    random.Random(6).shuffle(shuffled.draft_deck)
    a = determinize(ctl.state, seat, random.Random(3))
    b = determinize(shuffled, seat, random.Random(3))
    assert a.model_dump() == b.model_dump()


def test_sampled_worlds_step_and_evaluate():
    ctl = play_to_round(new_disco(seed=15), 1)
    seat = ctl.who_must_act()
    game = adapter("disco")
    sim = game.world_sampler(ctl, seat)(random.Random(2))
    turn = game.turn_of(sim)
    for _ in range(40):
        if sim.over:
            break
        mover = sim.who_must_act()
        legal = sim.legal_commands(mover)
        scores = game.sim_scores(sim, mover, legal)
        game.sim_step(sim, legal[max(range(len(legal)), key=scores.__getitem__)])
    values = game.evaluate(sim)
    assert game.turn_of(sim) > turn and abs(sum(values) - 1.0) < 1e-9
    assert ctl.state.flow.turn == 1  # the real game is untouched


def test_a_bots_note_never_names_a_retained_card():
    ctl = disco_scenario(players=[{"name": "Ana", "hand": ["hold_that_thought", "rocket", "laser_show"]},
                                  {"name": "Ben", "shields": 30}],
                         row=[{"card": "force_field", "seat": 1}] * 5, active=0)
    ctl.apply("place hold_that_thought 6", 0)
    assert ctl.state.pending.kind == "retain"
    move = act(make_bot("greedy", "disco"), ctl, 0)
    assert "Rocket" not in move.reason and "Laser" not in move.reason
    ctl.apply(move.command, note=move.reason)
    assert "Rocket" not in " ".join(line.text for line in ctl.view(1).log)
