"""What is on the queue: building frames, finding the steps and the target a frame's source
declares, whether its source is still active, and the questions a frame asks.

A frame's source names where its steps come from: 'card:<instance>' (ability ``index`` of the
card, -1 its Constant), 'leader:<seat>' (the leader action), 'tile:<hex>:<event>' (a tile's
event), 'gambit:<seat>:<level>' (a gambit's reward) or 'rule:<action>' (a standard action,
whose steps are in ``RULE_STEPS``). Every one of them is carried out by the one interpreter.
"""

from __future__ import annotations

from shards_tui.core.decision import Decision, Option
from shards_tui.core.hex import parse_hex
from shards_tui.games.infinities import effects as fx
from shards_tui.games.infinities import chapters
from shards_tui.games.infinities.board import Board
from shards_tui.games.infinities.models import Frame
from shards_tui.games.infinities.schema import Ability

# The standard actions that need steps (their dice are spent before the frame is made).
RULE_STEPS: dict[str, tuple[fx.Step, ...]] = {
    "move": (fx.Move(amount=1, regroup=True),),
    "first_tile": (fx.Move(amount=1),),
    "damage": (fx.Damage(amount=1, to="target"),),
    "destroy": (fx.Destroy(),),
    "flip": (fx.Flip(),),
    "prepare": (fx.Prepare(),),
}
RULE_TARGETS: dict[str, fx.Target] = {
    "damage": fx.Target(who="enemy"), "destroy": fx.Target(who="enemy_timeline"),
    "flip": fx.Target(who="tile", range="adjacent"),
}


def push(b: Board, seat: int, source: str, *, index: int = 0, unlocked: bool = False,
         stage: str = "target", targets: list[str] | None = None, args: list[str] | None = None,
         context: int | None = None) -> Frame:
    state = b.state
    frame = Frame(id=state.next_frame, seat=seat, source=source, index=index, unlocked=unlocked,
                  stage=stage, targets=list(targets or []), args=list(args or []),  # type: ignore[arg-type]
                  context=context)
    state.next_frame += 1
    state.queue.append(frame)
    return frame


def push_window(b: Board, candidates: list[str], happening: str, context: int | None) -> None:
    state = b.state
    state.queue.append(Frame(id=state.next_frame, kind="window", seat=state.flow.active,
                             source="window", candidates=candidates, happening=happening,
                             context=context))
    state.next_frame += 1


def kind_of(frame: Frame) -> str:
    return frame.source.split(":", 1)[0]


def instance_of(frame: Frame) -> str:
    return frame.source.split(":", 1)[1]


def ability_of(b: Board, frame: Frame) -> Ability | None:
    """The card ability a 'card:' frame carries out."""
    if kind_of(frame) != "card":
        return None
    card = b.card(instance_of(frame))
    return card.constant if frame.index < 0 else card.abilities[frame.index]


def steps_of(b: Board, frame: Frame) -> tuple[fx.Step, ...]:
    kind = kind_of(frame)
    if kind == "card":
        if "bare" in frame.args:  # a unit with no ability when played: it only joins
            return ()
        ability = ability_of(b, frame)
        assert ability is not None
        return ability.all_steps() if frame.unlocked else ability.effects
    if kind == "rule":
        return RULE_STEPS[instance_of(frame)]
    if kind == "leader":
        leader = b.leader(int(instance_of(frame)))
        return leader.action.effects if leader else ()
    if kind == "tile":
        _, where, event = frame.source.split(":")
        placed = b.state.tiles.get(where)
        if placed is None:
            return ()
        return tuple(s for ev in b.tile_def(placed).events if ev.on == event for s in ev.effects)
    if kind == "gambit":
        _, seat, level = frame.source.split(":")
        leader = b.leader(int(seat))
        return leader.gambits[int(level) - 1].reward if leader else ()
    if kind == "plot":
        return chapters.source_steps(b.state.chapter, frame.source)
    return ()


def target_spec(b: Board, frame: Frame) -> fx.Target:
    kind = kind_of(frame)
    if kind == "card":
        ability = ability_of(b, frame)
        return ability.target if ability and "bare" not in frame.args else fx.NO_TARGET
    if kind == "rule":
        return RULE_TARGETS.get(instance_of(frame), fx.NO_TARGET)
    if kind == "leader":
        leader = b.leader(int(instance_of(frame)))
        return leader.action.target if leader else fx.NO_TARGET
    if kind == "plot":
        return chapters.source_target(b.state.chapter, frame.source) or fx.NO_TARGET
    return fx.NO_TARGET


