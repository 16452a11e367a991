"""A player's decks for any game that has them: a library of TOML files in the data folder,
the game's read-only starter decks beside them, and deck codes to share a deck as text.

A game with decks names a function returning its ``DeckRules`` in its registry entry
(``GameInfo.decks``); this module knows nothing else of any game. Every failure is a
``DeckError`` with one sentence; a file that cannot be read is reported, never overwritten.
"""

from __future__ import annotations

import base64
import hashlib
import re
import tomllib
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from shards_tui.core.paths import save_dir
from shards_tui.core.registry import game, game_ids, load_named
from shards_tui.core.saves import write_atomic

MAX_NAME = 40
MAX_FILE_BYTES = 64_000
MAX_CARDS = 200  # a deck being built may hold more than a legal deck, but not without bound
MAX_CODE = 600
CODE_VERSION = 1


class DeckError(Exception):
    """A deck that cannot be read, saved or decoded; the message is one sentence."""


@dataclass(frozen=True)
class DeckRules:
    """What a game tells the library about its decks."""

    code_tag: str  # the start of the game's deck codes
    size: int  # cards in a legal deck
    starters: Callable[[], dict[str, dict[str, int]]]  # name -> card id -> copies
    problems: Callable[[dict[str, int]], list[str]]  # one sentence per rule broken
    number_of: Callable[[str], int | None]  # a card's stable number (None: not a deck card)
    card_of: Callable[[int], str | None]  # and back
    name_of: Callable[[str], str]  # a card's printed name
    describe: Callable[[dict[str, int]], str]  # a few words on a deck ('Void Network, 40 cards')
    cost_of: Callable[[str], int] | None = None  # what a card costs to play (None: no costs)
    # each starter's short name (name -> id: 'kernel'), the one a new game's role takes; the
    # library finds a starter by either
    starter_ids: Callable[[], dict[str, str]] | None = None


@dataclass(frozen=True)
class Deck:
    name: str
    cards: dict[str, int]
    starter: bool = False
    short: str | None = None  # a starter's short name ('kernel'), which finds it too

    @property
    def size(self) -> int:
        return sum(self.cards.values())


def rules_for(game_id: str) -> DeckRules:
    ref = game(game_id).decks
    if ref is None:
        raise DeckError(f"{game(game_id).title} has no decks.")
    return load_named(ref)()


def seat_entry(deck: Deck) -> dict[str, object]:
    """What a seat's setup holds for a deck picked through a role with ``decks``
    (``core.setup_spec.SeatRole``): its cards and its name. A game with decks accepts both."""
    return {"cards": dict(deck.cards), "deck_name": deck.name}


def games_with_decks() -> list[str]:
    return [g for g in game_ids() if game(g).decks is not None]


_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def clean_name(text: str) -> str:
    """A deck name as stored: control characters out, spaces squeezed, at most 40 characters."""
    text = unicodedata.normalize("NFC", _CONTROL.sub(" ", str(text)))
    text = " ".join(text.split())[:MAX_NAME].strip()
    if not text:
        raise DeckError("A deck needs a name.")
    return text


def _slug(name: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "_", name.casefold()).strip("_")
    digest = hashlib.blake2b(name.casefold().encode(), digest_size=3).hexdigest()
    return f"{slug[:32] or 'deck'}_{digest}"


