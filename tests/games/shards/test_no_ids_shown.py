"""No internal instance id ("crystal#3") is ever shown to a Shards player: random games of every
variant, the Nemesis's included, with greedy bots' notes in the log, read after every move by
every seat and a spectator (the log, the question and its options: tests/shown_text.py)."""

from __future__ import annotations

import random

import pytest

from shards_tui.bots.base import act, bot_note, make_bot
from shards_tui.core.registry import game
from tests.shown_text import INSTANCE_ID, ids_shown, play_watching

SETUPS = {
    "base-2p": (2, ["base"], []),
    "relics-3p": (3, ["base", "relics"], []),
    "bloodbath-auction-3p": (3, ["base", "relics"], ["bloodbath", "health_auction"]),
    "team-4p": (4, ["base", "relics"], ["team"]),
    "relic-draft-2p": (2, ["base", "relics"], ["relic_draft"]),
    "mystery-relics-4p": (4, ["base", "relics"], ["mystery_relics"]),
    "nemesis": (1, ["base", "relics"], ["nemesis"]),
}


def _greedy_or_random(seed: int):
    """Seat 0 is a greedy bot (its notes go into the log); the others move at random."""
    rng, greedy = random.Random(seed), make_bot("greedy", "shards", seed=seed)

    def pick(ctl, seat):
        if seat == 0:
            move = act(greedy, ctl, seat)
            return move.command, bot_note("greedy", move.reason, ctl.seat_name(seat))
        return rng.choice(ctl.legal_commands(seat)), None
    return pick


@pytest.mark.parametrize("name", SETUPS)
def test_no_instance_id_is_shown_in_a_random_game(name):
    players, sets, variants = SETUPS[name]
    ctl = game("shards").controller.build({
        "kind": "new", "seed": 7, "sets": sets, "variants": variants,
        "players": [{"name": f"P{i + 1}"} for i in range(players)]})
    assert ids_shown(ctl) == []
    assert play_watching(ctl, _greedy_or_random(7), 500) == []


def test_the_check_sees_an_id_in_the_log():
    ctl = game("shards").controller.build({"kind": "new", "seed": 7, "players": [{"name": "A"}, {"name": "B"}]})
    ctl.state.add_event(f"A plays {ctl.state.players[0].hand[0]}.")
    assert ids_shown(ctl) and "seat 0, log line" in ids_shown(ctl)[0]


def test_a_refused_move_that_names_a_copy_by_its_id_says_the_cards_name():
    """A table's keys send moves naming the copy ('exhaust axia#1'); refused, the sentence names
    the card."""
    from shards_tui.core.errors import IllegalCommand
    from shards_tui.games.shards.cards import card_of

    ctl = game("shards").controller.build({"kind": "scenario", "players": [
        {"name": "Ana", "hand": ["crystal"]}, {"name": "Ben", "hand": ["crystal"], "champions": ["axia"]}],
        "sets": ["base", "relics"]})
    theirs = ctl.state.players[1].champions[0]
    mine = ctl.state.players[1].hand[0]
    for move, name in ((f"exhaust {theirs}", "Axia"), (f"play {mine}", "Crystal"),
                       (f"attack {card_of(theirs)}#9", "Axia")):
        with pytest.raises(IllegalCommand) as refused:
            ctl.apply(move, 0)
        assert name in str(refused.value) and not INSTANCE_ID.search(str(refused.value)), move
