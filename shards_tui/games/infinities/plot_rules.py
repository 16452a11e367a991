"""A chapter's standing rules in play: which side a seat plays, where plot tokens are, whether a
leader meets a requirement, the chapter's reactions to happenings (``react``, called by
``triggers.emit``) and what becomes of the tokens a leader held when they fall (``fallen``,
called by ``damage.defeat``). Skirmish games have no chapter: every function here is then a
no-op."""

from __future__ import annotations

from collections import Counter

from shards_tui.core.hex import distance, parse_hex
from shards_tui.games.infinities import frames as fr
from shards_tui.games.infinities import plot_vocab as pv
from shards_tui.games.infinities.board import Board
from shards_tui.games.infinities.chapter_schema import Chapter, Side, plural_name
from shards_tui.games.infinities.chapters import find
from shards_tui.games.infinities.conditions import holds as step_holds


def chapter_of(b: Board) -> Chapter | None:
    return find(b.state.chapter) if b.state.chapter else None


def side_of(b: Board, seat: int) -> Side | None:
    ch = chapter_of(b)
    if ch is None:
        return None
    return ch.sides[ch.side_index(seat, len(b.state.players))]


def token_name(b: Board, token: str, n: int = 1) -> str:
    """'Spine Shard (P1)', or '2 Spine Shards (P1)'."""
    ch = chapter_of(b)
    plot = ch.plot(token) if ch else None
    name = plot.name if plot else "token"
    return f"{name} ({token})" if n == 1 else f"{n} {plural_name(name)} ({token})"


def held(b: Board, seat: int, token: str) -> int:
    return b.state.players[seat].plots.count(token)


def on_map(b: Board, token: str) -> int:
    return sum(t.tokens.count(token) for t in b.state.tiles.values() if t.face_up)


def tile_tokens(b: Board, seat: int) -> list[str]:
    at = b.state.players[seat].at
    placed = b.state.tiles.get(at) if at else None
    return placed.tokens if placed is not None and placed.face_up else []


def near(b: Board, seat: int, token: str, within: int) -> bool:
    here = b.where(seat)
    if here is None:
        return False
    return any(token in t.tokens and distance(here, parse_hex(k)) <= within
               for k, t in b.state.tiles.items() if t.face_up)


def holds(b: Board, seat: int, cond: object) -> bool:
    """Whether ``seat`` meets a chapter requirement (a plot condition or a step condition)."""
    if isinstance(cond, pv.Holding):
        n = held(b, seat, cond.token)
        return n >= cond.at_least and (cond.at_most is None or n <= cond.at_most)
    if isinstance(cond, pv.TileHas):
        return cond.token in tile_tokens(b, seat)
    if isinstance(cond, pv.TileLacks):
        return b.tile_under(seat) is not None and cond.token not in tile_tokens(b, seat)
    if isinstance(cond, pv.Near):
        return near(b, seat, cond.token, cond.within)
    if isinstance(cond, pv.OnTile):
        tile = b.tile_under(seat)
        return tile is not None and tile.id in cond.tiles
    return step_holds(b, seat, cond)  # type: ignore[arg-type]


def react(b: Board, happening: str, seat: int | None, tile: str | None) -> None:
    """The chapter's reactions to a happening about ``seat``: each that applies goes on the
    queue, to resolve for that leader (never blocked or cancelled)."""
    ch = chapter_of(b)
    if ch is None or seat is None or not 0 <= seat < len(b.state.players):
        return
    if not b.in_game(seat) and b.state.flow.phase != "first_tile":
        return
    side = side_of(b, seat)
    for i, rule in enumerate(ch.reactions):
        if rule.on != happening or (rule.sides and side is not None and side.id not in rule.sides):
            continue
        if rule.tile_types:
            where = b.c.tiles.get(tile) if tile else b.tile_under(seat)
            if where is None or where.type not in rule.tile_types:
                continue
        if all(holds(b, seat, c) for c in rule.requires):
            b.event(f"{rule.name}: a rule of the chapter applies to {b.who(seat)}.", "adventure", seat)
            fr.push(b, seat, f"plot:react:{i}", stage="resolve")


def fallen(b: Board, seat: int, conceded: bool) -> None:
    """A leader is defeated (or concedes): each token they hold drops on their tile, stays
    with them or goes back to the supply, as the chapter says of it; a leader who concedes
    drops them all. A token with no face-up tile to drop on goes back to the supply."""
    ch = chapter_of(b)
    p = b.state.players[seat]
    if ch is None or not p.plots:
        return
    placed = b.state.tiles.get(p.at) if p.at else None
    kept: list[str] = []
    dropped: list[str] = []
    for token in p.plots:
        plot = ch.plot(token)
        rule = "drop" if conceded or plot is None else plot.on_defeat
        if rule == "keep":
            kept.append(token)
        elif rule == "drop" and placed is not None and placed.face_up:
            placed.tokens.append(token)
            dropped.append(token)
    p.plots = kept
    if dropped:
        names = ", ".join(token_name(b, t, n) for t, n in Counter(dropped).items())
        b.event(f"{b.who(seat)} drops {names} where they fell.", "adventure", seat)

