"""The Fractured Net's deck rules and the data the collection and deck builder show:
validation (one sentence per problem), the starter decks, the energy-cost curve, filters over
the collection, and the card numbers deck codes are made of (core.decks does the rest)."""

from __future__ import annotations

from collections import Counter
from typing import Iterable

from shards_tui.core.decks import DeckRules
from shards_tui.games.fractured_net.cards import (FACTION_NAMES, FACTIONS, CardDef, card_db,
                                                  collectible, limits, starters)
from shards_tui.games.fractured_net.text import card_text
from shards_tui.games.fractured_net.effects import Grant


def deck_problems(cards: dict[str, int]) -> list[str]:
    """Every reason the deck is not legal, one sentence each (empty: legal)."""
    db = card_db()
    lim = limits()
    problems = []
    unknown = [c for c in cards if c not in db or db[c].is_token]
    if unknown:
        problems.append(f"These are not cards of The Fractured Net: {', '.join(sorted(unknown)[:5])}.")
    known = {c: n for c, n in cards.items() if c in db and not db[c].is_token}
    total = sum(cards.values())
    if total != lim.deck_size:
        problems.append(f"A deck has exactly {lim.deck_size} cards; this one has {total}.")
    over = sorted(db[c].name for c, n in known.items() if n > lim.max_copies)
    if over:
        problems.append(f"At most {lim.max_copies} copies of a card: {', '.join(over)}.")
    legendary = sum(n for c, n in known.items() if db[c].rarity == "legendary")
    if legendary > lim.max_legendary:
        problems.append(f"A deck may hold one Legendary card; this one has {legendary}.")
    factions = sorted({db[c].faction for c in known} - {"neutral"})
    if len(factions) > 1:
        named = " and ".join(FACTION_NAMES[f] for f in factions)
        problems.append(f"A deck has one primary faction plus Neutral cards; this one mixes {named}.")
    return problems


def faction_of(cards: dict[str, int]) -> str:
    """The deck's primary faction (Neutral when it holds only neutral cards)."""
    db = card_db()
    counts = Counter(db[c].faction for c in cards if c in db and db[c].faction != "neutral")
    return counts.most_common(1)[0][0] if counts else "neutral"


def curve(cards: dict[str, int]) -> list[tuple[str, int]]:
    """The energy-cost curve for the builder's chart: (cost label, copies), 0 to 7+, with
    resources counted apart."""
    db = card_db()
    bars = Counter()
    for cid, n in cards.items():
        c = db.get(cid)
        if c is None or c.type == "resource":
            continue
        bars[min(c.cost, 7)] += n
    labels = [(str(k) if k < 7 else "7+", bars[k]) for k in range(8)]
    resources = sum(n for cid, n in cards.items() if cid in db and db[cid].type == "resource")
    return labels + [("res", resources)]


def filter_cards(cards: Iterable[CardDef] | None = None, *, faction: str | None = None,
                 cost: int | None = None, type: str | None = None, rarity: str | None = None,
                 keyword: str | None = None, text: str | None = None) -> list[CardDef]:
    """The collection, narrowed by each filter given (cost 7 means 7 or more; text is matched,
    case folded, against the name and the rules text)."""
    out = []
    needle = text.casefold().strip() if text else None
    for c in collectible() if cards is None else cards:
        if faction and c.faction != faction:
            continue
        if cost is not None and (c.cost < 7 and c.cost != cost or c.cost >= 7 and cost < 7):
            continue
        if type and c.type != type:
            continue
        if rarity and c.rarity != rarity:
            continue
        if keyword and keyword not in c.keywords and not _gives(c, keyword):
            continue
        if needle and needle not in f"{c.name} {card_text(c)}".casefold():
            continue
        out.append(c)
    return out


def _gives(c: CardDef, keyword: str) -> bool:
    granted = [e.keyword for t in ("play", "enter", "start", "ability") for e in c.triggers(t)
               if isinstance(e, Grant)]
    bonus = list(c.attach.keywords) if c.attach else []
    aura = list(c.aura.keywords) if c.aura else []
    return keyword in granted + bonus + aura


def random_deck(rng) -> dict[str, int]:
    """A random legal deck (``rng``: the game's seeded Rng): one faction's cards and neutral
    ones, at most 3 copies each, one Legendary at most."""
    faction = FACTIONS[rng.below(len(FACTIONS))]
    pool = [c for c in collectible() if c.faction in (faction, "neutral")]
    cards: dict[str, int] = {}
    legendary = False
    while sum(cards.values()) < limits().deck_size:
        c = pool[rng.below(len(pool))]
        if cards.get(c.id, 0) >= limits().max_copies or (c.rarity == "legendary" and legendary):
            continue
        legendary |= c.rarity == "legendary"
        cards[c.id] = cards.get(c.id, 0) + 1
    return cards


def card_number(card_id: str) -> int | None:
    c = card_db().get(card_id)
    return None if c is None or c.is_token else c.no


def card_by_number(number: int) -> str | None:
    for c in collectible():
        if c.no == number:
            return c.id
    return None


def card_name(card_id: str) -> str:
    c = card_db().get(card_id)
    return c.name if c is not None else card_id


def deck_rules() -> DeckRules:
    """What core.decks needs of this game (the registry names this function)."""
    return DeckRules(
        code_tag="FN",
        size=limits().deck_size,
        starters=lambda: {d.name: dict(d.cards) for d in starters()},
        starter_ids=lambda: {d.name: d.id for d in starters()},
        problems=deck_problems,
        number_of=card_number,
        card_of=card_by_number,
        name_of=card_name,
        describe=describe,
        cost_of=lambda cid: card_db()[cid].cost,
    )


def casual_problem(cards: dict[str, int]) -> str | None:
    """Why even a casual game cannot use this deck (the ruling r-casual-decks: more cards than
    an opening hand, at most 200), or None."""
    total = sum(cards.values())
    if not limits().opening_hand < total <= 200 or min(cards.values(), default=1) < 1:
        return f"a casual deck needs {limits().opening_hand + 1} to 200"
    return None


def describe(cards: dict[str, int]) -> str:
    """A few words on a deck, as a deck list shows it: 'Void Network, 40 cards', and for a deck
    that breaks the deck rules that casual games alone accept it (the ruling r-casual-decks),
    or that no game does."""
    words = f"{FACTION_NAMES[faction_of(cards)]}, {sum(cards.values())} cards"
    if (casual := casual_problem(cards)) is not None:
        return f"{words}; not playable ({casual})"
    return words + ("; casual games only" if deck_problems(cards) else "")
