"""Every move a seat may make in a turn outside answering a question: the action check,
and the standard Tide, Power and Fortitude actions, card abilities and the leader action.

Each move has a check (``check``: raises IllegalCommand with one sentence, changing nothing)
and is then carried out (``execute``). Dice are spent before a mechanic is put on the queue;
what needs steps (a move, a flip, damage, a card) then resolves there.
"""

from __future__ import annotations

from typing import Any

from shards_tui.core.errors import IllegalCommand
from shards_tui.core.hex import DIRECTION_NAMES, hex_text, neighbour
from shards_tui.games.infinities import cards as cd
from shards_tui.games.infinities import commands as cm
from shards_tui.games.infinities import adventure, dice, moving, triggers, turns
from shards_tui.games.infinities import frames as fr
from shards_tui.games.infinities.board import Board, plural
from shards_tui.games.infinities.damage import eligible_units
from shards_tui.games.infinities.refs import hand_card, need_phase, seat_ref, timeline_card
from shards_tui.games.infinities.setup_moves import (SETUP_CHECKS, SETUP_RUNS, check_deploy_play,
                                                     check_first_tile, run_deploy_play)
from shards_tui.games.infinities.targets import flippable, target_options
from shards_tui.games.infinities.unlocks import pay_problem

def check(b: Board, cmd: Any) -> None:
    """Raise IllegalCommand if ``cmd`` cannot be carried out now (the state is not changed)."""
    CHECKS[type(cmd)](b, cmd)


def execute(b: Board, cmd: Any) -> None:
    check(Board(b.state, quiet=b.quiet, frozen=True), cmd)  # (a check changes nothing)
    RUNS[type(cmd)](b, cmd)


def _check_move(b: Board, cmd: cm.Move) -> None:
    if b.state.flow.phase == "first_tile":
        return check_first_tile(b, cmd)
    need_phase(b, "act")
    d = DIRECTION_NAMES.index(cmd.direction)
    if moving.step_kind(b, cmd.seat, d) is None:
        h = b.where(cmd.seat)
        assert h is not None
        target = neighbour(h, d)
        if b.wall_between(h, d):
            why = "a wall stands on that edge"
        elif b.pawn_at(target) is not None:
            why = f"{b.who(b.pawn_at(target))}'s pawn is on that tile (one pawn per tile)"  # type: ignore[arg-type]
        else:
            why = "no tile is left to discover there"
        raise IllegalCommand(f"You cannot move {cmd.direction}: {why}.", "movement")
    _spend_check(b, cmd.seat, ("fortitude",))


def _run_move(b: Board, cmd: cm.Move) -> None:
    if b.state.flow.phase == "first_tile":
        fr.push(b, cmd.seat, "rule:first_tile", stage="resolve", args=[f"dir:{cmd.direction}"])
        return
    dice.spend(b, cmd.seat, ("fortitude",))
    fr.push(b, cmd.seat, "rule:move", stage="resolve", args=[f"dir:{cmd.direction}"])


def _spend_check(b: Board, seat: int, faces: tuple[str, ...]) -> None:
    problem = dice.spend_problem(b, seat, faces)
    if problem:
        raise IllegalCommand(problem, "health-limit")


# ---- the action check ----------------------------------------------------------------------------

def _check_roll(b: Board, cmd: cm.Roll) -> None:
    need_phase(b, "check")
    n = b.limits.check_dice
    if len(cmd.colours) != n:
        raise IllegalCommand(f"An action check rolls {n} dice, not {len(cmd.colours)} (ruling "
                             "'four dice').", "ruling-four-dice")


def _run_roll(b: Board, cmd: cm.Roll) -> None:
    dice.roll(b, cmd.seat, cmd.colours)
    b.state.flow.phase = "adjust"


def _check_reroll(b: Board, cmd: cm.Reroll) -> None:
    need_phase(b, "adjust")
    dice.check_reroll(b, cmd.seat, cmd.die)


def _run_reroll(b: Board, cmd: cm.Reroll) -> None:
    dice.reroll(b, cmd.seat, cmd.die)


def _check_convert(b: Board, cmd: cm.Convert) -> None:
    need_phase(b, "adjust")
    dice.check_convert(b, cmd.seat, cmd.die, cmd.face)


