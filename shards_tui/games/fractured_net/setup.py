"""A new game from its setup (each seat's deck, who goes first, casual or ranked, the timer),
or an exact position from a scenario."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from shards_tui.core.instances import numbered_apart
from shards_tui.core.rng import Rng
from shards_tui.games.fractured_net.cards import card_db, limits, starters
from shards_tui.games.fractured_net.decks import casual_problem, deck_problems, random_deck
from shards_tui.games.fractured_net.models import Creature, FnState, Gear, Player

MIN_TIMER, MAX_TIMER, DEFAULT_TIMER = 15, 600, 90


class SeatSetup(BaseModel):
    model_config = ConfigDict(extra="ignore")

    name: str = Field(min_length=1, max_length=24)
    deck: str | None = None  # a starter deck id; None: one at random (unless 'cards')
    cards: dict[str, int] | None = None  # a deck of the player's own: card id -> copies
    deck_name: str | None = Field(default=None, max_length=40)


class NewSetup(BaseModel):
    model_config = ConfigDict(extra="ignore")

    kind: Literal["new"] = "new"
    seed: int = Field(ge=0)
    players: list[SeatSetup] = Field(min_length=2, max_length=2)
    first: int | None = Field(default=None, ge=0, le=1)
    mode: Literal["casual", "ranked"] = "casual"
    timer: bool | None = None  # None: on in ranked, off in casual
    turn_seconds: int = Field(default=DEFAULT_TIMER, ge=MIN_TIMER, le=MAX_TIMER)
    random_decks: bool = False  # a seat that names no deck gets a random legal one, not a starter


def deck_list(cards: dict[str, int]) -> list[str]:
    """Card ids, in collector-number order, one entry per copy."""
    db = card_db()
    return [cid for cid in sorted(cards, key=lambda c: db[c].no) for _ in range(cards[cid])]


def _seat_deck(seat: SeatSetup, rng: Rng, ranked: bool,
               random_decks: bool = False) -> tuple[str, dict[str, int]]:
    if seat.cards is None and seat.deck is None and random_decks:
        return "Random deck", random_deck(rng)
    if seat.cards is not None:
        cards = dict(seat.cards)
        unknown = [c for c in cards if c not in card_db() or card_db()[c].is_token]
        if unknown:
            raise ValueError(f"{seat.name}'s deck names unknown cards: {', '.join(unknown[:3])}.")
        total = sum(cards.values())
        if ranked:
            problems = deck_problems(cards)
            if problems:
                raise ValueError(f"Ranked games need legal decks; {seat.name}'s: {problems[0]}")
        elif (casual := casual_problem(cards)) is not None:
            raise ValueError(f"{seat.name}'s deck has {total} cards; {casual}.")
        return seat.deck_name or "Own deck", cards
    decks = {d.id: d for d in starters()}
    chosen = seat.deck if seat.deck is not None else rng.choice(sorted(decks))
    if chosen not in decks:
        raise ValueError(f"There is no starter deck '{chosen}'; the decks are: "
                         f"{', '.join(sorted(decks))}.")
    return decks[chosen].name, dict(decks[chosen].cards)


def new_game(raw: dict[str, Any]) -> FnState:
    setup = NewSetup.model_validate(raw)
    rng = Rng.from_seed(setup.seed)
    lim = limits()
    ranked = setup.mode == "ranked"
    chosen = [_seat_deck(seat, rng, ranked, setup.random_decks) for seat in setup.players]
    # Numbered in a drawn order (core.instances): a number says nothing of a secret deck.
    decks = numbered_apart([deck_list(cards) for _, cards in chosen], rng)
    players, number = [], sum(map(len, decks)) + 1
    for seat, (deck_name, _), deck in zip(setup.players, chosen, decks):
        rng.shuffle(deck)
        players.append(Player(name=seat.name, health=lim.starting_health, deck=deck,
                              deck_name=deck_name))
    first = setup.first if setup.first is not None else rng.below(2)
    timer_on = setup.timer if setup.timer is not None else ranked
    state = FnState(seed=setup.seed, rng=rng, players=players, first=first, next_id=number,
                    ranked=ranked, timer=setup.turn_seconds if timer_on else None)
    state.flow.active, state.flow.phase, state.flow.acting = first, "mulligan", [0, 1]
    for seat, p in enumerate(state.players):  # the state holds validated copies of `players`
        p.hand, p.deck = p.deck[:lim.opening_hand], p.deck[lim.opening_hand:]
        state.add_event(f"{p.name} draws an opening hand of {lim.opening_hand}.", seat=seat,
                        anchor="mulligan")
    state.add_event(f"{state.players[first].name} goes first. Both players now keep or mulligan, "
                    "in secret.", seat=first, anchor="first-player")
    return state


# ---- scenarios ---------------------------------------------------------------------------

class CreatureSetup(BaseModel):
    model_config = ConfigDict(extra="forbid")

    card: str
    damage: int = 0
    tapped: bool = False
    sick: bool = False
    token: bool = False
    gear: list[str] = Field(default_factory=list)  # attached equipment card ids


class ScenarioSeat(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=24)
    health: int | None = None
    hand: list[str] = Field(default_factory=list)
    deck: list[str] = Field(default_factory=list)  # top first
    discard: list[str] = Field(default_factory=list)
    resources: list[str] = Field(default_factory=list)
    creatures: list[str | CreatureSetup] = Field(default_factory=list)
    gear: list[str] = Field(default_factory=list)  # equipment in play, not attached
    capacity: int = Field(default=1, ge=0, le=10)
    energy: int | None = Field(default=None, ge=0, le=10)
    resource_played: bool = False
    timeouts: int = Field(default=0, ge=0)


class ScenarioSetup(BaseModel):
    model_config = ConfigDict(extra="forbid")

    kind: Literal["scenario"] = "scenario"
    seed: int = Field(default=1, ge=0)
    players: list[ScenarioSeat] = Field(min_length=2, max_length=2)
    active: int = Field(default=0, ge=0, le=1)
    turn: int = Field(default=3, ge=1)
    first: int | None = Field(default=None, ge=0, le=1)
    mulligan: bool = False  # start at the mulligan instead of the active player's main phase
    attacked: bool = False
    timer: int | None = Field(default=None, ge=MIN_TIMER, le=MAX_TIMER)


def scenario_game(raw: dict[str, Any]) -> FnState:
    setup = ScenarioSetup.model_validate(raw)
    db = card_db()
    number = 1

    def make(cid: str) -> str:
        nonlocal number
        if cid not in db:
            raise ValueError(f"There is no card '{cid}'.")
        instance = f"{cid}#{number}"
        number += 1
        return instance

    players = []
    for s in setup.players:
        p = Player(name=s.name, health=limits().starting_health if s.health is None else s.health,
                   capacity=s.capacity, resource_played=s.resource_played, timeouts=s.timeouts)
        p.hand = [make(c) for c in s.hand]
        p.deck = [make(c) for c in s.deck]
        p.discard = [make(c) for c in s.discard]
        p.resources = [make(c) for c in s.resources]
        p.gear = [Gear(id=make(c)) for c in s.gear]
        for entry in s.creatures:
            spec = CreatureSetup(card=entry) if isinstance(entry, str) else entry
            instance = make(spec.card)
            p.creatures.append(Creature(id=instance, damage=spec.damage, tapped=spec.tapped,
                                        sick=spec.sick, token=spec.token or db[spec.card].is_token))
            p.gear += [Gear(id=make(g), on=instance) for g in spec.gear]
        p.energy = (min(limits().max_energy, s.capacity + len(p.resources)) if s.energy is None
                    else s.energy)
        players.append(p)
    first = setup.first if setup.first is not None else setup.active
    state = FnState(seed=setup.seed, rng=Rng.from_seed(setup.seed), players=players, first=first,
                    next_id=number, attacked=setup.attacked, timer=setup.timer)
    state.flow.turn, state.flow.active = setup.turn, setup.active
    if setup.mulligan:
        state.flow.phase, state.flow.acting = "mulligan", [0, 1]
    else:
        state.flow.phase = "main"
        for p in state.players:  # (the state holds validated copies of `players`)
            p.mulligan = "keep"
    return state
