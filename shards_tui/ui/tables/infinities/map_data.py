"""What each hex of the Infinities map shows, for ``ui.widgets.hex_grid`` (no Textual).

``faces(view, looks, targets, size, ...)``: a ``HexFace`` for every tile (its type, name,
pawn and Influence inside, its walls on its edges, the fill of what the viewer may do there)
and for every empty space next to a face-up tile (a ghost: dotted edges, where a discovery may
go). The discovery being chosen is drawn at its space, turned as chosen, its edge towards the
mover drawn open: the walls can be read against the path before it is confirmed.
``describe_hex`` is the status line's sentence for the hex under the cursor, ``edge_words``
its sentence for a key that would take the cursor off the map.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from shards_tui.core.hex import (DIRECTION_NAMES, Hex, direction_to, hex_text, neighbours, parse_hex,
                                 rotate_edges)
from shards_tui.games.infinities.content import content
from shards_tui.games.infinities.view import InfView, TileView
from shards_tui.ui.tables.infinities.adventure_words import plot_marks
from shards_tui.ui.tables.infinities.table_data import SeatLook, Targets, pawn_hex
from shards_tui.ui.tables.infinities.words import DIRECTION_WORDS
from shards_tui.ui.widgets.hex_canvas import HexFace

TYPE_WORDS = {"stealth": "Stealth", "city": "City", "sacred": "Sacred", "wild": "Wild",
              "travel": "Travel", "rift": "Rift"}
FILLS = {"move": "on #21402c", "foe": "on #4d2228", "flip": "on #433f1d", "answer": "on #1f3352",
         "reach": "on #2a2438", "preview": "on #23384a"}
MARKS = {"move": "▸ go", "discover": "▸ discover", "foe": "⚔", "flip": "⟲ flip",
         "answer": "▸ choose"}
SHORT_MARKS = {"move": "▸go", "discover": "▸new", "foe": "⚔", "flip": "⟲", "answer": "▸"}
# A small hex (80x24) says a tile's type in one cell, before its Influence ('♣ 3': Wild,
# Influence 3); the map key (k) lists them.
TYPE_GLYPHS = {"rift": "◎", "city": "⌂", "sacred": "✦", "wild": "♣", "stealth": "◐",
               "travel": "⇄"}
SMALL_NAME = 5  # cells of a small hex's top row
_MINOR_WORDS = frozenset({"the", "of", "a", "an"})


def short_name(name: str, width: int = SMALL_NAME) -> str:
    """A tile's name in ``width`` cells, made from its words: its first word cut to leave a
    capital for each word after it ('Gale Spire' → 'GaleS', 'Harbor of Oaths' → 'HarbO',
    'The Rift' → 'Rift'); the map key and the status line say the whole name."""
    words = [w for w in name.replace("'", "").split() if w.lower() not in _MINOR_WORDS] \
        or name.split() or [""]
    initials = "".join(w[0].upper() for w in words[1:])[:max(0, width - 2)]
    return words[0][:width - len(initials)] + initials


def type_sign(type_: str) -> str:
    """A tile type in one cell ('♣': Wild)."""
    return TYPE_GLYPHS.get(type_, type_[:1].upper())


def badge(type_: str, influence: int) -> str:
    """A tile's type and Influence in three cells: '♣ 3'."""
    return f"{type_sign(type_)} {influence}"


def _mark(kind: str, size: int) -> str:
    return (MARKS if size >= 3 else SHORT_MARKS).get(kind, "")


@dataclass(frozen=True)
class Preview:
    """A discovery being chosen: this tile at ``hex``, turned ``rot``; ``back`` is the edge
    facing the space the mover comes from."""

    hex: Hex
    tile: str
    rot: int
    back: int | None


def preview_for(view: InfView, tile: str, rot: int) -> Preview | None:
    target = view.discovering
    if target is None:
        return None
    h = parse_hex(target)
    mover = pawn_hex(view, view.pending.seat if view.pending is not None else None)
    back = direction_to(h, mover) if mover is not None else None
    return Preview(h, tile, rot, back)


def _wrap_name(name: str, widths: tuple[int, int]) -> tuple[str, str]:
    """A tile's name on two rows of these widths, split between words where it can be."""
    words = name.split()
    first = ""
    while words and len((first + " " + words[0]).strip()) <= widths[0]:
        first = (first + " " + words.pop(0)).strip()
    if not first and words:
        return name[:widths[0]], name[widths[0]:]
    return first, " ".join(words)


def _tile_lines(size: int, type_: str, name: str, influence: int, pawn: tuple[str, str] | None,
                mark: str) -> tuple[tuple[str, str], ...]:
    type_word = TYPE_WORDS.get(type_, type_.capitalize())
    if size >= 3:  # rows of 7, 9, 11, 9 and 7 cells: type, pawn, the name on two, Influence
        first, second = _wrap_name(name, (11, 9))
        who = pawn if pawn is not None else (mark, "bold") if mark else ("", "")
        if pawn is not None and mark:
            who = (f"{pawn[0]} {mark}", pawn[1])
        return ((type_word, "italic"), who, (first, "bold"), (second, "bold"),
                (f"Inf {influence}", "dim"))
    who = pawn if pawn is not None else (mark, "bold") if mark else (badge(type_, influence), "dim")
    if pawn is not None and mark:
        who = (f"{pawn[0][:2]}{mark[:1]}", pawn[1])
    return ((short_name(name), "bold"), who, (badge(type_, influence) if pawn or mark else "", "dim"))


