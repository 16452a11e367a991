"""The game-agnostic bots play The Fractured Net from a seat's view: any starter deck, sensible
mulligans, blocks and Responses; sampled worlds keep the opponent's hidden cards hidden."""

from __future__ import annotations

import random

import pytest

from shards_tui.bots.base import act, make_bot
from shards_tui.bots.selfplay import run_selfplay
from shards_tui.games.fractured_net.bots import determinize, greedy_scores
from shards_tui.games.fractured_net.cards import starters
from tests.games.fractured_net.fn_helpers import fn_game, fn_position


def _best(ctl, seat: int) -> str:
    return act(make_bot("greedy", "fractured_net"), ctl, seat).text()


@pytest.mark.parametrize("level", ["random", "greedy"])
@pytest.mark.parametrize("deck", [d.id for d in starters()])
def test_each_bot_plays_each_starter_deck_to_the_end(level, deck):
    ctl = fn_game(seed=len(deck), decks=(deck, "void" if deck != "void" else "kernel"))
    ctl.validate_transitions = False
    bots = [make_bot(level, "fractured_net", seed=s) for s in range(2)]
    for _ in range(5000):
        if ctl.over:
            break
        seat = ctl.who_must_act()
        ctl.apply(act(bots[seat], ctl, seat).command)
    assert ctl.over


def test_greedy_keeps_a_playable_hand_and_mulligans_a_clumsy_one():
    cheap = ["relay_courier", "wandering_blade", "flare", "power_cell", "net_wolf", "scrap_golem", "fuse_rat"]
    dear = ["leyline_colossus", "iron_bulwark", "prism_leviathan", "leyline_colossus",
            "iron_bulwark", "twin_signal", "old_reliable"]
    ctl = fn_position({"hand": cheap}, {"hand": dear}, mulligan=True, turn=1)
    assert _best(ctl, 0) == "keep"
    assert _best(ctl, 1) == "mulligan"


def test_greedy_blocks_to_win_a_fight_and_leaves_a_bad_block_alone():
    ctl = fn_position({"creatures": ["relay_courier"]}, {"creatures": ["scrap_golem"]})
    ctl.apply("attack all", 0)
    ctl.apply("pass", 1)
    assert _best(ctl, 1).startswith("block scrap_golem")
    ctl = fn_position({"creatures": ["leyline_colossus"]}, {"creatures": ["relay_courier"]})
    ctl.apply("attack all", 0)
    ctl.apply("pass", 1)
    assert _best(ctl, 1) == "confirm"  # a chump block while not facing lethal: no


def test_greedy_chump_blocks_against_lethal():
    ctl = fn_position({"creatures": ["leyline_colossus"]}, {"creatures": ["relay_courier"], "health": 5})
    ctl.apply("attack all", 0)
    ctl.apply("pass", 1)
    assert _best(ctl, 1).startswith("block relay_courier")


def test_greedy_answers_an_attack_with_a_response_and_passes_otherwise():
    ctl = fn_position({"creatures": ["net_wolf"], "hand": ["relay_courier"]},
                      {"hand": ["backlash"], "energy": 2})
    ctl.apply("play relay_courier", 0)
    assert _best(ctl, 1) == "pass"  # nothing worth answering yet
    ctl.apply("pass", 1)
    ctl.apply("attack net_wolf", 0)
    ctl.apply("confirm", 0)
    assert _best(ctl, 1) == "play backlash"


def test_greedy_scores_read_only_the_view():
    ctl = fn_game(seed=3)
    view = ctl.view(0)
    scores = greedy_scores(view, ctl.legal_commands(0), 0, {})
    assert len(scores) == 2 and all(isinstance(s, float) for s, _ in scores)


def test_a_bots_note_on_its_opening_hand_does_not_say_whether_it_keeps():
    """The mulligan is decided in secret and a bot's note is logged for everyone, so the
    note must read the same for a keep and for a mulligan, whichever hand the bot holds."""
    for seed in range(12):
        ctl = fn_game(seed=seed)
        for seat in (0, 1):
            notes = {text for _, text in greedy_scores(ctl.view(seat), ctl.legal_commands(seat), seat, {})}
            assert len(notes) == 1, notes


