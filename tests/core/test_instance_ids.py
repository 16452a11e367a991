"""A card instance's number ('fault_runner#45') says nothing about hidden cards, in every game:
the Fractured Net numbers both secret decks in an order drawn from the game's seed (it numbered
them through each deck in collector order, so a number told the other player where a card
stood in a sorted list), Disco numbers each card's copies so that none tells whether it came
from a faction's deck or the secret draft, and Shards' starting decks and centre deck and
Infinities' faction decks, whose make-up everyone knows, are numbered before they are shuffled. Same seed, same numbers; a save
made with the old numbers goes on from its saved state."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from shards_tui.core import saves
from shards_tui.core.instances import card_of
from shards_tui.core.registry import game, game_ids
from shards_tui.games.fractured_net.cards import card_db
from shards_tui.games.fractured_net.setup import deck_list

OLD_NUMBERS = Path(__file__).parent / "data" / "fn_saved_with_old_instance_numbers.json"
SEEDS = range(1, 13)


def _new(game_id: str, seed: int, **seat: object):
    players = [{"name": "Ana", **seat}, {"name": "Ben", **seat}] if seat else \
        [{"name": "Ana"}, {"name": "Ben"}]
    return game(game_id).controller.build({"kind": "new", "players": players, "seed": seed})


def _number(instance: str) -> int:
    return int(instance.rsplit("#", 1)[1])


def _fn_decks(ctl) -> list[list[str]]:
    return [p.hand + p.deck for p in ctl.state.players]


def test_fractured_net_numbers_say_nothing_of_a_secret_deck() -> None:
    db = card_db()
    first_card: set[int] = set()
    for seed in SEEDS:
        ctl = _new("fractured_net", seed, deck="void")
        decks = _fn_decks(ctl)
        assert sorted(_number(i) for deck in decks for i in deck) == \
            list(range(1, sum(map(len, decks)) + 1))  # 1..N: the count, which all can see
        for deck in decks:  # a deck in collector order is not numbered in that order
            in_order = sorted(deck, key=lambda i: (db[card_of(i)].no, _number(i)))
            numbers = [_number(i) for i in in_order]
            assert numbers != sorted(numbers)
        ben = sorted(decks[1], key=lambda i: (db[card_of(i)].no, _number(i)))
        first_card.add(_number(ben[0]))  # (it was always 41, the start of the 2nd deck)
        assert ctl.state_json() == _new("fractured_net", seed, deck="void").state_json()
    assert len(first_card) >= len(SEEDS) // 2
    assert [card_of(i) for i in sorted(_fn_decks(ctl)[0], key=lambda i: db[card_of(i)].no)] \
        == deck_list(Counter(card_of(i) for i in _fn_decks(ctl)[0]))  # the same cards


def test_disco_numbers_do_not_tell_a_faction_card_from_a_drafted_one() -> None:
    numbers = set()
    for seed in SEEDS:
        ctl = game("disco").controller.build({
            "kind": "new", "seed": seed,
            "players": [{"name": "Ana", "faction": "funkovich"}, {"name": "Ben", "faction": "felicity"}]})
        own = [i for i in ctl.state.players[0].deck if card_of(i) == "research_satellite"]
        drafted = [i for i in ctl.state.draft_deck if card_of(i) == "research_satellite"]
        assert own and drafted  # (a card in both: Funkovich's deck and the draft)
        numbers.add(_number(own[0]))  # (it was always #1: the faction decks were numbered first)
    assert len(numbers) > 1


def test_shards_numbers_only_name_copies_of_cards_everyone_knows() -> None:
    ctl = _new("shards", 5)
    state = ctl.state
    piles = [p.hand + p.deck for p in state.players] + [state.center_row + state.center_deck]
    origins: dict[str, set[int]] = {}
    for n, pile in enumerate(piles):
        for instance in pile:
            origins.setdefault(card_of(instance), set()).add(n)
    starting = Counter(card_of(i) for i in piles[0])
    for card, found in origins.items():  # a card whose copies start in several piles...
        if len(found) > 1:
            assert card in starting and 2 not in found  # ...is a starting card, the same for all
    assert all(Counter(card_of(i) for i in pile) == starting for pile in piles[:2])


def test_infinities_numbers_only_name_copies_in_decks_everyone_knows() -> None:
    from shards_tui.games.infinities.content import content

    for seed in (1, 2):
        ctl = game("infinities").controller.build({
            "kind": "new", "seed": seed, "players": [{"name": "Ana"}, {"name": "Ben"}]})
        for deck in ctl.state.decks.values():  # each faction's deck: its make-up is the list's
            cards = [card_of(i) for i in deck.cards]
            assert Counter(cards) == Counter(content().deck_list(deck.faction))
            assert cards != content().deck_list(deck.faction)  # numbered, then shuffled


def test_every_game_is_checked_here() -> None:
    checked = {"fractured_net", "disco", "shards", "infinities"}
    assert set(game_ids()) <= checked, (f"{set(game_ids()) - checked}: show here that its card "
                                         "instance numbers say nothing about hidden cards")


def test_a_game_saved_with_the_old_numbers_goes_on_from_its_saved_state() -> None:
    text = OLD_NUMBERS.read_text()
    saved = json.loads(text)
    loaded = saves.from_json(text, source="autosave.json")
    assert loaded.game_id == "fractured_net" and loaded.state.log[-1].text == saves.CONTINUED
    assert [p.hand for p in loaded.state.players] == [p["hand"] for p in saved["state"]["players"]]
    for _ in range(10):
        if loaded.over:
            break
        loaded.apply(loaded.legal_commands(loaded.who_must_act())[0])
    again = saves.from_json(saves.to_json(loaded))
    assert again.state_json() == loaded.state_json()