def _run_convert(b: Board, cmd: cm.Convert) -> None:
    dice.convert(b, cmd.seat, cmd.die, cmd.face)


def _check_lock(b: Board, cmd: Any) -> None:
    need_phase(b, "adjust")


def _run_lock(b: Board, cmd: Any) -> None:
    dice.lock(b, cmd.seat)
    b.state.flow.phase = "act"
    triggers.emit(b, "locked", cmd.seat)


# ---- Tide -----------------------------------------------------------------------------------------

def _check_prepare(b: Board, cmd: cm.Prepare) -> None:
    need_phase(b, "act")
    hand_card(b, cmd.seat, cmd.card)
    owner = cmd.seat if cmd.to is None else seat_ref(b, cmd.to)
    if owner != cmd.seat:
        if b.is_enemy(cmd.seat, owner) or not b.in_game(owner):
            raise IllegalCommand("You may prepare a card only in your own timeline or an ally's.",
                                 "timeline")
        if len(b.state.players[owner].timeline) >= b.timeline_limit(owner):
            raise IllegalCommand(f"{b.who(owner)}'s timeline is full (ruling 'preparing for an "
                                 "ally').", "ruling-ally-timeline")
    _spend_check(b, cmd.seat, ("tide",))


def _run_prepare(b: Board, cmd: cm.Prepare) -> None:
    inst = hand_card(b, cmd.seat, cmd.card)
    owner = cmd.seat if cmd.to is None else seat_ref(b, cmd.to)
    dice.spend(b, cmd.seat, ("tide",))
    fr.push(b, cmd.seat, "rule:prepare", stage="resolve", args=[f"card:{inst}", f"to:{owner}"])


def _play_card(b: Board, cmd: cm.Play) -> tuple[str, str]:
    """(instance, 'hand' or 'timeline') of the card a play names."""
    if cmd.card.startswith("t") and cmd.card[1:].isdigit():
        return timeline_card(b, cmd.seat, int(cmd.card[1:])), "timeline"
    return hand_card(b, cmd.seat, cmd.card), "hand"


def _check_play(b: Board, cmd: cm.Play) -> None:
    if b.state.flow.phase in ("deploy", "respawn"):
        return check_deploy_play(b, cmd)
    need_phase(b, "act")
    inst, where = _play_card(b, cmd)
    card = b.card(inst)
    if where == "timeline" and inst in b.state.turn.prepared:
        raise IllegalCommand(f"{card.name} was prepared this turn; it can be played from the "
                             "timeline in a later turn.", "timeline")
    cost = ("tide",) * (1 if where == "timeline" else card.cost)
    unlock = card.play_unlock()
    if cmd.unlock:
        if unlock is None:
            raise IllegalCommand(f"{card.name} has nothing to unlock when it is played.", "unlocks")
        problem = pay_problem(b, cmd.seat, unlock.pay, hand_spare=1 if where == "hand" else 0,
                              dice_also=cost)
        if problem:
            raise IllegalCommand(problem, "unlocks")
    _spend_check(b, cmd.seat, cost)
    play = card.play_ability()
    if card.kind == "ability" and play is not None and play.target.who not in ("none", "each_enemy") \
            and not target_options(b, cmd.seat, play.target):
        raise IllegalCommand(f"{card.name} needs a target and there is none it may declare.",
                             "order-of-activation")


def _run_play(b: Board, cmd: cm.Play) -> None:
    if b.state.flow.phase in ("deploy", "respawn"):
        return run_deploy_play(b, cmd)
    inst, where = _play_card(b, cmd)
    card = b.card(inst)
    dice.spend(b, cmd.seat, ("tide",) * (1 if where == "timeline" else card.cost))
    cd.play_card(b, cmd.seat, inst, cmd.unlock, where)


# ---- Power ----------------------------------------------------------------------------------------

def _foe_in_reach(b: Board, seat: int, ref: str) -> int:
    target = seat_ref(b, ref)
    if not b.is_enemy(seat, target):
        raise IllegalCommand("Power actions target enemy leaders.", "power-actions")
    if not b.in_reach(seat, target):
        raise IllegalCommand(f"{b.who(target)} is not in your reach (a clear path of at most "
                             f"{plural(b.reach(seat), 'tile')}, your Power level).", "reach")
    return target


