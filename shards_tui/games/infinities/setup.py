"""Building a game: a new one from its options (players, teams, Quickplay, shared or separate
decks, seed), or a scenario position set up exactly (tiles, pawns, leaders, cards, dice).

A new game starts at setup step 5 (the Roles revealed, every pawn in the Rift): each leader in
seat order leaves the Rift into the first tile they discover; then leaders are chosen and
deployed in turn order.
"""

from __future__ import annotations

from typing import Any

from shards_tui.core.hex import ORIGIN, hex_text
from shards_tui.core.rng import Rng
from shards_tui.games.infinities.adventure import setup_chapter
from shards_tui.games.infinities.board import Board
from shards_tui.games.infinities.content import content
from shards_tui.games.infinities.models import (TEAM_SIZES, Deck, Die, InfState, PlacedTile, Player,
                                                Unit)
from shards_tui.games.infinities.turns import compute_order

MAX_NAME = 30


def _teams(mode: str, players: int) -> list[int]:
    """Each seat's team: free-for-all, or seats dealt round the table into teams."""
    if mode not in TEAM_SIZES:
        raise ValueError(f"There are no teams '{str(mode)[:10]}'; choose ffa, 2v2, 3v3 or 2v2v2.")
    sizes = TEAM_SIZES[mode]
    if sizes is None:
        return list(range(players))
    need, size = sizes
    if players != need:
        raise ValueError(f"Teams {mode} need {need} players, not {players}.")
    count = players // size
    return [seat % count for seat in range(players)]


def _players(setup: dict[str, Any]) -> list[dict[str, Any]]:
    seats = list(setup.get("players") or [])
    if not 2 <= len(seats) <= 6:
        raise ValueError(f"Infinities is for 2 to 6 players, not {len(seats)}.")
    for n, seat in enumerate(seats):
        seat["name"] = str(seat.get("name") or f"Player {n + 1}")[:MAX_NAME]
    return seats


def _new_deck(state: InfState, deck_id: str, faction: str) -> Deck:
    numbers: dict[str, int] = {}
    for inst in state.deck_of:
        card, _, k = inst.partition("#")
        numbers[card] = max(numbers.get(card, 0), int(k))
    cards = []
    for card in content().deck_list(faction):
        numbers[card] = numbers.get(card, 0) + 1
        inst = f"{card}#{numbers[card]}"
        cards.append(inst)
        state.deck_of[inst] = deck_id
    deck = Deck(faction=faction, cards=cards)
    state.decks[deck_id] = deck
    state.total_cards += len(cards)
    return deck


def deck_for(state: InfState, seat: int, faction: str) -> str:
    """The deck a leader of ``faction`` draws from (made now for separate decks)."""
    if state.shared_decks:
        return faction
    deck_id = f"{faction}:{seat + 1}"
    if deck_id not in state.decks:
        _new_deck(state, deck_id, faction)
        state.rng.shuffle(state.decks[deck_id].cards)
    return deck_id


def _base(setup: dict[str, Any]) -> InfState:
    c = content()
    seats = _players(setup)
    seed = int(setup.get("seed") or 0)
    teams = str(setup.get("teams") or "ffa")
    quick = bool(setup.get("quickplay")) or setup.get("mode") == "quickplay"
    decks = str(setup.get("decks") or "shared")
    if decks not in ("shared", "separate"):
        raise ValueError(f"Decks are shared or separate, not '{decks[:20]}'.")
    team_of = _teams(teams, len(seats))
    state = InfState(game="infinities", seed=seed, rng=Rng.from_seed(seed),
                     mode="quickplay" if quick else "skirmish", teams=teams,  # type: ignore[arg-type]
                     shared_decks=decks == "shared",
                     players=[Player(name=s["name"], team=team_of[n]) for n, s in enumerate(seats)])
    state.tiles[hex_text(ORIGIN)] = PlacedTile(tile=c.rules.rift)
    state.stacks = {s.id: c.stack(s.id) for s in c.rules.settings}
    if state.shared_decks:
        for f in c.rules.factions:
            _new_deck(state, f.id, f.id)
    return state


def new_game(setup: dict[str, Any]) -> InfState:
    c = content()
    state = _base(setup)
    for deck in state.decks.values():
        state.rng.shuffle(deck.cards)
    roles = sorted(c.roles)
    state.rng.shuffle(roles)
    mode = c.rules.quickplay if state.mode == "quickplay" else c.rules.skirmish
    state.roles = sorted(roles[:mode.roles])
    setup_chapter(state, setup)
    rift = hex_text(ORIGIN)
    for p in state.players:
        p.at = rift
    state.flow.phase = "first_tile"
    state.flow.active = 0
    names = ", ".join(c.roles[r].name for r in state.roles)
    quick = " (Quickplay)" if state.mode == "quickplay" else ""
    goals = f"The Roles: {names}." if not state.chapter else "The chapter's conditions decide it."
    state.add_event(f"A game of Infinities{quick} begins. {goals} Every pawn starts "
                    "in the Rift; in seat order, each leader steps out into a tile they discover.",
                    anchor="setup")
    return state


