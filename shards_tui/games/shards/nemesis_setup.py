"""Single Player Nemesis Challenge: the Nemesis seat at setup, and what must always hold of it.

The Nemesis is a second Player marked ``nemesis``: no deck, hand, discard pile or relics, 50
health and 0 mastery. The player's starting deck gets an 11th card by character. Rulings are in
rulesets/shards_of_infinity.md {#variant-nemesis}; the Nemesis's turn is in nemesis.py.
"""

from __future__ import annotations

from typing import Any

from shards_tui.core.errors import InvalidState, ScenarioError
from shards_tui.core.rng import Rng
from shards_tui.games.shards.cards import CardDef, card_of
from shards_tui.games.shards.content import Ruleset
from shards_tui.games.shards.models import Player, ShardsState

NAME = "Nemesis"


# --- setup -----------------------------------------------------------------------------------

def nemesis_player(character: str, rules: Ruleset, **extra: Any) -> Player:
    fields = {"health": rules.limits.starting_health, "mastery": 0, **extra}
    return Player(name=NAME, character=character, nemesis=True, **fields)


def pick_character(rules: Ruleset, wanted: str | None, taken: list[str], rng: Rng) -> str:
    """The Nemesis's character: the one asked for, else a random one nobody plays."""
    if wanted is not None:
        rules.character(wanted)  # raises KeyError for an unknown one
        return wanted
    free = [c.id for c in rules.characters if c.id not in taken]
    return free[rng.below(len(free))] if free else rules.characters[0].id


def setup_new_game(wanted: str | None, players: list[Player], center: list[str],
                   cards: dict[str, CardDef], rules: Ruleset, rng: Rng) -> str:
    """Add the Nemesis seat and the player's 11th starting card; returns a sentence to log."""
    me = players[0]
    if wanted == me.character:
        raise ValueError(f"The Nemesis needs a character other than yours "
                         f"({rules.character(wanted).name}).")
    character = pick_character(rules, wanted, [me.character], rng)
    players.append(nemesis_player(character, rules))
    extra = rules.character(me.character).nemesis_card
    said = f"{me.name} faces the Nemesis ({rules.character(character).name}), which starts with " \
           f"no cards, {rules.limits.starting_health} health and 0 mastery."
    if extra is None or extra not in cards:
        return said + " Without the Relics of the Future cards there is no 11th starting card."
    instance = next((i for i in center if card_of(i) == extra), None)
    if instance is None:  # pragma: no cover - the set always has copies of it
        return said
    center.remove(instance)
    deck = me.hand + me.deck + [instance]
    rng.shuffle(deck)
    size = rules.limits.hand_size
    me.hand, me.deck = deck[:size], deck[size:]
    return said + f" {me.name}'s starting deck gets an 11th card, {cards[extra].name}."


def scenario_player(seat: Any, taken: list[str], rules: Ruleset, cards: dict[str, CardDef],
                    rng: Rng, mint: Any) -> Player:
    """The Nemesis seat of a scenario (``[setup.nemesis]``: character, health, mastery, champions)."""
    if seat is not None and (seat.hand or seat.deck_top or seat.discard or seat.in_play):
        raise ScenarioError("The Nemesis has no hand, deck, discard pile or play zone; give it "
                            "only health, mastery and champions.")
    character = pick_character(rules, seat.character if seat else None, taken, rng)
    if seat is None:
        return nemesis_player(character, rules)
    champions = [mint(c) for c in seat.champions]
    for c in champions:
        if not cards[card_of(c)].is_champion:
            raise ScenarioError(f"{card_of(c)} is not a champion.")
    health = seat.health if seat.health is not None else rules.limits.starting_health
    return Player(name=seat.name, character=character, nemesis=True, health=health,
                  mastery=seat.mastery, champions=champions)


def check_invariants(state: ShardsState) -> None:
    seats = [s for s, p in enumerate(state.players) if p.nemesis]
    if len(seats) != 1 or len(state.players) != 2:
        raise InvalidState("A Nemesis game has exactly one player and one Nemesis.")
    me = state.players[seats[0]]
    if me.hand or me.deck or me.discard or me.relics:
        raise InvalidState("The Nemesis holds no hand, deck, discard pile or relics.")
    if (state.nemesis_turn is not None or me.in_play) and state.flow.active != seats[0] and not state.over:
        raise InvalidState("The Nemesis has a turn in progress outside its turn.")
