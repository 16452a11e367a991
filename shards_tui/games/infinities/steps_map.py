"""Step functions of the interpreter on the map: moving (your own steps, or pushing the targeted
leader) and flipping a tile.

A move goes one space at a time. Each space: the direction (given with the command, or asked),
then the Exit event of the tile left, then the step itself: into a face-up tile (its Entry
event), or into an empty space or a flipped tile, which is a discovery (the mover picks the tile
and its orientation, then its Discovery event). A standard Fortitude move regroups once the
event has resolved. ``frame.picked`` remembers where the current space has got to:
['dir'] asked the direction, ['exit', d] the Exit event is resolving, ['discover', d] asked the
tile, ['regroup', 'enter' | 'discover'] the regroup is owed.
"""

from __future__ import annotations

from shards_tui.core.decision import Option
from shards_tui.core.hex import DIRECTION_NAMES, hex_text, neighbour, parse_hex
from shards_tui.games.infinities import effects as fx
from shards_tui.games.infinities import frames as fr
from shards_tui.games.infinities import moving
from shards_tui.games.infinities.board import Board
from shards_tui.games.infinities.models import Frame
from shards_tui.games.infinities.steps_combat import amount
from shards_tui.games.infinities.targets import push_spaces

Answer = list[str] | None


def _mover(b: Board, frame: Frame, step: fx.Move) -> int | None:
    if step.who == "you":
        return frame.seat
    seats = [s for s in fr.seat_targets(frame) if s not in frame.blocked and b.in_game(s)]
    return seats[0] if seats else None


def discovery_options(b: Board, seat: int, direction: int) -> list[Option]:
    h = b.where(seat)
    assert h is not None
    return [Option(id=f"{tile}@{rot}", label=f"{b.c.tiles[tile].name}, turned {rot}")
            for tile, rot in moving.discovery_choices(b, h, direction)]


def _move(b: Board, frame: Frame, step: fx.Move, chosen: Answer) -> bool:
    n = amount(b, frame.seat, step.amount)
    mover = _mover(b, frame, step)
    pushed = step.who == "target"
    name = fr.source_name(b, frame)
    while True:
        if mover is None or not b.in_game(mover) and b.state.flow.phase != "first_tile":
            return True
        what = frame.picked[0] if frame.picked else ""
        if what == "regroup":
            moving.regroup(b, mover, discovered=frame.picked[1] == "discover")
            frame.picked = []
            frame.sub += 1
            continue
        if what == "" and frame.sub >= n:
            return True
        if what == "discover" and chosen is not None:
            tile, _, rot = chosen[0].partition("@")
            target = neighbour(b.where(mover), int(frame.picked[1]))  # type: ignore[arg-type]
            frame.picked = []
            moving.discover(b, mover, target, tile, int(rot))
            if step.regroup:
                frame.picked = ["regroup", "discover"]
                return False
            frame.sub += 1
            return frame.sub >= n
        if what == "exit":
            direction = int(frame.picked[1])
            frame.picked = []
        else:
            direction = _direction(b, frame, mover, pushed, chosen)
            chosen = None
            if direction is None:
                return False if b.state.pending is not None else True
            here = b.where(mover)
            if here is not None and moving.tile_event(b, mover, here, "exit"):
                frame.picked = ["exit", str(direction)]
                return False
        kind = moving.step_kind(b, mover, direction, forced=pushed)
        if kind is None:  # the way closed while the Exit event resolved
            b.event(f"{b.who(mover)} cannot move that way any more.", "movement", frame.seat)
            return True
        if kind == "discover":
            frame.picked = ["discover", str(direction)]
            return fr.ask(b, frame, mover, "discover", f"{name}: discover which tile, turned how "
                          "(its walls must leave your path open)?", discovery_options(b, mover, direction))
        target = neighbour(b.where(mover), direction)  # type: ignore[arg-type]
        moving.enter(b, mover, target, forced=pushed)
        if step.regroup:
            frame.picked = ["regroup", "enter"]
            return False
        frame.sub += 1
        if frame.sub >= n:
            return True
        return False


def _direction(b: Board, frame: Frame, mover: int, pushed: bool, chosen: Answer) -> int | None:
    """This space's direction: given with the command (the first space), answered, or asked
    now (None while asking, or when no way is open: the move ends)."""
    preset = [a[4:] for a in frame.args if a.startswith("dir:")]
    if chosen is not None and frame.picked == ["dir"]:
        frame.picked = []
        return None if chosen[0] == "stop" else DIRECTION_NAMES.index(chosen[0])
    if frame.sub == 0 and preset:
        return DIRECTION_NAMES.index(preset[0])
    ways = moving.directions(b, mover, forced=pushed)
    if not ways:  # said, so a move that does nothing does not read as lost
        further = " further" if frame.sub else ""
        if pushed:
            b.event(f"{fr.source_name(b, frame)} cannot move {b.who(mover)}{further}: no face-up "
                    "tile next to them is open (a wall or a pawn is in each way, and a pushed "
                    "leader does not discover).", "ruling-forced-movement", frame.seat)
        else:
            b.event(f"{b.who(mover)} cannot move{further}: a wall, a pawn or no tile to "
                    "discover is in each way.", "movement", frame.seat)
        return None
    options = [Option(id=DIRECTION_NAMES[d], label=_way_label(b, mover, d)) for d in ways]
    options.append(Option(id="stop", label="Stop here"))
    frame.picked = ["dir"]
    who = "you" if mover == frame.seat else b.who(mover)
    fr.ask(b, frame, frame.seat, "direction", f"{fr.source_name(b, frame)}: move {who} which way?",
           options)
    return None


def _way_label(b: Board, seat: int, d: int) -> str:
    h = b.where(seat)
    target = neighbour(h, d)  # type: ignore[arg-type]
    tile = b.face_up(target)
    return f"{DIRECTION_NAMES[d]}: {tile.name}" if tile else f"{DIRECTION_NAMES[d]}: discover a tile"


def _flip(b: Board, frame: Frame, step: fx.Flip, chosen: Answer) -> bool:
    seat = frame.seat
    where = fr.hex_targets(frame)
    preset = [a[4:] for a in frame.args if a.startswith("dir:")]
    if where:
        target = parse_hex(where[0])
    elif preset and b.where(seat) is not None:
        target = neighbour(b.where(seat), DIRECTION_NAMES.index(preset[0]))  # type: ignore[arg-type]
    else:
        return True
    placed = b.tile_at(target)
    if placed is None or not placed.face_up:
        return True
    pawn = b.pawn_at(target)
    if pawn is not None:
        spaces = push_spaces(b, target)
        if not spaces:
            return True
        if chosen is None:
            if len(spaces) > 1:
                return fr.ask(b, frame, seat, "push", f"Flipping {b.tile_def(placed).name}: move "
                              f"{b.who(pawn)} to which tile next to it (walls do not matter)?",
                              [Option(id=hex_text(h), label=b.face_up(h).name) for h in spaces])  # type: ignore[union-attr]
            chosen = [hex_text(spaces[0])]
        moving.enter(b, pawn, parse_hex(chosen[0]), forced=True)
        moving.flip(b, seat, target)
        return True
    moving.flip(b, seat, target)
    return True


MAP_STEPS = {fx.Move: _move, fx.Flip: _flip}
