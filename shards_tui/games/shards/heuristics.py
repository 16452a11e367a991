"""Shards of Infinity knowledge for the bots: card values from effect data, and move scores.

A card's value comes from its effect steps (gems, power, health, mastery, draw, banish... each
weighted); a mastery threshold counts less the further away it is; a champion's exhaust counts
for several turns. Moves are scored from a ``determinize.Pos``: one seat's knowledge, built
from its view (the greedy bot) or from a sampled world (search playouts).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Callable, NamedTuple

from shards_tui.core.commands import Choose, Command
from shards_tui.games.shards import effects as fx
from shards_tui.games.shards.cards import CardDef
from shards_tui.games.shards.commands import Assign, Attack, Exhaust, FastPlay, Focus, Play, Recruit
from shards_tui.games.shards.relic_rules import RecruitRelic
from shards_tui.games.shards.zones import amount_text

if TYPE_CHECKING:
    from shards_tui.games.shards.determinize import Pos, Side

W = {"gems": 1.0, "power": 1.1, "health": 1.0, "mastery": 0.5}
W_DRAW, W_BANISH, W_SHIELD, DECAY, INFINITE = 1.5, 1.2, 0.25, 0.85, 40.0
FOCUS, DILUTE = 1.0, 0.85  # focus gain per expected future cycle; recruit dilution by the deck mean
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
    for group in fx.group_steps(list(steps)):
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


def cached(table: dict, key: Any, make: Callable[[], Any], limit: int = 20000) -> Any:
    value = table.get(key)
    if value is None:
        if len(table) > limit:
            table.clear()
        value = table[key] = make()
    return value


_PROFILES: dict[Ctx, dict[tuple[str, bool], tuple[float, ...]]] = {}


def card_profile(card: CardDef, ctx: Ctx, exhaust: bool = False) -> tuple[float, ...]:
    """Per play of the card (or, with ``exhaust``, per exhaust of a champion in play)."""
    table = cached(_PROFILES, ctx, dict, 5000)
    return cached(table, (card.id, exhaust), lambda: _profile(card, ctx, exhaust))


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


# --- scoring moves --------------------------------------------------------------------------

PLAY, EXHAUST, ATTACK, BUY = 1000.0, 950.0, 700.0, 500.0


PLAY_WHY = {40: " first: the mastery it gives may unlock later cards",
           30: " early: the cards it brings to hand can be played this turn",
           20: ": a champion stays in play for later turns",
           10: ": nothing left in hand needs to go first",
           0: " last: it copies a card played before it"}


def play_priority(card: CardDef) -> float:
    """Mastery first (later cards may reach a threshold), then draws, copiers last."""
    if any(isinstance(s, fx.Gain) and s.resource == "mastery" for s in card.play):
        return 40
    if any(isinstance(s, (fx.Draw, fx.ReturnToHand)) for s in card.play):
        return 30
    return 0 if any(isinstance(s, fx.CopyPlayed) for s in card.play) else 20 if card.is_champion else 10


def cycles(pos: Pos) -> float:
    """Roughly how many more times a card recruited now will be played."""
    low = min([pos.me.health] + [o.health for o in pos.opps])
    return max(0.7, min(3.0, low / 15))


def champion_threat(pos: Pos, owner: Side, instance: str) -> float:
    card = pos.card(instance)
    return 2 * exhaust_value(card, pos.ctx(True, owner)) + 1.0


def cost_to(pos: Pos, card: CardDef) -> int:
    """The card's cost to this seat (Axia: 1 gem less per Homodeus champion controlled)."""
    cost = card.cost or 0
    if any(s.kind == "costs_less_per_homodeus_champion" for s in card.statics):
        cost -= sum(1 for c in pos.me.champions if pos.card(c).faction == "homodeus")
    return max(0, cost)


