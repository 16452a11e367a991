"""Damage, healing, destruction and defeat.

Damage is dealt one point at a time. Dealt to a group, it goes to that group's eligible units
before its leader, the dealer choosing the unit; damage a leader takes (an unlock's cost, a
tile) goes to the lowest remaining Health of their group, leader included, ties left to right
then the leader (rulings 'taken damage' and 'health order'). A unit whose damage reaches its
Health is destroyed; a leader at 0 Health is defeated: pawn off the board, damage gone, every
card they own discarded; they lose their next turn and respawn the turn after.
"""

from __future__ import annotations

from shards_tui.core.hex import Hex, distance, hex_text, neighbours, parse_hex
from shards_tui.games.infinities import plot_rules, triggers
from shards_tui.games.infinities.board import Board, plural
from shards_tui.games.infinities.models import Unit


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def eligible_units(b: Board, seat: int) -> list[Unit]:
    """The units of a group that damage may be dealt to (not immune to damage)."""
    return [u for u in b.state.players[seat].group if not b.unit_immune(u, "damage")]


def damage_unit(b: Board, holder: int, unit: Unit, dealer: int | None, source: str) -> None:
    unit.damage += 1
    left = b.unit_health(unit) - unit.damage
    b.event(f"{_cap(source)} deals 1 damage to {b.who(holder)}'s {b.name(unit.card)} "
            f"({max(0, left)} Health left).", "damage", dealer)
    _after_damage(b, holder, dealer)
    if left <= 0:
        destroy_unit(b, unit.card, by=dealer, why="its Health is gone")


def damage_leader(b: Board, seat: int, dealer: int | None, source: str) -> None:
    p = b.state.players[seat]
    if b.leader_immune(seat, "damage"):
        b.event(f"{b.who(seat)} is immune to damage; {source} deals none.", "immune", dealer)
        return
    p.damage += 1
    b.event(f"{_cap(source)} deals 1 damage to {b.who(seat)} ({b.health_left(seat)} Health left).",
            "damage", dealer)
    _after_damage(b, seat, dealer)
    if b.health_left(seat) <= 0:
        defeat(b, seat, by=dealer)


def _after_damage(b: Board, seat: int, dealer: int | None) -> None:
    triggers.emit(b, "damaged", seat, other=dealer)
    if dealer is not None and b.is_enemy(dealer, seat):
        triggers.emit(b, "dealt_damage", dealer, other=seat)


def deal_to_group(b: Board, seat: int, dealer: int | None, source: str, unit: str | None) -> None:
    """One point of damage dealt to a group: to ``unit`` (one of its eligible units), else to
    the leader when no unit is eligible."""
    if unit is not None:
        for u in eligible_units(b, seat):
            if u.card == unit:
                damage_unit(b, seat, u, dealer, source)
                return
    damage_leader(b, seat, dealer, source)


def take(b: Board, seat: int, source: str) -> None:
    """One point of damage this leader's group takes: lowest remaining Health first."""
    p = b.state.players[seat]
    if b.state.players[seat].status != "active":
        return
    members: list[tuple[int, int, Unit | None]] = [
        (b.unit_health(u) - u.damage, i, u) for i, u in enumerate(eligible_units(b, seat))]
    if not b.leader_immune(seat, "damage"):
        members.append((b.health_left(seat), len(p.group), None))
    if not members:
        return
    members.sort(key=lambda m: (m[0], m[1]))
    victim = members[0][2]
    if victim is None:
        damage_leader(b, seat, seat, source)
    else:
        damage_unit(b, seat, victim, seat, source)


def heal(b: Board, seat: int, n: int, source: str) -> int:
    """Remove up to ``n`` damage: the leader's first, then units left to right."""
    p = b.state.players[seat]
    healed = 0
    while healed < n and p.damage > 0:
        p.damage -= 1
        healed += 1
    for unit in p.group:
        while healed < n and unit.damage > 0:
            unit.damage -= 1
            healed += 1
    if healed:
        b.event(f"{_cap(source)} heals {plural(healed, 'damage')} of {b.who(seat)}'s "
                f"({b.health_left(seat)} Health).", "heal", seat)
        triggers.emit(b, "healed", seat, amount=healed)
    return healed


