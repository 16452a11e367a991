"""What a mechanic may target: leaders in reach (or adjacent, or anywhere), their units and
timeline cards, tiles next to you. Immune and Fated assets do not exist for the targeting of an
enemy's ability they are immune to."""

from __future__ import annotations

from shards_tui.core.decision import Option
from shards_tui.core.hex import hex_text, neighbour, parse_hex
from shards_tui.games.infinities import effects as fx
from shards_tui.games.infinities.board import Board


def target_options(b: Board, seat: int, spec: fx.Target, enemy_ability: bool = True) -> list[str]:
    """Every target ``spec`` allows ``seat``: 'seat:N', 'card:<instance>' or 'hex:q,r'.
    ``enemy_ability``: the mechanic is a card's ability (immunity to abilities applies)."""
    who = spec.who
    if who == "none":
        return []
    if who in ("enemy", "each_enemy", "enemy_unit", "enemy_timeline"):
        foes = [s for s in b.enemies(seat) if b.in_reach(seat, s, spec.range)]
        if who in ("enemy", "each_enemy"):
            return [f"seat:{s}" for s in foes
                    if not (enemy_ability and b.leader_immune(s, "abilities"))]
        if who == "enemy_unit":
            return [f"card:{u.card}" for s in foes for u in b.state.players[s].group
                    if not (enemy_ability and b.unit_immune(u, "abilities"))]
        return [f"card:{c}" for s in foes for c in b.state.players[s].timeline
                if not (enemy_ability and b.card(c).fated)]
    if who == "ally":
        return [f"seat:{s}" for s in [seat, *b.allies(seat)] if b.in_game(s)]
    if who == "own_unit":
        return [f"card:{u.card}" for u in b.state.players[seat].group]
    if who == "friendly":
        out: list[str] = []
        for s in [seat, *b.allies(seat)]:
            if b.in_game(s):
                out.append(f"seat:{s}")
                out.extend(f"card:{u.card}" for u in b.state.players[s].group)
        return out
    if who == "tile":
        return [f"hex:{hex_text(h)}" for h in flippable(b, seat)]
    return []


def flippable(b: Board, seat: int) -> list:
    """Tiles next to ``seat`` that may be flipped: face up, not the Rift, and any leader in it
    has a free face-up tile next to it to be pushed to."""
    return b.kept(("flippable", seat), lambda: _flippable(b, seat))


def _flippable(b: Board, seat: int) -> list:
    h = b.where(seat)
    if h is None:
        return []
    out = []
    for d in range(6):
        n = neighbour(h, d)
        tile = b.face_up(n)
        if tile is None or tile.type == "rift":
            continue
        pawn = b.pawn_at(n)
        if pawn is not None and not push_spaces(b, n):
            continue
        out.append(n)
    return out


def push_spaces(b: Board, h) -> list:
    """Where a leader pushed out of a flipped tile may go: a face-up tile next to it with no
    pawn, walls ignored (ruling 'flip destinations')."""
    return [n for n in (neighbour(h, d) for d in range(6))
            if b.face_up(n) is not None and b.pawn_at(n) is None]


def label(b: Board, target: str) -> str:
    kind, _, rest = target.partition(":")
    if kind == "seat":
        return b.who(int(rest))
    if kind == "card":
        found = b.find_unit(rest)
        holder = found[0] if found else b.timeline_owner(rest)
        where = "" if holder is None else f" ({b.who(holder)}'s {'unit' if found else 'timeline'})"
        return b.name(rest) + where
    tile = b.face_up(parse_hex(rest))
    return f"{tile.name if tile else 'the space'} at {rest}"


def option_id(b: Board, target: str) -> str:
    kind, _, rest = target.partition(":")
    if kind == "seat":
        return f"p{int(rest) + 1}"
    if kind == "card":
        return rest
    return rest  # a hex 'q,r'


def options(b: Board, targets: list[str]) -> list[Option]:
    return [Option(id=option_id(b, t), label=label(b, t)) for t in targets]


def from_option(targets: list[str], chosen: str) -> str:
    for t in targets:
        kind, _, rest = t.partition(":")
        if (kind == "seat" and chosen == f"p{int(rest) + 1}") or rest == chosen:
            return t
    raise KeyError(chosen)
