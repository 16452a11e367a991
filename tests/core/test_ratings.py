"""Ratings in a real SQLite file: openskill updates, leaderboard rows, several writers at once,
and a corrupt file left untouched."""

from __future__ import annotations

import threading

import pytest

from shards_tui.core.ratings import (Player, Ratings, RatingsError, bot_player, ladder_lines,
                                     local_player, ssh_player)


def test_a_win_raises_the_winner_and_lowers_the_loser(tmp_path):
    ratings = Ratings(tmp_path / "r.sqlite3")
    ana, bot = local_player("Ana"), bot_player("greedy")
    rows = ratings.record_seats("fractured_net", [ana, bot], winners=[0])
    by = {r.key: r for r in rows}
    assert by["local:ana"].mu > 25 > by["bot:greedy"].mu
    assert by["local:ana"].games == 1 and by["local:ana"].wins == 1 and by["bot:greedy"].wins == 0
    board = ratings.leaderboard("fractured_net")
    assert [r.name for r in board] == ["Ana", "greedy bot"] and board[0].rank == 1
    assert ratings.leaderboard("shards") == []  # per game
    lines = ladder_lines(board, "The Fractured Net")
    assert "Ana" in lines[3] and lines[3].rstrip().endswith("100%")
    assert lines[3].split()[2] == "hot-seat" and lines[4].split()[3] == "bot"  # not 'local'


def test_free_for_all_and_teams(tmp_path):
    ratings = Ratings(tmp_path / "r.sqlite3")
    a, b, c, d = (Player(f"local:{n}", n) for n in "abcd")
    ratings.record("shards", [[a], [b], [c]], winners=[1])
    ratings.record("shards", [[a, b], [c, d]], winners=[0])
    board = {r.name: r for r in ratings.leaderboard("shards")}
    assert board["b"].wins == 2 and board["d"].games == 1


def test_bad_matches_are_refused(tmp_path):
    ratings = Ratings(tmp_path / "r.sqlite3")
    a = local_player("Ana")
    with pytest.raises(RatingsError, match="two sides"):
        ratings.record("g", [[a]], winners=[0])
    with pytest.raises(RatingsError, match="two sides of a rated match"):
        ratings.record("g", [[a], [local_player("ana")]], winners=[0])
    with pytest.raises(RatingsError, match="winner"):
        ratings.record("g", [[a], [bot_player("random")]], winners=[5])


def test_concurrent_writers_lose_no_update(tmp_path):
    path = tmp_path / "r.sqlite3"
    Ratings(path).record("g", [[local_player("warm")], [bot_player("up")]], winners=[0])
    errors = []

    def play(k: int) -> None:
        try:
            for _ in range(10):
                Ratings(path).record("g", [[local_player(f"p{k}")], [bot_player("greedy")]], [0])
        except Exception as exc:  # pragma: no cover - the test reports it
            errors.append(exc)
    threads = [threading.Thread(target=play, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    board = {r.key: r for r in Ratings(path).leaderboard("g")}
    assert board["bot:greedy"].games == 40


def test_a_corrupt_file_is_one_sentence_and_kept(tmp_path):
    path = tmp_path / "r.sqlite3"
    path.write_bytes(b"this is not a database" * 100)
    before = path.read_bytes()
    with pytest.raises(RatingsError, match="is not a ratings database"):
        Ratings(path).record("g", [[local_player("a")], [local_player("b")]], [0])
    with pytest.raises(RatingsError, match="r.sqlite3"):
        Ratings(path).leaderboard("g")
    assert path.read_bytes() == before


def test_names_are_cleaned_and_keys_name_their_kind():
    assert local_player("An\x1ba ").name == "An a" and local_player("ANA").key == "local:ana"
    player = ssh_player("SHA256:abc", "Ana")
    assert player.key == "ssh:SHA256:abc" and player.kind == "ssh" and bot_player("greedy").kind == "bot"
