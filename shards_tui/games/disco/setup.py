"""Building a Disco Infinity game: a new game from its options, or a scenario position."""

# No `from __future__ import annotations`: pydantic gets these models' annotations as types.

from collections import Counter
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from shards_tui.core.errors import ScenarioError
from shards_tui.core.instances import numbered_by_card
from shards_tui.core.rng import Rng
from shards_tui.core.state import Flow
from shards_tui.games.disco.cards import base_cards, card_db, draft_cards
from shards_tui.games.disco.content import ruleset
from shards_tui.games.disco.models import SPACES, DiscoState, Player, Round, Slot


SAME_FACTION = ("Both players chose the same faction; each faction can be played by one player "
                "only.")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatSetup(_Strict):
    name: str = Field(min_length=1, max_length=24)
    faction: str | None = None  # None: picked at random
    bot: str | None = None


class NewGame(_Strict):
    kind: Literal["new"] = "new"
    players: list[SeatSetup] = Field(min_length=2, max_length=2)
    seed: int = Field(ge=0, lt=2**63)
    first: int | None = Field(default=None, ge=0, le=1)  # None: picked at random
    sets: list[str] = ["base"]
    variants: list[str] = []

    @model_validator(mode="after")
    def _known(self) -> "NewGame":
        if set(self.sets) - {"base"}:
            raise ValueError("Disco Infinity has only its base set of cards")
        if self.variants:
            raise ValueError("Disco Infinity has no variants")
        return self


class OrbitCard(_Strict):
    space: int = Field(ge=1, le=SPACES)
    card: str
    tokens: int = Field(default=0, ge=0, le=99)


class RowCard(_Strict):
    card: str
    seat: int = Field(ge=0, le=1)
    tokens: int = Field(default=0, ge=0, le=99)


class ScenarioSeat(_Strict):
    name: str = Field(min_length=1, max_length=24)
    faction: str | None = None
    bot: str | None = None
    shields: int | None = None
    hand: list[str] = []
    retained: list[str] = []  # card ids of hand cards kept through this round's cleanup
    deck_top: list[str] = []  # the whole draw pile, top first
    discard: list[str] = []
    research: list[int] = Field(default_factory=lambda: [0] * SPACES, min_length=SPACES,
                                max_length=SPACES)
    orbit: list[OrbitCard] = []


class ScenarioSetup(_Strict):
    kind: Literal["scenario"] = "scenario"
    players: list[ScenarioSeat] = Field(min_length=2, max_length=2)
    seed: int = Field(default=1, ge=0, lt=2**63)
    sets: list[str] = ["base"]
    variants: list[str] = []
    phase: Literal["setup", "start", "place", "draft"] = "place"
    round: int = Field(default=1, ge=1, le=999)
    first: int = Field(default=0, ge=0, le=1)
    active: int | None = Field(default=None, ge=0, le=1)  # default: whoever places next
    row: list[RowCard] = Field(default=[], max_length=6)
    trash: list[str] = []
    draft_deck_top: list[str] = []
    draft_rest: bool = True  # the other draft cards under those, shuffled
    cycled: list[str] = []
    setup_drafts: list[int] = Field(default_factory=lambda: [0, 0], min_length=2, max_length=2)


class _Minter:
    """Hands out instance ids: ion_lance#1, ion_lance#2, ..."""

    def __init__(self) -> None:
        self.count: Counter[str] = Counter()
        self.cards = card_db()

    def __call__(self, card_id: str) -> str:
        if card_id not in self.cards:
            raise ScenarioError(f"There is no Disco Infinity card '{str(card_id)[:40]}'.")
        self.count[card_id] += 1
        return f"{card_id}#{self.count[card_id]}"


def _factions(rng: Rng, wanted: list[str | None]) -> list[str]:
    """Each seat's faction; no two seats share one (the box has one deck of each)."""
    known = [f.id for f in ruleset().factions]
    for f in wanted:
        if f is not None:
            ruleset().faction(f)  # a KeyError naming the factions
    named = [f for f in wanted if f is not None]
    if len(set(named)) != len(named):
        raise ValueError(SAME_FACTION)
    free = [f for f in known if f not in named]
    out = []
    for f in wanted:
        if f is None:
            f = free.pop(rng.below(len(free)))
        out.append(f)
    return out