def scenario_game(setup: dict[str, Any]) -> InfState:
    """A position set up exactly: cards named are taken from their faction's deck (numbered in
    the order they are named), the rest of each deck stays below any ``deck_top`` cards."""
    c = content()
    state = _base(setup)
    seats = setup["players"]
    for spec in setup.get("tiles", []):
        tile = str(spec["tile"])
        if tile not in c.tiles:
            raise ValueError(f"There is no Infinities tile '{tile[:40]}'.")
        state.tiles[str(spec["hex"])] = PlacedTile(tile=tile, rot=int(spec.get("rot", 0)),
                                                   face_up=bool(spec.get("face_up", True)))
        for stack in state.stacks.values():
            if tile in stack:
                stack.remove(tile)
    state.roles = list(setup.get("roles") or sorted(c.roles)[: (c.rules.quickplay if state.mode == "quickplay" else c.rules.skirmish).roles])
    unknown = [r for r in state.roles if r not in c.roles]
    if unknown:
        raise ValueError(f"There is no Role '{unknown[0][:40]}'.")
    tops: list[tuple[str, list[str]]] = []
    for n, (p, spec) in enumerate(zip(state.players, seats)):
        if spec.get("leader"):
            if spec["leader"] not in c.leaders:
                raise ValueError(f"There is no leader '{str(spec['leader'])[:40]}'.")
            p.leader = spec["leader"]
            p.deck = deck_for(state, n, c.leaders[p.leader].faction)
        p.at = spec.get("at", p.at)
        p.damage = int(spec.get("damage", 0))
        p.gambit = int(spec.get("gambit", 1))
        p.points = int(spec.get("points", 0))
        p.status = spec.get("status", "active")
        if p.status in ("defeated", "respawn", "conceded"):
            p.at = None
        p.progress = {str(k): int(v) for k, v in dict(spec.get("progress", {})).items()}
        p.began_at = {str(k): int(v) for k, v in dict(spec.get("began_at", {})).items()}
        p.scored = list(spec.get("scored", []))
        if "team" in spec:
            p.team = int(spec["team"])
        take = _taker(state, p)
        p.hand = [take(x) for x in spec.get("hand", [])]
        p.timeline = [take(x) for x in spec.get("timeline", [])]
        p.attached = [take(x) for x in spec.get("attached", [])]
        for u in spec.get("units", []):
            u = {"card": u} if isinstance(u, str) else dict(u)
            unit = Unit(card=take(u["card"]), damage=int(u.get("damage", 0)),
                        unlocked=bool(u.get("unlocked", False)),
                        attached=[take(a) for a in u.get("attached", [])])
            p.group.append(unit)
        top = [take(x) for x in spec.get("deck_top", [])]
        if top:
            tops.append((state.deck_of[top[0]], top))
        for inst in (take(x) for x in spec.get("discard", [])):
            state.decks[state.deck_of[inst]].discard.append(inst)
    setup_chapter(state, setup, scenario=True)
    for deck in state.decks.values():
        state.rng.shuffle(deck.cards)
    for deck_id, top in tops:
        state.decks[deck_id].cards[:0] = top
    state.round = int(setup.get("round", 1))
    state.flow.active = int(setup.get("active", 0))
    state.flow.turn = 1
    state.order = list(setup.get("order") or [])
    if not state.order:
        state.order = compute_order(Board(state))
    # Dice of the active leader's turn: 'face' or 'colour:face'; "dice" are locked (the turn
    # is spending them), "rolled" are not yet (rerolls and conversions come next).
    dice, rolled = setup.get("dice"), setup.get("rolled")
    state.flow.phase = "act" if dice else "adjust" if rolled else str(setup.get("phase", "check"))  # type: ignore[assignment]
    if dice or rolled:
        state.turn.dice = [_die(str(d)) for d in (dice or rolled)]
        state.turn.locked = bool(dice)
        state.turn.spent = int(setup.get("spent", 0))
    if state.flow.phase in ("deploy", "respawn"):
        state.turn.deploy_tide = int(setup.get("deploy_tide", c.rules.limits.deploy_tide))
    state.add_event("A scenario position is set up.", anchor="setup")
    return state


def _die(text: str) -> Die:
    colour, _, face = text.partition(":")
    if not face:
        colour, face = (text if text in ("tide", "power", "fortitude") else "tide"), text
    return Die(colour=colour, face=face)  # type: ignore[arg-type]


def _taker(state: InfState, p: Player):
    """Takes a named card out of the deck it belongs to (the leader's, else its faction's)."""
    c = content()

    def take(card_id: str) -> str:
        if card_id not in c.cards:
            raise ValueError(f"There is no Infinities card '{str(card_id)[:40]}'.")
        deck_id = p.deck or (c.cards[card_id].faction if state.shared_decks else "")
        deck = state.decks.get(deck_id)
        if deck is None:
            raise ValueError(f"{p.name} names {card_id} but has no leader, so no deck.")
        inst = next((x for x in deck.cards if x.split("#")[0] == card_id), None)
        if inst is None:
            raise ValueError(f"The deck holds no more copies of {card_id}.")
        deck.cards.remove(inst)
        return inst
    return take
