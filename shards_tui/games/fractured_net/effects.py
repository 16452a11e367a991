"""The one interpreter of the effect vocabulary (cards.Effect).

Triggered and played effects wait in ``state.queue`` as jobs (a card, a trigger, the next
effect). ``run`` resolves them in order. An effect that needs a choice (a target, cards to
put on the bottom of the deck, a card to take back) sets a pending core Decision and stops;
``answer`` records the choice and resolution goes on. Nothing here calls out to a screen.
"""

from __future__ import annotations

from shards_tui.core.decision import Decision, Option
from shards_tui.core.errors import IllegalCommand
from shards_tui.games.fractured_net.cards import EACH, RANDOM, Effect, card, card_db, limits
from shards_tui.games.fractured_net.models import FnState, Job
from shards_tui.games.fractured_net.stats import stats_of
from shards_tui.games.fractured_net.zones import (Source, check_deaths, check_health, deal,
                                                  destroy, draw, enter_creature, heal,
                                                  leave_play, make_token, name, plural)
from shards_tui.games.fractured_net.text import effect_text

PLAYERS = ("p0", "p1")


def effects_of(job: Job) -> tuple[Effect, ...]:
    return card_db()[job.card].triggers(job.trigger)


def asking(state: FnState) -> tuple[str, int] | None:
    """What the effect an open target question is for does, and how much (public: its card was
    played openly): ('damage', 3) for a Flare."""
    if state.pending is None or state.pending.kind != "target" or not state.queue:
        return None
    job = state.queue[0]
    effects = effects_of(job)
    if job.index >= len(effects):
        return None
    effect = effects[job.index]
    return effect.do, effect.amount * _count(state, job.controller, effect.per)


def run(state: FnState) -> None:
    """Resolve queued effects until none is left, a question waits, or the game ends."""
    while state.queue and state.pending is None and not state.over:
        job = state.queue[0]
        effects = effects_of(job)
        if job.index >= len(effects):
            state.queue.pop(0)
            continue
        effect = effects[job.index]
        if effect.if_creatures and len(state.players[job.controller].creatures) < effect.if_creatures:
            job.index += 1
            continue
        if _asks(state, job, effect):
            return
        apply(state, job, effect)
        job.index += 1
        job.target = None
        check_deaths(state)
    check_health(state)


# ---- targets ----------------------------------------------------------------------------------

def _creatures(state: FnState, seats: tuple[int, ...], effect: Effect,
               exclude: str | None = None) -> list[str]:
    """Creatures the effect may take: 'tap' takes untapped ones, 'untap' tapped ones."""
    out = []
    for seat in seats:
        player = state.players[seat]
        for c in player.creatures:
            if c.id == exclude or (effect.do == "tap" and c.tapped) or (
                    effect.do == "untap" and not c.tapped):
                continue
            if effect.max_power is not None and stats_of(player, c).power > effect.max_power:
                continue
            out.append(c.id)
    return out


def targets(state: FnState, controller: int, source: str | None, effect: Effect) -> list[str]:
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


def _asks(state: FnState, job: Job, effect: Effect) -> bool:
    """Set the question this effect needs, unless it is answered or has one answer only."""
    if effect.do in ("foresee", "recall", "revive") or (effect.do == "discard"
                                                       and effect.target == "you"
                                                       and not effect.random):
        return _ask_cards(state, job, effect)
    if not effect.chosen or job.target is not None:
        return False
    options = targets(state, job.controller, job.source, effect)
    if not options:
        job.target = "-"  # nothing to target: the effect does nothing
        return False
    if len(options) == 1:
        job.target = options[0]
        return False
    source = card(job.card).name
    state.pending = Decision(
        seat=job.controller, kind="target", min=1, max=1,
        prompt=f"{source}: choose a target ({describe(effect)}).",
        options=[Option(id=o, label=target_label(state, job.controller, o)) for o in options])
    return True


