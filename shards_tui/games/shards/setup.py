"""Building a Shards of Infinity game: a new game from its options, or a scenario position."""

# No `from __future__ import annotations`: pydantic gets these models' annotations as types,
# not strings it must evaluate (about 20 ms of startup over the rules models).

from collections import Counter
from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field

from shards_tui.core.errors import ScenarioError
from shards_tui.core.rng import Rng
from shards_tui.core.state import Flow
from shards_tui.core.untrusted import printable_name
from shards_tui.core.variants import VariantError, check_choice, find
from shards_tui.games.shards import auction, nemesis_setup, relic_setup, versus
from shards_tui.games.shards.cards import CardDef, card_db
from shards_tui.games.shards.content import Ruleset, ruleset
from shards_tui.games.shards.models import Player, ShardsState, ShieldOrder, Turn


# A player's name as the game keeps it: from a file, a save or a keyboard, never with a
# control character (an escape in a name would reach every terminal that shows it).
Name = Annotated[str, BeforeValidator(printable_name), Field(min_length=1, max_length=24)]


class SeatSetup(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: Name
    character: str | None = None
    bot: str | None = None


class NewGame(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: str = "new"
    players: list[SeatSetup]
    seed: int = Field(ge=0, lt=2**63)
    sets: list[str] = ["base"]
    variants: list[str] = []
    first: int | None = None
    nemesis: str | None = None  # Nemesis Challenge: the Nemesis's character (None: random)
    shield_order: ShieldOrder = "next_last"  # "clockwise" only in games saved before it


class ScenarioSeat(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: Name
    character: str | None = None
    bot: str | None = None
    health: int | None = None
    mastery: int = 0
    hand: list[str] | None = None
    deck_top: list[str] | None = None
    discard: list[str] = []
    in_play: list[str] = []
    champions: list[str] = []
    exhausted: list[str] = []
    relics: list[str] | None = None  # set-aside relics; by default the character's (with the expansion)
    relic_recruited: bool = False


class ScenarioTurn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    gems: int = 0
    power: int = 0
    focused: bool = False


class ScenarioSetup(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: str = "scenario"
    players: list[ScenarioSeat]
    seed: int = 1
    sets: list[str] = ["base"]
    variants: list[str] = []
    nemesis: ScenarioSeat | None = None  # Nemesis Challenge: the Nemesis seat (added after the players)
    active: int = 0
    center_row: list[str] | None = None
    center_deck_top: list[str] = []
    turn: ScenarioTurn = ScenarioTurn()
    shield_order: ShieldOrder = "next_last"  # "clockwise" only in games saved before it


class _Minter:
    """Hands out instance ids: crystal#1, crystal#2, ..."""

    def __init__(self, cards: dict[str, CardDef]) -> None:
        self.cards = cards
        self.counts: Counter[str] = Counter()

    def __call__(self, card_id: str) -> str:
        if card_id not in self.cards:
            raise ScenarioError(f"There is no card called '{card_id}'.")
        self.counts[card_id] += 1
        return f"{card_id}#{self.counts[card_id]}"


def _characters(rules: Ruleset, wanted: list[str | None], rng: Rng) -> list[str]:
    free = [c.id for c in rules.characters if c.id not in wanted]
    rng.shuffle(free)
    out = []
    for w in wanted:
        if w is None:
            w = free.pop(0) if free else rules.characters[0].id
        rules.character(w)  # raises KeyError for an unknown one
        out.append(w)
    return out


def center_box(cards: dict[str, CardDef], sets: list[str]) -> list[str]:
    return [c.id for c in cards.values()
            if c.set in sets and c.type in ("ally", "mercenary", "champion") for _ in range(c.copies)]


def check_known(variants: list[str], sets: list[str]) -> None:
    """Refuse (VariantError, one sentence) a card set or variant this game does not have."""
    rules = ruleset()
    known = {"base", *(e.id for e in rules.expansions)}
    for s in sets:
        if s not in known:
            raise VariantError(f"There is no card set '{s}'; the sets are: {', '.join(sorted(known))}.")
    if "base" not in sets:
        raise VariantError("Every game needs the base set of cards.")
    for v in variants:
        find(rules.variants, v)  # VariantError for one it does not know


def check_new_game(variants: list[str], players: int, sets: list[str]) -> None:
    """Refuse (VariantError, one sentence) a player count, card sets or variants that do not fit."""
    rules = ruleset()
    check_known(variants, sets)
    if not variants and not rules.game.min_players <= players <= rules.game.max_players:
        raise VariantError(f"Shards of Infinity is for {rules.game.min_players} to "
                           f"{rules.game.max_players} players, not {players}.")
    check_choice(rules.variants, variants, players, sets, {e.id: e.title for e in rules.expansions})


def new_game(setup: dict[str, Any]) -> ShardsState:
    opts = NewGame.model_validate(setup)
    rules = ruleset()
    n = len(opts.players)
    check_new_game(opts.variants, n, opts.sets)
    if "health_auction" in opts.variants and any(p.character for p in opts.players):
        raise VariantError("In the Health Auction the characters are won in the auction; leave them random.")
    cards = card_db(tuple(opts.sets))
    rng = Rng.from_seed(opts.seed)
    mint = _Minter(cards)
    first = opts.first if opts.first is not None else rng.below(n)
    if "team" in opts.variants and opts.first is None:
        first = versus.left_player(versus.team_of(first))  # a random team; its left player starts
    wanted = [p.character for p in opts.players]
    if "nemesis" in opts.variants:  # the Nemesis's character is one of the cards dealt out too
        wanted.append(opts.nemesis)
    characters = _characters(rules, wanted, rng)
    players = []
    for seat, (p, character) in enumerate(zip(opts.players, characters)):
        deck = [mint(cid) for cid, k in rules.starting_deck.items() for _ in range(k)]
        rng.shuffle(deck)
        order = (seat - first) % n
        players.append(Player(name=p.name, character=character,
                              health=rules.limits.starting_health,
                              mastery=order * rules.limits.starting_mastery_step,
                              hand=deck[:rules.limits.hand_size], deck=deck[rules.limits.hand_size:]))
    center = [mint(cid) for cid in center_box(cards, opts.sets)]
    rng.shuffle(center)
    if "nemesis" in opts.variants:
        said = nemesis_setup.setup_new_game(characters[-1], players, center, cards, rules, rng)
    size = rules.limits.center_row_size
    state = ShardsState(seed=opts.seed, rng=rng, flow=Flow(turn=1, active=first, phase="play"),
                        sets=opts.sets, variants=opts.variants, players=players, center_row=list(center[:size]),
                        center_deck=center[size:], total_cards=0, shield_order=opts.shield_order)
    state.total_cards = len(state.all_instances())
    if "team" in opts.variants:
        versus.setup_teams(state, zero_mastery=True)
        state.add_event(f"2v2 Team Attack: {versus.team_text(state)}", anchor="variant-team")
    if "health_auction" in opts.variants:
        auction.begin(state, starter=first)  # characters become final when it ends
        relic_setup.deal_relics(state, rules, mint)  # all set aside until characters are won
        state.total_cards = len(state.all_instances())
        return state
    names = ", ".join(f"{p.name} ({rules.character(p.character).name})" for p in players)
    first_text = relic_setup.first_player_text(opts.variants, f"{players[first].name} goes first.")
    titles = [v.title for v in rules.variants if v.id in opts.variants]
    of = f" of {', '.join(titles[:-1])} and {titles[-1]}" if len(titles) > 1 else (
        f" of {titles[0]}" if titles else "")
    state.add_event(f"A new game{of}: {names}. {first_text}", anchor="setup")
    if "nemesis" in opts.variants:
        state.add_event(said, anchor="variant-nemesis")
    relic_setup.deal_relics(state, rules, mint)
    state.total_cards = len(state.all_instances())
    relic_setup.characters_final(state)
    return state


def scenario_game(setup: dict[str, Any]) -> ShardsState:
    opts = ScenarioSetup.model_validate(setup)
    check_known(opts.variants, opts.sets)
    rules = ruleset()
    cards = card_db(tuple(opts.sets))
    rng = Rng.from_seed(opts.seed)
    mint = _Minter(cards)
    if not 1 <= len(opts.players) <= rules.game.max_players:
        raise ScenarioError(f"A scenario needs 1 to {rules.game.max_players} players.")
    if not 0 <= opts.active < len(opts.players):
        raise ScenarioError(f"'active' must be a seat number from 0 to {len(opts.players) - 1}.")
    characters = _characters(rules, [p.character for p in opts.players], rng)
    players = []
    for p, character in zip(opts.players, characters):
        if p.hand is None and p.deck_top is None:
            deck = [mint(c) for c, k in rules.starting_deck.items() for _ in range(k)]
            rng.shuffle(deck)
            hand, deck = deck[:5], deck[5:]
        else:
            hand = [mint(c) for c in p.hand or []]
            deck = [mint(c) for c in p.deck_top or []]
        champions = [mint(c) for c in p.champions]
        for c in champions:
            if not cards[c.split("#")[0]].is_champion:
                raise ScenarioError(f"{c.split('#')[0]} is not a champion.")
        exhausted = [next(i for i in champions if i.startswith(c + "#")) for c in p.exhausted
                     if any(i.startswith(c + "#") for i in champions)]
        players.append(Player(name=p.name, character=character,
                              health=p.health if p.health is not None else rules.limits.starting_health,
                              mastery=p.mastery, hand=hand, deck=deck,
                              discard=[mint(c) for c in p.discard], in_play=[mint(c) for c in p.in_play],
                              champions=champions, exhausted=exhausted, relic_recruited=p.relic_recruited))
    relic_setup.scenario_relics(players, opts.players, opts.sets, rules, mint)
    if "nemesis" in opts.variants:
        players.append(nemesis_setup.scenario_player(opts.nemesis, [p.character for p in players],
                                               rules, cards, rng, mint))
    named: Counter[str] = Counter()
    row = [mint(c) for c in (opts.center_row or [])]
    top = [mint(c) for c in opts.center_deck_top]
    named.update(i.split("#")[0] for i in row + top)
    for p in players:
        for zone in (p.hand, p.deck, p.discard, p.in_play, p.champions):
            named.update(i.split("#")[0] for i in zone)
    rest: list[str] = []
    for cid in center_box(cards, opts.sets):
        if named[cid] > 0:
            named[cid] -= 1
        else:
            rest.append(mint(cid))
    rng.shuffle(rest)
    deck = top + rest
    size = rules.limits.center_row_size
    if opts.center_row is None:
        row, deck = deck[:size], deck[size:]
    elif len(row) != size:
        raise ScenarioError(f"center_row must name exactly {size} cards.")
    state = ShardsState(seed=opts.seed, rng=rng, flow=Flow(turn=1, active=opts.active, phase="play"),
                        sets=opts.sets, variants=opts.variants, players=players,
                        center_row=list(row), center_deck=deck, shield_order=opts.shield_order,
                        total_cards=0, turn=Turn(gems=opts.turn.gems, power=opts.turn.power,
                                                 focused=opts.turn.focused,
                                                 played=list(players[opts.active].in_play)))
    state.total_cards = len(state.all_instances())
    state.add_event("The scenario is set up.", anchor="setup")
    if "team" in opts.variants:
        if len(players) != 4:
            raise ScenarioError("A 2v2 Team Attack scenario needs exactly 4 players.")
        versus.setup_teams(state, zero_mastery=False)
    if "health_auction" in opts.variants:
        relic_setup.set_aside_unplaced(state, rules, mint)  # for the characters yet to be won
        state.total_cards = len(state.all_instances())
        auction.begin(state, starter=opts.active)
    return state