class DeckLibrary:
    """The decks of one game: starters (read-only) and the player's own, one file each."""

    def __init__(self, game_id: str, rules: DeckRules | None = None,
                 folder: Path | None = None, max_decks: int | None = None) -> None:
        """``folder``: where the player's decks are (the data folder's ``decks/<game>`` at
        one keyboard; a folder of the SSH player's own on a server); ``max_decks``: how many
        of their own it may hold (None: no bound)."""
        self.game_id = game_id
        self.rules = rules or rules_for(game_id)
        self.folder = folder or save_dir() / "decks" / game_id
        self.max_decks = max_decks

    # ---- reading ------------------------------------------------------------------------

    def starters(self) -> list[Deck]:
        ids = self.rules.starter_ids() if self.rules.starter_ids else {}
        return [Deck(name, dict(cards), starter=True, short=ids.get(name))
                for name, cards in self.rules.starters().items()]

    def path_of(self, name: str) -> Path:
        return self.folder / f"{_slug(clean_name(name))}.toml"

    def own(self) -> tuple[list[Deck], list[str]]:
        """The player's decks, by name, and one sentence for each file that cannot be read."""
        decks, broken = [], []
        if not self.folder.is_dir():
            return [], []
        for path in sorted(self.folder.glob("*.toml")):
            try:
                decks.append(read_deck_file(path))
            except DeckError as exc:
                broken.append(str(exc))
        return sorted(decks, key=lambda d: d.name.casefold()), broken

    def all(self) -> list[Deck]:
        return self.starters() + self.own()[0]

    def find(self, name: str) -> Deck:
        """The deck of this name, or the starter of this short name (as a new game takes it:
        'kernel'); a deck of the player's never shadows a starter (they may not share a name)."""
        wanted = clean_name(name).casefold()
        for deck in self.all():
            if deck.name.casefold() == wanted:
                return deck
        for deck in self.starters():
            if deck.short is not None and deck.short.casefold() == wanted:
                return deck
        path = self.path_of(name)
        if path.exists():
            return read_deck_file(path)  # raises the sentence of a broken file
        raise DeckError(f"There is no deck called '{clean_name(name)}'.")

    # ---- writing --------------------------------------------------------------------------

    def _check_new_name(self, name: str, replacing: str | None = None) -> str:
        name = clean_name(name)
        if any(d.name.casefold() == name.casefold() for d in self.starters()):
            raise DeckError(f"'{name}' is a starter deck's name; choose another.")
        path = self.path_of(name)
        same = replacing is not None and replacing.casefold() == name.casefold()
        if path.exists() and not same:
            raise DeckError(f"There is already a deck called '{name}'.")
        return name

    def save(self, name: str, cards: dict[str, int], *, overwrite: bool = True) -> Deck:
        """Save the player's deck (legal or not yet); a starter cannot be saved over."""
        name = clean_name(name)
        if any(d.name.casefold() == name.casefold() for d in self.starters()):
            raise DeckError(f"'{name}' is a starter deck; starters are read-only (copy it first).")
        path = self.path_of(name)
        if path.exists():
            if not overwrite:
                raise DeckError(f"There is already a deck called '{name}'.")
            read_deck_file(path)  # a broken file is never overwritten: it raises its sentence
        elif self.max_decks is not None and self._file_count() >= self.max_decks:
            raise DeckError(f"You have {self.max_decks} decks, the most kept here; delete one "
                            "first.")
        deck = Deck(name, _checked_cards(cards, self.rules))
        try:
            write_atomic(path, deck_toml(deck))
        except OSError as exc:
            raise DeckError(f"Could not save the deck '{name}': {exc.strerror or exc}.") from None
        return deck

    def _file_count(self) -> int:
        return len(list(self.folder.glob("*.toml"))) if self.folder.is_dir() else 0

    def copy(self, name: str, new_name: str) -> Deck:
        source = self.find(name)
        new_name = self._check_new_name(new_name)
        return self.save(new_name, source.cards, overwrite=False)

    def rename(self, name: str, new_name: str) -> Deck:
        source = self.find(name)
        if source.starter:
            raise DeckError(f"'{source.name}' is a starter deck; starters are read-only.")
        new_name = self._check_new_name(new_name, replacing=source.name)
        old_path = self.path_of(source.name)
        deck = Deck(new_name, source.cards)
        try:
            write_atomic(self.path_of(new_name), deck_toml(deck))
            if self.path_of(new_name) != old_path:
                old_path.unlink()
        except OSError as exc:
            raise DeckError(f"Could not rename the deck: {exc.strerror or exc}.") from None
        return deck

    def delete(self, name: str) -> None:
        path = self.path_of(name)
        if any(d.name.casefold() == clean_name(name).casefold() for d in self.starters()):
            raise DeckError(f"'{clean_name(name)}' is a starter deck; starters are read-only.")
        if not path.exists():
            raise DeckError(f"There is no deck called '{clean_name(name)}'.")
        try:
            path.unlink()
        except OSError as exc:
            raise DeckError(f"Could not delete the deck: {exc.strerror or exc}.") from None

    # ---- codes ----------------------------------------------------------------------------

    def export_code(self, name: str) -> str:
        return encode(self.find(name).cards, self.rules)

    def import_code(self, code: str, name: str) -> Deck:
        cards = decode(code, self.rules)
        problems = self.rules.problems(cards)
        if problems:
            raise DeckError(f"That code is a deck that is not legal: {problems[0]}")
        name = self._check_new_name(name)
        return self.save(name, cards, overwrite=False)


def with_copies(cards: dict[str, int], card_id: str, delta: int, rules: DeckRules) -> dict[str, int]:
    """The deck with ``delta`` more (or fewer) copies of a card, as the deck builder changes it:
    a new dict, never below 0 copies nor above the size bound; legality is checked apart."""
    if rules.number_of(card_id) is None:
        raise DeckError(f"'{str(card_id)[:40]}' is not a card of this game.")
    out = dict(cards)
    count = max(0, out.get(card_id, 0) + delta)
    if sum(out.values()) - out.get(card_id, 0) + count > MAX_CARDS:
        raise DeckError(f"A deck may hold at most {MAX_CARDS} cards while it is built.")
    if count:
        out[card_id] = count
    else:
        out.pop(card_id, None)
    return out


