"""Team Attack, Bloodbath and Health Auction rules that are easier to check in code."""

from __future__ import annotations

import pytest

from shards_tui.core.errors import IllegalCommand
from shards_tui.core.variants import VariantError
from shards_tui.games.shards import versus
from tests.conftest import new_shards, shards_scenario

ROW = ["reactor_drone", "nil_assassin", "kiln_drone", "command_seer", "spore_cleric", "data_heretic"]
NAMES = ["Ana", "Ben", "Cy", "Di"]


def _scenario(n: int, variants: list[str], active: int = 0, power: int = 0, **seats: dict):
    players = [{"name": name, "hand": ["crystal"], **seats.get(name, {})} for name in NAMES[:n]]
    return shards_scenario(players=players, variants=variants, active=active, center_row=ROW,
                           turn={"power": power})


def _eliminate(ctl, seat: int) -> None:
    p = ctl.state.players[seat]
    p.health, p.eliminated = 0, True


# --- 2v2 Team Attack ---------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(8))
def test_team_seating_and_turn_order(seed):
    ctl = new_shards(4, seed=seed, variants=["team"])
    state = ctl.state
    assert [p.team for p in state.players] == [0, 0, 1, 1]
    assert all(p.mastery == 0 for p in state.players), "everyone starts at 0 mastery"
    first = state.flow.active
    assert first in (1, 3), "the first team's left player starts"
    teams = [state.players[(first + k) % 4].team for k in range(4)]
    assert teams[0] == teams[3] != teams[1] == teams[2], "A, B, B, A"


def test_either_team_can_go_first():
    firsts = {new_shards(4, seed=s, variants=["team"]).state.flow.active for s in range(20)}
    assert firsts == {1, 3}


def test_team_geometry():
    assert [versus.across(s) for s in range(4)] == [3, 2, 1, 0]
    assert [versus.teammate(s) for s in range(4)] == [1, 0, 3, 2]


def test_damage_targets_across_then_both():
    ctl = _scenario(4, ["team"])
    state = ctl.state
    assert versus.damage_targets(state, 0) == [3]
    assert versus.damage_targets(state, 2) == [1]
    assert state.opponents(0) == [2, 3], "the teammate is never an opponent"
    _eliminate(ctl, 3)
    assert versus.damage_targets(state, 0) == [2], "the player across is out: the other opponent"
    ctl = _scenario(4, ["team"])
    _eliminate(ctl, 1)
    assert versus.damage_targets(ctl.state, 0) == [2, 3], "my teammate is out: both count as across"


def test_team_assign_refuses_the_teammate():
    ctl = _scenario(4, ["team"], active=0, power=5)
    _eliminate(ctl, 1)
    ctl.apply("end")
    assert ctl.state.flow.phase == "attack"
    with pytest.raises(IllegalCommand):
        ctl.apply("assign ben 2")
    assert all(not t.startswith("assign ben") for t in ctl.legal_texts(0))


def test_view_shows_teams_and_variants():
    ctl = new_shards(4, seed=1, variants=["team"])
    view = ctl.view(0)
    assert view.variants == ["team"]
    assert [p.team for p in view.players] == [0, 0, 1, 1]
    assert view.across == 3 and ctl.view(None).across is None
    assert new_shards(2).view(None).players[0].team is None


def test_team_needs_four_and_not_the_auction():
    with pytest.raises(VariantError, match="for 4 players, not 3"):
        new_shards(3, variants=["team"])
    with pytest.raises(VariantError, match="cannot be combined"):
        new_shards(4, variants=["team", "health_auction"])


# --- 3 Player Bloodbath ---------------------------------------------------------------------

def test_bloodbath_needs_three():
    with pytest.raises(VariantError, match="for 3 players, not 2"):
        new_shards(2, variants=["bloodbath"])


def test_opening_line_names_the_variants():
    first = new_shards(3, variants=["bloodbath"]).view(None).log[0].text
    assert first.startswith("A new game of 3 Player Bloodbath: Ana (")
    assert new_shards(2).view(None).log[0].text.startswith("A new game: Ana (")


def test_bloodbath_skips_the_assign_step():
    ctl = _scenario(3, ["bloodbath"], power=4, Ben={"hand": []}, Cy={"hand": []})
    ctl.apply("end")
    assert [p.health for p in ctl.state.players] == [50, 46, 46]
    assert ctl.state.flow.active == 1


def test_bloodbath_with_one_opponent_left_is_a_duel():
    ctl = _scenario(3, ["bloodbath"], power=4, Ben={"hand": []}, Cy={"hand": []})
    _eliminate(ctl, 2)
    ctl.apply("end")
    assert ctl.state.players[1].health == 46


def test_without_bloodbath_three_players_divide():
    ctl = _scenario(3, [], power=4)
    ctl.apply("end")
    assert ctl.state.flow.phase == "attack"


# --- Health Auction --------------------------------------------------------------------------

def _auction(n: int, seed: int = 3):
    return new_shards(n, seed=seed, variants=["health_auction"])


def test_auction_starts_in_setup_with_public_bids():
    ctl = _auction(3)
    state = ctl.state
    assert state.flow.phase == "setup" and state.pending.kind == "bid"
    assert all(p.character == "" for p in state.players)
    bidder = state.pending.seat
    for seat in range(3):
        assert ctl.view(seat).pending.options[0].id == "pass", "bids are public"
    with pytest.raises(IllegalCommand, match="Answer the question first"):
        ctl.apply("play crystal", bidder)
    assert "choose 49" in ctl.legal_texts(bidder) and "choose 50" not in ctl.legal_texts(bidder)


