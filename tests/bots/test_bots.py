"""Bots: only legal moves, no peeking at hidden cards, deterministic, and greedy beats random."""

from __future__ import annotations

import re

import pytest

from shards_tui.bots.base import LEVELS, Bot, BotMove, act, bot_note, make_bot
from shards_tui.bots.greedy import GreedyBot
from shards_tui.bots.random_bot import RandomBot
from shards_tui.bots.search import SearchBot
from shards_tui.games.shards.commands import Exhaust, Play
from tests.conftest import new_shards

TINY = {"iterations": 6, "seconds": None}  # a search budget small enough for tests


def bot(level: str, seed: int = 1) -> Bot:
    return make_bot(level, "shards", seed, **(TINY if level == "search" else {}))


def play(ctl, bots, max_moves: int = 3000, check=None) -> list[str]:
    """Play to the end (or max_moves); returns the history; ``check(seat, view, legal, move)``."""
    moves = []
    for _ in range(max_moves):
        seat = ctl.who_must_act()
        if seat is None:
            break
        move = act(bots[seat], ctl, seat)
        if check is not None:
            check(seat, ctl, move)
        ctl.apply(move.command)
        moves.append(move.text())
    return moves


def test_make_bot_levels_and_errors():
    assert LEVELS == ("random", "greedy", "search")
    assert isinstance(make_bot("random", "shards"), RandomBot)
    assert isinstance(make_bot("greedy", "shards"), GreedyBot)
    assert isinstance(make_bot("search", "shards", iterations=5), SearchBot)
    with pytest.raises(ValueError, match="no bot level"):
        make_bot("genius", "shards")
    with pytest.raises(TypeError):
        make_bot("greedy", "shards", iterations=5)
    with pytest.raises(ValueError, match="budget"):
        make_bot("search", "shards", iterations=None, seconds=None)


@pytest.mark.parametrize("level", LEVELS)
def test_bots_only_return_legal_commands_with_reasons(level):
    ctl = new_shards(2, seed=11)
    seen = []

    def check(seat, ctl, move):
        assert isinstance(move, BotMove)
        assert move.text() in ctl.legal_texts(seat)
        assert move.reason and len(move.reason) < 120
        assert re.match(r"[a-z]+s\b", move.reason), "a reason reads on from the seat's name: 'plays …'"
        seen.append(move.reason)

    bots = [bot(level, 1), bot(level, 2)]
    play(ctl, bots, max_moves=400 if level == "search" else 3000, check=check)
    assert seen
    if level != "search":
        assert ctl.over
    else:  # it really searched, and no sampled world broke the rules
        assert any(r.startswith("picks by search (ISMCTS): 6 iterations") for r in seen)
        assert all(b.sim_errors == 0 for b in bots) and bots[0].stats["searches"] > 0


@pytest.mark.parametrize("level", ["greedy", "search"])
def test_bots_work_from_a_view_without_hidden_cards(level):
    """The view a bot gets holds its own hand only; opponents' hands are just counts."""
    ctl = new_shards(3, seed=4)
    b = [bot(level, s) for s in range(3)]

    def check(seat, ctl, move):
        view = ctl.view(seat)
        for p in view.players:
            assert (p.hand is not None) == (p.seat == seat)
        assert view.is_legal(move.command)

    play(ctl, b, max_moves=150, check=check)


def _hidden_twin(ctl, seat: int):
    """The same game as ``seat`` sees it, with every hidden card moved around."""
    twin = ctl.state.working_copy()
    for s, p in enumerate(twin.players):
        p.deck.reverse()
        if s != seat and p.hand and p.deck:
            k = next((i for i, c in enumerate(p.deck) if c.split("#")[0] != p.hand[0].split("#")[0]), 0)
            p.hand[0], p.deck[k] = p.deck[k], p.hand[0]
    twin.center_deck.reverse()
    return type(ctl)(twin, ctl.setup)


