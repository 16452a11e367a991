"""What an effect may act on, and how much: the targets an effect may take now, their labels in
a question, the targets picked without a question (each, at random, 'it'), amounts counted
when an effect happens, and what an open target question is for."""

from __future__ import annotations

from shards_tui.games.fractured_net import effects as fx
from shards_tui.games.fractured_net.cards import card, card_db
from shards_tui.games.fractured_net.models import FnState, Job
from shards_tui.games.fractured_net.stats import stats_of
from shards_tui.games.fractured_net.zones import name

PLAYERS = ("p0", "p1")


def effects_of(job: Job) -> tuple[fx.Effect, ...]:
    return card_db()[job.card].triggers(job.trigger)


def count(state: FnState, seat: int, per: str | None) -> int:
    """What an amount is multiplied by (1 without ``per``)."""
    player = state.players[seat]
    if per is None:
        return 1
    if per == "friendly_creatures":
        return len(player.creatures)
    if per == "enemy_creatures":
        return len(state.players[state.other(seat)].creatures)
    if per == "cards_in_hand":
        return len(player.hand)
    return sum(card(i).type == "creature" for i in player.discard)


def amount(state: FnState, seat: int, effect: fx.Effect) -> int:
    """The effect's amount times its count, now (an effect without an amount counts 1)."""
    return getattr(effect, "amount", 1) * count(state, seat, getattr(effect, "per", None))


def asking(state: FnState) -> tuple[str, int] | None:
    """What the effect an open target question is for does, and how much (public: its card was
    played openly): ('damage', 3) for a Flare."""
    if state.pending is None or state.pending.kind != "target" or not state.queue:
        return None
    job = state.queue[0]
    todo = effects_of(job)
    if job.index >= len(todo):
        return None
    effect = todo[job.index]
    return effect.do, amount(state, job.controller, effect)


def _creatures(state: FnState, seats: tuple[int, ...], effect: fx.Effect,
               exclude: str | None = None) -> list[str]:
    """Creatures the effect may take: Tap takes untapped ones, Untap tapped ones."""
    out = []
    most = getattr(effect, "max_power", None)
    for seat in seats:
        player = state.players[seat]
        for c in player.creatures:
            if c.id == exclude or (isinstance(effect, fx.Tap) and c.tapped) or (
                    isinstance(effect, fx.Untap) and not c.tapped):
                continue
            if most is not None and stats_of(player, c).power > most:
                continue
            out.append(c.id)
    return out


def targets(state: FnState, controller: int, source: str | None, effect: fx.Effect) -> list[str]:
    """Every target the effect may take now (instance ids, or 'p0'/'p1' for players)."""
    me, them = controller, state.other(controller)
    t = effect.target
    if t in ("enemy_creature", "each_enemy_creature", "random_enemy_creature"):
        return _creatures(state, (them,), effect)
    if t in ("friendly_creature", "each_friendly_creature"):
        return _creatures(state, (me,), effect)
    if t in ("other_friendly_creature", "each_other_friendly_creature"):
        return _creatures(state, (me,), effect, exclude=source)
    if t in ("creature", "each_creature", "random_creature"):
        return _creatures(state, (0, 1), effect)
    if t in ("enemy", "random_enemy"):
        return _creatures(state, (them,), effect) + [PLAYERS[them]]
    if t == "any":
        return _creatures(state, (0, 1), effect) + list(PLAYERS)
    if t in ("attacker", "each_attacker"):
        combat = state.combat
        return [a for a in (combat.attackers if combat else [])
                if a in _creatures(state, (0, 1), effect)]
    if t == "blocker":
        combat = state.combat
        blockers = [b.blocker for b in combat.blocks] if combat else []
        return [b for b in dict.fromkeys(blockers) if b in _creatures(state, (0, 1), effect)]
    if t == "enemy_equipment":
        return [g.id for g in state.players[them].gear]
    if t == "self":
        return [source] if source and state.creature(source) else []
    if t == "attached":
        found = state.gear_of(source) if source else None
        return [found[1].on] if found and found[1].on else []
    if t == "you":
        return [PLAYERS[me]]
    if t == "opponent":
        return [PLAYERS[them]]
    return []


def picked(state: FnState, job: Job, effect: fx.Effect) -> list[str]:
    """The targets the effect acts on this time: the answer to its question, the previous
    effect's target ('it'), every match, or one match drawn at random."""
    if effect.chosen:
        return [] if job.target in (None, "-") else [job.target]
    if effect.target == "it":
        return [job.last] if job.last and (state.creature(job.last) or job.last in PLAYERS) else []
    options = targets(state, job.controller, job.source, effect)
    if effect.target in fx.EACH:
        return options
    if effect.target in fx.RANDOM:
        if not options:
            return []
        state.mark_reveal()
        return [options[state.rng.below(len(options))]]
    return options


def target_label(state: FnState, viewer: int, target: str) -> str:
    if target in PLAYERS:
        seat = int(target[1])
        return f"{state.players[seat].name} ({'you' if seat == viewer else 'opponent'})"
    found = state.creature(target)
    if found is not None:
        seat, creature = found
        s = stats_of(state.players[seat], creature)
        whose = "yours" if seat == viewer else "enemy"
        return f"{name(target)} ({whose}, {s.power}/{s.defense - creature.damage})"
    return name(target)

