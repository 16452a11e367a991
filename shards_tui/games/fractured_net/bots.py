"""What the game-agnostic bots need of The Fractured Net: greedy scores from a seat's view,
worlds for the search bot that agree with what the seat knows, and a position's evaluation.

Greedy, from the view only: it keeps a hand with enough cheap cards, plays a resource first,
then its most expensive useful card, removes the enemy creature worth most, attacks where no
untapped enemy can kill the attacker (or for lethal), blocks to kill or to survive and chump
blocks only against lethal damage, keeps Responses for the opponent's combat and plays one when
it kills or saves a creature. It never draws so many cards that its next draw would find the
deck empty. Late in the game it watches the deck race (who must draw from an empty deck
first, counted from both decks and whose turn it is): the player losing the race draws no extra
cards and, with three turns or fewer left, attacks with everything; the player winning it draws
no card that would hand the race over.

Sampled worlds (``world_sampler``): the seat's own deck is shuffled; the opponent's hand and
deck, which the seat cannot see, are dealt again from a presumed deck list: the starter deck of
the faction their public cards show (a random starter before any is seen), less the cards of
it already seen in public. Mulligan choices not yet revealed are taken back, and the random
generator is reseeded, so nothing hidden leaks into the search.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from types import SimpleNamespace as NS
from typing import Any

from shards_tui.core.bot_adapter import world_sampler_for
from shards_tui.core.commands import Choose, Command
from shards_tui.core.rng import Rng
from shards_tui.games.fractured_net.cards import card, card_of, starters
from shards_tui.games.fractured_net.commands import (Activate, Attack, Block, Confirm, End, Keep,
                                                     Mulligan, Pass, Play, Unblock, Withdraw)
from shards_tui.games.fractured_net.view import FnView
from shards_tui.games.fractured_net.targets import asking
from shards_tui.games.fractured_net.stats import stats_of

HARMFUL = ("Deal", "Destroy", "Return an", "Return each", "Tap")
OBVIOUS = 60.0  # greedy scores this high (a resource, an attack for lethal) need no search


def takes_back(command: Command) -> bool:
    """Withdrawing an attacker or taking a block back (see GameAdapter.takes_back)."""
    return isinstance(command, (Withdraw, Unblock))


ALL_OUT_TURNS = 3  # losing the deck race with this many turns left: attack with everything
LATE_DECK = 10  # a deck this thin: an extra draw is weighed against the deck race


def card_value(cid: str) -> float:
    c = card(cid)
    if c.type == "creature":
        v = c.power + 0.8 * c.defense + 0.7 * c.armored
        kw = {"swift": 0.6, "vigilant": 0.6, "drain": 0.8, "deathtouch": 1.5, "persistent": 1.5,
              "stealth": 1.0, "echo": c.power + 0.8 * c.defense, "defender": -0.4 * c.power,
              "reckless": -0.3, "volatile": -0.3}
        v += sum(kw.get(k, 0) for k in c.keywords)
        v += 1.2 * sum(len(c.triggers(t)) for t in ("enter", "death", "attack", "start", "end"))
        return v + (1.5 if c.ability else 0) + (2 if c.aura else 0)
    return 1.6 * c.cost + 1.0


def _creature_value(cv: Any) -> float:
    return cv.power + 0.8 * (cv.defense - cv.damage) + 0.7 * cv.armored + 0.5 * len(cv.keywords)


class Seen:
    """One seat's view, indexed for scoring."""

    def __init__(self, view: FnView, seat: int) -> None:
        self.view, self.seat = view, seat
        self.me = view.players[seat]
        self.opp = view.players[1 - seat]
        self.mine = {c.id: c for c in self.me.creatures}
        self.theirs = {c.id: c for c in self.opp.creatures}
        self.hand = {h.card: h for h in (self.me.hand or [])}

    def creature(self, instance: str) -> Any:
        return self.mine.get(instance) or self.theirs.get(instance)

    def threat(self) -> int:
        """The power the opponent could attack with next turn."""
        return sum(c.power for c in self.opp.creatures if "defender" not in c.keywords)