def _ask_cards(state: FnState, job: Job, effect: Effect) -> bool:
    if job.target is not None:
        return False
    player = state.players[job.controller]
    source = card(job.card).name
    if effect.do == "foresee":
        top = player.deck[:effect.amount]
        if not top:
            job.target = "-"
            return False
        state.mark_reveal()
        prompt = f"{source}: the top of your deck, first card first; choose any to put on the bottom."
        kind, options, low, high, private = "foresee", top, 0, len(top), True
    elif effect.do == "discard":
        if not player.hand:
            job.target = "-"
            return False
        n = min(effect.amount, len(player.hand))
        prompt = f"{source}: choose {plural(n, 'card')} to discard."
        kind, options, low, high, private = "discard", list(player.hand), n, n, True
    else:
        wanted = ("creature",) if effect.do == "revive" else effect.types
        options = [i for i in player.discard if not wanted or card(i).type in wanted]
        if not options:
            job.target = "-"
            return False
        n = min(effect.amount, len(options))
        where = "into play" if effect.do == "revive" else "to your hand"
        prompt = f"{source}: choose {plural(n, 'card')} from your discard pile to return {where}."
        kind, low, high, private = effect.do, n, n, False
    distinct = list(dict.fromkeys(options))
    state.pending = Decision(seat=job.controller, kind=kind, prompt=prompt, min=low, max=high,
                             private=private,
                             options=[Option(id=i, label=name(i)) for i in distinct])
    return True


def answer(state: FnState, chosen: list[str]) -> None:
    """Record the answer to the pending effect question and go on resolving."""
    pending = state.pending
    state.pending = None
    if pending.kind == "attach":
        attach_to(state, pending.seat, str(pending.data["gear"]), chosen[0])
        run(state)
        return
    job = state.queue[0]
    effect = effects_of(job)[job.index]
    player = state.players[job.controller]
    if pending.kind == "target":
        job.target = chosen[0]
        run(state)
        return
    if pending.kind == "foresee":
        top = player.deck[:effect.amount]
        kept = [i for i in top if i not in chosen]
        bottom = [i for i in top if i in chosen]
        player.deck = kept + player.deck[len(top):] + bottom
        state.add_event(f"{player.name} looks at the top {plural(len(top), 'card')} and puts "
                        f"{len(bottom)} on the bottom.", seat=job.controller, anchor="effects")
    elif pending.kind == "discard":
        for i in chosen:
            player.hand.remove(i)
            player.discard.append(i)
        state.add_event(f"{player.name} discards {', '.join(name(i) for i in chosen)}.",
                        seat=job.controller, anchor="effects")
    elif pending.kind == "recall":
        for i in chosen:
            player.discard.remove(i)
            player.hand.append(i)
        state.add_event(f"{player.name} returns {', '.join(name(i) for i in chosen)} to their "
                        "hand.", seat=job.controller, anchor="effects")
    elif pending.kind == "revive":
        for i in chosen:
            player.discard.remove(i)
            state.add_event(f"{name(i)} returns from {player.name}'s discard pile into play.",
                            seat=job.controller, anchor="effects")
            enter_creature(state, job.controller, i)
    else:  # pragma: no cover - the controller only sends answers to these questions
        raise IllegalCommand("That question is not an effect's.")
    job.index += 1
    job.target = None
    check_deaths(state)
    run(state)


# ---- carrying an effect out ------------------------------------------------------------------

def _count(state: FnState, seat: int, per: str | None) -> int:
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


def _pick_targets(state: FnState, job: Job, effect: Effect) -> list[str]:
    if effect.chosen:
        return [] if job.target in (None, "-") else [job.target]
    if effect.target == "it":
        return [job.last] if job.last and (state.creature(job.last) or job.last in PLAYERS) else []
    options = targets(state, job.controller, job.source, effect)
    if effect.target in EACH:
        return options
    if effect.target in RANDOM:
        if not options:
            return []
        state.mark_reveal()
        return [options[state.rng.below(len(options))]]
    return options


def apply(state: FnState, job: Job, effect: Effect) -> None:
    for _ in range(effect.times):
        if state.over:
            return
        _apply_once(state, job, effect)
        if effect.times > 1:
            check_deaths(state)


