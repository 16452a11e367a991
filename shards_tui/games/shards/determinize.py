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
from typing import Any

from pydantic import BaseModel

from shards_tui.core.bot_adapter import world_sampler_for
from shards_tui.core.rng import Rng
from shards_tui.games.shards.card_values import card_value, exhaust_value
from shards_tui.games.shards.cards import CardDef, card_of
from shards_tui.games.shards.heuristics import score_all
from shards_tui.games.shards.knowledge import from_state, from_view, make_ctx, mean_profile, side_of_state
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


world_sampler = world_sampler_for(determinize)


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


def greedy_scores(view: ShardsView, legal: list, seat: int, notes: dict) -> list[tuple[float, str]]:
    """The greedy bot's scores, from the seat's view only."""
    return score_all(from_view(view, seat, notes), legal)


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