def _kills(attacker: Any, defender: Any) -> bool:
    if attacker.power <= 0:
        return False
    if "deathtouch" in attacker.keywords:
        return attacker.power > defender.armored
    return attacker.power - defender.armored >= defender.defense - defender.damage


def _blockers(s: Seen, a: Any) -> list[Any]:
    return [b for b in s.opp.creatures if not b.tapped
            and ("stealth" in b.keywords or "stealth" not in a.keywords)]


def _attack_outlook(s: Seen, a: Any) -> float:
    """How good attacking with ``a`` looks if the opponent answers with their best block:
    free damage, a trade (valued by what each side loses) or a loss."""
    blockers = _blockers(s, a)
    if not blockers:
        return 12.0 + a.power
    worst = 12.0 + 0.5 * a.power  # they may chump or take it
    for b in blockers:
        kills_a, kills_b = _kills(b, a), _kills(a, b)
        if kills_a and not kills_b:
            worst = min(worst, -10.0)
        elif kills_a and kills_b:
            worst = min(worst, 4.0 + _creature_value(b) - _creature_value(a))
    strongest = sorted((b.power for b in blockers), reverse=True)[:2]
    if len(strongest) == 2 and sum(strongest) - 2 * a.armored >= a.defense - a.damage \
            and worst > 0:
        worst = min(worst, 2.0)  # a double block can take it down
    return worst


def _lethal(s: Seen) -> bool:
    power = sum(c.power for c in s.me.creatures if c.can_attack)
    blockers = sum(1 for b in s.opp.creatures if not b.tapped)
    return power >= s.opp.health and blockers == 0


def turns_left(view: Any, seat: int) -> int:
    """The turns ``seat`` still has before it must draw from an empty deck: its deck's count,
    and the turn in play if it is its own (that turn's draw is behind it)."""
    return view.players[seat].deck_count + (1 if view.active == seat else 0)


def losing_race(s: Seen) -> bool:
    """Whether this seat would draw from an empty deck first if nobody drew an extra card:
    with as many turns left as the opponent, the player whose turn it is runs out first."""
    mine, theirs = turns_left(s.view, s.seat), turns_left(s.view, 1 - s.seat)
    return mine < theirs or (mine == theirs and s.view.active == s.seat)


def _draws(effects: Any) -> int:
    return sum(e.amount for e in effects if e.do == "draw")


def _decks_out(s: Seen, effects: Any) -> bool:
    """Drawing this many would leave no card for the next turn's draw, or, late in the game,
    would lose the deck race (or bring a lost one nearer): a loss, not a gain."""
    drawn = _draws(effects)
    if drawn <= 0:
        return False
    if drawn >= s.me.deck_count:
        return True
    if s.me.deck_count - drawn > LATE_DECK:
        return False
    if losing_race(s):
        return True
    after = turns_left(s.view, s.seat) - drawn
    theirs = turns_left(s.view, 1 - s.seat)
    return after < theirs or (after == theirs and s.view.active == s.seat)


def _play_score(s: Seen, cid: str, window: bool) -> tuple[float, str]:
    c = card(cid)
    if c.type == "resource":
        return 100.0, f"plays the resource {c.name}"
    effects = c.play if c.type == "spell" else c.enter
    if _decks_out(s, list(effects) + list(c.triggers("start"))):
        return -40.0, f"plays {c.name}, drawing from a deck too thin for it"
    text = " ".join(e.do for e in effects)
    if window:
        return _response_score(s, cid)
    if "response" in c.keywords and c.type == "spell":
        tokens = any(e.do == "token" for e in c.play)
        return (8.0 if tokens else -2.0), f"plays the Response {c.name} now"
    score = 20 + 2.0 * c.cost + 0.5 * card_value(cid)
    if c.type == "spell" and any(e.do in ("damage", "destroy", "bounce", "tap") for e in effects):
        enemies = [x for x in s.opp.creatures]
        if any(e.target in ("enemy", "random_enemy") for e in effects):
            enemies = enemies or [None]
        if not enemies:
            score -= 30
        if any(e.target == "each_creature" for e in effects):
            score += 2 * (len(s.opp.creatures) - len(s.me.creatures))
    if any(e.do == "discard" and e.target == "opponent" for e in effects) and not s.opp.hand_count:
        score -= 15
    if any(e.do in ("recall", "revive") for e in effects) and not s.me.discard:
        score -= 10
    del text
    return score, f"plays {c.name}"


