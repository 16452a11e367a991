"""Combat: declared attackers, blockers (several may block one attacker; one blocker blocks
one attacker), and damage dealt all at once."""

from __future__ import annotations

from dataclasses import dataclass

from shards_tui.core.errors import IllegalCommand
from shards_tui.games.fractured_net.interpreter import run_foreseeable
from shards_tui.games.fractured_net.models import Block, Combat, FnState
from shards_tui.games.fractured_net.stats import Stats, can_attack, lethal, stats_of
from shards_tui.games.fractured_net.zones import (Source, check_deaths, check_health, deal,
                                                  name, said)


def _own(state: FnState, seat: int, instance: str, what: str) -> None:
    found = state.creature(instance)
    if found is None or found[0] != seat:
        raise IllegalCommand(f"You have no creature {said(instance)} in play to {what} with.", "combat")


def attack_problem(state: FnState, seat: int, instance: str) -> str | None:
    """Why this creature may not be declared as an attacker now, or None."""
    found = state.creature(instance)
    if found is None or found[0] != seat:
        return f"You have no creature {said(instance)} in play."
    player, creature = state.players[seat], found[1]
    s = stats_of(player, creature)
    c_name = name(instance)
    if state.combat is not None and instance in state.combat.attackers:
        return f"{c_name} is already attacking."
    if s.has("defender"):
        return f"{c_name} has Defender: it cannot attack."
    if creature.tapped:
        return f"{c_name} is tapped."
    if creature.sick and not s.has("swift"):
        return f"{c_name} entered play this turn and has summoning sickness (only Swift creatures attack at once)."
    return None


def forced_attackers(state: FnState, seat: int) -> list[str]:
    """Reckless creatures that can attack and are not declared yet."""
    player = state.players[seat]
    declared = state.combat.attackers if state.combat else []
    return [c.id for c in player.creatures
            if c.id not in declared and can_attack(player, c)
            and stats_of(player, c).has("reckless")]


def declare(state: FnState, seat: int, instance: str) -> None:
    problem = attack_problem(state, seat, instance)
    if problem:
        raise IllegalCommand(problem, "attacking")
    if state.combat is None:
        state.combat = Combat()
        state.flow.phase = "attack"
    player = state.players[seat]
    creature = state.creature(instance)[1]
    state.combat.attackers.append(instance)
    vigilant = stats_of(player, creature).has("vigilant")
    if not vigilant:
        creature.tapped = True
    state.add_event(f"{player.name} attacks with {name(instance)}"
                    f"{' (Vigilant: it stays untapped)' if vigilant else ''}.", seat=seat,
                    anchor="attacking")


def withdraw(state: FnState, seat: int, instance: str) -> None:
    """Take back a declared attacker before the attack is confirmed: it untaps (declaring it
    tapped it, unless it is Vigilant), and with no attacker left there is no combat."""
    cbt = state.combat
    if cbt is None or cbt.declared or instance not in cbt.attackers:
        raise IllegalCommand(f"{said(instance)} is not an attacker you can take back; attackers are "
                             "taken back before you confirm them.", "r-withdraw")
    cbt.attackers.remove(instance)
    player = state.players[seat]
    creature = state.creature(instance)[1]
    if not stats_of(player, creature).has("vigilant"):
        creature.tapped = False
    if not cbt.attackers:
        state.combat = None
        state.flow.phase = "main"
    state.add_event(f"{player.name} takes back the attack by {name(instance)}.", seat=seat,
                    anchor="r-withdraw")


def block_problem(state: FnState, seat: int, blocker: str, attacker: str) -> str | None:
    combat = state.combat
    found = state.creature(blocker)
    if found is None or found[0] != seat:
        return f"You have no creature {said(blocker)} in play."
    if combat is None or attacker not in combat.attackers:
        return f"{said(attacker)} is not attacking."
    player, creature = state.players[seat], found[1]
    b_name, a_name = name(blocker), name(attacker)
    if any(b.blocker == blocker for b in combat.blocks):
        return f"{b_name} is already blocking; a creature blocks one attacker."
    if creature.tapped:
        return f"{b_name} is tapped; only untapped creatures can block."
    a_seat, a_creature = state.creature(attacker)
    if stats_of(state.players[a_seat], a_creature).has("stealth") \
            and not stats_of(player, creature).has("stealth"):
        return f"{a_name} has Stealth: only a creature with Stealth can block it."
    return None


def block(state: FnState, seat: int, blocker: str, attacker: str) -> None:
    problem = block_problem(state, seat, blocker, attacker)
    if problem:
        raise IllegalCommand(problem, "blocking")
    state.combat.blocks.append(Block(blocker=blocker, attacker=attacker))
    # (the defender's own line: the attacker reads the blocks once they are confirmed)
    state.add_event(f"You block {name(attacker)} with {name(blocker)} (not yet confirmed).",
                    seat=seat, anchor="blocking", visible_to=[seat])


def unblock(state: FnState, seat: int, blocker: str) -> None:
    combat = state.combat
    if combat is None or not any(b.blocker == blocker for b in combat.blocks):
        raise IllegalCommand(f"{said(blocker)} is not blocking.", "blocking")
    combat.blocks = [b for b in combat.blocks if b.blocker != blocker]
    state.add_event(f"You take back the block by {name(blocker)}.", seat=seat, anchor="blocking",
                    visible_to=[seat])


