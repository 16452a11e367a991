"""Sampled worlds for the search bot: copies of the game with everything one seat cannot know
dealt again, consistently with what it does know.

What a seat knows: every card in play and in the trash, its own hand, its own discard pile
and the contents (not the order) of its own draw pile, the opponent's faction (so their eight
base cards), and how many cards each hidden pile holds. What it does not know: the opponent's
hand, draw pile and discard pile (drafted cards go there unseen), and the draft deck and the
cycled deck.

So the cards it cannot see are pooled: the base cards among them can only be the opponent's
(no effect puts a base card into the draft or cycled deck), and the draft cards among them
are dealt at random to fill the opponent's hidden piles to their sizes, the rest to the draft
and cycled decks. The seat's own draw pile is shuffled. Hidden cards are sorted before being
shuffled, so a sample depends only on the sampling rng and on what the seat knows, never on
the true hidden order. The game's rng is reseeded, so future shuffles are unknown too.

A known simplification: cards the seat saw in its own draft offers and sent to the cycled
deck are treated as unknown, and so are cards it saw fetched from the trash by the opponent.
"""

from __future__ import annotations

import random

from shards_tui.core.bot_adapter import world_sampler_for
from shards_tui.core.rng import Rng
from shards_tui.games.disco.cards import card_def
from shards_tui.games.disco.models import DiscoState


def shuffled(cards: list[str], rng: random.Random) -> list[str]:
    out = sorted(cards)
    rng.shuffle(out)
    return out


def determinize(state: DiscoState, seat: int, rng: random.Random) -> DiscoState:
    world: DiscoState = state.working_copy()  # type: ignore[assignment]
    world.log = []
    other = 1 - seat
    me, them = world.players[seat], world.players[other]
    me.deck = shuffled(me.deck, rng)
    sizes = (len(them.hand), len(them.deck), len(them.discard))
    unseen = them.hand + them.deck + them.discard + world.draft_deck + world.cycled
    theirs = [c for c in unseen if card_def(c).faction is not None]
    loose = shuffled([c for c in unseen if card_def(c).faction is None], rng)
    room = sum(sizes) - len(theirs)
    dealt = shuffled(theirs + loose[:room], rng)
    them.hand = dealt[:sizes[0]]
    them.deck = dealt[sizes[0]:sizes[0] + sizes[1]]
    them.discard = dealt[sizes[0] + sizes[1]:]
    rest = loose[room:]
    world.draft_deck = rest[:len(state.draft_deck)]
    world.cycled = rest[len(state.draft_deck):]
    # How many of the opponent's hand cards are retained is public; which ones is not.
    kept = [c for c in world.round.retained if c in me.hand]
    their_kept = sum(1 for c in state.round.retained if c in state.players[other].hand)
    world.round.retained = kept + them.hand[:their_kept]
    world.rng = Rng.from_seed(rng.getrandbits(64))
    return world


world_sampler = world_sampler_for(determinize, log_events=False)  # no log in sampled worlds (speed)
