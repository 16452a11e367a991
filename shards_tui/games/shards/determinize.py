"""What one seat knows, and sampled worlds for the search bot consistent with it.

:class:`Pos` is a seat's knowledge as the heuristics read it: built by ``from_view`` from the
seat's view alone (plus notes of its own cards seen so far), or by ``from_state`` inside a
sampled world, where every hidden card is already a guess. ``evaluate_state`` estimates each
seat's chance to win a (sampled) world.

``determinize(state, seat, rng)`` copies the state and resamples everything ``seat`` cannot
see: each opponent's hand and deck are pooled and dealt again (same hand size, same deck size),
the seat's own deck is shuffled, the center deck is shuffled, and the game's RNG is reseeded so
future shuffles are unknown too. The seat's own hand and every public zone (discard piles, play
areas, champions, banished cards, the center row, health, mastery, this turn's resources) are
kept as they are; the log is dropped, since it holds other seats' private lines. Hidden
cards are sorted before they are shuffled, so a sample depends only on the rng and on what the
seat knows: two states that differ only in hidden cards give the same samples.

Why the pooled multiset is consistent with the seat's knowledge: in Shards of Infinity every
card a player owns is public knowledge. Everyone starts with the same ten starters, and a card
only joins a player's cards through a public act (recruiting, a free recruit, a returned
champion); it only leaves through a public act too (banishing, a fast-played mercenary going
back under the center deck). So the cards in an opponent's hand plus deck are exactly "what they
own minus what is visible", which the seat can compute; only their split between hand and deck
and their order are hidden, and that is what we resample. Likewise the seat knows its own
deck's contents but not its order, and the center deck is "the box minus everything visible".

Relics of the Future: set-aside relics are public, except in Mystery Relics, where the relics
of the other players and the undealt ones are pooled and dealt again (relic_view.py).

Known simplifications (information a perfect tracker could keep): a card revealed from an
opponent's hand (Unify, Dominion, shields) or returned to it may be dealt into their deck, and
fast-played mercenaries known to sit at the bottom of the center deck are shuffled in.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any, Callable

from pydantic import BaseModel

from shards_tui.core.rng import Rng
from shards_tui.games.shards.cards import CardDef, card_db, card_of
from shards_tui.games.shards.content import ruleset
from shards_tui.games.shards.heuristics import (FACTIONS, Ctx, cached, card_profile, card_value,
                                                exhaust_value, score_all, weighted)
from shards_tui.games.shards.models import ShardsState
from shards_tui.games.shards.relic_view import redeal_secret_relics
from shards_tui.games.shards.view import ShardsView


def determinize(state: ShardsState, seat: int, rng: random.Random) -> ShardsState:
    """A copy of ``state`` with everything ``seat`` cannot know resampled (see the module doc)."""
    world = fast_copy(state)
    pending = world.pending
    for s, p in enumerate(world.players):
        if s == seat or (pending is not None and pending.private and pending.seat == s):
            p.deck = shuffled(p.deck, rng)  # a private choice lists cards of their hand: keep it
            continue
        pool = shuffled(p.hand + p.deck, rng)
        k = len(p.hand)
        p.hand, p.deck = pool[:k], pool[k:]
    world.center_deck = shuffled(world.center_deck, rng)
    redeal_secret_relics(world, seat, lambda cards: shuffled(cards, rng))
    world.rng = Rng.from_seed(rng.getrandbits(64))
    return world


def shuffled(cards: list[str], rng: random.Random) -> list[str]:
    """Sorted first, so the sample depends only on which cards are there (what the seat
    knows), never on their true hidden order."""
    out = sorted(cards)
    rng.shuffle(out)
    return out


def fast_copy(state: ShardsState) -> ShardsState:
    """A copy deep enough for the rules to change freely, without the log: several times faster
    than a generic deep copy, which matters when a search samples hundreds of worlds."""
    fields = {k: _copy(v) for k, v in state.__dict__.items() if k != "log"}
    return state.model_copy(update=fields | {"log": []})


def _copy(value: Any) -> Any:
    if isinstance(value, list):
        return [_copy(v) for v in value] if value and not isinstance(value[0], (str, int)) else list(value)
    if isinstance(value, BaseModel):
        return value.model_copy(update={k: _copy(v) for k, v in value.__dict__.items()
                                        if isinstance(v, (list, dict, BaseModel))})
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    return value


def simulator(ctl: Any, state: ShardsState) -> Any:
    """A controller around a sampled state that skips whole-state validation (speed)."""
    sim = type(ctl)(state, ctl.setup)
    sim.validate_transitions = False  # an instance attribute: real games keep validating
    return sim


def world_sampler(ctl: Any, seat: int) -> Callable[[random.Random], Any]:
    """Built by the harness from the real controller; the bot only ever sees sampled worlds."""
    state = ctl.state
    return lambda rng: simulator(ctl, determinize(state, seat, rng))


def sim_step(sim: Any, command: Any) -> None:
    """Apply a legal command to a simulated world in place (no copy, no validation)."""
    sim.execute(sim.state, command)


def sim_scores(sim: Any, seat: int, legal: list) -> list[float]:
    """The greedy heuristic's scores for ``seat`` inside a simulated world."""
    slugs = getattr(sim, "_bot_slugs", None)
    if slugs is None:
        slugs = sim._bot_slugs = sim.table().seat_slugs()
    pos = from_state(sim.state, seat, sim.cards, slugs)
    return [s for s, _ in score_all(pos, legal, lazy=True)]