def destroy_unit(b: Board, instance: str, by: int | None, why: str = "") -> None:
    found = b.find_unit(instance)
    if found is None:
        return
    holder, unit = found
    b.state.players[holder].group.remove(unit)
    for att in unit.attached:
        b.to_discard(att)
    b.to_discard(unit.card)
    tail = f" ({why})" if why else ""
    b.event(f"{b.who(holder)}'s {b.name(unit.card)} is destroyed{tail}.", "destroy", by)
    triggers.emit(b, "unit_lost", holder, other=by)
    if by is not None and b.is_enemy(by, holder):
        triggers.emit(b, "destroyed_unit", by, other=holder)
    check_timeline(b, holder)


def destroy_timeline_card(b: Board, instance: str, by: int | None) -> None:
    holder = b.timeline_owner(instance)
    if holder is None:
        return
    b.state.players[holder].timeline.remove(instance)
    b.to_discard(instance)
    b.event(f"{b.who(holder)}'s timeline card {b.name(instance)} is destroyed.", "destroy", by)


def check_timeline(b: Board, seat: int) -> None:
    """A timeline over its limit (the Tide level fell) loses its oldest cards until it fits
    (ruling 'timeline overflow')."""
    p = b.state.players[seat]
    if len(p.timeline) <= 1 + b.limits.timeline_plus:  # within the lowest limit there can be
        return
    limit = b.timeline_limit(seat)
    while len(p.timeline) > limit:
        oldest = p.timeline.pop(0)
        b.to_discard(oldest)
        b.event(f"{b.who(seat)}'s timeline holds more than {limit}; its oldest card, "
                f"{b.name(oldest)}, is destroyed.", "ruling-timeline-overflow", seat)


def defeat(b: Board, seat: int, by: int | None, conceded: bool = False) -> None:
    p = b.state.players[seat]
    if p.status == "conceded" or (p.status != "active" and not conceded):
        return
    plot_rules.fallen(b, seat, conceded)
    p.at = None
    p.damage = 0
    lost = list(p.hand) + list(p.timeline) + list(p.attached)
    for unit in p.group:
        lost.append(unit.card)
        lost.extend(unit.attached)
    p.hand, p.timeline, p.attached, p.group = [], [], [], []
    for inst in lost:
        b.to_discard(inst)
    # Cards this leader owns elsewhere (attached to an ally's unit) go too: attachments they
    # own are theirs only while on their own units, so nothing more to find.
    if conceded:
        p.status = "conceded"
        b.event(f"{b.who(seat)} concedes: their leader leaves the game for good, their cards "
                "are discarded; their Points stay.", "concede", seat)
    else:
        p.status = "defeated"
        b.event(f"{b.who(seat)} is defeated: their pawn leaves the board and every card they "
                "own is discarded. They lose their next turn, then respawn.", "defeat", seat)
        if by is not None and b.is_enemy(by, seat):
            triggers.emit(b, "defeated_enemy", by, other=seat)
    # What the leader was resolving is lost with them (the interpreter drops frames whose
    # source is no longer active).


def respawn_hex(b: Board) -> Hex | None:
    """Where a respawning leader is placed: the Rift; if taken, the lowest-Influence free tile
    next to it (ties by name); else the nearest free face-up tile (ruling 'respawn')."""
    rift = b.rift_hex()
    if rift is None:
        return None
    if b.pawn_at(rift) is None:
        return rift
    free = [h for h in neighbours(rift) if b.face_up(h) is not None and b.pawn_at(h) is None]
    if free:
        return min(free, key=lambda h: (b.face_up(h).influence, b.face_up(h).name))  # type: ignore[union-attr]
    rest = [parse_hex(k) for k, t in b.state.tiles.items() if t.face_up and b.pawn_at(parse_hex(k)) is None]
    if not rest:
        return None
    return min(rest, key=lambda h: (distance(h, rift), b.face_up(h).influence, b.face_up(h).name))  # type: ignore[union-attr]


def place_pawn(b: Board, seat: int, h: Hex) -> None:
    b.state.players[seat].at = hex_text(h)
