"""A game's statistics from its kept games: games, wins by player, by role, by seat order,
lengths, win rate over time, ratings (free-for-all, teams for sides), the figures of a game
turn by turn; and `shards-tui stats GAME --json` prints the same numbers."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from openskill.models import PlackettLuce

from shards_tui.cli import main
from shards_tui.core import history, saves
from shards_tui.core.figures import follow, follow_game
from shards_tui.core.game_stats import game_stats
from shards_tui.core.history import Entry
from shards_tui.core.ratings import shown
from shards_tui.core.registry import game
from shards_tui.core.replay import Replay
from shards_tui.core.stats_spec import Field, StatsSpec, spec_for
from tests.core.finished_games import finished_save, played

START = datetime(2025, 5, 1, tzinfo=timezone.utc)
SPEC = StatsSpec(roles=(Field("character", "Character"),), team="team")


def entry(n: int, players: list[str], winners: list[int], turns: int = 10,
          roles: list[str] | None = None, teams: list[int | None] | None = None,
          bots: list[str | None] | None = None) -> Entry:
    return Entry(f"{n}.json", (START + timedelta(hours=n)).isoformat(), "shards", "Shards",
                 players, winners, turns * 10, turns, [[r] for r in roles or ["x"] * len(players)],
                 bots or [None] * len(players), teams or [None] * len(players))


def test_the_numbers() -> None:
    found = [entry(1, ["Ana", "Ben"], [0], 10, ["Volos", "Tetra"]),
             entry(2, ["Ben", "ana"], [0], 20, ["Volos", "Tetra"]),  # 'ana' is Ana
             entry(3, ["Ana", "Ben", "Cy"], [2], 30, ["Volos", "Tetra", "Decima"]),
             entry(4, ["Ana", "Greedy"], [1], 20, ["Tetra", "Volos"], bots=[None, "greedy"]),
             replace(entry(5, ["Ana", "Ben"], [0]), problem="broken"),
             replace(entry(6, ["Ana", "Ben"], [0]), game_id="disco")]
    stats = game_stats("shards", "Shards", SPEC, found)
    assert stats.games == 4 and stats.lengths == [10, 20, 30, 20] and stats.mean_length == 20
    by = {p.name: (p.record.games, p.record.wins) for p in stats.players.values()}
    assert by == {"Ana": (4, 1), "Ben": (3, 1), "Cy": (1, 1), "Greedy (greedy bot)": (1, 1)}
    ana = stats.players["local:ana"]
    assert ana.rates == [(1, 1.0), (2, 0.5), (3, 1 / 3), (4, 0.25)]
    roles = {t: (r.games, r.wins) for t, r in stats.roles["Character"].items()}
    assert roles == {"Volos": (4, 3), "Tetra": (4, 0), "Decima": (1, 1)}
    assert [(r.games, r.wins) for r in stats.seats] == [(4, 2), (4, 1), (1, 1)]


def test_two_bots_of_one_level_are_two_players() -> None:
    stats = game_stats("shards", "Shards", SPEC, [entry(1, ["Ana", "Ben"], [0], bots=["greedy"] * 2)])
    assert sorted(p.name for p in stats.players.values()) == ["Ana (greedy bot)", "Ben (greedy bot)"]
    assert stats.unrated == 0


def test_ratings_free_for_all_and_by_teams() -> None:
    """Each seat is a side of its own unless the game has sides; the numbers are openskill's
    (Plackett-Luce), game after game."""
    found = [entry(1, ["Ana", "Ben", "Cy", "Di"], [2, 3], teams=[0, 0, 1, 1]),
             entry(2, ["Ana", "Ben", "Cy"], [0])]
    stats = game_stats("shards", "Shards", SPEC, found)
    model = PlackettLuce()
    a, b, c, d = (model.rating() for _ in range(4))
    (a, b), (c, d) = model.rate([[a, b], [c, d]], ranks=[2, 1])
    (a,), (b,), (c,) = model.rate([[a], [b], [c]], ranks=[1, 2, 2])
    expected = {"local:ana": a, "local:ben": b, "local:cy": c, "local:di": d}
    for key, rating in expected.items():
        player = stats.players[key]
        assert player.mu == pytest.approx(rating.mu) and player.sigma == pytest.approx(rating.sigma)
        assert player.rating == shown(rating.mu, rating.sigma)
    assert stats.ranked_players()[0].key == "local:di"  # won its one game
    assert stats.unrated == 0
    one_player_twice = game_stats("shards", "Shards", SPEC, [entry(1, ["Ana", "ana"], [0])])
    twice = one_player_twice.players["local:ana"]
    assert one_player_twice.unrated == 1 and twice.record.games == 2 and twice.rating == 1000


def test_a_team_game_kept_and_rated_by_sides(tmp_path: Path) -> None:
    ctl = played("shards", seed=5, names=("Ana", "Ben", "Cy", "Di"), variants=["team"])
    history.keep(ctl, tmp_path, now=START)
    found = history.entries(tmp_path)
    assert found[0].teams == [p.team for p in ctl.view(None).players] == [0, 0, 1, 1]
    stats = game_stats("shards", ctl.title, spec_for(game("shards")), found)
    winners = {stats.players[f"local:{ctl.seat_names()[s].lower()}"].rating for s in ctl.winners}
    losers = {p.rating for k, p in stats.players.items()
              if k not in {f"local:{ctl.seat_names()[s].lower()}" for s in ctl.winners}}
    assert len(winners) == 1 and len(losers) == 1 and winners.pop() > losers.pop()


def _track(replay: Replay, spec: StatsSpec):
    return follow(game(replay.game_id).controller, replay.setup, replay.history, spec)


@pytest.mark.parametrize("game_id", ["shards", "disco", "fractured_net", "infinities"])
def test_figures_turn_by_turn(game_id: str) -> None:
    """The statistics and the result screen read one game's figures alike: those its game
    registers, at the end of each turn (and, for the result, at the start)."""
    text = finished_save(game_id)
    replay = Replay.from_text(text)
    spec = spec_for(game(game_id))
    track = _track(replay, spec)
    assert track.figures == spec.figures == game(game_id).stats.figures
    assert track.names == replay.seats
    assert follow_game(saves.from_json(text)) == track  # what the result screen shows
    assert track.turns == sorted(set(replay.turns))
    end = replay.view(None).public()["players"]
    for figure in track.figures:
        for seat in range(len(track.names)):
            series = track.series(figure.key, seat)
            assert len(series) == len(track.turns) and series[-1] == end[seat][figure.key]
    replay.seek(replay.turn_start(2) - 1)  # the last position of turn 1
    first = replay.view(None).public()["players"]
    key = track.figures[0].key
    assert [track.series(key, s)[0] for s in range(len(track.names))] == [p[key] for p in first]


def test_a_game_that_names_no_figures_gets_its_whole_numbers() -> None:
    """A game registered without a StatsSpec (a new game) still gets figures and roles."""
    info = game("fractured_net")
    bare = replace(info, stats=None)
    spec = spec_for(bare)
    assert spec.roles == (Field("deck", "Deck"),) and spec.figures == ()
    track = _track(Replay.from_text(finished_save("fractured_net")), spec)
    keys = [f.key for f in track.figures]
    assert "health" in keys and "seat" not in keys and "hand_count" not in keys


def test_stats_json_prints_the_same_numbers(capsys, tmp_path: Path) -> None:
    for n, seed in enumerate((3, 4, 5)):
        history.keep(saves.from_json(finished_save("disco", seed)), tmp_path, now=START + timedelta(hours=n))
    assert main(["stats", "disco", "--json", "--history", str(tmp_path)]) == 0
    printed = json.loads(capsys.readouterr().out)
    info = game("disco")
    expected = game_stats("disco", info.title, spec_for(info), history.entries(tmp_path),
                          info.length).to_json()
    assert printed == {**expected, "ranked": []}
    assert printed["games"] == 3 and len(printed["lengths"]) == 3
    assert printed["unit"] == "round"  # Disco is played in rounds (its registration says)
    assert main(["stats", "disco", "--history", str(tmp_path)]) == 0
    text = capsys.readouterr().out
    assert text.startswith("Disco Infinity: 3 finished games") and "faction" in text
    assert " rounds (" in text and "turn" not in text


def test_stats_bad_input_is_one_sentence(capsys, tmp_path: Path) -> None:
    assert main(["stats", "nope"]) == 2
    assert "There is no game called 'nope'" in capsys.readouterr().err
    assert main(["stats", "disco", "--history", str(tmp_path / "gone")]) == 2
    assert capsys.readouterr().err.count("\n") == 1
    assert main(["stats", "disco", "--history", str(tmp_path)]) == 0
    assert "no finished games kept yet" in capsys.readouterr().out
