"""The replay of a saved game: every position as each seat saw it, never another seat's
hidden cards before the end, the same views whichever way a position is reached, every hand
only once the game is over, and one sentence for a broken file."""

from __future__ import annotations

import json

import pytest

from shards_tui.core import saves
from shards_tui.core.errors import SaveFileError
from shards_tui.core.registry import game, game_ids
from shards_tui.core.replay import NOT_OVER, STRIDE, Replay
from tests.core.finished_games import finished_save, played

GAMES = [g for g in game_ids()]


@pytest.mark.parametrize("game_id", GAMES)
def test_a_seat_view_holds_no_other_seats_hidden_cards(game_id: str) -> None:
    """At every position, a seat's view of every other player is exactly what the public
    sees of them (their hand is not in the data at all), and it is the game's own view of
    that seat then: what the seat saw while it played."""
    replay = Replay.from_text(finished_save(game_id))
    live = game(game_id).controller.build(replay.setup)
    seats = range(len(replay.seats))
    for n in range(replay.length + 1):
        replay.seek(n)
        if n:
            entry = replay.history[n - 1]
            live.apply(entry.text, entry.seat, note=entry.note)
        public = replay.view(None).public()["players"]
        for seat in seats:
            view = replay.view(seat).public()
            assert _played(view) == _played(live.view(seat).public())
            for other in seats:
                if other != seat:
                    assert view["players"][other] == public[other], (n, seat, other)


def _played(view: dict) -> dict:
    """A view without whether undo is offered (a replay offers none)."""
    return {k: v for k, v in view.items() if k != "can_undo"}


def test_the_check_finds_a_view_that_shows_another_hand() -> None:
    """The comparison above can fail: a seat's own view differs from the public one."""
    replay = Replay.from_text(finished_save("shards"))
    replay.seek(1)
    own = replay.view(0).public()["players"][0]
    assert own != replay.view(None).public()["players"][0]


@pytest.mark.parametrize("game_id", GAMES)
def test_stepping_back_and_forth_gives_the_same_views(game_id: str) -> None:
    replay = Replay.from_text(finished_save(game_id))
    forward = {}
    for n in range(replay.length + 1):
        replay.seek(n)
        forward[n] = (replay.view(0).public(), replay.view(None).public(), replay.turn)
    for n in range(replay.length, -1, -1):  # back one move at a time
        replay.seek(n)
        assert (replay.view(0).public(), replay.view(None).public(), replay.turn) == forward[n]
    for n in (replay.length, 0, STRIDE + 3, 1, replay.length - 1, STRIDE * 2):  # jumps
        replay.seek(n)
        assert (replay.view(0).public(), replay.view(None).public(), replay.turn) == forward[n]


def test_turns_a_move_and_the_end() -> None:
    replay = Replay.from_text(finished_save("shards"))
    assert replay.seek(10_000) == replay.length and replay.controller.over
    assert replay.seek(-5) == 0 and replay.turn == 1
    start = replay.turn_start(3)
    assert replay.turns[start] == 3 and replay.turns[start - 1] == 2
    replay.seek(start)
    assert replay.turns[replay.next_turn()] == 4
    replay.seek(start + 1)
    assert replay.previous_turn() == start
    replay.seek(start)
    assert replay.turns[replay.previous_turn()] == 2
    assert replay.move(start).turn == 3 and replay.move(0) is None


@pytest.mark.parametrize("game_id", GAMES)
def test_every_hand_only_once_the_game_is_over(game_id: str) -> None:
    """A finished game shows every hand at any position; one that did not end never does."""
    replay = Replay.from_text(finished_save(game_id))
    replay.seek(replay.length // 2)
    hands = replay.hidden_cards()
    seats = {zone.seat for zone in hands}
    assert seats == set(range(len(replay.seats)))
    assert any(zone.cards for zone in hands)
    unfinished = Replay.from_text(saves.to_json(played(game_id, moves=12)))
    unfinished.seek(3)
    with pytest.raises(SaveFileError, match=NOT_OVER):
        unfinished.hidden_cards()


@pytest.mark.parametrize("game_id", GAMES)
def test_every_hand_is_each_seats_own_hand(game_id: str) -> None:
    """The game's list of hidden cards names each seat's hand as its own view shows it."""
    replay = Replay.from_text(finished_save(game_id))
    replay.seek(replay.length // 2)
    for zone in replay.hidden_cards():
        if zone.zone == "hand":
            own = replay.view(zone.seat).public()["players"][zone.seat]["hand"]
            assert len(own) == len(zone.cards)


@pytest.mark.parametrize("text, sentence", [
    ("", "is empty"),
    ('{"format": "shards-tui-save", "version": 2', "not valid JSON"),
    ('{"format": "nope", "version": 2, "game": "shards"}', "not a shards-tui save"),
])
def test_a_broken_file_is_one_sentence(text: str, sentence: str, tmp_path) -> None:
    path = tmp_path / "broken.json"
    path.write_text(text)
    with pytest.raises(SaveFileError) as caught:
        Replay.load(path)
    message = str(caught.value)
    assert sentence in message and message.count(". ") == 0 and "\n" not in message


def test_an_edited_move_is_one_sentence() -> None:
    doc = json.loads(finished_save("shards"))
    doc["history"][5]["text"] = "recruit 9"
    with pytest.raises(SaveFileError, match="does not replay: move 6"):
        Replay.from_text(json.dumps(doc))