def test_sampled_worlds_do_not_depend_on_the_opponents_hidden_cards():
    ctl = fn_game(seed=8, decks=("void", "kernel"))
    ctl.apply("keep", 0)
    ctl.apply("keep", 1)
    twin = ctl.state.working_copy()
    twin.players[1].hand, twin.players[1].deck = twin.players[1].deck[:7], (
        twin.players[1].hand + twin.players[1].deck[7:])
    a = determinize(ctl.state, 0, random.Random(4))
    b = determinize(twin, 0, random.Random(4))
    assert a.players[1].hand == b.players[1].hand and a.players[1].deck == b.players[1].deck
    assert a.players[0].hand == ctl.state.players[0].hand


def test_a_secret_mulligan_choice_is_taken_back_in_a_sampled_world():
    ctl = fn_game(seed=8)
    ctl.apply("mulligan", 1)
    world = determinize(ctl.state, 0, random.Random(1))
    assert world.players[1].mulligan is None and world.flow.acting == [0, 1]


def test_selfplay_reports_each_deck():
    report = run_selfplay("fractured_net", 2, 1, ["greedy", "random"])
    assert report.finished == 2 and not report.errors
    assert all(name.endswith("starter") for name in report.seats_by_character)


def test_the_search_bot_plays_a_move_within_its_budget():
    ctl = fn_game(seed=2)
    ctl.apply("keep", 0)
    ctl.apply("keep", 1)
    bot = make_bot("search", "fractured_net", seed=1, iterations=30, seconds=2.0)
    seat = ctl.who_must_act()
    move = act(bot, ctl, seat)
    assert move.command in ctl.legal_commands(seat) and bot.sim_errors == 0


def test_greedy_does_not_draw_itself_out_of_the_game():
    """Drawing the last card of the deck loses at the next draw: greedy plays Study (draw 2)
    with three cards left, not with two, and uses a Memory Well (draw 1) only with two (Ben,
    with one card, runs out first either way)."""
    ben = {"deck": ["relay_courier"]}
    ctl = fn_position({"hand": ["study"], "deck": ["relay_courier"] * 3, "capacity": 5}, ben)
    assert _best(ctl, 0) == "play study"
    ctl = fn_position({"hand": ["study"], "deck": ["relay_courier"] * 2, "capacity": 5}, ben)
    assert _best(ctl, 0) == "end"
    ctl = fn_position({"resources": ["memory_well"], "deck": ["relay_courier"] * 2, "capacity": 4}, ben)
    assert _best(ctl, 0).startswith("activate memory_well")
    ctl = fn_position({"resources": ["memory_well"], "deck": ["relay_courier"], "capacity": 4}, ben)
    assert _best(ctl, 0) == "end"


def test_greedy_losing_the_deck_race_attacks_all_out_at_the_end():
    """Ana (to move, 2 cards left: 3 turns) runs out before Ben (5 cards): a Relay Courier
    that Ben's Scrap Golem would block and kill attacks anyway; with time left it stays home."""
    ana = {"creatures": ["relay_courier"], "deck": ["relay_courier"] * 2}
    ctl = fn_position(ana, {"creatures": ["scrap_golem"], "deck": ["relay_courier"] * 5})
    assert _best(ctl, 0).startswith("attack relay_courier")
    ctl = fn_position({**ana, "deck": ["relay_courier"] * 6},
                      {"creatures": ["scrap_golem"], "deck": ["relay_courier"] * 9})
    assert _best(ctl, 0) == "end"
    ctl = fn_position(ana, {"creatures": ["scrap_golem"], "deck": ["relay_courier"]})
    assert _best(ctl, 0) == "end"  # Ben runs out first: Ana holds back


def test_greedy_draws_no_card_that_loses_the_deck_race():
    """Late in the game, Study (draw 2) is played only if the deck race stays won: with 6
    cards against 3, yes; against 5 it would hand the race over; losing it already, no."""
    def study(mine: int, theirs: int) -> str:
        return _best(fn_position({"hand": ["study"], "deck": ["relay_courier"] * mine, "capacity": 5},
                                 {"deck": ["relay_courier"] * theirs}), 0)
    assert study(6, 3) == "play study"
    assert study(6, 5) == "end"
    assert study(5, 8) == "end"
    assert study(20, 30) == "play study"  # early on, cards matter more than the race