def _response_score(s: Seen, cid: str) -> tuple[float, str]:
    c = card(cid)
    v = s.view
    window = v.window
    attackers = [s.theirs[a] for a in (v.combat.attackers if v.combat else []) if a in s.theirs]
    name = c.name
    for e in c.play:
        if e.do == "token":
            return (30.0 if window == "attack" else 2.0), f"answers with {name} for more blockers"
        if e.do in ("destroy", "bounce") and e.target == "attacker" and attackers:
            fit = [a for a in attackers if e.max_power is None or a.power <= e.max_power]
            if fit:
                return 40.0 + max(a.power for a in fit), f"answers the attack with {name}"
        if e.do == "damage" and e.target in ("attacker", "enemy_creature") and attackers:
            if any(a.defense - a.damage + a.armored <= e.amount for a in attackers):
                return 35.0, f"answers the attack with {name}"
        if e.do in ("buff", "grant") and window == "block" and v.combat and v.combat.dies:
            mine_dying = [d for d in v.combat.dies if d in s.mine]
            if mine_dying:
                return 25.0, f"saves a blocker with {name}"
        if e.do == "buff" and e.target == "each_friendly_creature" and window == "block" \
                and v.combat and any(d in s.mine for d in v.combat.dies):
            return 25.0, f"saves blockers with {name}"
    return -5.0, f"plays {name}"


def _attack_score(s: Seen, instance: str) -> tuple[float, str]:
    if instance == "all":
        return (60.0, "attacks with everything for lethal") if _lethal(s) else (-20.0, "attacks with all")
    a = s.mine.get(instance)
    if a is None:
        return -50.0, "attacks"
    if a.forced:
        return 50.0, f"attacks with {a.name} (Reckless)"
    if _lethal(s):
        return 45.0, f"attacks with {a.name} for lethal"
    if losing_race(s) and turns_left(s.view, s.seat) <= ALL_OUT_TURNS:
        return 12.0 + a.power, f"attacks with {a.name}: its deck runs out first, so it goes all out"
    keep_home = s.threat() >= s.me.health and "vigilant" not in a.keywords
    outlook = _attack_outlook(s, a) - (15.0 if keep_home else 0.0)
    if outlook > 0:
        return outlook, f"attacks with {a.name}: the best block costs them as much"
    return outlook - 10.0, f"attacks with {a.name}"


def _block_score(s: Seen, blocker: str, attacker: str) -> tuple[float, str]:
    b, a = s.mine.get(blocker), s.theirs.get(attacker)
    if b is None or a is None:
        return -50.0, "blocks"
    combat = s.view.combat
    already = [s.mine[x.blocker] for x in combat.blocks if x.attacker == attacker and x.blocker in s.mine]
    unblocked = [s.theirs[x] for x in combat.attackers if x in s.theirs
                 and not any(bl.attacker == x for bl in combat.blocks)]
    incoming = sum(x.power for x in unblocked)
    left = a.defense - a.damage

    def hits(x: Any) -> int:
        return max(0, x.power - a.armored) if "deathtouch" not in x.keywords or x.power <= a.armored \
            else left
    if already and sum(hits(x) for x in already) >= left:
        return -5.0, f"blocks {a.name} with {b.name} (it is already beaten)"
    kills = hits(b) + sum(hits(x) for x in already) >= left
    dies = _kills(a, b) and not already
    name = f"blocks {a.name} with {b.name}"
    if kills and not dies:
        return 40.0 + _creature_value(a), name + ": it wins the fight"
    if kills and dies and _creature_value(a) >= _creature_value(b) - 0.5:
        return 25.0 + _creature_value(a) - _creature_value(b), name + ": a fair trade"
    if not dies and not already:
        return 15.0, name + ": it survives"
    if incoming >= s.me.health and not already:
        return 30.0 + a.power - _creature_value(b), name + " to survive"
    return -10.0, name


