"""The bots play Infinities from a seat's view: random, greedy and search finish games for two
to six players and for teams; a sampled world keeps what the seat knows and deals the rest."""

from __future__ import annotations

import random

import pytest

from shards_tui.bots.adapters import adapter
from shards_tui.bots.selfplay import format_report, run_selfplay
from shards_tui.games.infinities.bots import determinize
from tests.games.infinities.helpers import new_game, play_randomly


@pytest.mark.parametrize("levels,players,options", [
    (["random"], 6, {}), (["greedy", "random"], 2, {}), (["greedy"], 4, {"teams": "2v2"}),
    (["random", "greedy", "random"], 3, {"quickplay": True}),
])
def test_bots_finish_games(levels, players, options):
    report = run_selfplay("infinities", 1, 3, levels, players, options=options)
    assert report.errors == [] and report.finished == 1
    assert report.role == "leader" and "\nleader " in format_report(report)


def test_search_plays_a_game_within_a_small_budget():
    report = run_selfplay("infinities", 1, 8, ["search", "greedy"], 2, options={"quickplay": True},
                          iterations=2, seconds=None)
    assert report.errors == [] and report.finished == 1


def test_greedy_scores_come_from_the_view_alone():
    ctl = play_randomly(new_game(3, seed=4), 120, seed=4)
    seat = ctl.who_must_act()
    legal = ctl.legal_commands(seat)
    scores = adapter("infinities").scores(ctl.view(seat), legal, seat, {})
    assert len(scores) == len(legal) and all(isinstance(r, str) and r for _, r in scores)


def test_a_sampled_world_keeps_what_the_seat_knows():
    ctl = play_randomly(new_game(3, seed=6), 150, seed=6)
    state = ctl.state
    world = determinize(state, 0, random.Random(1))
    assert world.players[0].hand == state.players[0].hand
    for s in (1, 2):
        assert len(world.players[s].hand) == len(state.players[s].hand)
        assert world.players[s].group == state.players[s].group
    for deck_id, deck in state.decks.items():
        assert len(world.decks[deck_id].cards) == len(deck.cards)
        assert world.decks[deck_id].discard == deck.discard
    assert sorted(world.all_cards()) == sorted(state.all_cards())
    hidden = [c for s in (1, 2) for c in state.players[s].hand] + \
        [c for d in state.decks.values() for c in d.cards]
    moved = [c for s in (1, 2) for c in world.players[s].hand] + \
        [c for d in world.decks.values() for c in d.cards]
    assert sorted(hidden) == sorted(moved) and hidden != moved


def test_the_greedy_reason_for_a_leader_names_the_leader_as_players_read_it():
    from shards_tui.games.infinities.commands import PickLeader

    ctl = new_game(2, seed=4)
    while not any(isinstance(c, PickLeader) for c in ctl.legal_commands(ctl.who_must_act())):
        ctl.apply(ctl.legal_commands(ctl.who_must_act())[0])
    seat = ctl.who_must_act()
    legal = ctl.legal_commands(seat)
    reasons = [r for c, (_, r) in zip(legal, adapter("infinities").scores(ctl.view(seat), legal, seat, {}))
               if isinstance(c, PickLeader)]
    assert reasons and all("_" not in r and r.startswith("chooses ") and r[8].isupper() for r in reasons)


def test_the_greedy_bot_reads_a_target_by_the_word_moves_name_it_by():
    # 'Bo Ray' is 'bo_ray' in moves: the bot sees his 1 Health left (it read 5), and its
    # reason names him as players read it
    from shards_tui.core.registry import game
    from shards_tui.games.infinities.commands import Damage

    ctl = game("infinities").controller.build({
        "kind": "scenario", "seed": 3, "dice": ["power", "power", "tide", "tide"],
        "tiles": [{"hex": "0,-1", "tile": "sunken_steppe"}],
        "players": [{"name": "Ann Lee", "leader": "kaida_vex", "at": "0,0"},
                    {"name": "Bo Ray", "leader": "orun_stonewarden", "at": "0,-1", "damage": 4}]})
    legal = ctl.legal_commands(0)
    scored = dict(zip(legal, adapter("infinities").scores(ctl.view(0), legal, 0, {})))
    hits = [(s, r) for c, (s, r) in scored.items() if isinstance(c, Damage) and c.unit is None]
    assert hits and all(r == "damages Bo Ray" for _, r in hits)
    assert max(s for s, _ in hits) >= 3.0 + 4 * 0.4 + 3.0  # a lethal hit is worth the most


def test_the_greedy_reasons_for_steps_name_the_direction_in_words():
    # The log read 'Greedy bot 3 explores n' and 'steps out ne'.
    from shards_tui.games.infinities.commands import Move
    from tests.games.infinities.helpers import position

    for ctl in (new_game(2, seed=4), position(active=0, dice=["fortitude"] * 4)):
        seat = ctl.who_must_act()
        legal = ctl.legal_commands(seat)
        reasons = [r for c, (_, r) in zip(legal, adapter("infinities").scores(ctl.view(seat), legal, seat, {}))
                   if isinstance(c, Move)]
        words = {"north", "north-east", "south-east", "south", "south-west", "north-west"}
        assert reasons and all(set(r.split()) & words and not set(r.split()) & {"n", "ne", "se",
                               "s", "sw", "nw"} for r in reasons), reasons