def buy_plan(pos: Pos, legal: list[Command]) -> dict[Command, float]:
    """Best set of recruits, fast-plays and focus within the gems (a small knapsack): the gain
    of each planned buy; other buys get their gain minus 200 (still ranked, never chosen)."""
    mu, cyc = pos.mu(), cycles(pos)
    groups: dict[str, list[tuple[Command, int, float]]] = {}
    for cmd in legal:
        if isinstance(cmd, (Recruit, FastPlay)):  # recruit for the deck, or fast-play for now
            card = pos.card(pos.row[int(cmd.target) - 1])
            gain = ((card_value(card, pos.ctx(True)) - DILUTE * mu) * cyc if isinstance(cmd, Recruit)
                    else card_value(card, pos.ctx(False)))
            groups.setdefault(cmd.target, []).append((cmd, cost_to(pos, card), gain))
        elif isinstance(cmd, Focus):
            gain = FOCUS * cyc + max(0.0, (pos.me.mastery - 15) * 0.15)
            groups["focus"] = [(cmd, 1, gain)]
    best: list[tuple[float, tuple]] = [(0.0, ())] * (pos.gems + 1)  # best[g]: value, picks with g gems
    for options in groups.values():
        new = list(best)
        for g in range(pos.gems + 1):
            for cmd, cost, gain in options:
                if gain > 0 and cost <= g and best[g - cost][0] + gain > new[g][0]:
                    new[g] = (best[g - cost][0] + gain, best[g - cost][1] + ((cmd, gain),))
        best = new
    others = {cmd: gain - 200 for options in groups.values() for cmd, _, gain in options}
    return others | dict(best[pos.gems][1])


def score_command(pos: Pos, cmd: Command, plan: dict[Command, float]) -> tuple[float, str]:
    if isinstance(cmd, Choose):
        return score_choice(pos, cmd)
    if isinstance(cmd, Play):
        if cmd.card == "all":
            return -1.0, "plays every card"
        card = pos.cards[cmd.card]
        priority = play_priority(card)
        return PLAY + priority, f"plays {card.name}{PLAY_WHY[priority]}"
    if isinstance(cmd, Exhaust):
        card = pos.card(cmd.champion)
        late = any(getattr(s, "equal_to", None) == "current_power" for s in card.exhaust)
        return EXHAUST - (100 if late else 0), f"exhausts {card.name}"
    if isinstance(cmd, Focus):
        soon = any(s.when is not None and s.when.kind == "mastery" and s.when.at_least == pos.me.mastery + 1
                   for i in pos.hand for s in pos.card(i).play)
        if soon:
            return PLAY + 100, "focuses first: a card in hand reaches its mastery threshold"
    if isinstance(cmd, (Recruit, FastPlay, Focus)):
        what = "focuses: +1 mastery" if isinstance(cmd, Focus) else \
            f"{cmd.verb}s {pos.card(pos.row[int(cmd.target) - 1]).name}"
        gain = plan.get(cmd, -200.0)
        if gain <= -100:
            return gain, what
        return BUY + gain, f"{what}: the best buy with {amount_text(pos.gems, 'gems')} to spend"
    if isinstance(cmd, (Attack, Assign)):
        return (score_attack if isinstance(cmd, Attack) else score_assign)(pos, cmd)
    if isinstance(cmd, RecruitRelic):  # free: always worth it; the better relic of the two
        card = pos.cards[cmd.card]
        return BUY + 100 + card_value(card, pos.ctx(True)) * cycles(pos), f"recruits the relic {card.name}"
    return 0.0, "ends the turn" + (f", attacking with {pos.power} power" if pos.power else "")


def score_attack(pos: Pos, cmd: Attack) -> tuple[float, str]:
    owner = next(o for o in pos.opps if cmd.champion in o.champions)
    card = pos.card(cmd.champion)
    threat, defense = champion_threat(pos, owner, cmd.champion), card.defense or 0
    if pos.infinite:
        return ATTACK + threat, f"destroys {card.name} with infinite power"
    if is_guard(card):  # while it stands, no power reaches its owner
        gain = threat + (pos.power - defense)
    else:
        target = min((o for o in pos.opps if not o.protected), key=lambda o: o.health, default=None)
        if target is not None and pos.power >= target.health:
            return -50.0, f"attacks {card.name}, which can wait: {target.name or target.slug} is in reach"
        gain = threat - defense
    if gain <= 0:
        return gain - 50, f"attacks {card.name}"
    return ATTACK + gain, f"destroys {card.name}"


def score_assign(pos: Pos, cmd: Assign) -> tuple[float, str]:
    """Power goes at the opponent closest to death: just enough to finish them (+2 for shields)
    when there is more, the rest at the next one."""
    open_ = [o for o in sorted(pos.opps, key=lambda o: (o.health, -o.mastery))
             if not o.protected and pos.assigned.get(o.seat, 0) < o.health + 2] or pos.opps
    need = open_[0].health + 2 - pos.assigned.get(open_[0].seat, 0)
    amount = need if pos.power > need and len(open_) > 1 else pos.power
    score = 100 - abs(cmd.amount - amount) - (50 if cmd.target != open_[0].slug else 0)
    target = next((o.name for o in pos.opps if o.slug == cmd.target and o.name), cmd.target)
    return score, f"assigns {cmd.amount} power to {target}: {_why_first(open_)}"


