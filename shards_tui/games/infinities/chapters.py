"""Loads the Adventure guide: cards/infinities/adventure/*.toml, one chapter a file, each
validated by ``chapter_schema`` and checked against the game's content and the other chapters
(tiles, factions and settings exist; every outcome leads to a chapter of the guide; the map
pieces leave room round the Rift for every leader's first tile)."""

from __future__ import annotations

import tomllib
from functools import cache

from pydantic import ValidationError

from shards_tui.core.hex import ORIGIN, hex_text, neighbours, parse_hex
from shards_tui.core.paths import data_dir
from shards_tui.games.infinities.chapter_schema import Chapter
from shards_tui.games.infinities.content import GAME_ID, ContentError, content

FOLDER = "adventure"


def _first(exc: ValidationError) -> str:
    err = exc.errors()[0]
    return f"{'.'.join(str(p) for p in err['loc'])}: {err['msg']}"


@cache
def guide() -> dict[str, Chapter]:
    """Every chapter, by id, in the order of the files' names."""
    found: dict[str, Chapter] = {}
    for path in sorted((data_dir("cards") / GAME_ID / FOLDER).glob("*.toml")):
        try:
            chapter = Chapter.model_validate(tomllib.loads(path.read_text(encoding="utf-8")))
        except ValidationError as exc:
            raise ContentError(f"{FOLDER}/{path.name}: {_first(exc)}") from None
        if chapter.id in found:
            raise ContentError(f"{FOLDER}/{path.name}: the chapter id '{chapter.id}' is used twice")
        found[chapter.id] = chapter
    for chapter in found.values():
        _cross_check(chapter, found)
    return found


def _cross_check(ch: Chapter, every: dict[str, Chapter]) -> None:
    c = content()
    where = f"chapter {ch.id}"
    if ch.setting not in {s.id for s in c.rules.settings}:
        raise ContentError(f"{where}: no setting '{ch.setting}'")
    for side in ch.sides:
        if side.faction is None:
            continue
        if side.faction not in {f.id for f in c.rules.factions}:
            raise ContentError(f"{where}: side {side.id} has no faction '{side.faction}'")
        leaders = sum(1 for x in c.leaders.values() if x.faction == side.faction)
        biggest = max(sum(1 for s in range(n) if ch.side_index(s, n) == ch.sides.index(side))
                      for n in ch.players)
        if biggest > leaders:
            raise ContentError(f"{where}: side {side.id} may have {biggest} leaders; its faction has {leaders}")
    taken = {hex_text(ORIGIN)}
    for piece in ch.map:
        if piece.tile not in c.tiles or piece.tile == c.rules.rift:
            raise ContentError(f"{where}: no tile '{piece.tile}' to place")
        if piece.hex in taken or len([p for p in ch.map if p.tile == piece.tile]) > 1:
            raise ContentError(f"{where}: map piece {piece.tile} shares its space or is placed twice")
        taken.add(piece.hex)
    free = [h for h in neighbours(ORIGIN) if hex_text(h) not in taken]
    if len(free) < ch.players[-1]:
        raise ContentError(f"{where}: its map pieces leave {len(free)} spaces round the Rift for "
                           f"{ch.players[-1]} first tiles")
    for piece in ch.map:
        parse_hex(piece.hex)
    for outcome_id, outcome in ch.outcomes():
        if outcome.next is not None and outcome.next not in every:
            raise ContentError(f"{where}: outcome {outcome_id} leads to no chapter '{outcome.next}'")


def chapter(chapter_id: str) -> Chapter:
    return guide()[chapter_id]


def find(chapter_id: str) -> Chapter | None:
    return guide().get(chapter_id)


def starting() -> list[Chapter]:
    """The starting chapters, one (or more) for each setting."""
    return [ch for ch in guide().values() if ch.start]


def for_players(players: int) -> list[Chapter]:
    return [ch for ch in guide().values() if players in ch.players]


# ---- the queue's chapter frames: 'plot:act:<action id>' and 'plot:react:<n>' -------------------

def _source(chapter_id: str | None, source: str):
    ch = find(chapter_id) if chapter_id else None
    _, what, key = source.split(":")
    if ch is None:
        return None
    if what == "act":
        return ch.action(key)
    n = int(key)
    return ch.reactions[n] if 0 <= n < len(ch.reactions) else None


def source_steps(chapter_id: str | None, source: str) -> tuple:
    rule = _source(chapter_id, source)
    return rule.effects if rule is not None else ()


def source_name(chapter_id: str | None, source: str) -> str:
    rule = _source(chapter_id, source)
    return rule.name if rule is not None else "the chapter"


def source_target(chapter_id: str | None, source: str):
    """An action's declared target (a reaction declares none): None for no target."""
    return getattr(_source(chapter_id, source), "target", None)