def _check_damage(b: Board, cmd: cm.Damage) -> None:
    need_phase(b, "act")
    target = _foe_in_reach(b, cmd.seat, cmd.target)
    units = eligible_units(b, target)
    if cmd.unit is not None:
        group = b.state.players[target].group
        if not 1 <= cmd.unit <= len(group) or group[cmd.unit - 1] not in units:
            raise IllegalCommand(f"{b.who(target)} has no unit u{cmd.unit} that can be dealt damage.",
                                 "damage")
    elif not units and b.leader_immune(target, "damage"):
        raise IllegalCommand(f"Nothing in {b.who(target)}'s group can be dealt damage.", "immune")
    _spend_check(b, cmd.seat, ("power",))


def _run_damage(b: Board, cmd: cm.Damage) -> None:
    target = seat_ref(b, cmd.target)
    dice.spend(b, cmd.seat, ("power",))
    args = [f"unit:{b.state.players[target].group[cmd.unit - 1].card}"] if cmd.unit else []
    fr.push(b, cmd.seat, "rule:damage", stage="resolve", targets=[f"seat:{target}"], args=args)


def _check_destroy(b: Board, cmd: cm.Destroy) -> None:
    need_phase(b, "act")
    target = _foe_in_reach(b, cmd.seat, cmd.target)
    timeline_card(b, target, cmd.card)
    _spend_check(b, cmd.seat, ("power",))


def _run_destroy(b: Board, cmd: cm.Destroy) -> None:
    target = seat_ref(b, cmd.target)
    inst = timeline_card(b, target, cmd.card)
    dice.spend(b, cmd.seat, ("power",))
    fr.push(b, cmd.seat, "rule:destroy", stage="resolve", targets=[f"card:{inst}"])


def _check_cycle(b: Board, cmd: cm.Cycle) -> None:
    need_phase(b, "act")
    if not b.state.players[cmd.seat].hand:
        raise IllegalCommand("Cycling discards a card first, and your hand is empty (ruling "
                             "'cycling')", "ruling-cycle")
    hand_card(b, cmd.seat, cmd.card)
    _spend_check(b, cmd.seat, ("power",))


def _run_cycle(b: Board, cmd: cm.Cycle) -> None:
    inst = hand_card(b, cmd.seat, cmd.card)
    dice.spend(b, cmd.seat, ("power",))
    p = b.state.players[cmd.seat]
    p.hand.remove(inst)
    b.to_discard(inst)
    b.event(f"{b.who(cmd.seat)} cycles {b.name(inst)}.", "power-actions", cmd.seat)
    b.draw(cmd.seat, 1, "cycle")
    triggers.emit(b, "cycled", cmd.seat)


# ---- Fortitude ------------------------------------------------------------------------------------

def _check_flip(b: Board, cmd: cm.Flip) -> None:
    need_phase(b, "act")
    h = b.where(cmd.seat)
    assert h is not None
    target = neighbour(h, DIRECTION_NAMES.index(cmd.direction))
    if target not in flippable(b, cmd.seat):
        tile = b.face_up(target)
        why = ("there is no face-up tile there" if tile is None else
               "the Rift is never flipped" if tile.type == "rift" else
               "the leader in it would have no free tile to be moved to")
        raise IllegalCommand(f"You cannot flip the tile {cmd.direction} of you: {why}.", "flip")
    _spend_check(b, cmd.seat, ("fortitude",))


def _run_flip(b: Board, cmd: cm.Flip) -> None:
    h = b.where(cmd.seat)
    assert h is not None
    target = neighbour(h, DIRECTION_NAMES.index(cmd.direction))
    dice.spend(b, cmd.seat, ("fortitude",))
    fr.push(b, cmd.seat, "rule:flip", stage="resolve", targets=[f"hex:{hex_text(target)}"])


# ---- abilities and the leader action --------------------------------------------------------------

def _activated(b: Board, cmd: cm.Activate) -> tuple[str, int]:
    group = b.state.players[cmd.seat].group
    if not 1 <= cmd.unit <= len(group):
        raise IllegalCommand(f"Your group has {plural(len(group), 'unit')}; there is no u{cmd.unit}.",
                             "units")
    inst = group[cmd.unit - 1].card
    for i, ability in enumerate(b.card(inst).abilities):
        if ability.on == "activate":
            return inst, i
    raise IllegalCommand(f"{b.name(inst)} has no ability to activate with dice.", "units")


