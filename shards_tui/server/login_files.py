"""Where a login's files are kept on the server: its hot-seat games (and their saves), its
decks and its finished games, each under a name made from the exact login, never from a cleaned form of it, so that no
name a player types can lead into another's files."""

from __future__ import annotations

import hashlib
import logging
import re
from pathlib import Path

from shards_tui.core import autosaves
from shards_tui.core.history import FOLDER
from shards_tui.server.auth import Identity
from shards_tui.server.table import clean_name

log = logging.getLogger("shards_tui.server")


def hotseat_path(data_dir: Path | None, who: Identity) -> Path:
    """Where a player's hot-seat games (played on one connection) are autosaved, and (its
    stem) the folder of their saves: named by a digest of the exact name and key, so 'ana'
    and 'ana!' never share a game."""
    base = (data_dir if data_dir is not None else Path("/tmp/shards-tui-hotseat")) / "hotseat"
    exact = f"{who.user}\n{who.key}".encode("utf-8", "surrogatepass")
    return base / f"{hashlib.blake2b(exact, digest_size=16).hexdigest()}.json"


def deck_folder(data_dir: Path | None, who: Identity, game_id: str) -> Path:
    """The folder of ``who``'s decks of a game: one per login (their key, or their exact user
    name for a password login), named by a digest of it."""
    base = data_dir if data_dir is not None else Path("/tmp/shards-tui-server")
    digest = hashlib.blake2b(who.login.encode("utf-8", "surrogatepass"), digest_size=12).hexdigest()
    return base / "decks" / digest / re.sub(r"[^a-z0-9_]", "", game_id)


def history_folder(data_dir: Path | None, who: Identity) -> Path:
    """The folder of ``who``'s finished games (``core.history``): one per login, named by a
    digest of it, as its decks are."""
    base = data_dir if data_dir is not None else Path("/tmp/shards-tui-server")
    digest = hashlib.blake2b(who.login.encode("utf-8", "surrogatepass"), digest_size=12).hexdigest()
    return base / FOLDER / digest


def move_old_hotseat(who: Identity, path: Path) -> None:
    """Move a login's hot-seat games and saves from where servers before kept them (the
    cleaned name and the key's last characters: 'ana-password.json', 'ana-password-2.json',
    the folder 'ana-password/') to ``path`` and its stem's folder. Only for a name that
    cleaning leaves as it is: such files were most likely that player's, while 'ana!' and
    'ana' both wrote 'ana-password.json', so a name that cleaning changes gets nothing of
    the old (a player called 'ana!' starts afresh rather than resume someone else's game)."""
    if clean_name(who.user) != who.user or " " in who.user:
        return
    key = re.sub(r"[^A-Za-z0-9]", "", who.key)[-16:] or "pw"
    stem = f"{who.user}-{key}"
    old = path.parent / f"{stem}.json"
    try:
        for found in autosaves.autosaves(old):
            moved = path.with_name(path.stem + found.name[len(stem):])
            if not moved.exists():
                found.rename(moved)
        folder, new_folder = path.parent / stem, path.parent / path.stem
        if folder.is_dir() and not new_folder.exists():
            folder.rename(new_folder)
    except OSError as exc:
        log.warning("could not move %s's old hot-seat files: %s", who.user[:64], exc)
