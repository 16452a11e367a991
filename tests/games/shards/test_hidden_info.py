"""Views show each seat only what it may know; the log never leaks a hidden card."""

from __future__ import annotations

import json
import random

import pytest

from shards_tui.core.commands import Choose
from shards_tui.core.view import SeatView
from shards_tui.games.shards.cards import card_db, card_of
from shards_tui.games.shards.commands import End, Play, Recruit
from shards_tui.games.shards.view import ShardsView
from tests.conftest import new_shards, shards_scenario

NAMES = {c.name for c in card_db(("base",)).values()}


def _quoted(instance: str) -> str:
    return json.dumps(instance)  # '"crystal#2"': never a prefix match of crystal#20


def _hidden_from(ctl, seat: int | None) -> set[str]:
    """Instance ids this seat must not see: other hands, every deck, the center deck."""
    state = ctl.state
    hidden = set(state.center_deck)
    for s, p in enumerate(state.players):
        hidden.update(p.deck)
        if s != seat:
            hidden.update(p.hand)
    return hidden


def _check_view(ctl, seat: int | None) -> None:
    view = ctl.view(seat)
    dumped = view.model_dump_json(exclude={"legal"}) + json.dumps(view.public())
    leaked = [i for i in _hidden_from(ctl, seat) if _quoted(i) in dumped]
    assert not leaked, f"seat {seat} can see {leaked[:5]}"
    for entry in view.players:
        assert (entry.hand is not None) == (entry.seat == seat)
        assert "deck" not in type(entry).model_fields
    for entry in view.public()["players"]:
        assert ("hand" in entry) == (entry["seat"] == seat)
    # Draw events reveal names to the drawer only.
    for event in view.log:
        if " draws " in event.text and event.seat != seat:
            assert event.text.rstrip(".").split(" draws ")[1].split()[-1] in ("card", "cards"), event


def test_own_hand_visible_other_hands_hidden():
    ctl = new_shards(3, seed=2)
    for seat in (None, 0, 1, 2):
        _check_view(ctl, seat)
    mine = ctl.view(0).players[0].hand
    assert mine is not None and [c.id for c in mine] == ctl.state.players[0].hand
    assert ctl.view(0).players[1].hand_count == 5 and ctl.view(0).players[1].hand is None


@pytest.mark.parametrize("players", [2, 4])
def test_views_stay_clean_through_a_game(players):
    ctl = new_shards(players, seed=21 + players)
    rng = random.Random(players)
    for step in range(250):
        if ctl.over:
            break
        if step % 5 == 0:
            for seat in (None, *range(players)):
                _check_view(ctl, seat)
        ctl.apply(rng.choice(ctl.legal_commands(ctl.who_must_act())))


def test_draw_log_redaction():
    ctl = shards_scenario(
        players=[{"name": "Ana", "hand": ["mining_drones"],
                  "deck_top": ["infinity_shard", "blaster", "blaster", "blaster", "blaster", "blaster"]},
                 {"name": "Ben", "hand": ["crystal"]}],
        center_row=["reactor_drone", "nil_assassin", "kiln_drone", "command_seer", "spore_cleric",
                    "data_heretic"])
    ctl.apply("play mining_drones")
    ctl.apply("end")
    own = [e.text for e in ctl.view(0).log if "draws" in e.text]
    other = [e.text for e in ctl.view(1).log if "draws" in e.text]
    public = [e.text for e in ctl.view(None).log if "draws" in e.text]
    assert own == ["Ana draws Infinity Shard.", "Ana draws Blaster, Blaster, Blaster, Blaster, Blaster."]
    assert other == public == ["Ana draws 1 card.", "Ana draws 5 cards."]
    assert "Infinity Shard" not in json.dumps(ctl.view(1).public()["log"])


def test_private_decisions_hide_their_options():
    ctl = shards_scenario(
        players=[{"name": "Ana", "hand": ["nil_assassin", "nil_assassin"]},
                 {"name": "Ben", "hand": ["command_seer", "cryptofist_monk", "crystal"]}],
        center_row=["reactor_drone", "nil_assassin", "kiln_drone", "command_seer", "spore_cleric",
                    "data_heretic"])
    ctl.apply("play all")
    ctl.apply("end")
    pending = ctl.view(None).pending
    assert pending is not None and pending.kind == "shields" and pending.seat == 1
    assert pending.options is None and ctl.view(0).pending.options is None
    assert "options" not in ctl.view(None).public()["pending"]
    assert [o.id for o in ctl.view(1).pending.options] == ["command_seer#1", "cryptofist_monk#1"]
    assert ctl.view(0).legal == [] and ctl.view(1).is_legal(Choose(seat=1, options=()))
    for seat in (None, 0):
        assert "Cryptofist" not in json.dumps(ctl.view(seat).public())


