"""The placement preview (``DiscoView.placements``): the row once the placed card's Placement
effect is done, worked out by the move's own code on a scratch copy; a question the effect
asks is named instead. The property: for random positions and every legal placement, the
previewed row is the row after the move."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shards_tui.games.disco.cards import card_db
from shards_tui.games.disco.controller import DiscoController
from tests.games.disco.conftest import disco_scenario, new_disco


def _spin_move_position():
    return disco_scenario(
        first=0, active=0,
        players=[{"name": "Ana", "faction": "felicity", "hand": ["spin_move", "disco_shuffle"]},
                 {"name": "Ben", "faction": "blackstar", "hand": ["star_cannon"]}],
        row=[{"card": "laser_show", "seat": 1}, {"card": "force_field", "seat": 0}])


def _preview(view, text):
    return next(p for p in view.placements if p.command == text)


def test_spin_move_previews_the_swap_its_placement_makes():
    ctl = _spin_move_position()
    preview = _preview(ctl.view(0), "place spin_move 1")
    assert [c.card for c in preview.row] == ["laser_show", "spin_move", "force_field"]
    assert [c.space for c in preview.row] == [1, 2, 3] and preview.asks == ""
    ctl.apply("place spin_move 1", 0)
    assert [s.card.split("#")[0] for s in ctl.state.row] == ["laser_show", "spin_move", "force_field"]


def test_a_placement_that_asks_says_so_and_shows_the_row_as_it_stands_then():
    view = _spin_move_position().view(0)
    preview = _preview(view, "place disco_shuffle 2")
    assert [c.card for c in preview.row] == ["laser_show", "disco_shuffle", "force_field"]
    assert preview.asks_seat == 0 and "select a card in the action row" in preview.asks
    plain = _preview(view, "place spin_move 3")  # last: no next card to swap with
    assert [c.card for c in plain.row] == ["laser_show", "force_field", "spin_move"]


def test_previews_leave_the_game_as_it_was_and_only_the_placer_gets_them():
    ctl = _spin_move_position()
    before = ctl.state_json()
    view = ctl.view(0)
    assert len(view.placements) == len(view.legal) == 2 * 3
    assert ctl.state_json() == before
    assert ctl.view(1).placements == [] and ctl.view(None).placements == []


def test_a_drawing_placement_shows_no_drawn_card():
    """Bass Blast draws on placement; its preview holds the row only, never the card drawn."""
    ctl = disco_scenario(
        first=0, active=0,
        players=[{"name": "Ana", "hand": ["bass_blast"], "deck_top": ["rocket"]},
                 {"name": "Ben", "hand": ["star_cannon"]}])
    view = ctl.view(0)
    assert "rocket" not in view.model_dump_json(include={"placements"})
    assert [c.card for c in _preview(view, "place bass_blast 1").row] == ["bass_blast"]


# ---- the property -----------------------------------------------------------------------------


def _row_after(ctl: DiscoController, text: str) -> tuple[list[tuple[str, int]], str]:
    """(card, seat) of each card of the row once the move is made, and the question asked
    then ('' for none): the row itself while placing goes on, else the row as it began to
    fire (a full row fires within the move)."""
    twin = DiscoController(ctl.state.working_copy(), ctl.setup)
    twin.forced_moves = ctl.forced_moves
    twin.apply(text, ctl.who_must_act())
    state = twin.state
    if state.flow.phase == "place" and not state.over:
        asked = state.pending.prompt if state.pending is not None else ""
        return [(s.card, s.seat) for s in state.row if s is not None], asked
    return [(f.card, f.seat) for f in state.action_row if f is not None], ""


def check_every_placement(ctl: DiscoController) -> int:
    """Every legal placement's preview against the move; how many had a Placement effect."""
    seat = ctl.who_must_act()
    view = ctl.view(seat)
    assert [p.command for p in view.placements] == [m.text for m in view.legal]
    effects = 0
    for preview in view.placements:
        row, asked = _row_after(ctl, preview.command)
        assert [(c.id, c.seat) for c in preview.row] == row, preview.command
        assert [c.space for c in preview.row] == list(range(1, len(row) + 1))
        assert preview.asks == asked, preview.command
        effects += bool(card_db()[preview.command.split()[1]].placement)
    return effects


def _random_position(seed: int, moves: int) -> DiscoController:
    ctl, rng = new_disco(seed=seed), random.Random(seed)
    for _ in range(moves):
        if ctl.over:
            break
        ctl.apply(rng.choice(ctl.legal_commands(ctl.who_must_act())))
    return ctl


def _placements_along(seed: int, moves: int, forced: bool = False) -> int:
    """Play ``moves`` random moves from a new game, checking every placement decision met
    (``forced``: with the questions that have one answer answered by themselves, as at a table)."""
    ctl, rng = new_disco(seed=seed), random.Random(seed)
    ctl.forced_moves = forced
    effects = 0
    for _ in range(moves):
        if ctl.over:
            break
        if ctl.state.flow.phase == "place" and ctl.state.pending is None:
            effects += check_every_placement(ctl)
        ctl.apply(rng.choice(ctl.legal_commands(ctl.who_must_act())))
    return effects


@settings(max_examples=12, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), moves=st.integers(8, 160))
def test_the_previewed_row_is_the_row_after_the_move(seed, moves):
    ctl = _random_position(seed, moves)
    while not ctl.over and not (ctl.state.flow.phase == "place" and ctl.state.pending is None):
        ctl.apply(ctl.legal_commands(ctl.who_must_act())[0])
    if not ctl.over:
        check_every_placement(ctl)


def test_placements_with_effects_are_checked_along_whole_games():
    assert _placements_along(seed=4, moves=400) > 0
    assert _placements_along(seed=4, moves=400, forced=True) > 0


def test_a_question_with_one_answer_is_not_asked_and_the_preview_shows_its_answer():
    """Seen vs the greedy bot at 80x24: Reorder Ray beside exactly two other cards asked Ana
    to tick both (its only answer) and confirm. At a table (forced moves on) the swap is made
    at once, and the preview shows it instead of 'then it asks you'."""
    ctl = disco_scenario(
        first=0, active=0,
        row=[{"card": "laser_show", "seat": 1}, {"card": "force_field", "seat": 0}],
        players=[{"name": "Ana", "hand": ["reorder_ray"]}, {"name": "Ben", "hand": ["rocket"]}])
    ctl.forced_moves = True
    preview = _preview(ctl.view(0), "place reorder_ray 3")
    assert preview.asks == ""
    assert [c.card for c in preview.row] == ["force_field", "laser_show", "reorder_ray"]
    ctl.apply("place reorder_ray 3", 0)
    assert ctl.state.pending is None and ctl.who_must_act() == 1
    assert [s.card.split("#")[0] for s in ctl.state.row] == ["force_field", "laser_show", "reorder_ray"]
    assert "Laser Show and Force Field swap places." in [e.text for e in ctl.state.log]


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(20))
def test_the_previewed_row_is_the_row_after_the_move_long(seed):
    _placements_along(seed, moves=2_000)