def _check_activate(b: Board, cmd: cm.Activate) -> None:
    need_phase(b, "act")
    inst, i = _activated(b, cmd)
    ability = b.card(inst).abilities[i]
    if cmd.unlock:
        if ability.unlock is None:
            raise IllegalCommand(f"{b.name(inst)}'s ability has nothing to unlock.", "unlocks")
        problem = pay_problem(b, cmd.seat, ability.unlock.pay, dice_also=ability.cost)
        if problem:
            raise IllegalCommand(problem, "unlocks")
    _spend_check(b, cmd.seat, ability.cost)
    if ability.target.who not in ("none", "each_enemy") and not target_options(b, cmd.seat, ability.target):
        raise IllegalCommand(f"{b.name(inst)}'s ability needs a target and there is none.",
                             "order-of-activation")


def _run_activate(b: Board, cmd: cm.Activate) -> None:
    inst, i = _activated(b, cmd)
    ability = b.card(inst).abilities[i]
    dice.spend(b, cmd.seat, ability.cost)
    b.event(f"{b.who(cmd.seat)} activates {b.name(inst)}.", "units", cmd.seat)
    fr.push(b, cmd.seat, f"card:{inst}", index=i, unlocked=cmd.unlock,
            stage="pay" if cmd.unlock else "target")


def _check_lead(b: Board, cmd: Any) -> None:
    need_phase(b, "act")
    leader = b.leader(cmd.seat)
    assert leader is not None
    if b.state.turn.led:
        raise IllegalCommand("A leader action is used once a turn (ruling 'leader action').",
                             "ruling-leader-action")
    _spend_check(b, cmd.seat, leader.action.cost)
    spec = leader.action.target
    if spec.who not in ("none", "each_enemy") and not target_options(b, cmd.seat, spec, enemy_ability=False):
        raise IllegalCommand(f"{leader.action.name} needs a target and there is none.", "leader-action")


def _run_lead(b: Board, cmd: Any) -> None:
    leader = b.leader(cmd.seat)
    assert leader is not None
    dice.spend(b, cmd.seat, leader.action.cost)
    b.state.turn.led = True
    b.event(f"{b.who(cmd.seat)} uses their leader action, {leader.action.name}.", "leader-action", cmd.seat)
    fr.push(b, cmd.seat, f"leader:{cmd.seat}", stage="target")


def _check_end(b: Board, cmd: Any) -> None:
    need_phase(b, "act")


def _run_end(b: Board, cmd: Any) -> None:
    left = sum(1 for d in b.state.turn.dice if not d.spent and d.face != "blank")
    tail = f" ({plural(left, 'result')} unspent)" if left else ""
    b.event(f"{b.who(cmd.seat)} ends their turn{tail}.", "turn-actions", cmd.seat)
    turns.end_turn(b)


def may_concede(b: Board, seat: int) -> str | None:
    """Why this seat may not concede now (one sentence), or None."""
    state = b.state
    if state.players[seat].status == "conceded":
        return "You have conceded already."
    if state.flow.phase != "check" or state.pending is not None or state.queue:
        return "A leader concedes at the beginning of a turn, before its action check."
    return None


CHECKS = {**SETUP_CHECKS, cm.Move: _check_move, cm.Roll: _check_roll, cm.Reroll: _check_reroll,
          cm.Convert: _check_convert, cm.Lock: _check_lock, cm.Prepare: _check_prepare,
          cm.Play: _check_play, cm.Damage: _check_damage, cm.Destroy: _check_destroy,
          cm.Cycle: _check_cycle, cm.Flip: _check_flip, cm.Activate: _check_activate,
          cm.Lead: _check_lead, cm.End: _check_end, cm.Special: adventure.check_special}
RUNS = {**SETUP_RUNS, cm.Move: _run_move, cm.Roll: _run_roll, cm.Reroll: _run_reroll, cm.Convert: _run_convert,
        cm.Lock: _run_lock, cm.Prepare: _run_prepare, cm.Play: _run_play, cm.Damage: _run_damage,
        cm.Destroy: _run_destroy, cm.Cycle: _run_cycle, cm.Flip: _run_flip,
        cm.Activate: _run_activate, cm.Lead: _run_lead, cm.End: _run_end,
        cm.Special: adventure.run_special}