def test_four_player_auction_to_the_end():
    ctl = _auction(4, seed=5)
    starter = ctl.state.pending.seat
    ctl.apply("choose 2")                      # starter bids 2
    for _ in range(3):
        ctl.apply("choose pass")               # everyone else passes
    assert ctl.state.players[starter].health == 48
    ctl.apply("choose volos")
    second = ctl.state.pending.seat
    assert second == (starter + 1) % 4, "the player to the winner's left opens the next auction"
    ctl.apply("choose 1")
    ctl.apply("choose pass")
    ctl.apply("choose pass")
    ctl.apply("choose tetra")
    third = ctl.state.pending.seat
    ctl.apply("choose pass")                   # the other one wins for 0
    winner3 = ctl.state.pending.seat
    assert winner3 != third and ctl.state.pending.kind == "character"
    with pytest.raises(IllegalCommand, match="choose one of: Decima, Ko Syn Wu.$"):
        ctl.apply("choose volos")  # taken: the refusal names the characters left
    ctl.apply("choose ko syn")  # the start of a name, in words
    assert ctl.state.players[winner3].character == "ko_syn_wu"
    state = ctl.state
    last = next(s for s in range(4) if s not in (starter, second, winner3))
    assert state.players[last].character == "decima", "the one character left needs no choice"
    assert state.players[last].health == 50
    assert state.flow.phase == "play" and state.flow.active == starter and state.pending is None
    assert [state.players[(starter + k) % 4].mastery for k in range(4)] == [0, 1, 2, 3]


def test_auction_refuses_preset_characters():
    setup = {"kind": "new", "seed": 1, "variants": ["health_auction"],
             "players": [{"name": "Ana", "character": "tetra"}, {"name": "Ben"}]}
    with pytest.raises(VariantError, match="won in the auction"):
        from shards_tui.core.registry import game
        game("shards").controller.build(setup)


def test_auction_is_deterministic_and_replays():
    a, b = _auction(3, seed=9), _auction(3, seed=9)
    for ctl in (a, b):
        ctl.apply("choose 4")
        ctl.apply("choose pass")
        ctl.apply("choose pass")
    assert a.state_json() == b.state_json()


def test_greedy_bids_a_little_then_passes():
    from shards_tui.games.shards.determinize import greedy_scores

    ctl = _auction(2)
    seat = ctl.state.pending.seat
    scores = greedy_scores(ctl.view(seat), ctl.legal_commands(seat), seat, {})
    best = max(zip(scores, ctl.legal_texts(seat)))[1]
    assert best == "choose 1"
    ctl.apply("choose 20")
    other = ctl.state.pending.seat
    scores = greedy_scores(ctl.view(other), ctl.legal_commands(other), other, {})
    assert max(zip(scores, ctl.legal_texts(other)))[1] == "choose pass"


def test_auction_refusals_are_one_clear_sentence():
    ctl = _auction(2, seed=4)
    before = ctl.state_json()
    with pytest.raises(IllegalCommand, match=r"^Bid a whole number from 1 to 49, or choose pass\.$"):
        ctl.apply("choose 50")
    with pytest.raises(IllegalCommand, match="exactly one"):
        ctl.apply("choose none")
    assert ctl.state_json() == before
    bidder = ctl.state.pending.seat
    ctl.apply("choose 49")  # the other player cannot outbid 49 and is out without being asked
    assert ctl.state.pending.kind == "character" and ctl.state.pending.seat == bidder
    assert ctl.state.players[bidder].health == 1
    with pytest.raises(IllegalCommand, match="not a character you can pick"):
        ctl.apply("choose gandalf")


def test_who_cannot_outbid_is_out_without_being_asked():
    players = [{"name": n, "health": h} for n, h in (("Ana", 50), ("Ben", 6), ("Cy", 50))]
    ctl = shards_scenario(players=players, variants=["health_auction"], active=0, center_row=ROW)
    ctl.apply("choose 5")  # Ben has 6 health: a bid of 6 would leave him none
    assert ctl.state.pending.seat == 2
    assert any("Ben cannot bid more than 5" in e.text for e in ctl.state.log)
    ctl.apply("choose pass")
    assert ctl.state.pending.kind == "character" and ctl.state.pending.seat == 0
    assert ctl.state.players[0].health == 45


def test_a_team_scenario_needs_four_players():
    from shards_tui.core.errors import ScenarioError

    with pytest.raises(ScenarioError, match="exactly 4 players"):
        _scenario(3, ["team"])


def test_relics_are_set_aside_for_the_characters_won_in_the_auction() -> None:
    from shards_tui.bots.base import act, make_bot
    from shards_tui.core.registry import game

    ctl = game("shards").controller.build({
        "kind": "new", "seed": 5, "players": [{"name": "A"}, {"name": "B"}, {"name": "C"}],
        "sets": ["base", "relics"], "variants": ["health_auction", "bloodbath"]})
    assert all(not p.relics for p in ctl.state.players)  # nobody has a character yet
    bots = [make_bot("greedy", "shards", seed=i) for i in range(3)]
    while ctl.state.flow.phase == "setup":
        seat = ctl.who_must_act()
        ctl.apply(act(bots[seat], ctl, seat).command)
    rules = ctl.rules
    for p in ctl.state.players:
        assert sorted(i.split("#")[0] for i in p.relics) == sorted(rules.character(p.character).relics)
    assert len(ctl.state.set_aside) == 2
