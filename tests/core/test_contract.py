"""The game contract in core: the registry's listings, acting seats at the gate, a state
checked when it is built, and the typed view's parts."""

from __future__ import annotations

import subprocess
import sys

import pytest

from shards_tui.core.errors import InvalidState, NotYourTurn
from shards_tui.core.registry import game, game_ids, listing, listings
from shards_tui.core.view import Move, SeatView


def test_listings_name_every_game_without_importing_one():
    code = ("import sys; from shards_tui.core.registry import listings; "
            "names = [l.title for l in listings()]; "
            "print(len(names), any(m.startswith('shards_tui.games.') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    count, imported = out.stdout.split()
    assert int(count) == len(game_ids()) and imported == "False"


def test_a_listing_matches_its_registered_game():
    for item in listings():
        info = game(item.id)
        assert (info.title, info.min_players, info.max_players) == (
            item.title, item.min_players, item.max_players)
        assert info.setup_spec() is not None and info.card_table().rows


def test_an_unknown_game_is_one_sentence():
    with pytest.raises(KeyError, match="There is no game called 'chess'; the games are"):
        listing("chess")


def test_a_setup_that_breaks_the_game_is_refused_when_built():
    with pytest.raises(InvalidState, match="health 99 is out of bounds"):
        game("shards").controller.build(
            {"kind": "scenario", "players": [{"name": "Ana", "health": 99}, {"name": "Ben"}]})


def _three_player_game():
    return game("shards").controller.build(
        {"kind": "new", "seed": 3, "players": [{"name": "Ana"}, {"name": "Ben"}, {"name": "Cy"}]})


def test_the_flow_may_name_several_acting_seats():
    ctl = _three_player_game()
    assert ctl.acting_seats() == [ctl.state.flow.active]
    ctl.state.flow.acting = [0, 2]
    assert ctl.acting_seats() == [0, 2] and ctl.may_act(2) and not ctl.may_act(1)
    assert ctl.who_must_act() == 0
    with pytest.raises(NotYourTurn, match="^Only Ana and Cy may move now.$"):
        ctl.check_seat(ctl.parse("end", 1))


def test_nobody_acts_once_the_game_is_over():
    ctl = _three_player_game()
    ctl.state.winners = [0]
    assert ctl.acting_seats() == [] and ctl.who_must_act() is None


def test_a_move_carries_its_command_and_its_text():
    ctl = _three_player_game()
    seat = ctl.state.flow.active
    moves = [Move.of(c) for c in ctl.legal_commands(seat)]
    view = SeatView(game="shards", you=seat, turn=1, phase="play", active=seat,
                    players=[], legal=moves)
    end = ctl.parse("end", seat)
    assert view.is_legal(end) and "end" in view.public()["legal"]
    assert view.legal_of(type(end)) == [end]


def test_every_registered_game_views_a_seat_as_a_typed_seat_view():
    """The shell reads every game's view alike: a ``SeatView`` of the game's own kind, whose
    ``public()`` is plain JSON data."""
    import json

    from shards_tui.core.registry import game, game_ids

    for game_id in game_ids():
        info = game(game_id)
        setup = {"kind": "new", "seed": 3, "players": [{"name": f"P{i + 1}"} for i in range(2)]}
        ctl = info.controller.build(setup)
        for seat in (None, ctl.who_must_act()):
            view = ctl.view(seat)
            assert isinstance(view, SeatView) and view.game == game_id
            assert json.loads(json.dumps(view.public())) == view.public()


def test_every_name_a_game_registers_resolves():
    """Each "module:Class" / "module:function" string of every game (its bots, table, decks,
    own screens, hooks) names something that imports and exists."""
    import inspect

    from shards_tui.core.registry import load_named, named_refs

    for game_id in game_ids():
        refs = named_refs(game(game_id))
        assert game(game_id).bots in refs
        for ref in refs:
            target = load_named(ref)
            assert inspect.isclass(target) or callable(target), f"{game_id}: {ref}"