def _hit_value(s: Seen, target: str, amount: int) -> float:
    """What ``amount`` damage to ``target`` is worth: a creature it kills is worth what the
    creature is (less if it comes back), one it does not kill little (damage wears off at the
    end of the turn); a player the amount, and everything when it is lethal."""
    c = s.creature(target)
    if c is None:
        health = s.view.players[int(target[1:])].health
        return 100.0 if amount >= health else float(amount)
    if amount - c.armored < c.defense - c.damage:
        return 0.2 * amount
    return _creature_value(c) * (0.4 if "persistent" in c.keywords else 1.0)


def _choose_score(s: Seen, options: tuple[str, ...]) -> tuple[float, str]:
    q = s.view.pending
    kind, prompt = q.kind, q.prompt
    asked = s.view.asking
    total = 0.0
    for o in options:
        if kind in ("target", "attach"):
            harmful = kind == "target" and any(w in prompt for w in HARMFUL)
            enemy = o in s.theirs or o == f"p{1 - s.seat}"
            c = s.creature(o)
            value = _creature_value(c) if c is not None else 3.0
            if harmful and asked is not None and asked.do == "damage":
                value = _hit_value(s, o, asked.amount)
            if harmful:
                total += value if enemy else -value - 20
                if c is not None and c.tapped and "Tap" in prompt:
                    total -= 15
            else:
                total += (-value - 20) if enemy else value
        elif kind == "foresee":
            cost = card(o).cost
            total += 2.0 if cost > s.me.capacity + 2 else -1.0
        elif kind in ("discard", "end_discard"):
            c = card(o)
            total += -card_value(o) if c.type != "resource" or s.me.capacity < 6 else 0.5
        else:  # recall, revive: the best card back
            total += card_value(o)
    return total, "chooses " + ", ".join(options or ("none",))


SECRET_MULLIGAN_NOTE = "decides on the opening hand in secret"


def _keep_score(s: Seen) -> float:
    hand = s.me.hand or []
    cheap = sum(1 for h in hand if h.cost <= 3)
    resources = sum(1 for h in hand if card(h.card).type == "resource")
    return 1.0 if cheap >= 4 and resources <= 4 else -1.0


def greedy_scores(view: FnView, legal: list[Command], seat: int, notes: dict) -> list[tuple[float, str]]:
    s = Seen(view, seat)
    window = view.phase == "response"
    out = []
    for cmd in legal:
        # A note is logged for everyone, and the mulligan is decided in secret: the note for
        # keeping and for a mulligan is the same, so it gives the choice away to nobody.
        if isinstance(cmd, Keep):
            out.append((_keep_score(s), SECRET_MULLIGAN_NOTE))
        elif isinstance(cmd, Mulligan):
            out.append((-_keep_score(s), SECRET_MULLIGAN_NOTE))
        elif isinstance(cmd, Play):
            out.append(_play_score(s, cmd.card, window))
        elif isinstance(cmd, Activate):
            source = card(cmd.source)
            thin = source.ability is not None and _decks_out(s, source.ability.effects)
            out.append((-40.0 if thin else 14.0, f"activates {source.name}"))
        elif isinstance(cmd, Attack):
            out.append(_attack_score(s, cmd.creature))
        elif isinstance(cmd, Block):
            out.append(_block_score(s, cmd.blocker, cmd.attacker))
        elif isinstance(cmd, Unblock):
            out.append((-30.0, "takes a block back"))
        elif isinstance(cmd, Choose):
            out.append(_choose_score(s, cmd.options))
        elif isinstance(cmd, (Confirm, Pass)):
            out.append((0.0, "confirms" if isinstance(cmd, Confirm) else "passes"))
        elif isinstance(cmd, End):
            out.append((0.0, "ends the turn"))
        else:
            out.append((-100.0, cmd.text()))
    return out


# ---- sampled worlds, for the search bot ------------------------------------------------------

