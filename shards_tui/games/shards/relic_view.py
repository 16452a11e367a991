"""The relics part of a seat's view. Set-aside relics are public (face up beside their owner)
except in Mystery Relics, where only their owner sees them and everyone else gets a count;
relics out of the game (undealt) are never shown, only counted."""

from __future__ import annotations

from typing import Any, Callable

from shards_tui.games.shards.cards import card_of
from shards_tui.games.shards.models import ShardsState

MYSTERY = "mystery_relics"


def relics_hidden(state: ShardsState, owner: int, viewer: int | None) -> bool:
    return MYSTERY in state.variants and viewer != owner


def relic_facts(state: ShardsState, owner: int, viewer: int | None,
                is_relic: Callable[[str], bool]) -> dict[str, Any]:
    """The relic fields of ``owner`` in ``viewer``'s view: ``relics``, the set-aside relics
    (instances; None when secret); ``relic_taken``, the card of the relic its owner recruited,
    public since then (the log named it), found among the owner's cards without saying where
    it is now. ``is_relic`` tells whether a card instance is a relic."""
    p = state.players[owner]
    taken = None
    if p.relic_recruited:
        owned = (i for zone in ("discard", "in_play", "champions", "hand", "deck", "banished")
                 for i in getattr(p, zone))
        taken = next((card_of(i) for i in owned if is_relic(i)), None)
    return {"relic_count": len(p.relics), "relic_recruited": p.relic_recruited,
            "relics": None if relics_hidden(state, owner, viewer) else list(p.relics),
            "relic_taken": taken}


def redeal_secret_relics(world: ShardsState, seat: int, shuffle) -> None:
    """For the search bot's sampled worlds: in Mystery Relics, the relics ``seat`` has not seen
    (other players' set-aside ones and the undealt ones) are pooled and dealt again, each
    player keeping their count. ``shuffle(cards)`` returns a new, shuffled list."""
    if MYSTERY not in world.variants:
        return
    others = [s for s in range(len(world.players)) if s != seat]
    pool = shuffle([i for s in others for i in world.players[s].relics] + world.set_aside)
    for s in others:
        k = len(world.players[s].relics)
        world.players[s].relics, pool = pool[:k], pool[k:]
    world.set_aside = pool
