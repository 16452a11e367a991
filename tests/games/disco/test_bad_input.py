"""Bad input to a Disco Infinity game: one typed refusal, one sentence, the state unchanged."""

from __future__ import annotations

import pytest

from shards_tui.core.errors import (CommandRejected, GameOver, IllegalCommand, MalformedCommand,
                                    NotYourTurn, UnknownVerb)
from tests.games.disco.conftest import disco_scenario, new_disco, play_to_round


def _refused(ctl, line: str, seat: int | None, error: type[CommandRejected]) -> str:
    before, history = ctl.state_json(), list(ctl.history)
    with pytest.raises(error) as refused:
        ctl.apply(line, seat)
    text = str(refused.value)
    assert text.strip() and "\n" not in text and text.endswith((".", "?", ")")) or ":" in text
    assert ctl.state_json() == before and ctl.history == history
    return text


@pytest.fixture
def placing():
    return disco_scenario(players=[{"name": "Ana", "faction": "felicity", "hand": ["rocket", "laser_show"]},
                                   {"name": "Ben", "faction": "haxwell", "hand": ["force_field"]}],
                          row=[{"card": "spotlight", "seat": 1}, {"card": "lab_notes", "seat": 1}])


def test_placing_a_card_you_do_not_hold(placing):
    assert "no 'interceptor' in your hand" in _refused(placing, "place interceptor 1", 0, IllegalCommand)


def test_placing_by_a_hand_position_that_does_not_exist(placing):
    assert "no card 5" in _refused(placing, "place 5 1", 0, IllegalCommand)


@pytest.mark.parametrize("gap", [0, 4, 99])
def test_a_gap_out_of_range(placing, gap):
    line = f"place rocket {gap}"
    error = MalformedCommand if gap == 0 else IllegalCommand
    text = _refused(placing, line, 0, error)
    if gap:
        assert text == f"The row has 2 cards, so a card goes in space 1 to 3, not {gap}."


def test_acting_out_of_turn(placing):
    assert _refused(placing, "place force_field 1", 1, NotYourTurn) == "It is Ana's turn."


def test_a_seat_that_does_not_exist(placing):
    _refused(placing, "place rocket 1", 5, NotYourTurn)


@pytest.mark.parametrize("line, error", [
    ("place", MalformedCommand), ("place rocket three", MalformedCommand), ("boogie", UnknownVerb),
    ("draft x", MalformedCommand), ("\x00\x01", MalformedCommand), ("choose", MalformedCommand),
])
def test_a_malformed_line(placing, line, error):
    _refused(placing, line, 0, error)


def test_answering_when_nothing_is_asked(placing):
    assert "Nothing is being asked" in _refused(placing, "choose 1", 0, IllegalCommand)
    assert "Nothing is being asked" in _refused(placing, "draft 1", 0, IllegalCommand)


def test_drafting_outside_a_draft_cycle(placing):
    assert "after a round" in _refused(placing, "draft", 0, IllegalCommand)
    assert "no draft cycle" in _refused(placing, "pass", 0, IllegalCommand)


def test_drafting_twice():
    ctl = disco_scenario(phase="draft", players=[{"name": "Ana"}, {"name": "Ben"}])
    ctl.apply("draft", 0)
    ctl.apply("draft 1", 0)  # Ana keeps her card; now Ben decides
    assert ctl.who_must_act() == 1
    assert _refused(ctl, "draft", 0, NotYourTurn) == "It is Ben's turn."
    assert "Nothing is being asked" in _refused(ctl, "draft 2", 0, IllegalCommand)
    ctl.apply("pass", 1)
    assert ctl.state.flow.phase == "place"  # both decided: the next round began


def test_drafting_twice_before_the_other_player_decides():
    ctl = disco_scenario(phase="draft", players=[{"name": "Ana"}, {"name": "Ben"}], active=0)
    ctl.apply("draft", 0)
    text = _refused(ctl, "draft", 0, IllegalCommand)
    assert text.startswith("Answer the question first")


def test_keeping_a_card_that_was_not_offered():
    ctl = new_disco(seed=4)
    seat = ctl.who_must_act()
    assert "not one of the choices" in _refused(ctl, "draft 4", seat, IllegalCommand)
    assert "not one of the choices" in _refused(ctl, "choose rocket#99", seat, IllegalCommand)


def test_placing_during_the_setup_draft():
    ctl = new_disco(seed=4)
    seat = ctl.who_must_act()
    assert _refused(ctl, "place 1 1", seat, IllegalCommand).startswith("Answer the question first")


def test_moves_after_the_game_is_over():
    ctl = disco_scenario(players=[{"name": "Ana", "hand": ["laser_show"]},
                                  {"name": "Ben", "shields": 3, "hand": ["rocket"]}],
                         row=[{"card": "spotlight", "seat": 1}] * 5, active=0)
    ctl.apply("place laser_show 1", 0)
    assert ctl.over and ctl.winners == [0]
    assert "over" in _refused(ctl, "place rocket 1", 1, GameOver)


def test_a_bad_setup_is_refused_in_one_sentence():
    from shards_tui.core.scenario import Scenario, build
    from shards_tui.core.errors import ScenarioError

    bad = Scenario(title="t", game="disco", setup={"players": [{"name": "Ana", "hand": ["nope"]},
                                                                {"name": "Ben"}]})
    with pytest.raises(ScenarioError, match="no Disco Infinity card 'nope'"):
        build(bad)
    with pytest.raises(ValueError, match="same faction"):
        new_disco(factions=("frankie", "frankie"))
    with pytest.raises(KeyError, match="no faction 'disco'"):
        new_disco(factions=("disco", None))


def test_the_refusals_through_a_real_round_leave_no_trace():
    ctl = play_to_round(new_disco(seed=11), 1)
    seat = ctl.who_must_act()
    card = ctl.state.players[seat].hand[0].split("#")[0]
    _refused(ctl, f"place {card} 9", seat, IllegalCommand)
    _refused(ctl, f"place {card} 1", 1 - seat, NotYourTurn)
    ctl.apply(f"place {card} 1", seat)


@pytest.mark.parametrize("body, words", [
    ('title = "t"\ngame = "disco"\n[setup]\nplayers = [{ name = "Ana", hand = ["nope"] }, { name = "Ben" }]\n',
     "no Disco Infinity card 'nope'"),
    ('title = "t"\ngame = "disco"\n[setup]\nphase = "dance"\nplayers = [{ name = "Ana" }, { name = "Ben" }]\n',
     "phase"),
    ('title = "t"\ngame = "disco"\n[setup]\nplayers = [{ name = "Ana", orbit = [{ space = 9, card = "bastion" }] }, '
     '{ name = "Ben" }]\n', "space"),
    ('title = "t"\ngame = "disco"\n[setup]\nplayers = [{ name = "Ana", orbit = [{ space = 1, card = "rocket" }] }, '
     '{ name = "Ben" }]\n', "not a satellite"),
    ('title = "t"\ngame = "disco"\n[setup\n', "not valid TOML"),
])
def test_a_broken_scenario_file_is_one_sentence_and_exit_2(tmp_path, capsys, body, words):
    from shards_tui.cli import main

    path = tmp_path / "broken.toml"
    path.write_text(body, encoding="utf-8")
    assert main(["scenario", str(path), "--check"]) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err and err.count("\n") == 1
