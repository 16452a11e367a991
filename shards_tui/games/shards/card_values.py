"""What a Shards card is worth to the bots, from its effect data.

A card's value comes from its effect steps (gems, power, health, mastery, draw, banish... each
weighted); a mastery threshold counts less the further away it is; a champion's exhaust counts
for several turns. ``Ctx`` is what a value depends on (knowledge.py builds it for a seat).
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

from shards_tui.core.caches import cached
from shards_tui.games.shards import effects as fx
from shards_tui.games.shards.cards import CardDef, group_steps

W = {"gems": 1.0, "power": 1.1, "health": 1.0, "mastery": 0.5}
W_DRAW, W_BANISH, W_SHIELD, DECAY, INFINITE = 1.5, 1.2, 0.25, 0.85, 40.0
FACTIONS = ("homodeus", "order", "undergrowth", "wraethe")
MODIFIER_VALUE = {"power_per_health_gained": 1.5, "draw_three_after_big_hit": 1.5}  # others: 1


class Ctx(NamedTuple):
    """What a card's value depends on; hashable so values are cached."""
    mastery: int
    future: bool  # value over the card's life (True) or if played right now (False)
    shares: tuple[float, ...] = (0.0, 0.0, 0.0, 0.0)  # ally share per faction among owned cards
    champs: int = 0
    homodeus_champs: int = 0
    echo: int = 0  # wraethe cards in discard now
    full: bool = True
    factions_now: frozenset = frozenset()  # factions played this turn or in hand
    power: int = 0
    undergrowth_played: int = 0


def p_cond(c: Any, ctx: Ctx) -> float:
    k = c.kind
    if k == "mastery":
        gap = c.at_least - ctx.mastery
        return 1.0 if gap <= 0 else (DECAY ** gap if ctx.future else 0.0)
    if k == "unify":  # future: another ally of the faction among about four other cards
        share = ctx.shares[FACTIONS.index(c.faction)]
        return 1 - (1 - share) ** 4 if ctx.future else float(c.faction in ctx.factions_now)
    if k == "dominion":
        needed = ("homodeus", "undergrowth", "wraethe")
        if not ctx.future:
            return float(set(needed) <= ctx.factions_now)
        return math.prod(1 - (1 - ctx.shares[FACTIONS.index(f)]) ** 5 for f in needed)
    if k == "inspire":
        return 1.0 if ctx.champs else (0.3 if ctx.future else 0.0)
    if k == "echo":
        return 1.0 if ctx.echo else (min(1.0, 0.3 + 2 * ctx.shares[3]) if ctx.future else 0.0)
    if k == "full_health":
        return (0.4 if ctx.full else 0.1) if ctx.future else float(ctx.full)
    if k == "champions":
        n = ctx.homodeus_champs if c.faction == "homodeus" else ctx.champs
        return 1.0 if n >= c.at_least else (0.5 ** (c.at_least - n) if ctx.future else 0.0)
    return 0.3 if ctx.future else 0.0  # character, highest mastery


SLOTS = ("gems", "power", "health", "mastery", "other", "shield")  # a card's profile, per play


