"""What one Shards seat knows, as the bots' heuristics read it.

:class:`Pos` is a seat's knowledge: built by ``from_view`` from the seat's view alone (plus
notes of its own cards seen so far), or by ``from_state`` inside a sampled world
(determinize.py), where every hidden card is already a guess.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from shards_tui.core.caches import cached
from shards_tui.games.shards.card_values import FACTIONS, Ctx, card_profile, card_value, weighted
from shards_tui.games.shards.cards import CardDef, card_db, card_of
from shards_tui.games.shards.content import ruleset
from shards_tui.games.shards.view import ShardsView


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
    return cached(_MEANS, (ctx, tuple(owned)), make, 20_000)


def make_ctx(cards: dict[str, CardDef], side: Side, future: bool, pos: Pos | None) -> Ctx:
    full = side.health >= ruleset().limits.max_health - (4 if future else 0)
    if future:  # a future context only depends on the cards owned, mastery and champions
        return cached(_CTXS, (tuple(side.owned), tuple(side.champions), side.mastery, full),
                      lambda: _make_ctx(cards, side, True, None, full), 20_000)
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
