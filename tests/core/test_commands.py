"""Command text: every legal command prints a line that parses back to the same command."""

from __future__ import annotations

import random

import pytest

from shards_tui.core.commands import MAX_COMMAND_LENGTH, Choose
from shards_tui.core.errors import MalformedCommand
from shards_tui.core.registry import game
from tests.conftest import new_shards

COMMANDS = game("shards").controller.commands


def _round_trips(ctl) -> int:
    checked = 0
    for seat in range(len(ctl.seat_names())):
        for command in ctl.legal_commands(seat):
            text = command.text()
            assert text == text.strip() and "\n" not in text
            again = ctl.parse(text, seat)
            assert again == command, f"{text!r} parsed back as {again!r}"
            assert again.text() == text
            checked += 1
    return checked


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_legal_command_round_trips(players):
    ctl = new_shards(players, seed=players * 11)
    rng = random.Random(players)
    checked = 0
    for _ in range(150):
        if ctl.over:
            break
        checked += _round_trips(ctl)
        seat = ctl.who_must_act()
        ctl.apply(rng.choice(ctl.legal_commands(seat)))
    assert checked > 300


def test_round_trip_with_awkward_player_names():
    """Names with spaces, accents, digits or duplicates still give parseable, distinct targets."""
    from shards_tui.core.registry import game as get_game

    setup = {"kind": "new", "seed": 5, "first": 0,
             "players": [{"name": "Zoë Ann"}, {"name": "P1"}, {"name": "Zoë Ann"}, {"name": "2"}]}
    ctl = get_game("shards").controller.build(setup)
    slugs = [p.slug for p in ctl.view(None).players]
    assert len(set(slugs)) == 4
    assert all(s == s.lower() and " " not in s for s in slugs)
    _round_trips(ctl)


@pytest.mark.parametrize("text, canonical", [
    ("PLAY Crystal", "play crystal"),
    ("  play   reactor drone ", "play reactor_drone"),
    ("play Fao Cu'tul", "play fao_cutul"),
    ("recruit Le\u2019shai Knight", "recruit leshai_knight"),
    ("recruit 3", "recruit 3"),
    ("Focus", "focus"),
    ("assign Ben 4", "assign ben 4"),
    ("assign ana 2 3", "assign ana_2 3"),  # a name of two words, as the server makes them
    ("choose NONE", "choose none"),
    ("choose Crystal#2 blaster#1", "choose crystal#2 blaster#1"),
    ("end", "end"),
])
def test_parsing_normalises(text, canonical):
    assert COMMANDS.parse(text, 0).text() == canonical


@pytest.mark.parametrize("text, message", [
    ("", "Type a command"),
    ("   ", "Type a command"),
    ("dance", "is not a command here"),
    ("play", "Say which one"),
    ("focus now", "takes no words after it"),
    ("end turn", "takes no words after it"),
    ("assign ben", "assign PLAYER N"),
    ("assign ben x", "assign PLAYER N"),
    ("assign ben 0", "assign PLAYER N"),
    ("assign ben -3", "assign PLAYER N"),
    ("choose", "Say which option"),
    ('play "crystal', "unclosed quote"),
    ("x" * (MAX_COMMAND_LENGTH + 1), "too long"),
])
def test_malformed_text(text, message):
    with pytest.raises(MalformedCommand, match=message):
        COMMANDS.parse(text, 0)


def test_choose_none_is_the_empty_answer():
    assert COMMANDS.parse("choose none", 2) == Choose(seat=2)
    assert Choose(seat=2).text() == "choose none"


def test_help_lists_every_verb():
    usages = " ".join(usage for usage, _ in COMMANDS.help_lines())
    for verb in ("play", "recruit", "fastplay", "exhaust", "focus", "attack", "end", "assign", "choose"):
        assert verb in usages


def test_a_shared_command_is_built_once_and_equals_a_new_one():
    from shards_tui.games.shards.commands import Play

    first = Play.shared(1, card="crystal")
    assert Play.shared(1, card="crystal") is first
    assert first == Play(seat=1, card="crystal") and first.text() == "play crystal"
    assert Play.shared(0, card="crystal") != first
    assert Play.shared(1, card="shadow") != first
