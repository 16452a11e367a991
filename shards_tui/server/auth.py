"""Who may log in: the host key, authorized public keys, an optional password file, and a
throttle on failed logins.

A player is identified by SSH user name and the key they logged in with (its SHA256
fingerprint), or by user name alone for password logins; a seat at a networked table belongs
to that identity, so a reconnecting player gets their seat back.
"""

from __future__ import annotations

import hmac
import logging
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import asyncssh

from shards_tui.core.untrusted import printable

log = logging.getLogger("shards_tui.server")

FAIL_WINDOW = 600.0  # seconds over which failed logins are counted
FAILS_BEFORE_DELAY = 3
MAX_DELAY = 4.0  # seconds a failed attempt is made to wait, at most
FAILS_BEFORE_BLOCK = 30  # for one name from one address: then refused until the window passes
ADDRESS_FAILS_BEFORE_BLOCK = 100  # from one address, whatever the names

@dataclass(frozen=True)
class Identity:
    user: str
    key: str  # "SHA256:..." or "password"

    @property
    def login(self) -> str:
        """Who this is across connections: the key's fingerprint, or for a password login
        (every one of which has the key "password") the user name."""
        return self.key if self.key != "password" else f"password:{self.user}"

    def label(self) -> str:
        user = printable(self.user)[:40]
        return user if self.key == "password" else f"{user} ({self.key[:19]}…)"


def load_host_key(path: Path) -> asyncssh.SSHKey:
    """The server's host key at ``path``; made (ed25519, mode 600) on first run."""
    if path.exists():
        try:
            return asyncssh.read_private_key(str(path))
        except (OSError, ValueError, asyncssh.KeyImportError) as exc:
            raise ValueError(f"The host key {path} could not be read ({exc}).") from None
    key = asyncssh.generate_private_key("ssh-ed25519")
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as handle:
        handle.write(key.export_private_key())
    log.info("made a new host key at %s", path)
    return key


def fingerprint(key: asyncssh.SSHKey) -> str:
    return key.get_fingerprint("sha256")


class KeyFile:
    """An authorized_keys file, read again whenever it changes (so keys can be added live)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._stamp: tuple[float, int] | None = None
        self._prints: set[str] = set()

    def fingerprints(self) -> set[str]:
        try:
            stat = self.path.stat()
        except OSError:
            return set()
        stamp = (stat.st_mtime, stat.st_size)
        if stamp != self._stamp:
            prints: set[str] = set()
            try:
                lines = self.path.read_text(encoding="utf-8", errors="replace").splitlines()
            except OSError as exc:
                log.warning("cannot read %s: %s", self.path, exc)
                lines = []
            for line in lines:
                line = line.strip()
                if not line or line.startswith("#"):
                    continue
                try:
                    prints.add(fingerprint(asyncssh.import_public_key(_key_part(line))))
                except (ValueError, asyncssh.KeyImportError):
                    log.warning("skipping an unreadable line in %s", self.path)
            self._prints, self._stamp = prints, stamp
        return self._prints


def _key_part(line: str) -> str:
    """The 'type base64 [comment]' part of an authorized_keys line (options in front dropped)."""
    words = line.split()
    for i, word in enumerate(words):
        if word.startswith(("ssh-", "ecdsa-", "sk-")):
            return " ".join(words[i:i + 2])
    return line


class PasswordFile:
    """Lines 'user:password' (keep the file private: mode 600)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def check(self, user: str, password: str) -> bool:
        try:
            lines = self.path.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError) as exc:
            log.warning("cannot read the password file %s: %s", self.path, exc)
            return False
        ok = False
        for line in lines:
            name, sep, secret = line.partition(":")
            if sep and name == user:
                ok = hmac.compare_digest(secret.encode(), password.encode()) or ok
        return ok