def _apply_once(state: FnState, job: Job, effect: Effect) -> None:
    me = job.controller
    player = state.players[me]
    source_name = card(job.card).name
    amount = effect.amount * _count(state, me, effect.per)
    do = effect.do
    creature_source = job.source if job.source and state.creature(job.source) else None
    if do == "draw":
        seat = state.other(me) if effect.target == "opponent" else me
        draw(state, seat, amount)
        return
    if do == "heal":
        seat = state.other(me) if effect.target == "opponent" else me
        gained = heal(state, seat, amount)
        state.add_event(f"{source_name}: {state.players[seat].name} gains {gained} health.",
                        seat=me, anchor="effects")
        return
    if do == "energy":
        gained = max(0, min(amount, limits().max_energy - player.energy))
        player.energy += gained
        state.add_event(f"{source_name}: {player.name} gains {gained} energy.", seat=me,
                        anchor="energy")
        return
    if do == "token":
        for _ in range(amount):
            make_token(state, me, effect.card)
        state.add_event(f"{source_name} makes {plural(amount, card(effect.card).name + ' token')}.",
                        seat=me, anchor="tokens")
        return
    if do == "discard":
        if effect.target == "opponent" or effect.random:
            seat = state.other(me) if effect.target == "opponent" else me
            _random_discard(state, seat, amount, source_name)
        return
    if do in ("foresee", "recall", "revive"):
        return  # carried out by answer()
    picked = _pick_targets(state, job, effect)
    if not picked:  # (said, so that a card played to no effect does not look like a bug)
        state.add_event(f"{source_name}: no target, so “{describe(effect)}” does nothing.",
                        seat=me, anchor="effects")
    for target in picked:
        _on_target(state, job, effect, target, amount, creature_source, source_name)
        job.last = target


def _random_discard(state: FnState, seat: int, amount: int, source_name: str) -> None:
    victim = state.players[seat]
    gone = []
    for _ in range(min(amount, len(victim.hand))):
        i = victim.hand.pop(state.rng.below(len(victim.hand)))
        victim.discard.append(i)
        gone.append(i)
    if gone:
        state.mark_reveal()
        state.add_event(f"{source_name}: {victim.name} discards {', '.join(name(i) for i in gone)} "
                        "at random.", seat=seat, anchor="effects")


def _on_target(state: FnState, job: Job, effect: Effect, target: str, amount: int,
               creature_source: str | None, source_name: str) -> None:
    me, do = job.controller, effect.do
    if do == "damage":
        dealt = deal(state, Source(me, creature_source), target, amount)
        state.add_event(f"{source_name} deals {dealt} damage to "
                        f"{_target_name(state, target)}.", seat=me, anchor="effects")
        return
    if do == "destroy":
        gear = state.gear_of(target)
        if gear is not None:
            seat, g = gear
            state.players[seat].gear.remove(g)
            state.players[seat].discard.append(g.id)
            state.add_event(f"{source_name} destroys {name(target)}.", seat=me, anchor="effects")
        else:
            destroy(state, target, f"is destroyed by {source_name}")
        return
    found = state.creature(target)
    if found is None:
        return
    seat, creature = found
    if do == "bounce":
        state.add_event(f"{source_name} returns {name(target)} to its owner's hand.", seat=me,
                        anchor="effects")
        leave_play(state, target, "hand")
    elif do == "buff":
        if effect.lasting:
            creature.power += effect.power * (amount if effect.per else 1)
            creature.defense += effect.defense * (amount if effect.per else 1)
        else:
            creature.turn_power += effect.power * (amount if effect.per else 1)
            creature.turn_defense += effect.defense * (amount if effect.per else 1)
        state.add_event(f"{source_name} gives {name(target)} {_signed(effect.power)}/"
                        f"{_signed(effect.defense)}{'' if effect.lasting else ' this turn'}.",
                        seat=me, anchor="effects")
    elif do == "grant":
        keywords = creature.keywords if effect.lasting else creature.turn_keywords
        if effect.keyword not in keywords:
            keywords.append(effect.keyword)
        state.add_event(f"{source_name} gives {name(target)} {effect.keyword.capitalize()}"
                        f"{'' if effect.lasting else ' this turn'}.", seat=me, anchor="effects")
    elif do in ("tap", "untap"):
        creature.tapped = do == "tap"
        state.add_event(f"{source_name} {do}s {name(target)}.", seat=me, anchor="effects")


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


def _target_name(state: FnState, target: str) -> str:
    return state.players[int(target[1])].name if target in PLAYERS else name(target)


def describe(effect: Effect) -> str:
    return effect_text(effect).rstrip(".")


def attach_to(state: FnState, seat: int, gear: str, creature: str) -> None:
    """An attaching equipment goes onto a creature of its owner; its Enter effects follow."""
    for g in state.players[seat].gear:
        if g.id == gear:
            g.on = creature
    state.add_event(f"{name(gear)} is attached to {name(creature)}.", seat=seat,
                    anchor="equipment")
    start_job(state, card(gear).id, "enter", seat, gear)


def start_job(state: FnState, card_id: str, trigger: str, controller: int,
              source: str | None) -> None:
    if card_db()[card_id].triggers(trigger):
        state.queue.append(Job(card=card_id, trigger=trigger, source=source, controller=controller))
