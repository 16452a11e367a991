"""Views show each seat only what it may know: no hidden card of Disco Infinity ever reaches
another seat's view, its log or its question."""

from __future__ import annotations

import json
import random

import pytest

from shards_tui.games.disco.view import DiscoView
from tests.games.disco.conftest import disco_scenario, new_disco


def _quoted(instance: str) -> str:
    return json.dumps(instance)  # '"rocket#2"': never a prefix match of rocket#20


def _hidden_from(ctl, seat: int | None) -> set[str]:
    """Instance ids this seat must not see: other hands and discard piles, every draw pile,
    the draft and cycled decks, and a draft cycle's cards unless it is the drafter."""
    state = ctl.state
    hidden = set(state.draft_deck) | set(state.cycled)
    pending = state.pending
    if not (pending is not None and pending.kind == "draft" and pending.seat == seat):
        hidden |= set(state.offer)
    for s, p in enumerate(state.players):
        hidden.update(p.deck)
        if s != seat:
            hidden.update(p.hand)
            hidden.update(p.discard)
    return hidden


def _check(ctl, seat: int | None) -> None:
    view = ctl.view(seat)
    assert isinstance(view, DiscoView)
    dumped = json.dumps(view.public())
    leaked = [i for i in _hidden_from(ctl, seat) if _quoted(i) in dumped]
    assert not leaked, f"seat {seat} can see {leaked[:5]}"
    for facts in view.players:
        mine = facts.seat == seat
        assert (facts.hand is not None) == mine and (facts.discard is not None) == mine
        assert facts.hand_count == len(ctl.state.players[facts.seat].hand)
    if view.offer is not None:
        assert view.pending is not None and view.pending.seat == seat


@pytest.mark.parametrize("seed", [3, 8])
def test_views_stay_clean_through_whole_games(seed):
    ctl = new_disco(seed=seed)
    rng = random.Random(seed)
    checked = 0
    for step in range(2000):
        if ctl.over:
            break
        if step % 3 == 0:
            for seat in (None, 0, 1):
                _check(ctl, seat)
            checked += 1
        seat = ctl.who_must_act()
        ctl.apply(rng.choice(ctl.legal_commands(seat)))
    assert ctl.over and checked > 20


def test_the_draft_offer_is_the_drafters_only():
    ctl = new_disco(seed=5)
    drafter = ctl.who_must_act()
    offer = list(ctl.state.offer)
    mine, theirs, public = ctl.view(drafter), ctl.view(1 - drafter), ctl.view(None)
    assert [c.id for c in mine.offer] == offer and [o.id for o in mine.pending.options] == offer
    for other in (theirs, public):
        assert other.offer is None and other.pending.options is None
        dumped = json.dumps(other.public())
        assert not any(_quoted(c) in dumped for c in offer)
    assert theirs.legal == [] and len(mine.legal) == 3


def test_draws_and_drafts_are_named_to_their_player_only():
    ctl = new_disco(seed=5)
    drafter = ctl.who_must_act()
    kept = ctl.state.offer[0]
    ctl.apply("draft 1", drafter)
    name = ctl.state.players[drafter].discard[-1]
    assert name == kept
    own = [e.text for e in ctl.view(drafter).log if "keeps" in e.text]
    other = [e.text for e in ctl.view(1 - drafter).log if "keeps" in e.text]
    assert "keeps one card" not in own[-1] and other[-1].endswith("keeps one card; 2 cards go to the cycled deck.")


def test_a_private_question_hides_its_options():
    ctl = disco_scenario(players=[{"name": "Ana", "hand": ["audit"]},
                                  {"name": "Ben", "hand": ["rocket", "force_field", "sparkle"]}],
                         row=[{"card": "spotlight", "seat": 1}, {"card": "spotlight", "seat": 1},
                              {"card": "spotlight", "seat": 1}, {"card": "spotlight", "seat": 1},
                              {"card": "spotlight", "seat": 1}], active=0)
    ctl.apply("place audit 1", 0)  # fires first: Ben must discard one of his three cards
    pending = ctl.state.pending
    assert pending.kind == "discard" and pending.seat == 1 and pending.private
    assert ctl.view(0).pending.options is None and ctl.view(None).pending.options is None
    assert len(ctl.view(1).pending.options) == 3
    assert "Sparkle" not in json.dumps(ctl.view(0).public())
    ctl.apply("choose sparkle", 1)
    assert any("Ben discards Sparkle." == e.text for e in ctl.view(0).log)  # a discard is public


def test_the_trash_is_face_up_for_everyone():
    ctl = disco_scenario(trash=["rocket", "bastion"])
    for seat in (None, 0, 1):
        assert [c.card for c in ctl.view(seat).trash] == ["rocket", "bastion"]


def test_a_spectator_has_no_moves_and_no_hand():
    ctl = new_disco(seed=2)
    public = ctl.view(None)
    assert public.you is None and public.legal == [] and all(p.hand is None for p in public.players)
    assert json.loads(json.dumps(public.public())) == public.public()
