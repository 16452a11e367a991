"""Movement on the map: where a leader may step, what a discovery may place (a tile of the same
setting, or of either from the Rift, turned so no wall stands in the path), entering, flipping,
and the tile events movement sets off.

One pawn per tile; a path is clear when no wall (of either tile) stands on the edge crossed and
no pawn stands in the tile entered. A flipped tile's space counts as empty: entering it is a
rediscovery of that same tile, its orientation chosen anew (ruling 'flip and rediscovery').
"""

from __future__ import annotations

from shards_tui.core.hex import Hex, hex_text, neighbour, opposite
from shards_tui.games.infinities import damage, triggers
from shards_tui.games.infinities import frames as fr
from shards_tui.games.infinities.board import Board
from shards_tui.games.infinities.models import PlacedTile

DIRS = ("n", "ne", "se", "s", "sw", "nw")


def discovery_choices(b: Board, origin: Hex, direction: int, first: bool = False) -> list[tuple[str, int]]:
    """(tile, turns) a discovery from ``origin`` towards ``direction`` may place: each tile of
    the allowed stacks, in each orientation that leaves the edge back to ``origin`` open (one
    orientation per distinct set of walls). ``first``: stop at the first one found."""
    target = neighbour(origin, direction)
    placed = b.tile_at(target)
    back = opposite(direction)
    if placed is not None:  # a flipped tile: it is rediscovered itself
        pool = [placed.tile]
    else:
        here = b.face_up(origin)
        if here is None:
            return []
        settings = [s.id for s in b.c.rules.settings] if here.type == "rift" else [here.setting]
        pool = [t for s in settings for t in b.state.stacks.get(s, [])]
    out: list[tuple[str, int]] = []
    for tile in pool:
        seen: set[frozenset[int]] = set()
        for rot in range(6):
            walls = b.tile_walls(tile, rot)
            if back in walls or walls in seen:
                continue
            seen.add(walls)
            out.append((tile, rot))
            if first:
                return out
    return out


def step_kind(b: Board, seat: int, direction: int, forced: bool = False) -> str | None:
    """What a step from ``seat``'s tile towards ``direction`` is: 'enter', 'discover' or None
    (a wall, a pawn, nothing to discover). ``forced``: another leader moves you, so only a
    face-up tile will do (ruling 'forced movement')."""
    return b.kept(("step", seat, direction, forced), lambda: _step_kind(b, seat, direction, forced))


def _step_kind(b: Board, seat: int, direction: int, forced: bool) -> str | None:
    h = b.where(seat)
    if h is None or b.wall_between(h, direction):
        return None
    target = neighbour(h, direction)
    placed = b.tile_at(target)
    if placed is not None and placed.face_up:
        return "enter" if b.pawn_at(target) is None else None
    if forced:
        return None
    return "discover" if discovery_choices(b, h, direction, first=True) else None


def directions(b: Board, seat: int, forced: bool = False) -> list[int]:
    return [d for d in range(6) if step_kind(b, seat, d, forced) is not None]


def tile_event(b: Board, seat: int, h: Hex, event: str) -> bool:
    """Put a tile's event for the leader on it on the queue, if the tile has one (never during
    setup). Returns whether it did."""
    if b.state.flow.phase == "first_tile":
        return False
    tile = b.face_up(h)
    if tile is None or not any(ev.on == event and ev.effects for ev in tile.events):
        return False
    b.event(f"{tile.name}'s {event.capitalize()} event happens for {b.who(seat)}.", "events", seat)
    fr.push(b, seat, f"tile:{hex_text(h)}:{event}", stage="resolve")
    return True


def enter(b: Board, seat: int, target: Hex, forced: bool) -> bool:
    """Move the pawn into a face-up tile; its Entry event follows. Returns whether an event
    was queued."""
    p = b.state.players[seat]
    p.at = hex_text(target)
    tile = b.face_up(target)
    assert tile is not None
    how = "is moved" if forced else "moves"
    b.event(f"{b.who(seat)} {how} into {tile.name} (Influence {tile.influence}).", "movement", seat)
    triggers.emit(b, "moved", seat)
    triggers.emit(b, "entered", seat, tile=tile.id)
    if any(ev.on == "entry" and ev.effects for ev in tile.events):
        once = f"entry:{hex_text(target)}:{seat}"  # ruling 'entry once a turn'
        if once in b.state.turn.fired:
            b.event(f"{tile.name}'s Entry event has happened for {b.who(seat)} this turn already.",
                    "ruling-entry-once", seat)
            return False
        b.state.turn.fired.append(once)
    return tile_event(b, seat, target, "entry")


def discover(b: Board, seat: int, target: Hex, tile_id: str, rot: int) -> bool:
    """Place (or turn back face up) a tile and move in; its Discovery event follows (not its
    Entry event: ruling 'discovery is not entry')."""
    state = b.state
    key = hex_text(target)
    placed = state.tiles.get(key)
    if placed is not None:
        placed.face_up = True
        placed.rot = rot
        again = " again"
    else:
        setting = b.c.tiles[tile_id].setting
        state.stacks[setting].remove(tile_id)
        state.tiles[key] = PlacedTile(tile=tile_id, rot=rot)
        again = ""
    state.players[seat].at = key
    tile = b.c.tiles[tile_id]
    b.event(f"{b.who(seat)} discovers {tile.name}{again} (Influence {tile.influence}, "
            f"{tile.type}), turned {rot}, and moves in.", "discover", seat)
    triggers.emit(b, "moved", seat)
    triggers.emit(b, "discovered", seat, tile=tile_id)
    return tile_event(b, seat, target, "discovery")


def regroup(b: Board, seat: int, discovered: bool) -> None:
    """After a Fortitude move: draw 1, and heal 1 after a discovery."""
    if not b.in_game(seat):
        return
    b.draw(seat, 1, "regroup")
    if discovered:
        damage.heal(b, seat, 1, "Regrouping")


def flip(b: Board, seat: int, target: Hex) -> None:
    placed = b.tile_at(target)
    assert placed is not None
    placed.face_up = False  # its plot tokens stay with it, out of play (ruling 'flipped plot tokens')
    tile = b.tile_def(placed)
    b.event(f"{b.who(seat)} flips {tile.name} face down; its space counts as empty until it is "
            "rediscovered.", "flip", seat)
    triggers.emit(b, "flipped", seat, tile=tile.id)
