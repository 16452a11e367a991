"""Bad input gets one sentence and leaves the state exactly as it was: the issue's list (more
dice than Health, a wall, a pawn, Power out of reach, a fifth unit, a timeline card played the
turn it was prepared, a block without the cards, out of turn, a malformed line) and more."""

from __future__ import annotations

import pytest

from shards_tui.core.errors import CommandRejected, MalformedCommand, NotYourTurn
from tests.games.infinities.helpers import position

CASES = [
    # (setup players, setup extra, command, seat, words in the sentence)
    ([{"damage": 4, "gambit": 1}, {}], {"dice": ["power", "power", "tide", "tide"], "spent": 1},
     "damage ben", 0, "only 1 die"),
    ([{}, {}], {"dice": ["fortitude"] * 4}, "move ne", 0, "wall"),
    ([{}, {}], {"dice": ["fortitude"] * 4}, "move n", 0, "one pawn per tile"),
    ([{}, {"at": "0,1"}], {"dice": ["power"] * 4, "tiles": [{"hex": "0,-1", "tile": "gale_spire", "rot": 1},
                                                           {"hex": "0,1", "tile": "sunken_steppe"}]},
     "damage ben", 0, "not in your reach"),
    ([{"hand": ["tide_adept"], "timeline": ["foresight"]}, {}], {"dice": ["tide"] * 4}, "play t2", 0,
     "no t2"),
    ([{}, {}], {"dice": ["tide"] * 4}, "end", 1, "turn"),
    ([{}, {}], {"dice": ["tide"] * 4}, "roll tide", 0, "before you roll"),
    ([{}, {}], {"dice": ["tide"] * 4}, "convert 9 tide", 0, "after you roll"),
    ([{}, {}], {"dice": ["tide"] * 4}, "discover moonpool rot 2", 0, "Nothing is being asked"),
    ([{}, {}], {"dice": ["tide"] * 4}, "block", 0, "Nothing is being asked"),
    ([{}, {}], {"dice": ["tide"] * 4}, "damage zed", 0, "no player 'zed'"),
    ([{}, {}], {"dice": ["tide"] * 4}, "play 4", 0, "hand is empty"),
    ([{"hand": ["tide_adept"]}, {}], {"dice": ["tide"] * 4}, "prepare 1 ben", 0, "own timeline or an ally's"),
    ([{}, {}], {"dice": ["tide"] * 4}, "lead", 0, "Fortitude result"),
    ([{}, {}], {"dice": ["tide"] * 4}, "activate u1", 0, "no u1"),
    ([{}, {}], {"dice": ["tide"] * 4}, "leader vessa_emberborn", 0, "while leaders are chosen"),
]


@pytest.mark.parametrize("players,extra,command,seat,words", CASES, ids=[c[2] for c in CASES])
def test_a_refusal_is_one_sentence_and_changes_nothing(players, extra, command, seat, words):
    ctl = position(players, active=0, **extra)
    before, history = ctl.state_json(), list(ctl.history)
    with pytest.raises(CommandRejected) as err:
        ctl.apply(command, seat)
    text = str(err.value)
    assert words.lower() in text.lower(), text
    assert text.count(". ") <= 1 and "\n" not in text and "Traceback" not in text
    assert ctl.state_json() == before and ctl.history == history


def test_a_fifth_unit_without_destroying_one_is_not_possible():
    ctl = position([{"hand": ["tide_adept"], "units": ["gale_runner", "cinder_imp", "spine_sentinel",
                                                       "acolyte_of_embers"]}, {}],
                   active=0, dice=["tide"] * 4)
    ctl.apply("play tide_adept")
    with pytest.raises(CommandRejected, match="Answer the question first"):
        ctl.apply("end")
    with pytest.raises(CommandRejected, match="not one of the choices"):
        ctl.apply("choose tide_adept#1")
    assert len(ctl.state.players[0].group) == 4


def test_a_block_needs_the_cards_to_discard():
    ctl = position([{"hand": ["spinefire_bolt"]}, {"leader": "kaida_vex", "gambit": 1,
                                                   "hand": ["overclock"]}],
                   active=0, dice=["tide", "tide", "tide", "tide"])
    ctl.apply("play spinefire_bolt")  # Ben's block would cost 4 cards; he has 1: not asked
    assert ctl.state.pending is None and ctl.state.players[1].damage == 2
    with pytest.raises(CommandRejected):
        ctl.apply("block", 1)


@pytest.mark.parametrize("line", ["", "roll", "roll tide tide tide red", "move up", "reroll x",
                                  "convert 1", "damage", "destroy ben", "flip", "x" * 500,
                                  "play \x1b[31m1", "discover moonpool", "redraw 9 a",
                                  "activate 2", "prepare"])
def test_malformed_lines_are_refused_as_such(line):
    ctl = position(active=0, dice=["tide"] * 4)
    before = ctl.state_json()
    with pytest.raises(CommandRejected) as err:
        ctl.apply(line, 0)
    assert isinstance(err.value, (MalformedCommand, NotYourTurn)) or "hand" in str(err.value)
    assert ctl.state_json() == before


def test_a_setup_the_rules_refuse_is_one_sentence():
    from shards_tui.core.errors import InvalidState
    from shards_tui.core.registry import game

    with pytest.raises(InvalidState, match="Teams 3v3 need 6 players"):
        game("infinities").controller.build({"kind": "new", "seed": 1, "teams": "3v3",
                                             "players": [{"name": "A"}, {"name": "B"}]})
    with pytest.raises(InvalidState, match="2 to 6 players"):
        game("infinities").controller.build({"kind": "new", "seed": 1, "players": [{"name": "A"}] * 7})


def test_a_tile_turned_so_that_it_does_not_fit_says_which_turns_do():
    from tests.games.infinities.helpers import new_game

    ctl = new_game(2, seed=4)
    ctl.apply(ctl.legal_commands(ctl.who_must_act())[0])  # out of the Rift: the first tile
    offered = ctl.state.pending.option_ids()
    turns: dict[str, set[str]] = {}
    for option in offered:
        tile, _, rot = option.partition("@")
        turns.setdefault(tile, set()).add(rot)
    tile = next(t for t, rots in turns.items() if len(rots) < 6)
    unfit = next(r for r in "012345" if r not in turns[tile])
    before, history = ctl.state_json(), list(ctl.history)
    with pytest.raises(CommandRejected) as err:
        ctl.apply(f"discover {tile} rot {unfit}")
    text = str(err.value)
    assert f"turned {unfit} does not fit" in text and ", ".join(sorted(turns[tile])) in text, text
    with pytest.raises(CommandRejected) as err:  # the same typed as an answer ('choose')
        ctl.apply(f"choose {tile}@{unfit}")
    assert f"turned {unfit} does not fit" in str(err.value), str(err.value)
    with pytest.raises(CommandRejected) as err:
        ctl.apply("discover no_such_tile rot 0")
    assert "not one of the tiles offered" in str(err.value)
    assert ctl.state_json() == before and ctl.history == history