def evaluate(sim: Any) -> list[float]:
    return evaluate_state(sim.state, sim.cards)


def turn_of(sim: Any) -> int:
    return sim.state.flow.turn


# --- one seat's knowledge: from its view, or inside a sampled world -----------------------------

@dataclass
class Side:
    seat: int
    slug: str
    health: int
    mastery: int
    champions: list[str]
    owned: list[str]  # sorted card ids of the cards the player owns outside play (deck quality)
    protected: bool = False
    name: str = ""  # as the log names the player (the slug is for commands)


@dataclass
class Pos:
    seat: int
    cards: dict[str, CardDef]
    me: Side
    opps: list[Side]
    hand: list[str]
    discard: list[str]
    played: list[str]
    row: list[str | None]
    gems: int = 0
    power: int = 0
    infinite: bool = False
    pending: dict | None = None
    assigned: dict = field(default_factory=dict)
    _ctx: dict = field(default_factory=dict)

    def card(self, instance: str) -> CardDef:
        return self.cards[card_of(instance)]

    def ctx(self, future: bool = True, side: Side | None = None) -> Ctx:
        side = side or self.me
        key = (future, side.seat)
        if key not in self._ctx:
            self._ctx[key] = make_ctx(self.cards, side, future, self if side is self.me else None)
        return self._ctx[key]

    def value(self, instance: str, future: bool = True) -> float:
        return card_value(self.card(instance), self.ctx(future))

    def mu(self, side: Side | None = None) -> float:
        side = side or self.me
        return mean_value(self.cards, side.owned, self.ctx(True, side))


_MEANS: dict[tuple, tuple[float, ...]] = {}
_CTXS: dict[tuple, Ctx] = {}


def mean_value(cards: dict[str, CardDef], owned: list[str], ctx: Ctx) -> float:
    """The mean value of the cards owned (sorted card ids)."""
    return weighted(mean_profile(cards, owned, ctx))


def mean_profile(cards: dict[str, CardDef], owned: list[str], ctx: Ctx) -> tuple[float, ...]:
    def make() -> tuple[float, ...]:
        profiles = [card_profile(cards[c], ctx) for c in owned or ["crystal"]]
        return tuple(sum(col) / len(profiles) for col in zip(*profiles))
    return cached(_MEANS, (ctx, tuple(owned)), make)


