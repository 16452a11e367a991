"""What the collection and the deck builder show, and the deck being built (no Textual).

The collection is every card a deck may hold, narrowed by ``Filters`` (faction, cost, type,
rarity, keyword, a search of the name and text) through the game's own ``filter_cards``. A
``DeckDraft`` is the deck on the builder's table: its name, its cards, whether it is a starter
(read-only: copy it to change it) and whether it has changes not saved. Its ``curve`` and
``verdict`` come from the game's deck rules (``games.fractured_net.decks``); saving, copying,
renaming, deleting and deck codes go through ``core.decks.DeckLibrary``, whose ``DeckError``
sentences are shown as they are.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from shards_tui.core.decks import Deck, DeckError, DeckLibrary, with_copies
from shards_tui.games.fractured_net.cards import (FACTION_NAMES, FACTIONS, KEYWORDS, RARITIES,
                                                  TYPES, CardDef, card_db, limits)
from shards_tui.games.fractured_net.decks import curve, deck_problems, deck_rules, faction_of, filter_cards
from shards_tui.ui.tables.fractured_net.table_data import CardWords, card_words

GAME = "fractured_net"
MAX_SEARCH = 60
COSTS = tuple(range(8))  # 7 stands for 7 or more


@dataclass(frozen=True)
class Filters:
    faction: str | None = None
    cost: int | None = None
    type: str | None = None
    rarity: str | None = None
    keyword: str | None = None
    text: str = ""

    def cleaned(self) -> "Filters":
        text = "".join(ch for ch in self.text if ch.isprintable())[:MAX_SEARCH]
        return replace(self, text=text,
                       faction=self.faction if self.faction in (*FACTIONS, "neutral") else None,
                       type=self.type if self.type in TYPES else None,
                       rarity=self.rarity if self.rarity in RARITIES else None,
                       keyword=self.keyword if self.keyword in KEYWORDS else None,
                       cost=self.cost if self.cost in COSTS else None)

    @property
    def sentence(self) -> str:
        """'Void Network · cost 2 · creatures · Stealth · "drain"', or 'Every card'."""
        parts = [FACTION_NAMES[self.faction] if self.faction else "",
                 (f"cost {self.cost}" + ("+" if self.cost == 7 else "")) if self.cost is not None else "",
                 f"{self.type}s" if self.type else "", self.rarity.capitalize() if self.rarity else "",
                 self.keyword.capitalize() if self.keyword else "",
                 f'"{self.text.strip()}"' if self.text.strip() else ""]
        return " · ".join(p for p in parts if p) or "Every card"


# the choices each filter offers: (label, value), None for any
FACTION_CHOICES = (("Any faction", None), *((FACTION_NAMES[f], f) for f in (*FACTIONS, "neutral")))
COST_CHOICES = (("Any cost", None), *((f"Cost {c}" + ("+" if c == 7 else ""), c) for c in COSTS))
TYPE_CHOICES = (("Any type", None), *((t.capitalize(), t) for t in TYPES))
RARITY_CHOICES = (("Any rarity", None), *((r.capitalize(), r) for r in RARITIES))
KEYWORD_CHOICES = (("Any keyword", None), *((k.capitalize(), k) for k in KEYWORDS))


@dataclass(frozen=True)
class PoolCard:
    id: str
    name: str
    cost: int
    type: str
    faction: str
    rarity: str
    text: str
    in_deck: int  # copies in the deck being built

    @property
    def words(self) -> CardWords:
        return card_words(self.id)


def pool(filters: Filters, deck: dict[str, int] | None = None) -> tuple[PoolCard, ...]:
    """The cards the filters let through, by faction, cost and name, with their copies in ``deck``."""
    f = filters.cleaned()
    cards = filter_cards(faction=f.faction, cost=f.cost, type=f.type, rarity=f.rarity,
                         keyword=f.keyword, text=f.text or None)
    order = {fac: n for n, fac in enumerate((*FACTIONS, "neutral"))}
    cards.sort(key=lambda c: (order.get(c.faction, 9), c.cost, c.name))
    return tuple(_pool_card(c, (deck or {}).get(c.id, 0)) for c in cards)


def _pool_card(c: CardDef, copies: int) -> PoolCard:
    w = card_words(c.id)
    return PoolCard(c.id, c.name, c.cost, w.type, w.faction, w.rarity, w.text, copies)


@dataclass(frozen=True)
class DeckDraft:
    """The deck on the builder's table."""

    name: str
    cards: dict[str, int] = field(default_factory=dict)
    starter: bool = False
    saved: bool = True  # no changes since it was opened or saved

    def __hash__(self) -> int:
        return hash((self.name, tuple(sorted(self.cards.items())), self.starter, self.saved))

    @property
    def size(self) -> int:
        return sum(self.cards.values())

    @classmethod
    def of(cls, deck: Deck) -> "DeckDraft":
        return cls(deck.name, dict(deck.cards), deck.starter, True)

    def changed(self, card_id: str, delta: int) -> "DeckDraft":
        """The draft with ``delta`` more (or fewer) copies; DeckError for a starter."""
        if self.starter:
            raise DeckError(f"'{self.name}' is a starter deck; starters are read-only (copy it first).")
        return replace(self, cards=with_copies(self.cards, card_id, delta, _rules()), saved=False)

    def rows(self) -> tuple[PoolCard, ...]:
        """The deck's cards by cost and name, with their copies."""
        db = card_db()
        known = [db[c] for c in self.cards if c in db]
        return tuple(_pool_card(c, self.cards[c.id]) for c in sorted(known, key=lambda c: (c.cost, c.name)))

    def curve(self) -> list[tuple[str, int]]:
        return curve(self.cards)

    def problems(self) -> list[str]:
        return deck_problems(self.cards)

    def verdict(self) -> str:
        """One sentence: legal, or the first thing to fix (with how many more there are)."""
        problems = self.problems()
        if not problems:
            return f"Legal: {self.size} cards, {FACTION_NAMES[faction_of(self.cards)]}."
        more = f" ({len(problems) - 1} more to fix)" if len(problems) > 1 else ""
        return problems[0] + more

    def curve_sentence(self) -> str:
        """One sentence on the curve: how many cards at each cost, and the resources."""
        bars = self.curve()
        costs = [(label, n) for label, n in bars if label != "res" and n]
        resources = next(n for label, n in bars if label == "res")
        if not costs and not resources:
            return "No cards yet."
        spread = ", ".join(f"{n} at {label}" for label, n in costs) or "no cards with a cost"
        return f"Curve: {spread}; {resources} resource{'s' if resources != 1 else ''}."


