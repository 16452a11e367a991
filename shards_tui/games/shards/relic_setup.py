"""Relics of the Future at setup: each player's two relics are set aside beside them.

Normally they are the character's own pair (rulesets/shards_of_infinity.toml). Mystery Relics
deals all eight at random, two per player, face down; Relic Draft (relic_draft.py) lets the
players draft them. Relics nobody receives are out of the game (``state.set_aside``).
Rules reference: {#relics}, {#variant-mystery-relics}, {#variant-relic-draft}.
"""

from __future__ import annotations

from typing import Callable

from shards_tui.games.shards import relic_draft
from shards_tui.games.shards.cards import card_db, card_of
from shards_tui.games.shards.content import Ruleset, ruleset
from shards_tui.games.shards.models import ShardsState

RELICS_PER_PLAYER = 2


def characters_final(state: ShardsState) -> None:
    """Every player's character is settled (at setup, or when the Health Auction ends): the
    one place for setup that depends on the characters, such as setting their relics aside."""
    match_relics_to_characters(state, ruleset())


def all_relics(rules: Ruleset) -> list[str]:
    """The eight relic card ids, in character order."""
    return [r for c in rules.characters for r in c.relics]


def first_player_text(variants: list[str], default: str) -> str:
    if relic_draft.VARIANT in variants:
        return "The Relic Draft decides who goes first."
    return default


def deal_relics(state: ShardsState, rules: Ruleset, mint: Callable[[str], str]) -> None:
    """Give every player their relics (or start the draft). Does nothing without the expansion."""
    if "relics" not in state.sets:
        return
    if relic_draft.VARIANT in state.variants:
        relic_draft.start(state, [mint(r) for r in all_relics(rules)])
        return
    if "mystery_relics" in state.variants:
        pile = [mint(r) for r in all_relics(rules)]
        state.rng.shuffle(pile)
        for seat, p in enumerate(state.players):
            p.relics = pile[:RELICS_PER_PLAYER]
            del pile[:RELICS_PER_PLAYER]
        state.set_aside = pile  # fewer than four players: the rest stay unseen, out of the game
        for seat, p in enumerate(state.players):
            names = " and ".join(_name(state, i) for i in p.relics)
            state.add_event(f"{p.name} is dealt {names} (secret).", anchor="variant-mystery-relics",
                            seat=seat, visible_to=[seat],
                            public_text=f"{p.name} is dealt two secret relics.")
        return
    # All eight exist; the pairs of characters nobody plays wait out of the game, so a
    # variant that settles characters later (Health Auction) can call match_relics_to_characters.
    state.set_aside = [mint(r) for r in all_relics(rules)]
    match_relics_to_characters(state, rules)


def match_relics_to_characters(state: ShardsState, rules: Ruleset) -> None:
    """Give each player their character's pair from the set-aside relics (the normal game),
    returning relics of characters nobody plays to ``state.set_aside``. For use before any
    relic is recruited; a no-op without the expansion or with a relic variant."""
    if "relics" not in state.sets or {"relic_draft", "mystery_relics"} & set(state.variants):
        return
    if any(not p.character for p in state.players):  # a Health Auction is still running
        return
    pool = state.set_aside + [i for p in state.players for i in p.relics]
    for p in state.players:
        if p.nemesis:  # the Nemesis never recruits: its character's relics stay out of the game
            continue
        wanted = rules.character(p.character).relics
        p.relics = [i for i in pool if i.split("#")[0] in wanted]
    taken = {i for p in state.players for i in p.relics}
    state.set_aside = [i for i in pool if i not in taken]


def set_aside_unplaced(state: ShardsState, rules: Ruleset, mint: Callable[[str], str]) -> None:
    """A scenario whose characters are still to be won (Health Auction): every relic no player
    holds yet waits out of the game, so that whoever wins a character nobody was dealt gets
    its pair when the characters are settled (``match_relics_to_characters``), as in a new
    game. A no-op without the expansion or with a relic variant."""
    if "relics" not in state.sets or {"relic_draft", "mystery_relics"} & set(state.variants):
        return
    present = {i.split("#")[0] for i in state.all_instances()}
    state.set_aside += [mint(r) for r in all_relics(rules) if r not in present]


def _name(state: ShardsState, instance: str) -> str:
    return card_db(tuple(state.sets))[card_of(instance)].name


def scenario_relics(players: list, seats: list, sets: list[str], rules: Ruleset,
                    mint: Callable[[str], str]) -> None:
    """A scenario's set-aside relics: as named, or by default (with the expansion and no relic
    recruited) the character's pair, minus any relic the scenario already placed elsewhere."""
    placed = {i.split("#")[0] for p in players
              for zone in (p.hand, p.deck, p.discard, p.in_play, p.champions) for i in zone}
    for p, seat in zip(players, seats):
        if seat.relics is not None:
            p.relics = [mint(r) for r in seat.relics]
        elif "relics" in sets and not seat.relic_recruited:
            p.relics = [mint(r) for r in rules.character(p.character).relics if r not in placed]
