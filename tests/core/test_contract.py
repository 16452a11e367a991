"""The game contract in core: the registry's listings, acting seats at the gate, a state
checked when it is built, and the typed view's parts."""

from __future__ import annotations

import ast
import dataclasses
import enum
import inspect
import subprocess
import sys
import typing
from pathlib import Path

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


def _view_type_of(table: type) -> type | None:
    """The view type a table names (``TableScreen[ItsView]``), None if it names none."""
    from shards_tui.ui.tables.base.screen import TableScreen

    for cls in table.__mro__:
        for base in getattr(cls, "__orig_bases__", ()):
            if typing.get_origin(base) is TableScreen:
                found = typing.get_args(base)[0]
                return found if isinstance(found, type) else None
    return None


@pytest.mark.parametrize("game_id", game_ids())
def test_every_name_a_game_registers_resolves_to_what_it_names(game_id: str):
    """Each "module:Class" / "module:function" string of a game names what its field says:
    its bots a GameAdapter for it, its table a TableScreen of the game's own view, its decks
    the game's DeckRules, its own screens Screens; ``named_refs`` lists each of them."""
    from textual.screen import Screen

    from shards_tui.core.bot_adapter import GameAdapter
    from shards_tui.core.campaign import CampaignSpec
    from shards_tui.core.decks import DeckRules
    from shards_tui.core.registry import load_named, named_refs
    from shards_tui.ui.tables.base.screen import TableScreen
    from tests.fuzz.game_case import cases

    info = game(game_id)
    screens = [ref for _title, ref in info.listing.screens]
    assert set(named_refs(info)) == {info.bots, info.table_screen, info.decks, info.campaign,
                                     *screens} - {None}
    adapter = load_named(info.bots)()
    assert isinstance(adapter, GameAdapter) and adapter.game_id == game_id
    if info.table_screen is not None:
        table = load_named(info.table_screen)
        assert inspect.isclass(table) and issubclass(table, TableScreen)
        named = _view_type_of(table)
        ctl = cases(game_id)[0].build(cases(game_id)[0].player_counts[0], 1)
        assert named is None or named is type(ctl.view(0)), f"{table.__name__} shows {named}"
    if info.decks is not None:
        assert isinstance(load_named(info.decks)(), DeckRules)
    if info.campaign is not None:
        assert isinstance(load_named(info.campaign)(), CampaignSpec)
    for ref in screens:
        target = load_named(ref)
        assert inspect.isclass(target) and issubclass(target, Screen), ref


def test_every_bot_level_names_a_bot():
    from shards_tui.bots.base import LEVELS, Bot, bot_class

    assert LEVELS and all(issubclass(bot_class(level), Bot) for level in LEVELS)


def test_a_registration_names_its_hooks_typed():
    """What the shell asks of a game is a typed field of its registration, never a loose
    dict of hooks looked up by name."""
    from shards_tui.core.registry import GameInfo

    assert "extra" not in {f.name for f in dataclasses.fields(GameInfo)}
    for game_id in game_ids():
        info = game(game_id)
        assert info.stats is not None and info.stats.figures, f"{game_id} registers no figures"
        assert info.seating_note is None or callable(info.seating_note)
        assert info.progress is None or callable(info.progress)

def _phases_set(game_id: str) -> set[str]:
    """Every phase the game's rules set, read from its code (``....phase = "x"``, ``phase="x"``)."""
    found: set[str] = set()
    folder = Path(__file__).resolve().parents[2] / "shards_tui" / "games" / game_id
    for path in folder.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            pairs: list[tuple[ast.AST, ast.AST]] = []
            if isinstance(node, ast.Assign):
                for target in node.targets:
                    if isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple):
                        pairs += list(zip(target.elts, node.value.elts))
                    else:
                        pairs.append((target, node.value))
            elif isinstance(node, ast.keyword) and node.arg == "phase":
                pairs.append((ast.Name("phase"), node.value))
            for target, value in pairs:
                named = getattr(target, "attr", None) or getattr(target, "id", None)
                if named == "phase" and isinstance(value, ast.Constant) \
                        and isinstance(value.value, str):
                    found.add(value.value)
    return found


@pytest.mark.parametrize("game_id", game_ids())
def test_a_games_phase_is_an_enum_of_every_phase_its_rules_set(game_id: str):
    from tests.fuzz.game_case import cases

    case = cases(game_id)[0]
    view = case.build(case.player_counts[0], 1).view(0)
    phase = typing.get_type_hints(type(view))["phase"]
    assert inspect.isclass(phase) and issubclass(phase, enum.StrEnum)
    assert isinstance(view.phase, phase)
    set_by_rules = _phases_set(game_id)
    assert set_by_rules and set_by_rules <= {p.value for p in phase}


def _string_side(node: ast.AST) -> bool:
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    return isinstance(node, (ast.Tuple, ast.List, ast.Set)) and any(
        isinstance(e, ast.Constant) and isinstance(e.value, str) for e in node.elts)


def _is_phase(node: ast.AST) -> bool:
    return getattr(node, "attr", None) == "phase" or getattr(node, "id", None) == "phase"


def test_no_table_compares_a_phase_with_a_string():
    """A table compares the view's phase with its game's ``Phase`` enum, never a string (a
    misspelled phase is then an error, not a comparison that is never true)."""
    ui = Path(__file__).resolve().parents[2] / "shards_tui" / "ui"
    found = []
    for path in sorted(ui.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Compare):
                sides = [node.left, *node.comparators]
                if any(_is_phase(s) for s in sides) and any(_string_side(s) for s in sides):
                    found.append(f"{path.relative_to(ui)}:{node.lineno}")
    assert found == []
