"""Step functions of the interpreter: damage, healing, destroying, stealing, attaching and
cancelling. Each returns True when its step is done, False while a question waits or while
more of a step with an amount is to come (one point of damage per call)."""

from __future__ import annotations

from shards_tui.games.infinities import damage
from shards_tui.games.infinities import effects as fx
from shards_tui.games.infinities import frames as fr
from shards_tui.games.infinities.board import Board
from shards_tui.games.infinities.models import Frame

Answer = list[str] | None


def amount(b: Board, seat: int, value: fx.Amount) -> int:
    if isinstance(value, int):
        return value
    count = {
        "influence": lambda: b.influence(seat),
        "units": lambda: len(b.state.players[seat].group),
        "timeline": lambda: len(b.state.players[seat].timeline),
        "tide_level": lambda: b.level(seat, "tide"),
        "power_level": lambda: b.level(seat, "power"),
        "fortitude_level": lambda: b.level(seat, "fortitude"),
        "damage": lambda: b.state.players[seat].damage,
    }[value.count]()
    n = count * value.times + value.plus
    return min(n, value.most) if value.most is not None else n


def acts_on_target(step: fx.Step) -> bool:
    return getattr(step, "to", None) in ("target", "target_unit") or \
        getattr(step, "who", None) == "target" or isinstance(step, (fx.Destroy, fx.Steal, fx.Attach))


def card_in_play(b: Board, inst: str) -> bool:
    return b.find_unit(inst) is not None or b.timeline_owner(inst) is not None


def still_targetable(b: Board, frame: Frame, step: fx.Step) -> bool:
    """A step on the target can still happen: some target is still there (ruling 'lost
    targets': a mechanic whose targets are all gone is lost, never retargeted)."""
    if not acts_on_target(step) or fr.target_spec(b, frame).who in ("none", "tile"):
        return True
    seats = [s for s in fr.seat_targets(frame) if b.in_game(s)]
    cards = [c for c in fr.card_targets(frame) if card_in_play(b, c)]
    return bool(seats or cards)


def _holder(b: Board, inst: str) -> int | None:
    found = b.find_unit(inst)
    return found[0] if found else b.timeline_owner(inst)