def blocks_text(state: FnState, seat: int) -> str:
    """The confirmed blocks, as everyone reads them: 'Ben blocks Fault Runner with Scrap Golem
    and Relay Courier.', or that nothing was blocked (and why, when nothing could block)."""
    who = state.players[seat].name
    combat = state.combat
    by_attacker: dict[str, list[str]] = {}
    for b in combat.blocks:
        by_attacker.setdefault(b.attacker, []).append(name(b.blocker))
    if by_attacker:
        parts = [f"{name(a)} with {' and '.join(blockers)}" for a, blockers in by_attacker.items()]
        return f"{who} blocks {'; '.join(parts)}."
    if not can_block(state, seat):
        return f"{who} has no untapped creature that can block, so nothing is blocked."
    return f"{who} does not block."


def can_block(state: FnState, seat: int) -> bool:
    """Whether any creature of ``seat`` could block an attacker now (public facts only)."""
    combat = state.combat
    return combat is not None and any(
        block_problem(state, seat, c.id, a) is None
        for c in state.players[seat].creatures for a in combat.attackers)


def _stats(state: FnState, instance: str) -> Stats:
    seat, creature = state.creature(instance)
    return stats_of(state.players[seat], creature)


def split(state: FnState, attacker: str, blockers: list[str]) -> list[tuple[str, int]]:
    """How an attacker's power is divided among its blockers: in the order they were
    declared, each gets enough to destroy it (Armored and Deathtouch counted) before the next
    gets any; what is left goes to the last."""
    s = _stats(state, attacker)
    left = s.power
    out = []
    for k, b in enumerate(blockers):
        seat, creature = state.creature(b)
        need = lethal(_stats(state, b), creature.damage, s.has("deathtouch"))
        share = left if k == len(blockers) - 1 else min(left, need)
        out.append((b, share))
        left -= share
    return out


def planned_hits(state: FnState) -> list[tuple[str, str, int]]:
    """Every combat hit as (source, target, amount): target a creature or 'p0'/'p1'."""
    combat = state.combat
    defender = state.other(state.flow.active)
    hits = []
    blocked = {b.attacker for b in combat.blocks} | set(combat_blocked(state))
    for attacker in combat.attackers:
        if state.creature(attacker) is None:
            continue
        blockers = [b.blocker for b in combat.blocks
                    if b.attacker == attacker and state.creature(b.blocker) is not None]
        if attacker not in blocked:
            hits.append((attacker, f"p{defender}", _stats(state, attacker).power))
            continue
        for b, share in split(state, attacker, blockers):
            hits.append((attacker, b, share))
            hits.append((b, attacker, _stats(state, b).power))
    return hits


def combat_blocked(state: FnState) -> list[str]:
    """Attackers that were blocked when blocks were confirmed (they stay blocked even if every
    blocker has left play since)."""
    return list(state.was_blocked)


def resolve(state: FnState) -> None:
    """Deal every combat hit at once, then destroy what died (Volatile after), then check
    health once the whole combat is done."""
    hits = planned_hits(state)
    for source, target, amount in hits:
        if amount <= 0:
            continue
        seat = state.creature(source)[0]
        deal(state, Source(seat, source), target, amount, name(source), "damage")
    check_deaths(state)
    state.combat = None
    state.was_blocked = []
    state.attacked = True
    check_health(state)


@dataclass(frozen=True)
class Forecast:
    """What the combat in progress would do were it resolved now (``forecast``)."""

    dies: list[str]  # the creatures it would destroy, its Death effects and the like counted
    to_player: int  # the damage to the defending player, the same counted (all of it, also
    # past the health they have: 13 at 7 health, not 7)
    hits: list[tuple[str, str, int]]  # every combat hit (source, target, amount)
    then: list[str]  # the triggered effects counted ('Memory Keeper (Death): Draw 1 card')
    not_counted: list[str]  # those a player's choice or a chance decides
    lethal: bool = False  # the defending player would lose


def forecast(state: FnState) -> Forecast:
    """What the combat in progress would do were it resolved now, by the rules above on a copy
    (the state is not touched): the combat damage, then what it sets off (Volatile, Death
    effects), as far as public facts decide it: an effect with a choice or a chance is left out
    and named. While blockers are being assigned, the attackers blocked so far count as
    blocked."""
    if state.combat is None:
        return Forecast([], 0, [], [], [])
    sim = state.working_copy()
    sim.log = []
    if state.flow.phase == "block":
        sim.was_blocked = list(dict.fromkeys(b.attacker for b in sim.combat.blocks))
    before = {c.id for p in sim.players for c in p.creatures}
    defender = state.other(state.flow.active)
    health = sim.players[defender].health
    sim.queue = []
    hits = planned_hits(sim)
    resolve(sim)
    then, not_counted = run_foreseeable(sim)
    after = {c.id for p in sim.players for c in p.creatures}
    left = sim.players[defender].health
    direct = sum(n for _s, target, n in hits if target == f"p{defender}")
    # health stops at 0, so the drop alone would say 7 of a lethal 13
    return Forecast(sorted(before - after), max(health - left, direct) if left <= 0 else health - left,
                    hits, then, not_counted, lethal=health > 0 >= left)