def _why_first(open_: list) -> str:
    """Why the first of the opponents open to attack is the one to hit."""
    first = open_[0]
    tied = [o for o in open_ if o.health == first.health]
    if len(open_) == 1:
        return "the one opponent open to attack"
    if len(tied) == 1:
        return "closest to death"
    if any(o.mastery != first.mastery for o in tied):
        return f"tied at {first.health} health, and ahead on mastery"
    return f"tied at {first.health} health with the others"


NOTHING_CHOSEN = {
    "shields": "reveals no shields",
    "banish": "banishes nothing: every card is worth keeping",
    "recruit_free": "takes no free card",
    "destroy": "destroys no champion",
    "return": "returns no card",
    "copy": "copies no card",
}

BID_WORTH = 3.5  # health the greedy bot would give for the first turn and first pick


def score_choice(pos: Pos, cmd: Choose) -> tuple[float, str]:
    d = pos.pending or {}
    kind, chosen = d.get("kind"), list(cmd.options)
    if not chosen:
        return 0.0, NOTHING_CHOSEN.get(kind, "takes none of the options: none is worth it")
    if kind == "shields":
        blocked = sum(pos.me.mastery if pos.card(i).shield_is_mastery else pos.card(i).shield or 0
                      for i in chosen)
        hit = pos.assigned.get(pos.seat, blocked)
        return min(blocked, hit) - 0.01 * len(chosen), f"reveals shields to block {min(blocked, hit)}"
    if kind == "banish":
        mu = pos.mu()
        gain = sum(0.95 * mu - pos.value(i) - (pos.value(i, False) if i in pos.hand else 0) for i in chosen)
        return gain, "banishes " + ", ".join(pos.card(i).name for i in chosen) + ": weakest cards"
    if kind == "relic_draft":
        card = pos.card(chosen[0])
        return card_value(card, pos.ctx(True)), f"drafts {card.name}: best value"
    if kind == "recruit_free":
        card = pos.card(pos.row[int(chosen[0]) - 1])
        return card_value(card, pos.ctx(True)), f"takes {card.name} for free: best value"
    if kind in ("return", "copy"):
        return pos.value(chosen[0], False), f"picks {pos.card(chosen[0]).name}: best value now"
    if kind == "destroy":
        owner = next((o for o in pos.opps if chosen[0] in o.champions), pos.me)
        return champion_threat(pos, owner, chosen[0]), f"destroys {pos.card(chosen[0]).name}: biggest threat"
    if kind == "drain":
        o = next((o for o in pos.opps if o.slug == chosen[0]), None)
        return (o.mastery if o else 0), f"drains {chosen[0]}: highest mastery"
    if kind == "bid":  # Health Auction: going first is worth a little health, not much
        if chosen[0] == "pass":
            return 0.0, "passes: the bid is too high"
        return BID_WORTH - int(chosen[0]), f"bids {chosen[0]} health for an early pick"
    if kind == "character":  # no character is valued above another
        return 0.0, f"picks {chosen[0]}"
    if kind in ("nemesis_destroy", "nemesis_target"):  # the Nemesis destroys one of ours: the least
        return -champion_threat(pos, pos.me, chosen[0]), f"gives up {pos.card(chosen[0]).name}: least useful"
    if kind == "nemesis_copy":  # the Nemesis copies a card it played: the weakest
        return -pos.value(chosen[0], False), f"lets the Nemesis copy {pos.card(chosen[0]).name}: weakest"
    return 0.0, cmd.text()


def score_all(pos: Pos, legal: list[Command], lazy: bool = False) -> list[tuple[float, str]]:
    """Scores of every legal command. ``lazy``: skip the shopping plan while a card can still be
    played or a champion exhausted (those always come first), for fast playouts."""
    if lazy and any(isinstance(c, Exhaust) or isinstance(c, Play) and c.card != "all" for c in legal):
        return [(BUY, "") if isinstance(c, (Recruit, FastPlay)) else score_command(pos, c, {}) for c in legal]
    buying = pos.gems and any(isinstance(c, (Recruit, FastPlay, Focus)) for c in legal)
    plan = buy_plan(pos, legal) if buying else {}
    return [score_command(pos, c, plan) for c in legal]

