"""The one interpreter of the effect vocabulary: resolves the queue, last in first out, until it
is empty, a question waits or the game is over.

A frame goes through stages: 'pay' (its unlock), 'join' (a unit being played joins its group),
'target' (its targets are declared), 'protect' (the targeted leaders may cancel it with a
trigger, then block it by discarding), 'resolve' (its steps, one after another; a step with an
amount, such as 'deal 3 damage', resolves one part at a time so triggers can happen between
parts). A frame whose source has gone (a unit destroyed, a card cancelled, a leader defeated)
stops where it is; so does one whose target has gone (ruling 'lost targets').

A step that needs a choice puts a Decision in ``state.pending`` and returns False; the answer
comes back to the same step (``answer``). ``STEPS`` maps each step kind to its function.
"""

from __future__ import annotations

from typing import Callable

from shards_tui.games.infinities import damage, dice, protection, triggers
from shards_tui.games.infinities import effects as fx
from shards_tui.games.infinities import frames as fr
from shards_tui.games.infinities.board import Board, plural
from shards_tui.games.infinities.cards import join_group
from shards_tui.games.infinities.conditions import holds
from shards_tui.games.infinities.models import Frame
from shards_tui.games.infinities.plot_steps import PLOT_STEPS
from shards_tui.games.infinities.steps_cards import CARD_STEPS
from shards_tui.games.infinities.steps_combat import COMBAT_STEPS, still_targetable
from shards_tui.games.infinities.steps_map import MAP_STEPS

MAX_STEPS = 20_000  # steps in one move; more is a rules bug, never a legal position
Answer = list[str] | None
StepFn = Callable[[Board, Frame, fx.Step, Answer], bool]
STEPS: dict[type, StepFn] = {**COMBAT_STEPS, **CARD_STEPS, **MAP_STEPS, **PLOT_STEPS}


def run(b: Board) -> None:
    state = b.state
    count = 0
    while state.queue and state.pending is None and state.winners is None:
        count += 1
        if count > MAX_STEPS:
            raise RuntimeError(f"the queue kept going past {MAX_STEPS} steps")
        frame = state.queue[-1]
        if frame.kind == "window":
            triggers.step_window(b, frame, None)
            continue
        _advance(b, frame, None)


def answer(b: Board, chosen: list[str], frame_id: int) -> None:
    """The question asked for the frame ``frame_id`` was answered with ``chosen``."""
    frame = next((f for f in b.state.queue if f.id == frame_id), None)
    if frame is None:  # its frame was lost while the question waited: nothing more to do
        return
    if frame.kind == "window":
        triggers.step_window(b, frame, chosen)
    else:
        _advance(b, frame, chosen)


def _advance(b: Board, frame: Frame, chosen: Answer) -> None:
    state = b.state
    if not fr.source_active(b, frame):
        _drop(b, frame, f"{fr.source_name(b, frame)} is gone, so what was left of it is lost.")
        return
    if frame.stage == "pay":
        unlock = _unlock_of(b, frame)
        if unlock is None or pay_unlock(b, frame, unlock.pay, chosen):
            frame.stage = "join" if _is_unit_play(b, frame) else "target"
        return
    if frame.stage == "join":
        if join_group(b, frame, chosen):
            frame.stage = "target"
        return
    if frame.stage == "target":
        if protection.declare_targets(b, frame, chosen):
            frame.stage = "protect"
        return
    if frame.stage == "protect":
        if protection.protect(b, frame, chosen):
            frame.stage = "resolve"
            frame.sub = 0
        return
    steps = fr.steps_of(b, frame)
    if frame.pc >= len(steps):
        _finish(b, frame)
        return
    step = steps[frame.pc]
    if frame.sub == 0 and not frame.picked and chosen is None:
        if step.when is not None and not holds(b, frame.seat, step.when):
            frame.pc += 1
            return
        if not still_targetable(b, frame, step):
            _drop(b, frame, f"The target of {fr.source_name(b, frame)} is gone; it is lost.")
            return
    if STEPS[type(step)](b, frame, step, chosen):
        frame.pc += 1
        frame.sub = 0
        frame.picked = []
    if state.pending is None and frame in state.queue and frame.pc >= len(steps):
        _finish(b, frame)


def _unlock_of(b: Board, frame: Frame):
    if fr.kind_of(frame) != "card":
        return None
    ability = fr.ability_of(b, frame)
    if "join" in frame.args or (ability is not None and ability.on == "play"):
        return b.card(fr.instance_of(frame)).play_unlock()
    return ability.unlock if ability is not None else None


def _is_unit_play(b: Board, frame: Frame) -> bool:
    return fr.kind_of(frame) == "card" and frame.index >= 0 and \
        b.card(fr.instance_of(frame)).kind == "unit" and "join" in frame.args


def _finish(b: Board, frame: Frame) -> None:
    state = b.state
    if frame in state.queue:
        state.queue.remove(frame)
    if fr.kind_of(frame) == "card":
        inst = fr.instance_of(frame)
        if inst in state.resolving:  # an ability card that was played: to its discard pile
            state.resolving.remove(inst)
            b.to_discard(inst)


def _drop(b: Board, frame: Frame, why: str) -> None:
    b.event(why, "ruling-lost-targets", frame.seat)
    _finish(b, frame)


def pay_unlock(b: Board, frame: Frame, pay_cost: fx.UnlockCost, chosen: list[str] | None) -> bool:
    """Pay a frame's unlock (its 'pay' stage); False while the payer chooses cards."""
    seat = frame.seat
    p = b.state.players[seat]
    name = fr.source_name(b, frame)
    if isinstance(pay_cost, fx.DiscardCost):
        if chosen is None and len(p.hand) > pay_cost.amount:
            return fr.ask(b, frame, seat, "unlock_discard", f"{name}: discard "
                          f"{plural(pay_cost.amount, 'card')} to unlock it.",
                          fr.card_options(b, p.hand), least=pay_cost.amount,
                          most=pay_cost.amount, private=True)
        cards = list(chosen) if chosen is not None else list(p.hand)
        for inst in cards:
            p.hand.remove(inst)
            b.to_discard(inst)
        b.event(f"{b.who(seat)} discards {', '.join(b.name(c) for c in cards)} to unlock {name}.",
                "unlocks", seat)
    elif isinstance(pay_cost, fx.DamageCost):
        b.event(f"{b.who(seat)} takes {plural(pay_cost.amount, 'damage')} to unlock {name}.",
                "unlocks", seat)
        for _ in range(pay_cost.amount):
            damage.take(b, seat, name)
    elif isinstance(pay_cost, fx.DiceCost):
        dice.spend(b, seat, pay_cost.faces)
        b.event(f"{b.who(seat)} spends {', '.join(f.capitalize() for f in pay_cost.faces)} to "
                f"unlock {name}.", "unlocks", seat)
    return True
