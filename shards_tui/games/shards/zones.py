"""Table: the small set of state operations every rule is written in (moves, draws, gains)."""

from __future__ import annotations

from functools import lru_cache

from shards_tui.core.errors import IllegalCommand
from shards_tui.core.wording import name_list
from shards_tui.games.shards.cards import CardDef, card_of
from shards_tui.games.shards.content import Ruleset
from shards_tui.games.shards.effects import CardFilter
from shards_tui.games.shards.models import ShardsState


class Table:
    """Wraps a state (a working copy) with the card data and rules constants."""

    def __init__(self, state: ShardsState, cards: dict[str, CardDef], rules: Ruleset,
                 instance_cards: dict[str, CardDef] | None = None) -> None:
        self.state = state
        self.cards = cards
        self.rules = rules
        # The card of each instance id met so far, kept by the controller across transitions.
        self._instance_cards: dict[str, CardDef] = {} if instance_cards is None else instance_cards

    # --- lookups -------------------------------------------------------------------------
    def card(self, instance: str) -> CardDef:
        card = self._instance_cards.get(instance)
        if card is None:
            card = self._instance_cards[instance] = self.cards[card_of(instance)]
        return card

    def name(self, instance: str) -> str:
        return self.card(instance).name

    def matches(self, instance: str, flt: CardFilter) -> bool:
        card = self.card(instance)
        if flt.faction is not None and card.faction != flt.faction:
            return False
        if flt.types and card.type not in flt.types:
            return False
        return card.type not in flt.exclude_types

    def count_champions(self, seat: int, faction: str | None) -> int:
        return sum(1 for c in self.state.players[seat].champions
                   if faction is None or self.card(c).faction == faction)

    def seat_slugs(self) -> list[str]:
        """One unique word per seat: the name's slug, or 'pN' when the name is empty, shared
        with another player, or looks like another seat's 'pN' / number alias."""
        return list(_slugs_of(tuple(p.name for p in self.state.players)))

    def seat_slug(self, seat: int) -> str:
        return _slugs_of(tuple(p.name for p in self.state.players))[seat]

    def seat_from_slug(self, text: str) -> int:
        text = text.lower()
        slugs = self.seat_slugs()
        if text in slugs:
            return slugs.index(text)
        for seat in range(len(slugs)):
            if text in (f"p{seat + 1}", str(seat + 1)):
                return seat
        raise IllegalCommand(f"There is no player called '{text[:30]}'.")

    # --- log ---------------------------------------------------------------------------------
    def event(self, text: str, anchor: str | None = None, *, private_to: int | None = None,
              public: str | None = None) -> None:
        self.state.add_event(text, anchor=anchor, seat=self.state.flow.active,
                             visible_to=None if private_to is None else [private_to],
                             public_text=public)

    # --- moves -------------------------------------------------------------------------------
    def move(self, instance: str, seat: int, src: str, dst: str, *, to_top: bool = False) -> None:
        player = self.state.players[seat]
        getattr(player, src).remove(instance)
        if to_top:
            getattr(player, dst).insert(0, instance)
        else:
            getattr(player, dst).append(instance)

    def draw(self, seat: int, n: int) -> list[str]:
        """Draw n cards, shuffling the discard pile into the deck mid-draw when it runs out."""
        player = self.state.players[seat]
        drawn: list[str] = []
        logged = 0  # the log tells the draw in the order it happened: before a shuffle, after
        for _ in range(n):
            if not player.deck:
                if not player.discard:
                    break
                self._log_draw(seat, drawn[logged:])
                logged = len(drawn)
                player.deck = player.discard
                player.discard = []
                self.state.rng.shuffle(player.deck)
                self.event(f"{player.name} shuffles their discard pile to form a new deck.", "reshuffle")
            drawn.append(player.deck.pop(0))
        player.hand.extend(drawn)
        self._log_draw(seat, drawn[logged:], more=logged > 0)
        return drawn

    def _log_draw(self, seat: int, cards: list[str], more: bool = False) -> None:
        if not cards:
            return
        name = self.state.players[seat].name
        self.state.mark_reveal()
        names = name_list(self.name(i) for i in cards)
        count = f"{len(cards)}{' more' if more else ''} card{'s' if len(cards) != 1 else ''}"
        self.event(f"{name} draws {names}.", "playing-cards", private_to=seat,
                   public=f"{name} draws {count}.")

    def refill_row(self) -> None:
        state = self.state
        for slot, instance in enumerate(state.center_row):
            if instance is None and state.center_deck:
                new = state.center_deck.pop(0)
                state.center_row[slot] = new
                state.mark_reveal()
                self.event(f"{self.name(new)} fills slot {slot + 1} of the center row.", "center-row")

    def take_from_row(self, slot: int, seat: int, dst: str) -> str:
        """Move a center-row card to a player's zone. The caller logs what happened, then
        calls ``refill_row`` so the log reads in the order things happened."""
        instance = self.state.center_row[slot]
        if instance is None:
            raise IllegalCommand(f"Center-row slot {slot + 1} is empty.")
        self.state.center_row[slot] = None
        getattr(self.state.players[seat], dst).append(instance)
        return instance

    def recruit_from_row(self, slot: int, seat: int, dst: str) -> str:
        """Move a recruited card (paid for or free) out of the row; returns where it went.
        After Numeri Drones' exhaust, the next Homodeus champion recruited goes into play."""
        instance = self.state.center_row[slot]
        card = self.card(instance) if instance is not None else None
        mod = "next_homodeus_champion_enters_play"
        if (card is not None and mod in self.state.turn.modifiers and card.is_champion
                and card.faction == "homodeus"):
            self.state.turn.modifiers.remove(mod)
            dst = "champions"
        self.take_from_row(slot, seat, dst)
        return dst

    def reveal_from_hand(self, seat: int, instance: str, why: str, anchor: str) -> None:
        self.state.mark_reveal()
        player = self.state.players[seat]
        self.event(f"{player.name} reveals {self.name(instance)} from their hand {why}.", anchor)

    # --- resources -----------------------------------------------------------------------
    def gain(self, seat: int, resource: str, amount: int, source: str) -> None:
        state = self.state
        player = state.players[seat]
        limits = self.rules.limits
        if resource == "gems":
            state.turn.gems += amount
        elif resource == "power":
            state.turn.power += amount
        elif resource == "health":
            before = player.health
            player.health = min(limits.max_health, player.health + amount)
            if player.health == before:
                self.event(f"{player.name}'s health is at the cap ({limits.max_health}), so the "
                           f"{amount} health from {source} is lost.", "health")
                return
            if player.health - before < amount:
                kept = player.health - before
                self.event(f"{player.name} gains {kept} health from {source} (the cap is "
                           f"{limits.max_health}, so {amount - kept} health is lost).", "health")
                return
        elif resource == "mastery":
            before = player.mastery
            player.mastery = min(limits.max_mastery, player.mastery + amount)
            amount = player.mastery - before
        what = amount_text(amount, resource) if amount else f"no {resource}"
        self.event(f"{player.name} gains {what} from {source}.",
                   "mastery" if resource == "mastery" else "playing-cards")

    def destroy_champion(self, owner: int, instance: str, how: str) -> None:
        player = self.state.players[owner]
        player.champions.remove(instance)
        if instance in player.exhausted:
            player.exhausted.remove(instance)
        if player.nemesis:  # Nemesis Challenge: its destroyed champions are banished
            player.banished.append(instance)
            self.event(f"{self.name(instance)} ({player.name}) is destroyed {how} and is banished.",
                       "variant-nemesis")
            return
        player.discard.append(instance)
        self.event(f"{self.name(instance)} ({player.name}) is destroyed {how} and goes to "
                   f"{player.name}'s discard pile.", "attack-champions")


def amount_text(amount: int, resource: str) -> str:
    """'1 gem', '3 gems', '2 power'."""
    if resource == "gems" and amount == 1:
        return "1 gem"
    return f"{amount} {resource}"


@lru_cache(maxsize=256)
def _slugs_of(names: tuple[str, ...]) -> tuple[str, ...]:
    """``Table.seat_slugs`` for these names (worked out once: names do not change in a game)."""
    n = len(names)
    bases = [slug(name) for name in names]
    out = []
    for seat, base in enumerate(bases):
        others = {f"p{k + 1}" for k in range(n) if k != seat} | {str(k + 1) for k in range(n)}
        out.append(base if base and bases.count(base) == 1 and base not in others else f"p{seat + 1}")
    return tuple(out)


@lru_cache(maxsize=1024)
def slug(text: str) -> str:
    """One lower-case word for a name ('Reactor Drone' -> 'reactor_drone'); card and player
    names are few, so each is worked out once."""
    return "".join(ch for ch in text.lower().replace(" ", "_") if ch.isalnum() or ch == "_")
