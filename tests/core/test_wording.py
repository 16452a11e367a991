"""Lists of card names stay readable when a name has a comma of its own."""

from shards_tui.core.wording import name_list
from shards_tui.ui.widgets.describe import count_names


def test_commas_between_plain_names_semicolons_when_a_name_has_one() -> None:
    assert name_list(["Crystal", "Blaster"]) == "Crystal, Blaster"
    assert name_list(["Crystal", "Taur, Arachpriest", "Shard Reactor"]) == \
        "Crystal; Taur, Arachpriest; Shard Reactor"
    assert name_list([]) == ""
    assert count_names(["Crystal", "Crystal", "Taur, Arachpriest"]) == "Crystal ×2; Taur, Arachpriest"
