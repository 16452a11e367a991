"""Finished games kept in the history folder: written once on the move that ends the game,
listed (game, date, players, winner, length, roles, bots) from a cached index, a broken file
listed with its sentence; a networked table's game kept for each player's login."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path
from types import SimpleNamespace

from shards_tui.bots.base import act, make_bot
from shards_tui.core import history, saves
from shards_tui.core.registry import game
from shards_tui.server.auth import Identity
from shards_tui.server.login_files import history_folder
from shards_tui.server.table_history import keep_if_over
from tests.core.finished_games import finished_save, played

WHEN = datetime(2025, 5, 1, 20, 30, 15, tzinfo=timezone.utc)


def test_a_game_is_kept_once_on_the_move_that_ends_it(tmp_path: Path) -> None:
    ctl = played("fractured_net", moves=20)
    keeper = history.HistoryKeeper(lambda: tmp_path)
    keeper.attach(ctl)
    bots = [make_bot("greedy", "fractured_net", seed=s) for s in range(2)]
    while not ctl.over:
        assert not list(tmp_path.iterdir())  # nothing before the end
        seat = ctl.who_must_act()
        ctl.apply(act(bots[seat], ctl, seat).command)
    kept = list(tmp_path.glob("*.json"))
    assert len(kept) == 1 and kept[0] == keeper.kept
    assert saves.load(kept[0]).state_json() == ctl.state_json()
    ctl.notify()  # told again: not kept twice
    assert len(list(tmp_path.glob("*.json"))) == 1


def test_a_finished_game_loaded_again_is_not_kept_again(tmp_path: Path) -> None:
    ctl = saves.from_json(finished_save("disco"))
    history.HistoryKeeper(lambda: tmp_path).attach(ctl)
    assert ctl.listeners == []


def test_the_list_says_what_each_game_was(tmp_path: Path) -> None:
    ctl = saves.from_json(finished_save("shards"))
    path = history.keep(ctl, tmp_path, now=WHEN)
    assert path.name == "20250501-203015-shards.json"
    second = history.keep(ctl, tmp_path, now=WHEN)
    assert second.name == "20250501-203015-shards-2.json"
    found = history.entries(tmp_path)
    assert [e.file for e in found] == [second.name, path.name]
    entry = found[1]
    assert entry.game_id == "shards" and entry.title == ctl.title
    assert entry.players == ["Ana", "Ben"] and entry.winners == ctl.winners
    assert entry.moves == len(ctl.history) and entry.length == ctl.state.flow.turn
    assert entry.length_words == f"{ctl.state.flow.turn} turns"
    assert entry.when == WHEN and entry.problem is None
    view = ctl.view(None)
    spec_titles = {c.id: c.title for c in game("shards").setup_spec().role.choices}
    assert entry.roles == [[spec_titles[p.character]] for p in view.players]
    assert entry.bots == [None, None]
    assert history.entries(tmp_path, "disco") == []


def test_the_index_is_used_and_renewed(tmp_path: Path) -> None:
    path = history.keep(saves.from_json(finished_save("disco")), tmp_path, now=WHEN)
    first = history.entries(tmp_path)
    index = json.loads((tmp_path / history.INDEX).read_text())
    assert list(index["games"]) == [path.name]
    # a cached entry is read back as it was written, not worked out again
    index["games"][path.name]["entry"]["players"] = ["From", "Cache"]
    (tmp_path / history.INDEX).write_text(json.dumps(index))
    assert history.entries(tmp_path)[0].players == ["From", "Cache"]
    path.write_text(finished_save("disco") + " ")  # a changed file is read again
    assert history.entries(tmp_path) == first
    path.unlink()
    assert history.entries(tmp_path) == []
    assert json.loads((tmp_path / history.INDEX).read_text())["games"] == {}


def test_a_broken_or_unfinished_file_is_listed_with_its_sentence(tmp_path: Path) -> None:
    (tmp_path / "20250101-000000-shards.json").write_text('{"format": "shards-tui-save"')
    (tmp_path / "20250102-000000-disco.json").write_text(saves.to_json(played("disco", moves=5)))
    (tmp_path / history.INDEX).write_text("not json")
    found = {e.file: e for e in history.entries(tmp_path)}
    assert "not valid JSON" in found["20250101-000000-shards.json"].problem
    assert "did not end" in found["20250102-000000-disco.json"].problem


def test_a_cached_entry_is_cleaned_of_control_characters(tmp_path: Path) -> None:
    path = history.keep(saves.from_json(finished_save("disco")), tmp_path, now=WHEN)
    history.entries(tmp_path)
    index = json.loads((tmp_path / history.INDEX).read_text())
    index["games"][path.name]["entry"]["players"] = ["An\x1b[2Ja", "Ben"]
    (tmp_path / history.INDEX).write_text(json.dumps(index))
    assert history.entries(tmp_path)[0].players == ["An[2Ja", "Ben"]


def test_the_oldest_games_go_past_a_limit(tmp_path: Path) -> None:
    ctl = saves.from_json(finished_save("disco"))
    for day in range(1, 5):
        history.keep(ctl, tmp_path, now=WHEN.replace(day=day), limit=3)
    assert sorted(p.name[:8] for p in tmp_path.glob("*.json")) == ["20250502", "20250503", "20250504"]


def test_a_networked_game_is_kept_for_each_players_login(tmp_path: Path) -> None:
    ana, ben = Identity("ana", "SHA256:aaa"), Identity("ben", "password")
    seats = [SimpleNamespace(owner=ana), SimpleNamespace(owner=ben), SimpleNamespace(owner=None)]
    ctl = saves.from_json(finished_save("shards", names=("ana", "ben", "Greedy bot 3")))
    table = SimpleNamespace(id=1, controller=ctl, kept=False, seats=seats)
    keep_if_over(table, tmp_path)
    keep_if_over(table, tmp_path)  # once
    for who in (ana, ben):
        assert len(history.entries(history_folder(tmp_path, who))) == 1
    assert history_folder(tmp_path, ana) != history_folder(tmp_path, Identity("ana", "password"))
    assert len(list((tmp_path / "history").iterdir())) == 2


def test_a_game_played_in_rounds_is_as_long_as_its_rounds(tmp_path: Path) -> None:
    # Infinities counts rounds (each of several turns): its registration gives the unit and
    # the count, which the Replays and Statistics screens say
    ctl = saves.from_json(finished_save("infinities"))
    history.keep(ctl, tmp_path, now=WHEN)
    entry = history.entries(tmp_path)[0]
    assert ctl.state.flow.turn > ctl.state.round  # (its turns and rounds differ)
    assert (entry.length, entry.unit) == (ctl.state.round, "round")
    assert entry.length_words == f"{ctl.state.round} rounds"