class Throttle:
    """Failed password logins, counted per address and name together, per address, and per
    name (each failure once in each).

    Password attempts from one address take turns however many connections carry them: once
    ``FAILS_BEFORE_DELAY`` attempts have failed or are under way, each further one waits its
    turn, further apart with every one (up to ``max_delay`` seconds). After
    ``FAILS_BEFORE_BLOCK`` failures for one name from one address (or
    ``ADDRESS_FAILS_BEFORE_BLOCK`` from one address, whatever the names) within
    ``FAIL_WINDOW``, no password from there (for that name) is even looked at until the window
    has passed. A name's failures from everywhere only slow the attempts for it (each waits up
    to ``max_delay``), never refuse them: a stranger elsewhere cannot lock a player out of
    their own name. Public keys are never throttled: a key cannot be guessed, and a player
    with a valid key gets in whatever others tried."""

    MAX_KEYS = 10_000  # addresses and user names remembered at most
    MAX_WAIT = 30.0  # an attempt whose turn is further off is refused at once, unread

    def __init__(self, clock: Callable[[], float] = time.monotonic, base_delay: float = 0.25,
                 max_delay: float = MAX_DELAY) -> None:
        self._clock = clock
        self.base_delay = base_delay
        self.max_delay = max_delay
        self._fails: dict[tuple[str, ...], list[float]] = {}
        self._turn: dict[tuple[str, ...], float] = {}  # when the next attempt may be read
        self._under_way: dict[tuple[str, ...], int] = {}

    @staticmethod
    def _queues(addr: str, user: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """What attempts take turns in: the address and name together, and the address."""
        return ("pair", addr, user[:64]), ("address", addr)

    @staticmethod
    def _name(user: str) -> tuple[str, ...]:
        return ("user", user[:64])

    def _recent(self, key: tuple[str, ...]) -> list[float]:
        now = self._clock()
        fails = [t for t in self._fails.get(key, []) if now - t < FAIL_WINDOW]
        if fails:
            self._fails[key] = fails
        else:
            self._fails.pop(key, None)
        return fails

    def _delay(self, tried: int) -> float:
        extra = tried - FAILS_BEFORE_DELAY
        return 0.0 if extra < 0 else min(self.max_delay, self.base_delay * 2 ** min(extra, 30))

    def _spacing(self, key: tuple[str, ...]) -> float:
        """How long after this attempt's turn the next one's comes."""
        return self._delay(len(self._recent(key)) + self._under_way.get(key, 0))

    def blocked(self, addr: str, user: str = "") -> bool:
        """Whether passwords from ``addr`` for ``user`` are refused unread for now."""
        pair, address = self._queues(addr, user)
        return (len(self._recent(pair)) >= FAILS_BEFORE_BLOCK
                or len(self._recent(address)) >= ADDRESS_FAILS_BEFORE_BLOCK)

    def turn(self, addr: str, user: str) -> float | None:
        """Reserve the next turn for a password attempt: the seconds it must wait for it, or
        None when its address's queue is too long (refuse it unread). Every turn taken must
        be ended with ``done``. A name tried from everywhere adds a wait, never a refusal."""
        now = self._clock()
        keys = self._queues(addr, user)
        start = max([now, *(self._turn.get(k, 0.0) for k in keys)])
        if start - now > self.MAX_WAIT:
            return None
        for key in keys:
            self._under_way[key] = self._under_way.get(key, 0) + 1
            self._turn[key] = start + self._spacing(key)
        name = self._name(user)
        slowed = self._delay(len(self._recent(name)) + self._under_way.get(name, 0))
        self._under_way[name] = self._under_way.get(name, 0) + 1
        self._forget_old()
        return max(start - now, slowed)

    def done(self, addr: str, user: str, failed: bool) -> None:
        """The attempt whose turn it was is over; a failed one counts once for the address
        and name, once for the address and once for the name."""
        now = self._clock()
        for key in (*self._queues(addr, user), self._name(user)):
            left = self._under_way.get(key, 1) - 1
            if left > 0:
                self._under_way[key] = left
            else:
                self._under_way.pop(key, None)
            if failed:
                self._fails[key] = (self._recent(key) + [now])[-ADDRESS_FAILS_BEFORE_BLOCK:]

    def _forget_old(self) -> None:
        """Keep memory bounded: drop what no longer counts, then (if a flood of names is
        still too many) the oldest."""
        if len(self._turn) <= self.MAX_KEYS and len(self._fails) <= self.MAX_KEYS:
            return
        now = self._clock()
        self._turn = {k: t for k, t in self._turn.items() if t > now or k in self._under_way}
        for key in list(self._fails):
            self._recent(key)
        for table in (self._turn, self._fails):
            while len(table) > self.MAX_KEYS // 2:
                del table[next(iter(table))]
