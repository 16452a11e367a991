"""Pending decisions: their own validation, and how the controller checks answers."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from shards_tui.core.decision import Decision, Option
from shards_tui.core.errors import IllegalCommand, MalformedCommand, NotYourTurn
from tests.conftest import shards_scenario


def _options(*ids: str) -> list[Option]:
    return [Option(id=i, label=i.upper()) for i in ids]


def test_a_valid_decision():
    d = Decision(seat=1, kind="banish", prompt="Banish?", options=_options("a", "b"), min=0, max=2)
    assert d.option_ids() == ["a", "b"]
    assert d.label_of("b") == "B"
    assert d.label_of("zz") == "zz"


def test_bounds_must_be_ordered():
    with pytest.raises(ValidationError):
        Decision(seat=0, kind="x", prompt="?", options=_options("a"), min=2, max=1)
    with pytest.raises(ValidationError):
        Decision(seat=0, kind="x", prompt="?", options=_options("a"), min=-1, max=1)


def test_cannot_require_more_than_offered():
    with pytest.raises(ValidationError):
        Decision(seat=0, kind="x", prompt="?", options=_options("a"), min=2, max=2)


def test_option_ids_are_single_words():
    with pytest.raises(ValidationError):
        Option(id="two words", label="x")
    with pytest.raises(ValidationError):
        Option(id="", label="x")


# --- answering through the controller ------------------------------------------------------

def _banish_pending():
    """Ana has fast-played Shadow Apostle and must decide what to banish (up to 1)."""
    ctl = shards_scenario(
        players=[{"name": "Ana", "hand": ["crystal", "blaster"], "discard": ["crystal"]},
                 {"name": "Ben", "hand": ["crystal"]}],
        center_row=["shadow_apostle", "nil_assassin", "reactor_drone", "kiln_drone",
                    "command_seer", "spore_cleric"],
        turn={"gems": 2})
    ctl.apply("fastplay shadow_apostle")
    assert ctl.state.pending is not None and ctl.state.pending.kind == "banish"
    return ctl


@pytest.mark.parametrize("text, message", [
    ("choose nonsense#1", "not one of the choices"),
    ("choose crystal#1 blaster#1", "Choose 0 to 1 option"),
    ("choose crystal#1 crystal#1", "at most once"),
    ("play blaster", "Answer the question first"),
    ("end", "Answer the question first"),
])
def test_bad_answers_are_refused_and_change_nothing(text, message):
    ctl = _banish_pending()
    before = ctl.state_json()
    with pytest.raises(IllegalCommand, match=message):
        ctl.apply(text, 0)
    assert ctl.state_json() == before


def test_only_the_deciding_seat_may_answer():
    ctl = _banish_pending()
    before = ctl.state_json()
    with pytest.raises(NotYourTurn, match="^Ana must answer a question first.$"):
        ctl.apply("choose none", 1)
    assert ctl.state_json() == before


def test_nothing_to_answer():
    ctl = _banish_pending()
    ctl.apply("choose none")
    with pytest.raises(IllegalCommand, match="Nothing is being asked"):
        ctl.apply("choose crystal#1", 0)


def test_answer_by_position_when_ids_are_not_numbers():
    ctl = _banish_pending()
    first = ctl.state.pending.options[0].id
    ctl.apply("choose 1", 0)
    assert first in ctl.state.players[0].banished


def test_numeric_ids_are_never_positions():
    """Free-recruit options are center slots; '3' means slot 3, not the third option."""
    ctl = shards_scenario(
        players=[{"name": "Ana", "hand": ["portal_monk"]}, {"name": "Ben", "hand": ["crystal"]}],
        center_row=["nil_assassin", "reactor_drone", "the_grand_architect", "kiln_drone",
                    "command_seer", "spore_cleric"])
    ctl.apply("play portal_monk")
    assert ctl.state.pending.option_ids() == ["1", "2", "4", "5", "6"]
    with pytest.raises(IllegalCommand, match="not one of the choices"):
        ctl.apply("choose 3")
    ctl.apply("choose 4")
    assert ctl.state.players[0].discard[0].startswith("kiln_drone#")


def test_legal_choices_respect_bounds():
    ctl = _banish_pending()
    texts = ctl.legal_texts(0)
    assert "choose none" in texts
    assert all(len(t.split()) == 2 for t in texts)  # at most one option each
    assert ctl.legal_texts(1) == []


def test_match_option_by_id_kind_or_label_start():
    d = Decision(seat=0, kind="x", prompt="?", min=1, max=2, options=[
        Option(id="the_world_piercer#1", label="The World Piercer"),
        Option(id="crystal#1", label="Crystal"), Option(id="crystal#2", label="Crystal"),
        Option(id="praetorian_01#1", label="Praetorian-01"),
        Option(id="praetorian_02#1", label="Praetorian-02")])
    assert d.match_option("the_world_piercer#1") == "the_world_piercer#1"
    assert d.match_option("The_World_Piercer") == "the_world_piercer#1"  # its kind, any case
    assert d.match_option("world") == d.match_option("the_world") == "the_world_piercer#1"
    assert d.match_option("crystal") == "crystal#1"  # copies of one card: the first free one
    assert d.match_option("crystal", taken=["crystal#1"]) == "crystal#2"
    assert d.match_option("praetorian") is None  # two different cards start so
    assert d.labels_starting("praetorian") == ["Praetorian-01", "Praetorian-02"]
    assert d.match_option("praetorian_02") == "praetorian_02#1"
    assert d.match_option("01") is None and d.match_option("zz") is None  # numbers never in labels


def test_a_draft_answered_by_name_in_words_and_refusals_list_the_names():
    from tests.conftest import new_shards

    ctl = new_shards(3, seed=4, sets=["base", "relics"], variants=["relic_draft"])
    seat = ctl.who_must_act()
    before = ctl.state_json()
    with pytest.raises(IllegalCommand) as refused:
        ctl.apply("choose foo", seat)
    assert "(choose 1-6 or a name): 1 Panconscious Crown, 2 Praetorian-01" in str(refused.value)
    assert "#" not in str(refused.value)
    with pytest.raises(MalformedCommand, match="answer the question with 'choose'.*'choose panconscious_crown'"):
        ctl.apply("take datic", seat)
    assert ctl.state_json() == before
    with pytest.raises(IllegalCommand, match="^'the world spoon' is not one of the choices"):
        ctl.apply("choose the world spoon", seat)  # the whole name quoted, not its first word
    ctl.apply("choose The World Piercer", seat)
    assert ctl.state.players[seat].relics[0].startswith("the_world_piercer")


def test_a_name_two_options_share_asks_which():
    from tests.conftest import new_shards

    ctl = new_shards(3, seed=1, sets=["base", "relics"], variants=["relic_draft"])
    with pytest.raises(IllegalCommand, match="^'praetorian' could be Praetorian-02 or Praetorian-01: say which.$"):
        ctl.apply("choose praetorian", ctl.who_must_act())


def test_a_refusal_names_a_long_list_of_options_by_number_only():
    from tests.conftest import shards_scenario

    ctl = shards_scenario(players=[{"name": "Ana", "hand": ["shadow_apostle", "crystal"],
                                    "discard": ["crystal"] * 19}, {"name": "Ben"}])
    ctl.apply("play shadow_apostle", 0)
    assert len(ctl.view(0).pending.options) == 20
    before = ctl.state_json()
    with pytest.raises(IllegalCommand) as refused:
        ctl.apply("choose foo", 0)
    assert str(refused.value) == "'foo' is not one of the choices (choose 1-20 or a name; the question lists them)."
    assert ctl.state_json() == before


def test_count_problem_says_why_an_answer_does_not_fit():
    from shards_tui.core.decision import Decision, Option

    d = Decision(seat=0, kind="k", prompt="p", options=[Option(id=i, label=i) for i in "abc"], min=1, max=2)
    assert d.count_problem(["a"]) is None and d.count_problem(["a", "b"]) is None
    assert d.count_problem(["a", "a"]) == "Choose each option at most once."
    assert d.count_problem([]) == "Choose 1 to 2 options."
    one = Decision(seat=0, kind="k", prompt="p", options=[Option(id="a", label="a")], min=1, max=1)
    assert one.count_problem(["a", "b"]) == "Choose exactly 1 option."


def test_chosen_ids_take_an_id_first_then_a_position_then_a_name():
    options = [Option(id="2", label="Two"), Option(id="a", label="Alpha"), Option(id="b", label="Beta")]
    d = Decision(seat=0, kind="x", prompt="?", options=options, min=1, max=2)
    assert d.chosen_ids(["2"]) == ["2"]  # an id, not the second option
    assert d.chosen_ids(["3", "alp"]) == ["b", "a"]
    with pytest.raises(IllegalCommand, match=r"^'zeta' is not one of the choices \(choose 1-3 or a name\): "
                                             r"1 Two, 2 Alpha, 3 Beta$"):
        d.chosen_ids(["zeta"])
    with pytest.raises(IllegalCommand, match=r"^Choose 1 to 2 options\.$"):
        d.chosen_ids(["a", "b", "2"])


def test_answer_sets_list_the_fewest_first_and_stop_before_passing_the_most():
    d = Decision(seat=0, kind="x", prompt="?", options=_options("a", "b", "c", "d"), min=1, max=3)
    assert d.answer_sets(100) == [("a",), ("b",), ("c",), ("d",), ("a", "b"), ("a", "c"), ("a", "d"),
                                  ("b", "c"), ("b", "d"), ("c", "d"), ("a", "b", "c"), ("a", "b", "d"),
                                  ("a", "c", "d"), ("b", "c", "d")]
    assert d.answer_sets(9) == [("a",), ("b",), ("c",), ("d",)]  # six pairs more would pass 9
    assert d.answer_sets(2) == [("a",), ("b",)]  # the first count's sets, cut to the most
