"""A login's files on the server belong to that exact login (name and key): two password users
whose names differ only in characters a cleaned name drops, or past its 24th, never share a
hot-seat game or saves; and a player's games kept under the old names are theirs again."""

from __future__ import annotations

import json
from pathlib import Path

from shards_tui.core import saves
from shards_tui.server.auth import Identity
from shards_tui.server.served_app import ServedApp
from shards_tui.server.tables import Hub
from tests.conftest import new_shards

from server_support import FakeLink  # noqa: E402  (tests/server)

ANA = Identity("ana", "password")
ANA_BANG = Identity("ana!", "password")
LONG = "a" * 24


def _hotseat_game(path: Path) -> None:
    """A hot-seat game in progress, autosaved at ``path``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    saves.write_atomic(path, saves.to_json(new_shards(players=2, seed=5)))


async def _resume_entries(hub: Hub, who: Identity) -> list[str]:
    """What the lobby offers ``who`` to resume (the data their screen is built from)."""
    app = ServedApp(hub, who, link=FakeLink(), cursor_blink=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause(0.2)
        return [str(check.path) for check in app.screen.hotseat_games]


async def test_logins_differing_in_cleaned_characters_never_share_a_game(tmp_path: Path) -> None:
    hub = Hub(tmp_path)
    _hotseat_game(hub.hotseat_path(ANA_BANG))  # "ana!" starts a hot-seat game
    assert await _resume_entries(hub, ANA) == []  # "ana" is not offered it
    assert len(await _resume_entries(hub, ANA_BANG)) == 1
    first, second = Identity(LONG + "x", "password"), Identity(LONG + "y", "password")
    _hotseat_game(hub.hotseat_path(first))
    assert await _resume_entries(hub, second) == []  # alike for 24 characters: still apart
    paths = {hub.hotseat_path(w) for w in (ANA, ANA_BANG, first, second,
                                           Identity("ana", "SHA256:k1"), Identity("ana!", "SHA256:k1"))}
    assert len(paths) == 6 and len({p.parent / p.stem for p in paths}) == 6  # saves folders too


async def test_games_kept_under_the_old_name_come_back_to_their_player(tmp_path: Path) -> None:
    folder = tmp_path / "hotseat"
    _hotseat_game(folder / "ana-password.json")  # where servers before kept Ana's games
    _hotseat_game(folder / "ana-password-2.json")
    (folder / "ana-password").mkdir()
    (folder / "ana-password" / "kept.json").write_text(json.dumps({"a": 1}))
    hub = Hub(tmp_path)
    assert await _resume_entries(hub, ANA_BANG) == []  # 'ana!' wrote there too: not given it
    assert len(await _resume_entries(hub, ANA)) == 2  # Ana's, under her new name
    path = hub.hotseat_path(ANA)
    assert (path.parent / path.stem / "kept.json").exists()
    assert not (folder / "ana-password.json").exists()