def make_ctx(cards: dict[str, CardDef], side: Side, future: bool, pos: Pos | None) -> Ctx:
    full = side.health >= ruleset().limits.max_health - (4 if future else 0)
    if future:  # a future context only depends on the cards owned, mastery and champions
        return cached(_CTXS, (tuple(side.owned), tuple(side.champions), side.mastery, full),
                      lambda: _make_ctx(cards, side, True, None, full))
    return _make_ctx(cards, side, future, pos, full)


def _make_ctx(cards: dict[str, CardDef], side: Side, future: bool, pos: Pos | None, full: bool) -> Ctx:
    allies = [cards[c] for c in side.owned if cards[c].is_ally]
    n = max(1, len(side.owned))
    shares = tuple(round(sum(1 for a in allies if a.faction == f) / n, 2) for f in FACTIONS)
    champs = [cards[card_of(c)] for c in side.champions]
    base = dict(mastery=side.mastery, future=future, shares=shares if future else (0.0,) * 4,
                champs=min(len(champs), 4),
                homodeus_champs=min(4, sum(c.faction == "homodeus" for c in champs)),
                full=full)
    if pos is not None:
        played = [pos.card(i) for i in pos.played]
        base["echo"] = sum(pos.card(i).faction == "wraethe" for i in pos.discard)
        in_hand = [pos.card(i) for i in pos.hand]
        base["factions_now"] = frozenset(c.faction for c in played + in_hand if c.faction)
        base["power"] = pos.power
        base["undergrowth_played"] = sum(c.is_ally and c.faction == "undergrowth" for c in played)
    return Ctx(**base)


def starters_left(owned_seen: dict[str, str], banished: list[str]) -> list[str]:
    """Starting cards not seen yet: every player starts with the same ten."""
    out = []
    for cid, k in ruleset().starting_deck.items():
        gone = sum(1 for c in owned_seen.values() if c == cid) + sum(1 for b in banished if card_of(b) == cid)
        out.extend([cid] * max(0, k - gone))
    return out


def from_view(view: ShardsView, seat: int, notes: dict) -> Pos:
    """The seat's knowledge from its view; ``notes`` remembers its own cards seen so far."""
    cards = card_db(tuple(view.sets))
    if view.turn < notes.get("turn", 0):
        notes.clear()  # a new game
    notes["turn"] = view.turn
    turn = view.this_turn
    fast = {c.id for c in turn.fast_played}
    sides, hand, discard = [], [], []
    my_team = view.players[seat].team
    for p in view.players:
        if p.out and p.seat != seat:
            continue
        if my_team is not None and p.team == my_team and p.seat != seat:
            continue  # 2v2 Team Attack: a teammate is not an opponent
        champions = [c.id for c in p.champions]
        seen = notes.setdefault(("seen", p.seat), {})
        for zone in (p.discard, p.in_play, p.hand or []):
            for c in zone:
                if c.id not in fast:
                    seen[c.id] = c.card
        for c in p.banished:
            seen.pop(c.id, None)
        owned = [c for i, c in seen.items() if i not in champions]
        owned = sorted(owned + starters_left(seen, [c.id for c in p.banished]))
        side = Side(p.seat, p.slug, p.health, p.mastery, champions, owned, p.protected, p.name)
        if p.seat == seat:
            me, hand, discard = side, [c.id for c in p.hand or []], [c.id for c in p.discard]
        else:
            sides.append(side)
    active = view.active == seat
    question = view.pending
    pending = None if question is None else {
        "seat": question.seat, "kind": question.kind, "min": question.min, "max": question.max,
        "options": [{"id": o.id} for o in question.options or []]}
    return Pos(seat, cards, me, sides, hand, discard, [c.id for c in turn.played] if active else [],
               [None if c is None else c.id for c in view.center_row],
               gems=turn.gems if active else 0, power=turn.power if active else 0,
               infinite=turn.infinite_power and active, pending=pending,
               assigned={a.seat: a.amount for a in turn.assigned})