def test_revealed_shields_become_public():
    ctl = shards_scenario(
        players=[{"name": "Ana", "hand": ["nil_assassin"]},
                 {"name": "Ben", "hand": ["command_seer", "crystal"]}],
        center_row=["reactor_drone", "nil_assassin", "kiln_drone", "command_seer", "spore_cleric",
                    "data_heretic"])
    ctl.apply("play nil_assassin")
    ctl.apply("end")
    ctl.apply("choose command_seer#1")
    assert any("reveals Command Seer" in e.text for e in ctl.view(None).log)


def test_the_view_is_typed_and_its_public_form_is_plain_json_data():
    ctl = new_shards(2)
    view = ctl.view(0)
    assert isinstance(view, ShardsView) and isinstance(view, SeatView)
    data = view.public()
    assert json.loads(json.dumps(data)) == data
    assert view.you == 0 and ctl.view(None).you is None
    assert ctl.view(None).legal == []
    assert view.legal == [] or ctl.who_must_act() == 0
    assert data["legal"] == [m.text for m in view.legal]
    # the typed fields hold what the model says they do
    ShardsView.model_validate(view.model_dump(exclude={"legal"}))


def test_legal_moves_are_command_objects_of_the_games_own_classes():
    ctl = shards_scenario(players=[{"name": "Ana", "hand": ["crystal", "crystal"]},
                                   {"name": "Ben", "hand": ["crystal"]}], turn={"gems": 9})
    view = ctl.view(0)
    assert view.legal_of(Play) == [Play(seat=0, card="crystal"), Play(seat=0, card="all")]
    assert {c.target for c in view.legal_of(Recruit)} == {"1", "2", "3", "4", "5", "6"}
    assert view.is_legal(End(seat=0)) and not view.is_legal(End(seat=1))
    assert [m.text for m in view.legal if isinstance(m.command, End)] == ["end"]


@pytest.mark.parametrize("players", [2, 4])
def test_mystery_relics_never_leak(players):
    """Mystery Relics: no other seat's view names a secret relic, through a whole game."""
    ctl = new_shards(players, seed=40 + players, sets=["base", "relics"], variants=["mystery_relics"])
    rng = random.Random(players)
    checked = 0
    for step in range(300):
        if ctl.over:
            break
        if step % 4 == 0:
            state = ctl.state
            for viewer in (None, *range(players)):
                secret = set(state.set_aside)
                for s, p in enumerate(state.players):
                    if s != viewer:
                        secret.update(p.relics)
                dumped = json.dumps(ctl.view(viewer).public())
                cards = card_db(("base", "relics"))
                # each relic exists once, so a secret one's id, card id or name must not appear
                leaked = [i for i in secret if _quoted(i) in dumped or _quoted(card_of(i)) in dumped
                          or cards[card_of(i)].name in dumped]
                assert not leaked, f"seat {viewer} can see {leaked}"
                checked += 1
        ctl.apply(rng.choice(ctl.legal_commands(ctl.who_must_act())))
    assert checked


@pytest.mark.parametrize("level", ["random", "greedy", "search"])
def test_a_bots_note_at_a_shields_question_says_nothing_of_its_hand(level):
    """Ben is asked about shields with none in hand, and then with one he keeps: the note the
    table reads is the same (a count of his options would say how many shields he holds)."""
    from shards_tui.bots.base import act, make_bot

    notes = set()
    for hand in (["crystal"], ["crystal", "command_seer"]):
        ctl = shards_scenario(players=[{"name": "Ana", "hand": []}, {"name": "Ben", "hand": hand}],
                              turn={"power": 2})
        ctl.apply("end", 0)
        assert ctl.state.pending.kind == "shields" and ctl.who_must_act() == 1
        for seed in range(6):
            move = act(make_bot(level, "shards", seed), ctl, 1)
            if move.command.text() == "choose none":
                notes.add(move.reason)
    assert len(notes) == 1, notes


def test_a_refusal_while_another_player_decides_does_not_quote_their_question():
    from shards_tui.core.errors import NotYourTurn

    ctl = shards_scenario(players=[{"name": "Ana", "hand": []}, {"name": "Ben", "hand": ["crystal"]},
                                   {"name": "Cy", "hand": ["crystal"]}], turn={"power": 3})
    ctl.apply("end")
    ctl.apply("assign ben 3")  # Ben is asked about shields: "you have no shields in hand"
    assert ctl.view(1).pending.seat == 1 and "no shields" in ctl.view(1).pending.prompt
    with pytest.raises(NotYourTurn) as refused:
        ctl.apply("choose none", 0)
    assert str(refused.value) == "Ben must answer a question first."
