"""The SSH lobby's decks and leaderboards: each login builds and saves decks of its own on the
server (bounded, names cleaned), sees them at its private deck pick and never another's; the
leaderboard reads the server's ratings, an SSH player known by their login key."""

from __future__ import annotations

import asyncio
from pathlib import Path

from server_support import ANA, BEN, FakeLink, settle, until
from textual.widgets import DataTable, Input, OptionList

from shards_tui.core.decks import DeckError, DeckLibrary
from shards_tui.core.ratings import Ratings, bot_player, ssh_player
from shards_tui.server import auth
from shards_tui.server.auth import Identity
from shards_tui.server.served_app import ServedApp
from shards_tui.server.tables import Hub
from shards_tui.ui.screens.game_extras import GameExtrasScreen
from shards_tui.ui.screens.leaderboard import LeaderboardScreen
from shards_tui.ui.screens.private_pick import PrivatePickScreen

GAME = "fractured_net"
KERNEL = "Kernel Orthodoxy starter"


def option_ids(screen) -> list[str]:
    menu = screen.query_one(OptionList)
    return [menu.get_option_at_index(i).id for i in range(menu.option_count)]


async def open_extra(app: ServedApp, pilot, label: str) -> None:
    """From the lobby, d, then the entry whose id ends with ``label``."""
    await pilot.press("d")
    assert await until(lambda: isinstance(app.screen, GameExtrasScreen))
    ids = option_ids(app.screen)
    app.screen.query_one(OptionList).highlighted = ids.index(f"{GAME} {label}")
    await pilot.press("enter")
    await settle(app)


async def test_a_deck_saved_from_the_lobby_is_that_logins_own_and_offered_at_its_pick(tmp_path: Path) -> None:
    hub = Hub(tmp_path, bot_pace=60)
    ana = ServedApp(hub, ANA, link=FakeLink(), cursor_blink=False)
    ben = ServedApp(hub, BEN, link=FakeLink(), cursor_blink=False)
    async with ana.run_test(size=(120, 40)) as pa, ben.run_test(size=(120, 40)) as pb:
        await settle(ana)
        await open_extra(ana, pa, "screen:0")  # the deck builder
        builder = ana.screen
        assert builder.lib.folder == hub.deck_folder(ANA, GAME)
        builder._open(KERNEL)
        await pa.press("c")  # copy the starter under a name of Ana's
        await settle(ana)
        ana.screen.query_one(Input).value = "Ana's\x1b[31m Kernel"  # control characters go
        await pa.press("enter")
        await settle(ana)
        assert ana.screen is builder and builder.draft.name == "Ana's [31m Kernel"
        saved = list(hub.deck_folder(ANA, GAME).glob("*.toml"))
        assert len(saved) == 1 and hub.data_dir in saved[0].parents
        assert DeckLibrary(GAME).own()[0] == []  # not the data folder's decks at one keyboard
        await pa.press("escape")
        await settle(ana)

        table = hub.create(ANA, GAME, 2, [None, None])
        ana.open_table(table.id)
        await settle(ana)
        assert isinstance(ana.screen, PrivatePickScreen)
        assert "pick:yours:Ana's [31m Kernel" in option_ids(ana.screen)
        ben.open_table(table.id)
        await settle(ben)
        assert isinstance(ben.screen, PrivatePickScreen)
        assert not any(i.startswith("pick:yours:") for i in option_ids(ben.screen))
        assert hub.deck_folder(BEN, GAME) != hub.deck_folder(ANA, GAME)

        menu = ana.screen.query_one(OptionList)
        menu.highlighted = option_ids(ana.screen).index("pick:yours:Ana's [31m Kernel")
        await pa.press("enter")
        await settle(ana)
        assert table.seats[0].pick["deck_name"] == "Ana's [31m Kernel"
        assert table.seats[0].pick["cards"] == DeckLibrary(GAME).find(KERNEL).cards


