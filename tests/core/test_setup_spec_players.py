"""A game's option may be for some player counts only (a choice's ``players``): the form says
so before anything is built, and the lobby refuses such a table."""

from __future__ import annotations

import pytest

from shards_tui.core.setup_spec import Choice, GameOption, SetupSpec

SPEC = SetupSpec(options=(
    GameOption(key="seating", label="Seating", kind="choice", default="open", flag="--seating",
               help="how the seats are dealt",
               choices=(Choice(id="open", title="Open"),
                        Choice(id="pairs", title="Pairs", players=(4, 6)))),
    GameOption(key="quick", label="Quick", kind="flag", default=False, flag="--quick", help="short"),
))


def test_a_choice_for_other_player_counts_is_one_sentence():
    assert SPEC.players_problem({"seating": "pairs"}, 5) == "Seating 'Pairs' is for 4 or 6 players, not 5."
    assert SPEC.players_problem({"seating": "pairs"}, 4) is None
    assert SPEC.players_problem({"seating": "open", "quick": True}, 3) is None
    assert SPEC.players_problem({}, 3) is None


def test_check_options_refuses_it_only_when_told_the_player_count():
    assert SPEC.check_options({"seating": "pairs"}) == {"seating": "pairs"}
    assert SPEC.check_options({"seating": "pairs"}, 6) == {"seating": "pairs"}
    with pytest.raises(ValueError, match=r"is for 4 or 6 players, not 3\."):
        SPEC.check_options({"seating": "pairs"}, 3)
