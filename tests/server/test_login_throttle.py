"""Password guessing: each failure counts once, per address and name, per address and per
name; guesses at a name from one address are blocked, from everywhere only slowed, so a
stranger cannot lock a player out of their own name; attempts on parallel connections take
turns and are checked before each password is read; one connection is asked for at most
three passwords; a valid key is never refused because of others' failed passwords. The attacks run against a real server on 127.0.0.1; the delays are
shortened, and the tests count passwords read, never time."""

from __future__ import annotations

import asyncio
from pathlib import Path

import asyncssh
import pytest

from shards_tui.server import auth
from shards_tui.server.auth import FAILS_BEFORE_BLOCK, Throttle
from shards_tui.server.server import Login, ShardsServer
from shards_tui.server.tables import Hub

# ---- the throttle alone, on a clock of its own ---------------------------------------------


def test_failures_block_one_name_from_one_address_and_expire() -> None:
    now = [0.0]
    throttle = Throttle(clock=lambda: now[0])
    for _ in range(FAILS_BEFORE_BLOCK):
        throttle.turn("10.0.0.9", "ana")
        throttle.done("10.0.0.9", "ana", failed=True)
    assert throttle.blocked("10.0.0.9", "ana")  # that name, from that address
    assert not throttle.blocked("10.0.0.9", "ben")  # another name from there: not yet
    assert not throttle.blocked("10.0.0.1", "ana")  # the name from elsewhere: never blocked
    now[0] += auth.FAIL_WINDOW + 1
    assert not throttle.blocked("10.0.0.9", "ana")


def test_a_name_guessed_from_everywhere_is_slowed_never_locked_out() -> None:
    now = [0.0]
    throttle = Throttle(clock=lambda: now[0])
    for i in range(3 * FAILS_BEFORE_BLOCK):  # a stranger at many addresses, one guess each
        throttle.turn(f"10.0.{i // 250}.{i % 250}", "ana")
        throttle.done(f"10.0.{i // 250}.{i % 250}", "ana", failed=True)
    assert not throttle.blocked("10.9.9.9", "ana")  # Ana at her own address is let try...
    wait = throttle.turn("10.9.9.9", "ana")
    assert wait is not None and 0 < wait <= auth.MAX_DELAY  # ...after a wait, never refused
    throttle.done("10.9.9.9", "ana", failed=False)
    assert throttle.turn("10.9.9.9", "ben") == 0  # another name: no wait at all


def test_an_address_trying_many_names_is_blocked() -> None:
    throttle = Throttle(clock=lambda: 0.0, max_delay=0.0)
    for i in range(auth.ADDRESS_FAILS_BEFORE_BLOCK):
        throttle.turn("10.0.0.7", f"name{i}")
        throttle.done("10.0.0.7", f"name{i}", failed=True)
    assert throttle.blocked("10.0.0.7", "fresh") and not throttle.blocked("10.0.0.8", "fresh")


def test_parallel_attempts_queue_up_for_their_turns() -> None:
    throttle = Throttle(clock=lambda: 0.0, base_delay=1.0, max_delay=4.0)
    waits = [throttle.turn("10.0.0.1", f"user{i}") for i in range(8)]  # all under way at once
    assert waits == [0, 0, 0, 1, 3, 7, 11, 15]  # three at once, then turns further apart
    assert throttle.turn("10.0.0.2", "fresh") == 0  # another address and name: no queue


def test_a_queue_too_long_is_refused_and_memory_stays_bounded() -> None:
    throttle = Throttle(clock=lambda: 0.0, base_delay=1.0, max_delay=4.0)
    waits = [throttle.turn("10.0.0.1", "ana") for _ in range(20)]
    assert None in waits and all(w is None or w <= Throttle.MAX_WAIT for w in waits)
    for i in range(3 * Throttle.MAX_KEYS):
        throttle.turn("10.0.0.3", f"name{i}")
        throttle.done("10.0.0.3", f"name{i}", failed=False)
    assert len(throttle._turn) <= Throttle.MAX_KEYS and len(throttle._fails) <= Throttle.MAX_KEYS


# ---- against the server ---------------------------------------------------------------------