def _damage(b: Board, frame: Frame, step: fx.Damage, chosen: Answer) -> bool:
    n = amount(b, frame.seat, step.amount)
    name = fr.source_name(b, frame)
    if step.to == "you":
        damage.take(b, frame.seat, name)
        frame.sub += 1
        return frame.sub >= n
    if step.to == "target_unit":
        for inst in fr.card_targets(frame):
            found = b.find_unit(inst)
            if found is None or found[0] in frame.blocked or b.unit_immune(found[1], "damage"):
                return True
            damage.damage_unit(b, found[0], found[1], frame.seat, name)
        frame.sub += 1
        return frame.sub >= n
    victims = [s for s in fr.seat_targets(frame) if s not in frame.blocked]
    total = n * len(victims)
    while frame.sub < total:
        seat = victims[frame.sub // n]
        if not b.in_game(seat):
            frame.sub += n - frame.sub % n
            continue
        from_card = fr.kind_of(frame) == "card"
        units = [u.card for u in damage.eligible_units(b, seat)
                 if not (from_card and b.unit_immune(u, "abilities"))]
        unit: str | None = None
        if chosen is not None:
            unit = chosen[0]
        elif len(units) == 1:
            unit = units[0]
        elif units:
            preset = [a[5:] for a in frame.args if a.startswith("unit:")]
            if frame.sub == 0 and preset and preset[0] in units:
                unit = preset[0]
            else:
                return fr.ask(b, frame, frame.seat, "allocate", f"{name}: which of {b.who(seat)}'s "
                              "units takes the damage (units before the leader)?",
                              fr.card_options(b, units))
        damage.deal_to_group(b, seat, frame.seat, name, unit)
        frame.sub += 1
        return frame.sub >= total
    return True


def _heal(b: Board, frame: Frame, step: fx.Heal, chosen: Answer) -> bool:
    n = amount(b, frame.seat, step.amount)
    seats = [frame.seat] if step.to == "you" else fr.seat_targets(frame)
    for seat in seats:
        if b.in_game(seat):
            damage.heal(b, seat, n, fr.source_name(b, frame))
    return True


def _destroy(b: Board, frame: Frame, step: fx.Destroy, chosen: Answer) -> bool:
    for inst in fr.card_targets(frame):
        holder = _holder(b, inst)
        if holder is None or holder in frame.blocked:
            continue
        if b.find_unit(inst) is not None:
            damage.destroy_unit(b, inst, by=frame.seat, why=f"by {fr.source_name(b, frame)}")
        else:
            damage.destroy_timeline_card(b, inst, by=frame.seat)
    return True


def make_room(b: Board, frame: Frame, seat: int, zone: str, chosen: Answer, what: str) -> bool:
    """Before a card comes into a full group (or timeline), one already there is destroyed,
    its holder choosing (ruling 'stealing into a full group'). True when there is room."""
    p = b.state.players[seat]
    if zone == "group":
        full = len(p.group) >= b.limits.group
        present = [u.card for u in p.group]
    else:
        full = len(p.timeline) >= b.timeline_limit(seat)
        present = list(p.timeline)
    if not full or not present:
        return True
    if chosen is None:
        frame.picked = ["room"]
        return fr.ask(b, frame, seat, "make_room", f"Your {zone} is full: destroy which card to make "
                      f"room for {what}?", fr.card_options(b, present))
    frame.picked = []
    if zone == "group":
        damage.destroy_unit(b, chosen[0], by=seat, why="to make room")
    else:
        damage.destroy_timeline_card(b, chosen[0], by=seat)
    return True


def _steal(b: Board, frame: Frame, step: fx.Steal, chosen: Answer) -> bool:
    seat = frame.seat
    for inst in fr.card_targets(frame):
        holder = _holder(b, inst)
        if holder is None or holder in frame.blocked or holder == seat:
            continue
        found = b.find_unit(inst)
        zone = "group" if found is not None else "timeline"
        if not make_room(b, frame, seat, zone, chosen, b.name(inst)):
            return False
        if found is not None:
            unit = found[1]
            b.state.players[holder].group.remove(unit)
            b.state.players[seat].group.append(unit)
            damage.check_timeline(b, holder)
        else:
            b.state.players[holder].timeline.remove(inst)
            b.state.players[seat].timeline.append(inst)
        b.event(f"{b.who(seat)} steals {b.who(holder)}'s {b.name(inst)} into their {zone}.", "steal", seat)
    return True


def _attach(b: Board, frame: Frame, step: fx.Attach, chosen: Answer) -> bool:
    inst = fr.instance_of(frame)
    if inst not in b.state.resolving:
        return True
    for target in frame.targets:
        kind, _, rest = target.partition(":")
        if kind == "seat" and b.in_game(int(rest)):
            b.state.resolving.remove(inst)
            b.state.players[int(rest)].attached.append(inst)
            b.event(f"{b.name(inst)} attaches to {b.who(int(rest))}.", "attach", frame.seat)
        elif kind == "card" and (found := b.find_unit(rest)) is not None:
            b.state.resolving.remove(inst)
            found[1].attached.append(inst)
            b.event(f"{b.name(inst)} attaches to {b.who(found[0])}'s {b.name(rest)}.", "attach",
                    frame.seat)
        break
    return True


def _cancel(b: Board, frame: Frame, step: fx.Cancel, chosen: Answer) -> bool:
    if frame.context is not None:
        fr.cancel(b, frame.context, frame.seat)
    return True


COMBAT_STEPS = {fx.Damage: _damage, fx.Heal: _heal, fx.Destroy: _destroy, fx.Steal: _steal,
                fx.Attach: _attach, fx.Cancel: _cancel}