def presumed_deck(public: list[str]) -> list[str]:
    """The cards an opponent's hidden cards are drawn from: the starter of the faction their
    public cards show, less what of it is already public."""
    factions = Counter(card(i).faction for i in public if card(i).faction != "neutral")
    decks = {d.faction: d for d in starters()}
    faction = factions.most_common(1)[0][0] if factions else None
    deck = decks.get(faction) or starters()[0]
    pool = Counter(deck.cards)
    for i in public:
        if pool[card_of(i)] > 0:
            pool[card_of(i)] -= 1
    return sorted(pool.elements())


def determinize(state: Any, seat: int, rng: random.Random) -> Any:
    world = state.working_copy()
    world.log = []
    me, them = world.players[seat], world.players[1 - seat]
    me.deck = sorted(me.deck)
    rng.shuffle(me.deck)
    public = (them.discard + them.resources + [g.id for g in them.gear]
              + [c.id for c in them.creatures if not c.token])
    pool = presumed_deck(public)
    rng.shuffle(pool)
    hidden = len(them.hand) + len(them.deck)
    while len(pool) < hidden:
        pool += pool[: hidden - len(pool)] or [card_of(them.hand[0] if them.hand else them.deck[0])]
    fresh = []
    for cid in pool[:hidden]:
        fresh.append(f"{cid}#s{world.next_id}")
        world.next_id += 1
    them.hand, them.deck = fresh[:len(them.hand)], fresh[len(them.hand):]
    if world.flow.phase == "mulligan" and them.mulligan is not None:
        them.mulligan = None
        world.flow.acting = sorted(set(world.flow.acting or []) | {1 - seat})
    world.rng = Rng.from_seed(rng.getrandbits(64))
    return world


world_sampler = world_sampler_for(determinize)


def light_view(state: Any, seat: int) -> Any:
    """What greedy_scores reads of a view, built straight from a sampled world's state (no
    validation, no forecast, no log): the search bot's playouts call it at every step."""

    players = []
    for s, p in enumerate(state.players):
        creatures = []
        for c in p.creatures:
            st = stats_of(p, c)
            creatures.append(NS(id=c.id, name=c.id, power=st.power, defense=st.defense,
                                damage=c.damage, armored=st.armored, keywords=st.keywords,
                                tapped=c.tapped, can_attack=not c.tapped and (not c.sick or "swift" in st.keywords),
                                forced=False))
        hand = [NS(card=card_of(i), cost=card(i).cost) for i in p.hand] if s == seat else None
        players.append(NS(creatures=creatures, hand=hand, health=p.health, hand_count=len(p.hand),
                          discard=p.discard, capacity=p.capacity, deck_count=len(p.deck)))
    combat = state.combat
    cv = None if combat is None else NS(attackers=combat.attackers, blocks=combat.blocks, dies=[])
    pending = state.pending
    return NS(players=players, phase=state.flow.phase, active=state.flow.active,
              window=state.window, combat=cv,
              pending=None if pending is None else NS(kind=pending.kind, prompt=pending.prompt),
              asking=None if (asked := asking(state)) is None else NS(do=asked[0], amount=asked[1]))


def sim_scores(sim: Any, seat: int, legal: list[Command]) -> list[float]:
    return [s for s, _ in greedy_scores(light_view(sim.state, seat), legal, seat, {})]


def evaluate(sim: Any) -> list[float]:
    state = sim.state
    if state.over:
        won = set(state.winners or [])
        return [1.0 if s in won else 0.0 for s in range(2)]

    def score(seat: int) -> float:
        p = state.players[seat]
        board = sum(stats_of(p, c).power + 0.6 * stats_of(p, c).defense for c in p.creatures)
        return (0.12 * p.health + 0.18 * board + 0.25 * len(p.hand) + 0.15 * p.capacity
                + 0.1 * len(p.resources))
    x = score(0) - score(1)
    p0 = 1 / (1 + math.exp(-x))
    return [p0, 1 - p0]


def turn_of(sim: Any) -> int:
    return sim.state.flow.turn