@pytest.fixture
async def server(tmp_path: Path):
    client_key = asyncssh.generate_private_key("ssh-ed25519")
    (tmp_path / "keys").write_bytes(client_key.export_public_key())
    (tmp_path / "pw").write_text("ana:s3cret\n")
    srv = ShardsServer(Hub(tmp_path), tmp_path / "keys", tmp_path / "pw",
                       throttle=Throttle(base_delay=0.001, max_delay=0.004))
    await srv.start("127.0.0.1", 0, auth.load_host_key(tmp_path / "host_key"))
    srv.client_key = client_key  # type: ignore[attr-defined]
    read: list[str] = []
    check = srv.passwords.check  # type: ignore[union-attr]

    def counting(user: str, password: str) -> bool:
        read.append(password)
        return check(user, password)

    srv.passwords.check = counting  # type: ignore[union-attr, method-assign]
    srv.read = read  # type: ignore[attr-defined]
    yield srv
    srv.close()
    assert srv.acceptor is not None
    await asyncio.wait_for(srv.acceptor.wait_closed(), 10)


async def guess(server: ShardsServer, password: str, user: str = "ana",
                frm: str = "127.0.0.1") -> bool:
    """One connection (from the address ``frm``), one password; whether it got in."""
    try:
        conn = await asyncssh.connect("127.0.0.1", server.port, username=user,
                                      password=password, known_hosts=None, client_keys=None,
                                      agent_path=None, preferred_auth="password",
                                      local_addr=(frm, 0))
    except (asyncssh.PermissionDenied, asyncssh.DisconnectError):  # (or too many connections)
        return False
    conn.close()
    return True


async def test_the_password_file_is_read_for_the_30_first_failures_and_no_more(server) -> None:
    results = [await guess(server, f"guess{i}") for i in range(FAILS_BEFORE_BLOCK + 3)]
    assert not any(results)
    assert len(server.read) == FAILS_BEFORE_BLOCK  # each failure counted once, not twice
    assert not await guess(server, "s3cret")  # now refused unread, even the right one
    assert len(server.read) == FAILS_BEFORE_BLOCK


async def test_a_stranger_guessing_at_another_address_cannot_lock_ana_out(server) -> None:
    results = [await guess(server, f"guess{i}", frm="127.0.0.2")
               for i in range(FAILS_BEFORE_BLOCK + 3)]
    assert not any(results) and len(server.read) == FAILS_BEFORE_BLOCK
    assert not await guess(server, "s3cret", frm="127.0.0.2")  # from there: refused unread
    assert len(server.read) == FAILS_BEFORE_BLOCK
    assert await guess(server, "s3cret")  # Ana, from her own address, gets in
    assert len(server.read) == FAILS_BEFORE_BLOCK + 1


async def test_parallel_guesses_are_checked_before_each_password_is_read(server) -> None:
    results = await asyncio.gather(*(guess(server, f"guess{i}") for i in range(60)))
    assert not any(results)
    assert len(server.read) <= FAILS_BEFORE_BLOCK  # not all 60


async def test_one_connection_is_asked_for_at_most_three_passwords(server) -> None:
    asked: list[int] = []

    class Guesser(asyncssh.SSHClient):
        def password_auth_requested(self) -> str | None:
            asked.append(1)
            return f"guess{len(asked)}" if len(asked) <= 10 else None

        def kbdint_auth_requested(self) -> str | None:
            return None  # (only the password method: each prompt is one call above)

    with pytest.raises(asyncssh.PermissionDenied):
        await asyncssh.connect("127.0.0.1", server.port, username="ana", client_factory=Guesser,
                               known_hosts=None, client_keys=None, agent_path=None)
    assert len(asked) == Login.MAX_PASSWORDS == len(server.read)


async def test_a_valid_key_gets_in_from_an_address_blocked_for_passwords(server) -> None:
    for i in range(auth.ADDRESS_FAILS_BEFORE_BLOCK):
        server.throttle.turn("127.0.0.1", f"mallory{i}")
        server.throttle.done("127.0.0.1", f"mallory{i}", failed=True)
    assert server.throttle.blocked("127.0.0.1", "ana")
    assert not await guess(server, "s3cret")  # passwords from here wait out the window
    conn = await asyncssh.connect("127.0.0.1", server.port, username="ana",
                                  client_keys=[server.client_key], known_hosts=None,
                                  encoding=None, agent_path=None)
    proc = await conn.create_process(term_type="xterm", term_size=(100, 30), encoding=None)
    seen = b""
    while b"Signed in as" not in seen:
        seen += await asyncio.wait_for(proc.stdout.read(65536), 20)
    conn.close()