def _rules():
    return deck_rules()


def curve_lines(bars: list[tuple[str, int]], height: int = 5) -> list[str]:
    """The curve as a chart of columns ('█' rows over the labels), ``height`` rows tall, three
    characters a column (the nine columns, 0 to 7+ and res, fit the 34 columns the builder
    has at 80x24; four a column wrapped each row there)."""
    top = max((n for _, n in bars), default=0)
    tall = [-(-n * height // top) if top else 0 for _, n in bars]  # any card shows one row
    rows = []
    for level in range(height, 0, -1):
        rows.append(" ".join("██" if t >= level else "  " for t in tall).rstrip())
    rows.append(" ".join(f"{n:>2}" for _, n in bars).rstrip())
    rows.append(" ".join(f"{label:>2}" for label, _ in bars).rstrip())
    return rows


def library(app: object = None) -> DeckLibrary:
    """The decks of whoever uses ``app`` (its ``deck_library``: over SSH, that login's own);
    without an app, the data folder's."""
    own = getattr(app, "deck_library", None)
    return own(GAME) if own is not None else DeckLibrary(GAME)


def deck_names(lib: DeckLibrary) -> tuple[list[Deck], list[str]]:
    """Every deck (starters first, then the player's by name) and a sentence per broken file."""
    own, broken = lib.own()
    return lib.starters() + own, broken


def free_name(lib: DeckLibrary, base: str) -> str:
    """'Base', or 'Base 2', 'Base 3'... the first name no deck has."""
    taken = {d.name.casefold() for d in lib.all()}
    base = base[:34].strip() or "New deck"
    if base.casefold() not in taken:
        return base
    n = 2
    while f"{base} {n}".casefold() in taken:
        n += 1
    return f"{base} {n}"


def deck_size() -> int:
    return limits().deck_size
