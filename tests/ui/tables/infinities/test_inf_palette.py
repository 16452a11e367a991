"""The palette shows an answer to a question by its options' positions ('choose 2'), which
the game takes as well as the ids, so no card instance's id ('mist_stalker#1') is shown
(issue 33, item 4); a command without an id is not repeated in the words under it."""

from __future__ import annotations

from shards_tui.core.commands import Choose
from shards_tui.core.replay import Replay
from shards_tui.ui.screens.replay_view import INTERNAL_ID
from shards_tui.ui.tables.infinities.words import palette_entries, shown_text
from tests.core.finished_games import finished_save


def test_no_palette_entry_of_a_whole_game_shows_an_instance_id() -> None:
    replay = Replay.from_text(finished_save("infinities"))
    answers = 0
    for n in range(1, replay.length + 1):
        view = replay.view_before(n, replay.move(n).seat)
        for text, shown in palette_entries(view):
            assert not INTERNAL_ID.search(shown), (n, shown)
            answers += INTERNAL_ID.search(text) is not None
            if not INTERNAL_ID.search(text):  # shown as the command with these words under it
                assert not shown.startswith(text), (n, shown)  # ('keep' over 'keep · Keep...')
    assert answers, "the game asked no question whose answer names a card: test nothing"


def test_the_shown_answer_is_the_same_move_as_the_one_it_stands_for() -> None:
    replay = Replay.from_text(finished_save("infinities"))
    n = next(n for n in range(1, replay.length + 1) if INTERNAL_ID.search(replay.move(n).text))
    move = replay.move(n)
    view = replay.view_before(n, move.seat)
    legal = next(m for m in view.legal if m.text == move.text)
    assert type(legal.command) is Choose
    shown = shown_text(view, legal.command, legal.text)
    assert shown.split()[0] == "choose" and not INTERNAL_ID.search(shown)
    replay.seek(n - 1)
    by_id = replay.controller
    by_id.apply(move.text, move.seat)
    expected = by_id.state.model_dump()
    replay.seek(n - 1)
    by_position = replay.controller
    by_position.apply(shown, move.seat)
    assert by_position.state.model_dump() == expected  # (the history keeps the text as typed)