def faces(view: InfView, seats: list[SeatLook], aims: Targets, size: int, *,
          flip_mode: bool = False, reach: bool = False,
          preview: Preview | None = None) -> dict[Hex, HexFace]:
    out: dict[Hex, HexFace] = {}
    active = view.active
    placed = {parse_hex(t.hex): t for t in view.tiles}
    tokens = plot_marks(view) if view.adventure is not None else {}
    for h, tile in placed.items():
        out[h] = _tile_face(view, tile, seats, aims, size, flip_mode, reach, h == pawn_hex(view, active))
        if tile.hex in tokens:  # a chapter's plot tokens take the Influence row
            face = out[h]
            out[h] = replace(face, lines=(*face.lines[:-1], (tokens[tile.hex], "bold magenta")))
    ghosts = {n for h, t in placed.items() if t.face_up for n in neighbours(h) if n not in placed}
    for h in ghosts:
        kind = "answer" if h in aims.answers else "move" if h in aims.moves else ""
        mark = _mark("discover" if kind == "move" else kind, size)
        lines = (("", ""), ("", ""), (mark, "bold")) if size >= 3 else (("", ""), (mark, "bold"))
        out[h] = HexFace(lines=lines, fill=FILLS.get(kind, ""), ghost=True, edge="dim")
    if aims.discovering is not None and aims.discovering not in out:
        out[aims.discovering] = HexFace(ghost=True, edge="bold")
    if preview is not None:
        found = content().tiles.get(preview.tile)
        if found is not None:
            turned = f"turned {preview.rot}" if size >= 3 else f"turn {preview.rot}"  # (7 cells)
            lines = _tile_lines(size, found.type, found.name, found.influence, None, turned)
            out[preview.hex] = HexFace(lines=lines, fill=FILLS["preview"],
                                       walls=rotate_edges(found.walls, preview.rot),
                                       open=frozenset({preview.back}) if preview.back is not None
                                       else frozenset())
    return out


def _tile_face(view: InfView, tile: TileView, seats: list[SeatLook], aims: Targets, size: int,
               flip_mode: bool, reach: bool, active_here: bool) -> HexFace:
    h = parse_hex(tile.hex)
    if not tile.face_up:
        kind = "answer" if h in aims.answers else "move" if h in aims.moves else ""
        mark = (_mark("discover", size), "bold") if kind else ("", "")
        first, second = _wrap_name(tile.name, (11, 9))
        lines = (("face down", "dim italic"), mark, (first, "dim"), (second, "dim")) if size >= 3 \
            else (("down", "dim"), mark if kind else (short_name(tile.name, 7), "dim"))
        return HexFace(lines=lines, fill=FILLS.get(kind, ""), edge="dim", ghost=False)
    pawn = None
    if tile.pawn is not None and 0 <= tile.pawn < len(seats):
        look = seats[tile.pawn]
        tag = ("▶" if active_here else "") + look.pawn + look.name + (f"·{look.team}" if look.team else "")
        pawn = (tag, f"bold {look.colour}")
    if h in aims.answers:
        kind = "answer"
    elif flip_mode and h in aims.flips:
        kind = "flip"
    elif h in aims.foes:
        kind = "foe"
    elif h in aims.moves and not flip_mode:
        kind = "move"
    else:
        kind = ""
    mark = _mark(kind, size)
    fill = FILLS.get(kind, "") or (FILLS["reach"] if reach and h in aims.reach else "")
    lines = _tile_lines(size, tile.type, tile.name, tile.influence, pawn, mark)
    return HexFace(lines=lines, fill=fill, walls=frozenset(tile.walls))


def describe_hex(view: InfView, h: Hex, aims: Targets) -> str:
    """One line about the hex under the cursor: the tile (name, type, Influence, walls, who is
    on it) and what the viewer may do there."""
    key = hex_text(h)
    tile = next((t for t in view.tiles if t.hex == key), None)
    if tile is None:  # (named from a tile beside it: the next space reads differently)
        near = next((t for t in view.tiles if t.face_up and parse_hex(t.hex) in neighbours(h)),
                    None)
        side = DIRECTION_WORDS[DIRECTION_NAMES[direction_to(parse_hex(near.hex), h) or 0]] \
            if near is not None else ""
        what = f"An empty space {side} of {near.name}: a discovery may place a tile here." \
            if near is not None else "Off the map: nothing is here."
    elif not tile.face_up:
        what = f"{tile.name}, flipped face down: an empty space until it is discovered again."
    else:
        walls = ", ".join(DIRECTION_NAMES[w] for w in tile.walls) or "none"
        who = f"; {view.players[tile.pawn].name}'s pawn is here" if tile.pawn is not None else ""
        what = (f"{tile.name}: {TYPE_WORDS.get(tile.type, tile.type)}, Influence "
                f"{tile.influence}, walls {walls}{who}.")
    can = []
    if h in aims.answers:
        can.append("Enter answers the question with it")
    if h in aims.moves:
        can.append("Enter moves here")
    if h in aims.foes:
        can.append("Enter: your Power actions on this leader")
    if h in aims.flips:
        can.append("f then Enter flips it")
    return what + (" " + "; ".join(can) + "." if can else "")


def edge_words(direction: int) -> str:
    """Why the cursor did not move: the map (its tiles and the empty spaces beside them) ends
    that way."""
    way = DIRECTION_WORDS[DIRECTION_NAMES[direction % 6]]
    return f"The map ends here: no tile or empty space lies {way} of the cursor."


def walls_words(tile: str, rot: int) -> str:
    found = content().tiles.get(tile)
    if found is None:
        return ""
    walls = sorted(rotate_edges(found.walls, rot))
    return ", ".join(DIRECTION_NAMES[w] for w in walls) if walls else "none"