def new_game(setup: dict[str, Any]) -> DiscoState:
    options = NewGame.model_validate(setup)
    rng = Rng.from_seed(options.seed)
    factions = _factions(rng, [p.faction for p in options.players])
    first = options.first if options.first is not None else rng.below(2)
    limits = ruleset().limits
    # Each card's copies numbered in a drawn order (core.instances): a number does not tell
    # whether a copy came from a faction's deck or from the secret draft.
    *decks, draft = numbered_by_card([*(base_cards(f) for f in factions), draft_cards()], rng)
    players = [Player(name=seat.name, faction=faction, shields=limits.start_shields, deck=deck)
               for seat, faction, deck in zip(options.players, factions, decks)]
    rng.shuffle(draft)
    state = DiscoState(game="disco", seed=options.seed, rng=rng,
                       flow=Flow(turn=1, active=first, phase="setup"), players=players,
                       draft_deck=draft, round=Round(first=first))
    state.total_cards = len(state.all_cards())
    for seat, p in enumerate(players):
        state.add_event(f"{p.name} plays {ruleset().faction(p.faction).name}.", anchor="setup",
                        seat=seat)
    state.add_event(f"{players[first].name} drafts first and places first in round 1.",
                    anchor="first-player", seat=first)
    return state


def scenario_game(setup: dict[str, Any]) -> DiscoState:
    options = ScenarioSetup.model_validate(setup)
    mint = _Minter()
    limits = ruleset().limits
    factions = [f.faction or ("felicity", "frankie")[n] for n, f in enumerate(options.players)]
    for f in factions:
        ruleset().faction(f)
    if factions[0] == factions[1]:
        raise ValueError(SAME_FACTION)
    players, tokens = [], {}
    for seat, (spec, faction) in enumerate(zip(options.players, factions)):
        p = Player(name=spec.name, faction=faction,
                   shields=spec.shields if spec.shields is not None else limits.start_shields,
                   hand=[mint(c) for c in spec.hand], deck=[mint(c) for c in spec.deck_top],
                   discard=[mint(c) for c in spec.discard], research=list(spec.research))
        for entry in spec.orbit:
            instance = mint(entry.card)
            if not card_db()[entry.card].is_satellite:
                raise ScenarioError(f"{entry.card} is not a satellite, so it cannot be in orbit.")
            p.orbit[entry.space - 1].append(instance)
            if entry.tokens:
                tokens[instance] = entry.tokens
        players.append(p)
    row = []
    for entry in options.row:
        instance = mint(entry.card)
        row.append(Slot(card=instance, seat=entry.seat))
        if entry.tokens:
            tokens[instance] = entry.tokens
    retained = []
    for p, spec in zip(players, options.players):
        for card_id in spec.retained:
            found = next((c for c in p.hand if c.split("#")[0] == card_id and c not in retained), None)
            if found is None:
                raise ScenarioError(f"{p.name} retains {card_id}, which is not in their hand.")
            retained.append(found)
    trash = [mint(c) for c in options.trash]
    top = [mint(c) for c in options.draft_deck_top]
    cycled = [mint(c) for c in options.cycled]
    rng = Rng.from_seed(options.seed)
    rest: list[str] = []
    if options.draft_rest:
        used = Counter(mint.count)
        pool = Counter(draft_cards())
        for card_id, copies in pool.items():
            rest.extend(mint(card_id) for _ in range(max(0, copies - used[card_id])))
        rng.shuffle(rest)
    placed = len(row)
    active = options.active if options.active is not None else (
        options.first if placed % 2 == 0 else 1 - options.first)
    state = DiscoState(game="disco", seed=options.seed, rng=rng,
                       flow=Flow(turn=options.round, active=active, phase=options.phase),
                       players=players, row=row, tokens=tokens, trash=trash, draft_deck=top + rest,
                       cycled=cycled, round=Round(first=options.first, retained=retained,
                                                  setup_drafts=list(options.setup_drafts)))
    if options.phase == "draft":
        state.round.drafting = [options.first, 1 - options.first]
        if options.active is not None and options.active != options.first:
            state.round.drafting = [options.active]
    state.total_cards = len(state.all_cards())
    return state
