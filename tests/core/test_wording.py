"""Small pieces of English: lists of card names, and a long move told in one status line."""

from shards_tui.core.wording import move_summary, name_list
from shards_tui.ui.tables.shards.describe import count_names


def test_commas_between_plain_names_semicolons_when_a_name_has_one() -> None:
    assert name_list(["Crystal", "Blaster"]) == "Crystal, Blaster"
    assert name_list(["Crystal", "Taur, Arachpriest", "Shard Reactor"]) == \
        "Crystal; Taur, Arachpriest; Shard Reactor"
    assert name_list([]) == ""
    assert count_names(["Crystal", "Crystal", "Taur, Arachpriest"]) == "Crystal ×2; Taur, Arachpriest"


def test_move_summary_shortens_a_long_move_to_its_ends() -> None:
    assert move_summary([], "play crystal") == "play crystal"
    assert move_summary(["a.", "b.", "c."], "x") == "a. b. c."
    assert move_summary(["a.", "b.", "c.", "d.", "e."], "x") == "a. … e. (5 lines in the log)"