def test_decisions_do_not_depend_on_hidden_cards():
    ctl = new_shards(2, seed=21)
    greedy = [bot("greedy", 1), bot("greedy", 2)]
    checked = 0
    for _ in range(400):
        seat = ctl.who_must_act()
        if seat is None or checked >= 3:
            break
        view = ctl.view(seat)
        twin = _hidden_twin(ctl, seat)
        if (view.this_turn.gems >= 2 and not view.legal_of(Play) and not view.legal_of(Exhaust)
                and twin.state.players[1 - seat].hand != ctl.state.players[1 - seat].hand):
            moves = [act(make_bot("search", "shards", 5, iterations=12, seconds=None), c, seat)
                     for c in (ctl, twin)]
            assert moves[0] == moves[1]
            checked += 1
        ctl.apply(act(greedy[seat], ctl, seat).command)
    assert checked == 3


def test_greedy_beats_random():
    wins = 0
    for g in range(20):
        ctl = new_shards(2, seed=300 + g)
        levels = ["greedy", "random"] if g % 2 == 0 else ["random", "greedy"]
        play(ctl, [bot(levels[s], s) for s in range(2)])
        wins += levels[ctl.winners[0]] == "greedy"
    assert wins >= 16


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_same_game(level):
    def game():
        ctl = new_shards(2, seed=9)
        return play(ctl, [bot(level, 3), bot(level, 4)], max_moves=120)

    assert game() == game()


def test_search_without_a_world_falls_back_to_greedy():
    ctl = new_shards(2, seed=2)
    seat = ctl.who_must_act()
    legal = ctl.legal_commands(seat)
    move = bot("search").choose(ctl.view(seat), legal, seat)
    assert move.command in legal


@pytest.mark.parametrize("kind, note", [
    ("shields", "reveals no shields"),
    ("banish", "banishes nothing: every card is worth keeping"),
    ("something_new", "takes none of the options: none is worth it"),
])
def test_a_bot_that_chooses_nothing_says_what_it_declined(kind, note):
    from types import SimpleNamespace

    from shards_tui.core.commands import Choose
    from shards_tui.games.shards.heuristics import score_choice

    pos = SimpleNamespace(pending={"kind": kind})
    assert score_choice(pos, Choose(seat=0, options=())) == (0.0, note)


def test_a_bot_says_why_it_hits_an_opponent_in_words_true_of_the_table():
    from types import SimpleNamespace as Opp

    from shards_tui.games.shards.heuristics import _why_first

    ana, ben, cy = Opp(health=20, mastery=3), Opp(health=50, mastery=0), Opp(health=50, mastery=0)
    assert _why_first([ana, ben]) == "closest to death"
    assert _why_first([ben, cy]) == "tied at 50 health with the others"
    assert _why_first([Opp(health=50, mastery=4), cy]) == "tied at 50 health, and ahead on mastery"
    assert _why_first([ben]) == "the one opponent open to attack"


def test_a_bot_playing_a_card_says_why_now() -> None:
    from shards_tui.games.shards.heuristics import PLAY_WHY, play_priority
    from shards_tui.games.shards.cards import card_db

    cards = card_db(("base",))
    assert PLAY_WHY[play_priority(cards["crystal"])] == ": nothing left in hand needs to go first"
    assert PLAY_WHY[play_priority(cards["drakonarius"])].startswith(": a champion")
    assert all(PLAY_WHY[play_priority(c)] for c in cards.values())  # every card has a reason


def test_a_bot_names_the_opponent_it_hits_as_the_log_does() -> None:
    from tests.conftest import shards_scenario

    ctl = shards_scenario(players=[{"name": n, "hand": ["crystal"]} for n in ("Ana", "Ben", "Cy")],
                          turn={"power": 4})
    ctl.apply("end")  # Ana has 4 power and two opponents: the attack list is open
    move = act(make_bot("greedy", "shards", 1), ctl, 0)
    assert move.text().startswith("assign ")
    assert " power to Ben:" in move.reason or " power to Cy:" in move.reason, move.reason


