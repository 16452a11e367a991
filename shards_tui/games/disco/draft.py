"""Draft cycles: three cards from the top of the shared draft deck, one kept into the
drafter's discard pile, the others to the cycled deck. The draft deck, once empty, is the
shuffled cycled deck."""

from __future__ import annotations

from shards_tui.core.decision import Option
from shards_tui.games.disco import targets as tg
from shards_tui.games.disco.board import Board, plural


def cards_left(b: Board) -> int:
    return len(b.state.draft_deck) + len(b.state.cycled)


def deal_offer(b: Board, seat: int, origin: str) -> bool:
    """Deal a draft cycle's cards to ``seat`` and ask which to keep; False if there are none
    (the draft deck and the cycled deck are both empty)."""
    state = b.state
    offer: list[str] = []
    while len(offer) < b.limits.offer_size:
        if not state.draft_deck:
            if not state.cycled:
                break
            state.draft_deck, state.cycled = state.cycled, []
            state.rng.shuffle(state.draft_deck)
            b.event("The draft deck is empty: the cycled deck is shuffled into a new draft deck.",
                    "draft-deck")
        offer.append(state.draft_deck.pop(0))
    if not offer:
        b.event("The draft deck and the cycled deck are both empty: there is nothing to draft.",
                "draft-deck")
        return False
    state.offer = offer
    state.mark_reveal()
    who = b.who(seat)
    b.event(f"{who} takes {plural(len(offer), 'card')} from the draft deck: "
            f"{', '.join(b.name(c) for c in offer)}.", "draft", seat, private_to=seat,
            public=f"{who} takes {plural(len(offer), 'card')} from the draft deck.")
    options = [Option(id=c, label=b.name(c)) for c in offer]
    tg.ask(b, seat, "draft", "Draft: keep one of these cards (it goes to your discard pile).",
           options, private=True, origin=origin)
    return True


def keep_from_offer(b: Board, seat: int, kept: str) -> None:
    state = b.state
    rest = [c for c in state.offer if c != kept]
    state.players[seat].discard.append(kept)
    state.cycled.extend(rest)
    state.offer = []
    who = b.who(seat)
    rest_go = f"{plural(len(rest), 'card')} {'goes' if len(rest) == 1 else 'go'} to the cycled deck"
    b.event(f"{who} keeps {b.name(kept)}; {rest_go}.", "draft", seat, private_to=seat,
            public=f"{who} keeps one card; {rest_go}.")