def source_name(b: Board, frame: Frame) -> str:
    kind = kind_of(frame)
    if kind == "card":
        return b.name(instance_of(frame))
    if kind == "leader":
        leader = b.leader(int(instance_of(frame)))
        return leader.action.name if leader else "a leader action"
    if kind == "tile":
        placed = b.state.tiles.get(frame.source.split(":")[1])
        return b.tile_def(placed).name if placed else "a tile"
    if kind == "gambit":
        return f"{b.who(frame.seat)}'s gambit"
    if kind == "plot":
        return chapters.source_name(b.state.chapter, frame.source)
    return {"move": "a move", "first_tile": "a first tile", "damage": "a Power action",
            "destroy": "a Power action", "flip": "a flip"}.get(instance_of(frame), "an action")


def source_active(b: Board, frame: Frame) -> bool:
    """Whether the mechanic's source is still there to finish it (a unit in a group, a card
    in a timeline or being played, a face-up tile, a leader in the game)."""
    kind = kind_of(frame)
    if kind == "card":
        inst = instance_of(frame)
        if frame.index < 0:
            return b.timeline_owner(inst) is not None
        if inst in b.state.resolving:
            return True
        return b.card(inst).kind == "unit" and b.find_unit(inst) is not None
    if kind == "tile":
        placed = b.state.tiles.get(frame.source.split(":")[1])
        return placed is not None and placed.face_up and b.state.players[frame.seat].status == "active"
    if b.state.flow.phase == "first_tile":
        return True
    return b.in_game(frame.seat)


def fated(b: Board, frame: Frame) -> bool:
    """Cannot be blocked or cancelled: a Fated card, a gambit, a tile's event, and every action
    paid with dice (standard or a leader's)."""
    if kind_of(frame) != "card":
        return True
    return b.card(instance_of(frame)).fated


def seat_targets(frame: Frame) -> list[int]:
    return [int(t[5:]) for t in frame.targets if t.startswith("seat:")]


def card_targets(frame: Frame) -> list[str]:
    return [t[5:] for t in frame.targets if t.startswith("card:")]


def hex_targets(frame: Frame) -> list[str]:
    return [t[4:] for t in frame.targets if t.startswith("hex:")]


def targeted_seats(b: Board, frame: Frame) -> list[int]:
    """The leaders a frame's targets belong to (a targeted card's holder)."""
    seats = set(seat_targets(frame))
    for inst in card_targets(frame):
        found = b.find_unit(inst)
        holder = found[0] if found else b.timeline_owner(inst)
        if holder is not None:
            seats.add(holder)
    for where in hex_targets(frame):
        pawn = b.pawn_at(parse_hex(where))
        if pawn is not None:
            seats.add(pawn)
    return sorted(seats)


def ask(b: Board, frame: Frame | None, seat: int, kind: str, prompt: str, options: list[Option],
        least: int = 1, most: int = 1, private: bool = False, **data: str | int | bool) -> bool:
    """Pause for ``seat`` to answer; returns False (the step is not done)."""
    extra = dict(data)
    if frame is not None:
        extra["frame"] = frame.id
    b.state.pending = Decision(seat=seat, kind=kind, prompt=prompt, options=options,
                               min=min(least, len(options)), max=min(most, len(options)),
                               private=private, data=extra)
    return False


def card_options(b: Board, instances: list[str]) -> list[Option]:
    return [Option(id=i, label=b.name(i)) for i in instances]


def seat_option(b: Board, seat: int) -> Option:
    return Option(id=f"p{seat + 1}", label=b.who(seat))


def seat_of_option(option: str) -> int:
    return int(option[1:]) - 1


def cancel(b: Board, frame_id: int, by: int) -> bool:
    """Cancel the frame ``frame_id``: an ability card goes to its discard pile as though it had
    never been played. Returns whether it was still on the queue."""
    state = b.state
    target = next((f for f in state.queue if f.id == frame_id), None)
    if target is None:
        return False
    b.event(f"{b.who(by)} cancels {source_name(b, target)}.", "cancel", by)
    # An ability card goes to its discard pile; a unit stays in its group, only its ability is
    # negated (ruling 'cancelled units').
    if kind_of(target) == "card":
        inst = instance_of(target)
        if inst in state.resolving:
            state.resolving.remove(inst)
            b.to_discard(inst)
    state.queue.remove(target)
    return True