def step_profile(s: Any, ctx: Ctx) -> tuple[int, float]:
    """(slot, amount): raw amounts for resources, already weighted value for 'other'."""
    if isinstance(s, fx.Gain):
        if s.infinite:
            return 1, INFINITE
        amount = float(s.amount)
        if s.per is not None:
            amount *= {"homodeus_champions_you_control": ctx.homodeus_champs + 0.5 * ctx.future,
                       "champions_you_control": ctx.champs + 0.5 * ctx.future,
                       "undergrowth_allies_played": 1.5 if ctx.future else ctx.undergrowth_played,
                       "wraethe_cards_in_discard": max(ctx.echo, 2 * ctx.future)}[s.per]
        if s.equal_to == "current_power":
            amount = 4.0 if ctx.future else ctx.power
        elif s.equal_to is not None:
            amount = ctx.mastery if s.equal_to == "mastery" else (ctx.mastery + 1) // 2
        if s.resource == "health" and ctx.full and not ctx.future:
            amount *= 0.05
        return SLOTS.index(s.resource), amount
    if isinstance(s, fx.Draw):
        return 4, s.count * W_DRAW
    if isinstance(s, fx.Banish):
        return 4, s.up_to * W_BANISH
    if isinstance(s, fx.RecruitFree):
        return 4, s.max_cost * 0.7 + (1.5 if s.to == "hand" else 0)
    if isinstance(s, fx.DestroyChampion):
        return 4, 4.0 if s.all else 2.5
    if isinstance(s, fx.OpponentLosesMastery):
        return 4, 0.5 * s.amount
    if isinstance(s, fx.ThisTurn):
        return 4, MODIFIER_VALUE.get(s.modifier, 1.0)
    return 4, 2.5 if isinstance(s, (fx.CopyPlayed, fx.CopyAlliesThisTurn)) else 1.8  # copy; return to hand


def steps_profile(steps: tuple, ctx: Ctx) -> list[float]:
    total = [0.0] * len(SLOTS)
    for group in group_steps(steps):
        ev = [0.0] * len(SLOTS)
        for s in group:  # the last step whose condition holds is the one that runs
            p = 1.0 if s.when is None else p_cond(s.when, ctx)
            slot, amount = step_profile(s, ctx)
            ev = [x * (1 - p) for x in ev]
            ev[slot] += p * amount
        total = [a + b for a, b in zip(total, ev)]
    return total


def champion_life(card: CardDef) -> float:
    """Turns a champion is expected to stay in play."""
    untouchable = any(s.kind == "cannot_be_attacked" for s in card.statics)
    return 4.0 if untouchable else min(4.0, 1.0 + 0.5 * (card.defense or 1))


def is_guard(card: CardDef) -> bool:
    return any(s.kind == "guards_controller" for s in card.statics)


_PROFILES: dict[Ctx, dict[tuple[str, bool], tuple[float, ...]]] = {}


def card_profile(card: CardDef, ctx: Ctx, exhaust: bool = False) -> tuple[float, ...]:
    """Per play of the card (or, with ``exhaust``, per exhaust of a champion in play)."""
    table = cached(_PROFILES, ctx, dict, 5000)
    return cached(table, (card.id, exhaust), lambda: _profile(card, ctx, exhaust), 20_000)


def _profile(card: CardDef, ctx: Ctx, exhaust: bool) -> tuple[float, ...]:
    if exhaust:
        v = steps_profile(card.exhaust, ctx)
        v[4] += 5.0 if is_guard(card) else 0.0
        return tuple(v)
    v = steps_profile(card.play, ctx)
    if card.is_champion:
        life = champion_life(card) * (0.7 if ctx.future else 1.0)
        v = [a + b * life for a, b in zip(v, steps_profile(card.exhaust, ctx))]
        v[4] += 6.0 if is_guard(card) else 0.0
    if card.has_shield:
        v[5] += ctx.mastery if card.shield_is_mastery else card.shield or 0
    in_play = [s.amount or 0 for s in card.statics if s.kind == "shield_in_play"
               and (s.at_mastery or 0) <= ctx.mastery]
    if in_play:  # blocks every attack while it stays in play
        v[5] += max(in_play) * champion_life(card)
    return tuple(v)


def weighted(prof: tuple[float, ...]) -> float:
    gems, power, health, mastery, other, shield = prof
    return gems * W["gems"] + power * W["power"] + health * W["health"] + mastery * W["mastery"] + other + \
        shield * W_SHIELD


def card_value(card: CardDef, ctx: Ctx) -> float:
    """What one play of the card is worth, in gem-like units (champions: their whole stay)."""
    return weighted(card_profile(card, ctx))


def exhaust_value(card: CardDef, ctx: Ctx) -> float:
    return weighted(card_profile(card, ctx, True))
