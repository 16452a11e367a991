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

import asyncssh

from shards_tui.core.untrusted import printable

log = logging.getLogger("shards_tui.server")

FAIL_WINDOW = 600.0  # seconds over which failed logins from one address are counted
FAILS_BEFORE_DELAY = 3
MAX_DELAY = 4.0  # seconds a failed attempt is made to wait, at most
FAILS_BEFORE_BLOCK = 30  # then the address is refused until its window passes


@dataclass(frozen=True)
class Identity:
    user: str
    key: str  # "SHA256:..." or "password"

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
    """Counts failed logins per address; slows, then refuses, an address that keeps failing."""

    def __init__(self, clock=time.monotonic) -> None:
        self._clock = clock
        self._fails: dict[str, list[float]] = {}

    def _recent(self, addr: str) -> list[float]:
        now = self._clock()
        fails = [t for t in self._fails.get(addr, []) if now - t < FAIL_WINDOW]
        if fails:
            self._fails[addr] = fails
        else:
            self._fails.pop(addr, None)
        return fails

    def failed(self, addr: str) -> float:
        """Record a failure; returns how many seconds to wait before answering."""
        fails = self._recent(addr)
        fails.append(self._clock())
        self._fails[addr] = fails
        extra = len(fails) - FAILS_BEFORE_DELAY
        return 0.0 if extra < 0 else min(MAX_DELAY, 0.25 * 2 ** extra)

    def delay(self, addr: str) -> float:
        """How long to make an attempt from ``addr`` wait, without counting it."""
        extra = len(self._recent(addr)) - FAILS_BEFORE_DELAY
        return 0.0 if extra < 0 else min(MAX_DELAY, 0.25 * 2 ** extra)

    def blocked(self, addr: str) -> bool:
        return len(self._recent(addr)) >= FAILS_BEFORE_BLOCK