def test_search_playouts_score_draws_from_a_sampled_world():
    """The search bot's playouts read a light view of a sampled world; scoring a card that
    draws needs each deck's count there too."""
    from shards_tui.games.fractured_net.bots import sim_scores

    ctl = fn_position({"hand": ["study"], "capacity": 5})
    sim = type(ctl)(ctl.state.working_copy(), ctl.setup)
    legal = sim.legal_commands(0)
    scores = sim_scores(sim, 0, legal)
    assert len(scores) == len(legal)


def test_a_search_move_stops_at_its_deadline_inside_a_long_playout(monkeypatch):
    """A fake clock: each simulated step takes 0.25 s, so one iteration alone runs for
    seconds. The move still ends by its 1 s budget: the iteration running at the deadline
    is dropped at its next step, and the answer comes from what was searched (or greedy)."""
    import dataclasses

    import shards_tui.bots.search as search
    from shards_tui.bots.adapters import adapter

    clock = [0.0]
    monkeypatch.setattr(search.time, "perf_counter", lambda: clock[0])
    bot = make_bot("search", "fractured_net", 1, iterations=None, seconds=1.0)
    real_step = bot.game.sim_step

    def slow_step(sim, command):
        clock[0] += 0.25
        real_step(sim, command)

    bot.game = dataclasses.replace(bot.game, obvious=None, sim_step=slow_step)
    ctl = fn_game(seed=2)
    ctl.apply("keep", 0)
    ctl.apply("keep", 1)
    seat = ctl.who_must_act()
    legal = ctl.legal_commands(seat)
    assert len(legal) > 1
    move = bot.choose(ctl.view(seat), legal, seat, world=adapter("fractured_net").world_sampler(ctl, seat))
    assert move.command in legal and clock[0] <= 1.0


def test_greedy_burns_what_the_damage_kills_and_the_player_otherwise():
    # Flare (3 damage): a 5/6 it cannot kill is worth less than 3 to the face; a 3/2 it kills
    # is worth more; and 3 to a player at 3 health wins the game.
    ctl = fn_position({"hand": ["flare"], "energy": 2}, {"creatures": ["prism_leviathan"]})
    ctl.apply("play flare", 0)
    assert ctl.view(0).asking.do == "damage" and ctl.view(0).asking.amount == 3
    assert _best(ctl, 0) == "choose p1"
    ctl = fn_position({"hand": ["flare"], "energy": 2}, {"creatures": ["prism_leviathan", "fuse_rat"]})
    ctl.apply("play flare", 0)
    assert _best(ctl, 0).startswith("choose fuse_rat")
    ctl = fn_position({"hand": ["flare"], "energy": 2},
                      {"creatures": ["prism_leviathan", "fuse_rat"], "health": 3})
    ctl.apply("play flare", 0)
    assert _best(ctl, 0) == "choose p1"


def test_the_view_gives_a_counted_damage_its_whole_amount():
    # Digest deals 1 damage for each creature its player controls: with three, the question
    # it asks is for 3 damage, and the greedy bot takes the 3-defense creature it now kills.
    ctl = fn_position({"hand": ["digest"], "energy": 2,
                       "creatures": ["relay_courier", "relay_courier", "relay_courier"]},
                      {"creatures": ["scrap_golem", "relay_courier"]})
    ctl.apply("play digest", 0)
    assert (ctl.view(0).asking.do, ctl.view(0).asking.amount) == ("damage", 3)
    assert _best(ctl, 0).startswith("choose scrap_golem")


def test_the_search_bot_never_takes_back_an_attacker_or_a_block():
    """Found measuring bot strength: the search tried 'withdraw' and 'unblock' among its
    moves, declared and withdrew the same attacker over and over, and one game ran for half
    an hour of 1-second moves. Taking back is for people; the search leaves it out."""
    from shards_tui.games.fractured_net.commands import Unblock, Withdraw

    ctl = fn_game(seed=5, decks=("autophage", "archive"))
    ctl.validate_transitions = False
    bots = [make_bot("search", "fractured_net", seed=80, iterations=40, seconds=None),
            make_bot("greedy", "fractured_net", seed=81)]
    search_moves = []
    for _ in range(3000):
        if ctl.over:
            break
        seat = ctl.who_must_act()
        move = act(bots[seat], ctl, seat).command
        if seat == 0:
            search_moves.append(move)
        ctl.apply(move)
    assert ctl.over and len(search_moves) > 40
    assert not [m for m in search_moves if isinstance(m, (Withdraw, Unblock))]
