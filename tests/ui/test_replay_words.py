"""A replay's bar says each move as the watched seat saw it at the table: its mover (and, once
the game is over, 'every hand') in the table's words from the mover's view, anyone else by what
the move added to their own log. So a hidden move never names, to another seat, the cards only
its mover saw, and no move is ever shown by its command text with a card's id ('mist_stalker#1',
issue 33)."""

from __future__ import annotations

import pytest

from shards_tui.bots.base import act, make_bot
from shards_tui.core import saves
from shards_tui.core.registry import game, game_ids
from shards_tui.core.replay import Replay
from shards_tui.core.wording import move_summary
from shards_tui.ui.game_tables import table_class
from shards_tui.ui.screens.replay_view import (INTERNAL_ID, NOT_SHOWN, Watch, move_as_seen,
                                               watches)
from tests.core.finished_games import finished_save

PUBLIC = Watch("the public view")


def words(replay: Replay, n: int, watch: Watch) -> str:
    """The move line of the bar at move ``n`` (what the bar is built from), in the game's table."""
    table = table_class(replay.game_id)(replay.controller, networked=True)
    return move_as_seen(replay, n, watch, table.move_line)


def infinities_redraw() -> tuple[Replay, int, list[str]]:
    """Infinities: Ana redraws two hand cards while deploying (bots play up to it)."""
    ctl = game("infinities").controller.build(
        {"kind": "new", "seed": 3, "players": [{"name": "Ana"}, {"name": "Ben"}]})
    bots = [make_bot("greedy", "infinities", seed=s) for s in range(2)]
    while not any(m.text.startswith("redraw") for m in ctl.view(ctl.who_must_act()).legal):
        seat = ctl.who_must_act()
        ctl.apply(act(bots[seat], ctl, seat).command)
    hand = ctl.view(0).players[0].hand
    ctl.apply("redraw 1 2", 0)
    replay = Replay.from_text(saves.to_json(ctl))
    return replay, replay.length, [card.name for card in hand[:2]]


def first_move(game_id: str, verb: str) -> tuple[Replay, int]:
    replay = Replay.from_text(finished_save(game_id))
    n = next(n for n in range(1, replay.length + 1) if replay.move(n).text.split()[0] == verb)
    return replay, n


def disco_draft() -> tuple[Replay, int, list[str]]:
    """Disco: the card a player keeps from a draft cycle is theirs alone."""
    replay, n = first_move("disco", "draft")
    view = replay.view_before(n, replay.move(n).seat)
    return replay, n, [view.offer[int(replay.move(n).text.split()[1]) - 1].name]


def fractured_net_keep() -> tuple[Replay, int, list[str]]:
    """The Fractured Net: whether a player kept or shuffled back their opening hand is
    theirs alone until both have decided (their view says only that they decided)."""
    replay, n = first_move("fractured_net", "keep")
    return replay, n, ["Keep your opening hand"]


def shards_draw() -> tuple[Replay, int, list[str]]:
    """Shards: the cards a player draws at the end of their turn (the mover's own log names
    them; another's says how many)."""
    replay = Replay.from_text(finished_save("shards"))
    for n in range(1, replay.length + 1):
        mover = replay.move(n).seat
        drawn = [line for line in replay.log_added(n, mover) if " draws " in line and "," in line]
        if drawn and drawn != [line for line in replay.log_added(n, 1 - mover) if " draws " in line]:
            names = drawn[0].split(" draws ", 1)[1].rstrip(".").split(", ")
            return replay, n, names
    raise AssertionError("no hidden draw in the game")


HIDDEN = {"infinities": infinities_redraw, "disco": disco_draft,
          "fractured_net": fractured_net_keep, "shards": shards_draw}


@pytest.mark.parametrize("game_id", sorted(HIDDEN))
def test_a_hidden_move_names_nothing_hidden_to_another_seat(game_id: str) -> None:
    replay, n, hidden = HIDDEN[game_id]()
    mover = replay.move(n).seat
    for watch in (Watch("other", 1 - mover), PUBLIC):
        line = words(replay, n, watch)
        assert line and not any(name in line for name in hidden), (watch, line, hidden)
        assert line == move_summary(replay.log_added(n, watch.seat), NOT_SHOWN), (watch, line)
    if game_id != "shards":  # (Shards' draw is worded by the move that ends the turn)
        own = words(replay, n, Watch("own", mover))
        assert all(name in own for name in hidden), (own, hidden)


@pytest.mark.parametrize("game_id", sorted(game_ids()))
def test_no_move_line_shows_an_internal_id(game_id: str) -> None:
    """A whole bot game, from the public view and each seat's ('every hand' words each move
    as its mover's own view does)."""
    replay = Replay.from_text(finished_save(game_id))
    table = table_class(game_id)(replay.controller, networked=True)
    views = [w for w in watches(replay) if not w.everything]
    for n in range(1, replay.length + 1):
        for watch in views:
            line = move_as_seen(replay, n, watch, table.move_line)
            assert line and not INTERNAL_ID.search(line), (n, replay.move(n).text, watch, line)


def test_an_infinities_answer_is_worded_by_its_options_label() -> None:
    """The table's words for a legal answer (the palette's, the bar's): 'choose roll' is the
    gambit question's 'Roll the gambit die'."""
    replay, n = first_move("infinities", "choose")
    move = replay.move(n)
    view = replay.view_before(n, move.seat)
    label = next(o.label for o in view.pending.options if o.id == move.text.split()[1])
    table = table_class("infinities")(replay.controller, networked=True)
    assert table.move_line(view, move.text) == f"Answer: {label}"
