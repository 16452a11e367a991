"""Disco Infinity's commands: one canonical line each, parsed and printed, small and hashable."""

from __future__ import annotations

import pytest

from shards_tui.core.commands import Choose
from shards_tui.core.errors import MalformedCommand, UnknownVerb
from shards_tui.games.disco.commands import COMMANDS, Draft, DraftKeep, Pass, Place


@pytest.mark.parametrize("line, command", [
    ("place finale_rocket 3", Place(seat=0, card="finale_rocket", gap=3)),
    ("place Finale Rocket 3", Place(seat=0, card="finale_rocket", gap=3)),
    ("PLACE rocket 1", Place(seat=0, card="rocket", gap=1)),
    ("place 2 4", Place(seat=0, card="2", gap=4)),
    ("draft", Draft(seat=0)),
    ("draft 2", DraftKeep(seat=0, options=("2",))),
    ("draft 02", DraftKeep(seat=0, options=("2",))),
    ("pass", Pass(seat=0)),
    ("choose space3", Choose(seat=0, options=("space3",))),
    ("choose none", Choose(seat=0)),
])
def test_lines_parse_to_commands(line, command):
    assert COMMANDS.parse(line, 0) == command


@pytest.mark.parametrize("command", [
    Place(seat=1, card="finale_rocket", gap=3), Draft(seat=0), DraftKeep(seat=1, options=("3",)),
    Pass(seat=1), Choose(seat=0, options=("rocket#2", "space4")),
])
def test_the_text_form_is_canonical(command):
    assert COMMANDS.parse(command.text(), command.seat) == command


def test_commands_are_small_immutable_and_hashable():
    a, b = Place(seat=0, card="rocket", gap=2), Place(seat=0, card="rocket", gap=2)
    assert a == b and hash(a) == hash(b) and len({a, b, Pass(seat=0)}) == 2
    with pytest.raises(Exception):
        a.gap = 3  # type: ignore[misc]
    assert isinstance(DraftKeep(seat=0, options=("1",)), Choose)


@pytest.mark.parametrize("line, error, words", [
    ("place", MalformedCommand, "place CARD GAP"),
    ("place rocket", MalformedCommand, "place CARD GAP"),
    ("place rocket x", MalformedCommand, "place CARD GAP"),
    ("place rocket 123", MalformedCommand, "place CARD GAP"),
    ("draft two", MalformedCommand, "draft N"),
    ("draft 1 2", MalformedCommand, "draft N"),
    ("pass now", MalformedCommand, "takes no words"),
    ("dance", UnknownVerb, "not a command here"),
    ("place 'rocket 2", MalformedCommand, "unclosed quote"),
    ("", MalformedCommand, "Type a command"),
    ("place " + "x" * 300 + " 1", MalformedCommand, "too long"),
])
def test_malformed_lines_are_refused_in_one_sentence(line, error, words):
    with pytest.raises(error, match=words):
        COMMANDS.parse(line, 0)


def test_help_lists_every_verb():
    verbs = {usage.split()[0] for usage, _ in COMMANDS.help_lines()}
    assert verbs == {"place", "draft", "pass", "choose"}