def greedy_scores(view: ShardsView, legal: list, seat: int, notes: dict) -> list[tuple[float, str]]:
    """The greedy bot's scores, from the seat's view only."""
    return score_all(from_view(view, seat, notes), legal)


_CARD_OF: dict[str, str] = {}


def cid(instance: str) -> str:
    c = _CARD_OF.get(instance)
    if c is None:
        c = _CARD_OF[instance] = card_of(instance)
    return c


def side_of_state(state: Any, s: int, slug: str, owned: bool = True) -> Side:
    p = state.players[s]
    fast = state.turn.fast_played
    cards = sorted(cid(i) for z in (p.hand, p.deck, p.discard, p.in_play) for i in z
                   if not fast or i not in fast) if owned else []
    return Side(s, slug, p.health, p.mastery, list(p.champions), cards, name=p.name)


def from_state(state: Any, seat: int, cards: dict[str, CardDef], slugs: list[str]) -> Pos:
    """Knowledge of ``seat`` in a simulated world (whose hidden cards are already sampled).
    Opponents' owned cards are left out (speed); they only refine their champions' values."""
    sides = [side_of_state(state, s, slugs[s], s == seat) for s in state.alive()
             if s == seat or s in state.opponents(seat)]
    me = next((x for x in sides if x.seat == seat), None) or side_of_state(state, seat, slugs[seat])
    t, p, active = state.turn, state.players[seat], state.flow.active == seat
    pending = None
    if state.pending is not None:
        d = state.pending
        pending = {"seat": d.seat, "kind": d.kind, "min": d.min, "max": d.max,
                   "options": [{"id": o.id} for o in d.options]}
    return Pos(seat, cards, me, [x for x in sides if x.seat != seat], list(p.hand), list(p.discard),
               list(t.played) if active else [], list(state.center_row), gems=t.gems if active else 0,
               power=t.power if active else 0, infinite=t.infinite_power and active, pending=pending,
               assigned={a.seat: a.amount for a in t.assigned})


# --- evaluation of a sampled world --------------------------------------------------------------

# Fitted by logistic regression on 11,000 turn starts of 400 greedy-vs-greedy games (2 players;
# test log loss 0.549, 71% of winners called): log health, champions' exhaust value,
# mastery/10, hand value/5, to act, owned cards/10, then the mean profile per owned card
# (gems, power, health, mastery, other value, shield).
EVAL = (2.028, 0.144, -0.13, 0.149, 0.46, 0.183, 1.821, 1.236, 2.164, 2.246, 2.326, 0.666)


def features(state: Any, cards: dict[str, CardDef], s: int) -> list[float]:
    side = side_of_state(state, s, "")
    ctx = make_ctx(cards, side, True, None)
    prof = mean_profile(cards, side.owned, ctx)
    champs = sum(exhaust_value(cards[card_of(c)], ctx) for c in side.champions)
    hand = sum(card_value(cards[card_of(c)], ctx) for c in state.players[s].hand)
    return [math.log(max(1, side.health)), champs, side.mastery / 10, hand / 5, float(state.flow.active == s),
            len(side.owned) / 10, *prof]


def evaluate_state(state: Any, cards: dict[str, CardDef]) -> list[float]:
    """Each seat's chance to win: a softmax of the fitted linear score of its features."""
    n = len(state.players)
    team = "team" in getattr(state, "variants", ())  # 2v2: a seat wins when its team does
    if state.over:
        won = set(state.winners or [])
        return [(1.0 if team else 1.0 / len(won)) if s in won else 0.0 for s in range(n)]
    xs = {s: sum(w * f for w, f in zip(EVAL, features(state, cards, s))) for s in state.alive()}
    top = max(xs.values())
    ex = {s: math.exp(x - top) for s, x in xs.items()}
    total = sum(ex.values())
    out = [ex.get(s, 0.0) / total for s in range(n)]
    return [out[s] + out[s ^ 1] for s in range(n)] if team else out