def _checked_cards(cards: dict[str, int], rules: DeckRules) -> dict[str, int]:
    out = {}
    for cid, n in cards.items():
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise DeckError(f"A deck holds a whole number of copies of each card, not {n!r}.")
        if rules.number_of(str(cid)) is None:
            raise DeckError(f"'{str(cid)[:40]}' is not a card of this game.")
        out[str(cid)] = n
    if sum(out.values()) > MAX_CARDS:
        raise DeckError(f"A deck may hold at most {MAX_CARDS} cards while it is built.")
    return out


def deck_toml(deck: Deck) -> str:
    lines = [f"name = {_quote(deck.name)}", "", "[cards]"]
    lines += [f"{cid} = {n}" for cid, n in sorted(deck.cards.items())]
    return "\n".join(lines) + "\n"


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def read_deck_file(path: Path) -> Deck:
    """A deck file, or a DeckError naming the file and what is wrong with it."""
    where = Path(path).name
    try:
        if Path(path).stat().st_size > MAX_FILE_BYTES:
            raise DeckError(f"The deck file {where} is too large to be a deck.")
        raw = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise DeckError(f"There is no deck file {where}.") from None
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        raise DeckError(f"The deck file {where} cannot be read (it is not valid TOML).") from None
    name, cards = raw.get("name"), raw.get("cards")
    if not isinstance(name, str) or not isinstance(cards, dict):
        raise DeckError(f"The deck file {where} needs a name and a [cards] table.")
    if not all(isinstance(n, int) and not isinstance(n, bool) and n >= 1 for n in cards.values()):
        raise DeckError(f"The deck file {where} gives a card a number of copies that is not a "
                        "whole number of at least 1.")
    if sum(cards.values()) > MAX_CARDS:
        raise DeckError(f"The deck file {where} holds more than {MAX_CARDS} cards.")
    try:
        return Deck(clean_name(name), {str(k): v for k, v in cards.items()})
    except DeckError:
        raise DeckError(f"The deck file {where} has no name.") from None


# ---- deck codes --------------------------------------------------------------------------------

def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        byte, n = n & 0x7F, n >> 7
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


def encode(cards: dict[str, int], rules: DeckRules) -> str:
    """A short text for a deck: the game's tag, then base32 of a version, each card's number and
    copies, and a checksum."""
    body = bytearray([CODE_VERSION])
    for cid in sorted(cards, key=lambda c: rules.number_of(c) or 0):
        number = rules.number_of(cid)
        if number is None:
            raise DeckError(f"'{cid}' is not a card of this game.")
        body += _varint(number) + _varint(cards[cid])
    body += hashlib.blake2b(bytes(body), digest_size=2).digest()
    return f"{rules.code_tag}-" + base64.b32encode(bytes(body)).decode().rstrip("=")


def decode(code: str, rules: DeckRules) -> dict[str, int]:
    bad = DeckError("That is not a deck code (it may be cut short or mistyped).")
    text = "".join(_CONTROL.sub("", str(code)).split()).upper()
    if len(text) > MAX_CODE:
        raise DeckError("That deck code is too long to be one.")
    tag = rules.code_tag.upper() + "-"
    if not text.startswith(tag):
        raise DeckError(f"A deck code of this game starts with '{rules.code_tag}-'.")
    payload = text[len(tag):]
    try:
        raw = base64.b32decode(payload + "=" * (-len(payload) % 8))
    except (ValueError, base64.binascii.Error):
        raise bad from None
    if len(raw) < 3 or hashlib.blake2b(raw[:-2], digest_size=2).digest() != raw[-2:]:
        raise bad
    if raw[0] != CODE_VERSION:
        raise DeckError(f"That deck code is of version {raw[0]}; this version reads {CODE_VERSION}.")
    numbers, pos, body = [], 1, raw[:-2]
    while pos < len(body):
        value, shift = 0, 0
        while True:
            if pos >= len(body) or shift > 28:
                raise bad
            byte = body[pos]
            pos += 1
            value |= (byte & 0x7F) << shift
            shift += 7
            if not byte & 0x80:
                break
        numbers.append(value)
    if len(numbers) % 2:
        raise bad
    cards: dict[str, int] = {}
    for number, copies in zip(numbers[::2], numbers[1::2]):
        cid = rules.card_of(number)
        if cid is None:
            raise DeckError(f"That deck code names a card this version does not know (no. {number}).")
        if copies < 1 or copies > MAX_CARDS or cid in cards:
            raise bad
        cards[cid] = copies
    if sum(cards.values()) > MAX_CARDS:
        raise bad
    return cards