def test_each_login_has_a_folder_of_its_own_and_a_bounded_number_of_decks(tmp_path: Path) -> None:
    hub = Hub(tmp_path)
    folders = {hub.deck_folder(who, GAME) for who in (
        ANA, BEN, Identity("ana", "SHA256:other"), Identity("ana", "password"),
        Identity("ben", "password"), Identity("../..", "password"))}
    assert len(folders) == 6  # the key decides; a password login, its user name
    assert all(tmp_path / "decks" in f.parents for f in folders)  # never outside the server's
    assert hub.deck_folder(Identity("ana", "SHA256:x"), "../x") == \
        hub.deck_folder(Identity("ana", "SHA256:x"), "x")
    lib = DeckLibrary(GAME, folder=tmp_path / "mine", max_decks=2)
    kernel = lib.find(KERNEL).cards
    lib.save("One", kernel)
    lib.save("Two", kernel)
    lib.save("Two", {"null_stalker": 1})  # saving over one's own deck is not a new one
    try:
        lib.save("Three", kernel)
    except DeckError as exc:
        assert str(exc) == "You have 2 decks, the most kept here; delete one first."
    else:
        raise AssertionError("a third deck was kept")
    try:
        lib.import_code(lib.export_code("One"), "Three")
    except DeckError as exc:
        assert "the most kept here" in str(exc)
    else:
        raise AssertionError("a third deck was imported")
    assert [d.name for d in lib.own()[0]] == ["One", "Two"]


async def test_the_lobby_leaderboard_over_ssh_shows_the_servers_ratings(tmp_path: Path) -> None:
    """Over a real SSH connection on 127.0.0.1: d, the leaderboard, the player by their key."""
    import asyncssh

    from shards_tui.server.server import ShardsServer

    client_key = asyncssh.generate_private_key("ssh-ed25519")
    (tmp_path / "keys").write_bytes(client_key.export_public_key())
    key = client_key.get_fingerprint("sha256")
    ratings = Ratings()
    ratings.record_seats(GAME, [ssh_player(key, "ana"), bot_player("greedy")], [0])
    server = ShardsServer(Hub(tmp_path, bot_pace=60), tmp_path / "keys")
    await server.start("127.0.0.1", 0, auth.load_host_key(tmp_path / "host_key"))
    try:
        conn = await asyncssh.connect("127.0.0.1", server.port, username="ana",
                                      client_keys=[client_key], known_hosts=None,
                                      encoding=None, agent_path=None)
        proc = await conn.create_process(term_type="xterm", term_size=(100, 30), encoding=None)
        seen = b""

        async def read_until(text: bytes) -> None:
            nonlocal seen
            while text not in seen:
                seen += await asyncio.wait_for(proc.stdout.read(65536), 10)

        await read_until(b"Decks and leaderboards (d)")
        proc.stdin.write(b"d")
        await read_until(b"Leaderboard: ranked ratings")
        seen = b""
        proc.stdin.write(b"\x1b[B\x1b[B\r")  # down twice: the leaderboard
        await read_until(b"leaderboard")
        await read_until(b"greedy bot")
        assert b"ana" in seen and b"SSH" in seen
        proc.stdin.write(b"\x11")  # ctrl+q
        await asyncio.wait_for(proc.wait_closed(), 10)
        conn.close()
    finally:
        server.close()


async def test_the_lobby_leaderboard_is_the_leaderboard_screen(tmp_path: Path) -> None:
    Ratings().record_seats(GAME, [ssh_player(ANA.key, "ana"), bot_player("random")], [0])
    ana = ServedApp(Hub(tmp_path, bot_pace=60), ANA, link=FakeLink(), cursor_blink=False)
    async with ana.run_test(size=(80, 24)) as pilot:
        await settle(ana)
        await open_extra(ana, pilot, "leaderboard")
        assert isinstance(ana.screen, LeaderboardScreen)
        table = ana.screen.query_one("#board", DataTable)
        assert table.get_row_at(0)[1:3] == ["ana", "SSH"]
        await pilot.press("escape")
        await settle(ana)
        assert type(ana.screen).__name__ == "LobbyScreen"
