"""What a narrated bot game (the demo) reads from Disco Infinity, headless: each bot move's
reason explains it to a watcher, each event the move logs cites a rule the reference has, and
nothing a seat may not see is named in the notes everyone reads."""

from __future__ import annotations

import re

import pytest

from shards_tui.bots.base import act, bot_note, make_bot
from shards_tui.core.commands import Choose
from shards_tui.core.rules_text import rule_title
from shards_tui.games.disco.commands import DraftKeep, Place
from tests.games.disco.conftest import disco_scenario, new_disco

RAW = re.compile(r"#\d|\bspace\d|_")  # an instance id, an option id, a card id


def _narrate(ctl, bots, moves: int) -> list[tuple[str, object, str, list]]:
    """Play ``moves`` bot moves as the demo does: (seat name, command, note, new events)."""
    told = []
    for _ in range(moves):
        if ctl.over:
            break
        seat = ctl.who_must_act()
        seen = len(ctl.state.log)
        move = act(bots[seat], ctl, seat)
        note = bot_note("greedy", move.reason, ctl.seat_names()[seat])
        ctl.apply(move.command, note=note)
        told.append((ctl.seat_names()[seat], move.command, move.reason, ctl.state.log[seen + 1:]))
    return told


@pytest.mark.parametrize("seed", [3, 11])
def test_every_move_of_a_bot_game_is_explained_and_cites_a_rule(seed):
    ctl = new_disco(seed=seed)
    bots = [make_bot("greedy", "disco", seed=seed * 16 + s) for s in (0, 1)]
    told = _narrate(ctl, bots, 400)
    assert ctl.over, "a greedy game ends within 400 moves"
    placed = 0
    for name, command, reason, events in told:
        assert reason and reason[0].islower() and not RAW.search(reason), reason
        if isinstance(command, Place):
            placed += 1
            verb, _, why = reason.partition(": ")
            assert verb.startswith("places ") and f"in space {command.gap}" in verb, reason
            assert why, f"a placement says why: {reason}"
        for event in events:
            assert event.anchor, f"'{event.text}' cites no rule"
            heading, sentence = rule_title("disco", event.anchor) or ("", "")
            assert heading and sentence, f"#{event.anchor} has no heading and sentence"
    assert placed >= 18  # three rounds at least


def test_a_missile_says_what_it_aims_at():
    ctl = disco_scenario(
        first=0, active=0,
        row=[{"card": "force_field", "seat": 1}] * 5,
        players=[{"name": "Ana", "hand": ["rocket"]},
                 {"name": "Ben", "orbit": [{"space": 3, "card": "power_plant", "tokens": 2},
                                           {"space": 3, "card": "bastion"}]}])
    reasons = _reasons(ctl, 0)
    assert reasons["place rocket 3"].endswith(
        "a missile to shoot down Ben's Bastion in orbit space 3")  # Guard takes the hit alone
    assert reasons["place rocket 6"].endswith("a missile of 3 at Ben's shields, down column 6")


def test_a_satellite_says_where_it_goes_and_what_it_does_there():
    last = disco_scenario(first=1, row=[{"card": "force_field", "seat": 1}] * 5,
                          players=[{"name": "Ana", "hand": ["research_satellite"]},
                                   {"name": "Ben"}])
    assert _reasons(last, 0)["place research_satellite 2"] == (
        "places Research Satellite in space 2: to launch it into orbit space 2, then gain 1 "
        "research point in space 2 every round")
    # With cards still to come, the space it will probably fire from is said too.
    early = disco_scenario(first=0, row=[{"card": "force_field", "seat": 1}],
                           players=[{"name": "Ana", "hand": ["research_satellite"]},
                                    {"name": "Ben"}])
    assert _reasons(early, 0)["place research_satellite 2"].startswith(
        "places Research Satellite in space 2 (it should fire from space 5): to launch it "
        "into orbit space 5")


def test_a_token_says_why_it_goes_where_it_goes():
    ctl = disco_scenario(
        first=1, active=0,
        row=[{"card": "force_field", "seat": 1}, {"card": "sparkle", "seat": 0},
             {"card": "force_field", "seat": 1}, {"card": "force_field", "seat": 0},
             {"card": "force_field", "seat": 1}],
        players=[{"name": "Ana", "hand": ["laser_show"],
                  "orbit": [{"space": 1, "card": "power_plant"}]},
                 {"name": "Ben"}])
    ctl.apply("place laser_show 6", 0)
    reasons = _reasons(ctl, 0)
    assert reasons["choose power_plant#1"] == (
        "puts the token on Power Plant: tokens on a satellite stay from round to round")
    assert reasons["choose laser_show#1"].endswith("to be spent or counted this round")


def test_a_kept_draft_card_is_never_named():
    ctl = new_disco(seed=5)
    seat = ctl.who_must_act()
    offered = [c.name for c in ctl.view(seat).offer or []]
    assert len(offered) == 3
    for command, (_, reason) in zip(ctl.legal_commands(seat), _scores(ctl, seat)):
        assert isinstance(command, DraftKeep)
        assert not any(name in reason for name in offered), reason


def test_an_answer_names_spaces_in_words():
    ctl = disco_scenario(first=0, active=0, row=[{"card": "force_field", "seat": 1}] * 5,
                         players=[{"name": "Ana", "hand": ["orbit_nudge"],
                                   "orbit": [{"space": 2, "card": "power_plant"}]},
                                  {"name": "Ben"}])
    ctl.apply("place orbit_nudge 6", 0)
    ctl.apply("choose power_plant", 0)
    reasons = _reasons(ctl, 0)
    assert set(reasons.values()) == {"moves it to orbit space 1", "moves it to orbit space 3"}


def _scores(ctl, seat):
    from shards_tui.bots.adapters import adapter

    return adapter("disco").scores(ctl.view(seat), ctl.legal_commands(seat), seat, {})


def _reasons(ctl, seat) -> dict[str, str]:
    legal = ctl.legal_commands(seat)
    out = {c.text(): reason for c, (_, reason) in zip(legal, _scores(ctl, seat))}
    assert all(isinstance(c, (Place, Choose)) for c in legal)
    return out