def test_a_bot_note_in_the_log_reads_on_from_the_seat_name():
    from tests.conftest import shards_scenario

    ctl = shards_scenario(players=[{"name": "Player 1", "hand": ["crystal"]},
                                   {"name": "Greedy Bot", "hand": ["crystal"]}])
    ctl.apply("play crystal", 0, note=bot_note("search", "plays Crystal: gems first", "Player 1"))
    ctl.apply("end", 0)
    ctl.apply("play crystal", 1, note=bot_note("greedy", "plays Crystal: gems first", "Greedy Bot"))
    lines = [e.text for e in ctl.state.log]
    # (one line a move: the note is folded into the move's own line, issue 33)
    assert "Player 1 plays Crystal (search bot: gems first)." in lines
    assert "Greedy Bot plays Crystal (gems first)." in lines
    assert not any(": (" in line or line.startswith("Player 1 (") for line in lines)


@pytest.mark.parametrize("game_id", ["shards", "disco", "fractured_net", "infinities"])
def test_each_bot_move_is_logged_once_with_its_note_folded_in(game_id):
    """Issue 33: every bot move was logged twice, 'Ben (greedy bot) plays Crystal: …' and then
    'Ben plays Crystal.', and a note could name a card by its id ('chooses lattice_marshal#26')."""
    from shards_tui.core.registry import game
    from shards_tui.session.driver import Session

    players = [{"name": "Ana"}, {"name": "Ben"}]
    if game_id == "fractured_net":
        players = [{"name": "Ana", "deck": "kernel"}, {"name": "Ben", "deck": "rupture"}]
    ctl = game(game_id).controller.build({"kind": "new", "seed": 3, "players": players})
    Session.open(ctl, {0: "greedy", 1: "greedy"}).play_bots(limit=30)
    lines = [e.text for e in ctl.state.log]
    assert len(ctl.history) >= 10 and any("(greedy bot" in line for line in lines)
    for line, after in zip(lines, lines[1:] + [""]):
        if m := re.match(r"(Ana|Ben) \(greedy bot\) (\w+)", line):  # a move with no line of its own
            assert not after.startswith(f"{m[1]} {m[2]}"), (line, after)
    assert not any("#" in line for line in lines if "greedy bot" in line)


def test_every_greedy_reason_reads_on_from_the_seat_name():
    """Not only the chosen move's: any reason may be picked (a bot with one bad option)."""
    from shards_tui.bots.adapters import adapter

    ctl, bots, scores = new_shards(2, seed=11), [bot("greedy", 1), bot("greedy", 2)], adapter("shards").scores
    reasons: set[str] = set()

    def check(seat, ctl, move):
        legal = ctl.legal_commands(seat)
        reasons.update(reason for _, reason in scores(ctl.view(seat), legal, seat, bots[seat].notes))

    play(ctl, bots, check=check)
    from tests.conftest import shards_scenario  # and a champion left standing as Ben is in reach:
    ctl = shards_scenario(players=[{"name": "Ana", "hand": []}, {"name": "Ben", "health": 5,
                                   "hand": ["crystal"], "champions": ["evokatus"]}], turn={"power": 10})
    check(0, ctl, None)
    assert len(reasons) > 20 and any("can wait" in r for r in reasons)
    assert [r for r in reasons if not re.match(r"[a-z]+s\b", r)] == []


def test_the_search_time_budget_is_a_ceiling_for_the_whole_move(monkeypatch):
    """A fake clock: each iteration takes 0.3 s. With 1 s, three fit (0.9 s); a fourth could
    not end within the budget, so it is not started."""
    import dataclasses

    import shards_tui.bots.search as search

    clock = [0.0]
    monkeypatch.setattr(search.time, "perf_counter", lambda: clock[0])
    bot = make_bot("search", "shards", 1, iterations=None, seconds=1.0)
    bot.game = dataclasses.replace(bot.game, obvious=None)  # search even an obvious move

    def iterate(*_args):
        clock[0] += 0.3

    monkeypatch.setattr(bot, "iterate", iterate)
    ctl = new_shards(2, seed=3)
    seat = ctl.who_must_act()
    legal = ctl.legal_commands(seat)
    assert len(legal) > 1
    bot.choose(ctl.view(seat), legal, seat, world=lambda rng: None)
    assert bot.last_iterations == 3 and clock[0] == pytest.approx(0.9)
