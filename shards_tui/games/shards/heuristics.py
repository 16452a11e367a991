"""Shards of Infinity knowledge for the bots: move scores.

Moves are scored from a ``knowledge.Pos``: one seat's knowledge, built from its view (the
greedy bot) or from a sampled world (search playouts); what each card is worth comes from
card_values.py.
"""

from __future__ import annotations

from shards_tui.core.commands import Choose, Command
from shards_tui.games.shards import effects as fx
from shards_tui.games.shards.card_values import card_value, exhaust_value, is_guard
from shards_tui.games.shards.cards import CardDef
from shards_tui.games.shards.commands import (Assign, Attack, Exhaust, FastPlay, Focus, Play, Recruit,
                                              RecruitRelic)
from shards_tui.games.shards.knowledge import Pos, Side
from shards_tui.games.shards.zones import amount_text

FOCUS, DILUTE = 1.0, 0.85  # focus gain per expected future cycle; recruit dilution by the deck mean


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
