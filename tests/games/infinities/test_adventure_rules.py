"""Adventure's rules: a chapter set up on a new game, the leaders a side may choose, special
actions through the one gate (each refusal one sentence, nothing changed), plot tokens through
defeat, concession and flips, the chapter's reactions, a cooperative chapter that no lone side
ends at once, saves, views and the guide's own shape."""

from __future__ import annotations

import json
import random

import pytest

from shards_tui.core import saves
from shards_tui.core.errors import CommandRejected, InvalidState
from shards_tui.core.registry import game
from shards_tui.games.infinities import commands as cm
from shards_tui.games.infinities.adventure_text import chapter_text
from shards_tui.games.infinities.chapter_schema import Chapter
from shards_tui.games.infinities.chapters import guide, starting
from shards_tui.games.infinities.content import content
from tests.games.infinities.test_adventure_wins import chapter_game

NAMES = ["Ana", "Ben", "Cy", "Di"]


def new_chapter(chapter: str, players: int = 2, seed: int = 1, **extra):
    return game("infinities").controller.build({"kind": "new", "seed": seed, "chapter": chapter,
                                                "players": [{"name": n} for n in NAMES[:players]],
                                                **extra})


def refused(ctl, command: str, seat: int, words: str) -> None:
    before, history = ctl.state_json(), list(ctl.history)
    with pytest.raises(CommandRejected) as err:
        ctl.apply(command, seat)
    text = str(err.value)
    assert words.lower() in text.lower(), text
    assert "\n" not in text and text.count(". ") <= 1
    assert ctl.state_json() == before and ctl.history == history


# ---- setting a chapter up ------------------------------------------------------------------------

def test_a_new_chapter_game_places_its_map_pieces_and_deals_its_sides():
    ctl = new_chapter("embers_at_the_spine", players=4)
    state = ctl.state
    assert state.chapter == "embers_at_the_spine" and state.roles == []
    assert state.tiles["0,-2"].tile == "emberspine_root" and state.tiles["0,-2"].tokens == ["P1"]
    assert all("emberspine_root" not in stack for stack in state.stacks.values())
    assert [p.team for p in state.players] == [0, 1, 0, 1]
    view = ctl.view(0)
    assert view.adventure.sides[0].seats == [0, 2] and view.adventure.sides[1].seats == [1, 3]
    assert view.last_round == 8


def test_one_vs_all_gives_the_first_seat_its_own_side_and_its_tokens():
    ctl = new_chapter("the_broken_oath", players=4)
    assert [p.team for p in ctl.state.players] == [0, 1, 1, 1]
    assert [p.plots for p in ctl.state.players] == [["P4"], [], [], []]


def test_a_side_leads_only_its_factions_leaders():
    ctl = new_chapter("embers_at_the_spine", players=2, seed=4)
    while ctl.state.flow.phase == "first_tile":
        ctl.apply(ctl.legal_commands(ctl.who_must_act())[0])
    seat = ctl.who_must_act()
    want = "wardens" if seat == 0 else "ascendancy"
    leaders = [c.leader for c in ctl.legal_commands(seat) if isinstance(c, cm.PickLeader)]
    assert leaders and all(content().leaders[lid].faction == want for lid in leaders), leaders
    other = next(lid for lid, x in content().leaders.items() if x.faction != want)
    refused(ctl, f"leader {other}", seat, "choose a leader of the")


@pytest.mark.parametrize("extra,words", [
    ({"chapter": "no_such_chapter"}, "There is no chapter 'no_such_chapter'"),
    ({"chapter": "the_broken_oath"}, "is for 3 or 4 players, not 2"),
    ({"chapter": "embers_at_the_spine", "quickplay": True}, "leave out the teams and Quickplay"),
])
def test_a_chapter_setup_the_rules_refuse_is_one_sentence(extra, words):
    with pytest.raises(InvalidState) as err:
        new_chapter(players=2, **extra)  # type: ignore[misc]
    assert words in str(err.value) and "\n" not in str(err.value)


def test_a_chapter_refuses_the_teams_option():
    with pytest.raises(InvalidState, match="leave out the teams"):
        new_chapter("through_the_rift", players=4, teams="2v2")


def test_a_random_chapter_is_drawn_from_the_seed_among_those_for_the_player_count():
    picked = {new_chapter("random", players=3, seed=s).state.chapter for s in range(1, 15)}
    assert len(picked) > 2 and all(3 in guide()[c].players for c in picked)
    assert new_chapter("random", players=3, seed=5).state.chapter == \
        new_chapter("random", players=3, seed=5).state.chapter


def test_skirmish_has_no_chapter_and_no_special_actions():
    ctl = game("infinities").controller.build({"kind": "new", "seed": 1, "chapter": "skirmish",
                                               "players": [{"name": "A"}, {"name": "B"}]})
    assert ctl.state.chapter is None and ctl.view(0).adventure is None


def test_a_scenario_with_a_token_the_chapter_does_not_use_is_refused():
    with pytest.raises(InvalidState, match="plot token P9 this game does not use"):
        chapter_game("cold_boot", ["kaida_vex", "auditor_sol"], players=[{"plots": ["P9"]}, {}])


# ---- special actions through the gate -------------------------------------------------------------

def embers(**extra):
    setup = {"dice": ["fortitude", "tide", "tide", "power"], "players": [{"plots": ["P2"]}, {}],
             "tiles": [{"hex": "0,-1", "tile": "gale_spire", "rot": 1, "tokens": ["P1"]},
                       {"hex": "0,-2", "tile": "sunken_steppe"}, {"hex": "1,0", "tile": "lumen_market"}]}
    setup.update(extra)
    return chapter_game("embers_at_the_spine", ["vessa_emberborn", "kaida_vex"], **setup)


@pytest.mark.parametrize("command,seat,words", [
    ("special upload", 0, "is for DEVA's Expedition"),
    ("special anchor", 0, "only if you hold a Spine Shard (P1)"),
    ("special wrest", 0, "2 Power results"),
    ("special fly", 0, "has no special action 'fly'"),
    ("special gather", 1, "turn"),
])
def test_a_special_action_refused_is_one_sentence_and_changes_nothing(command, seat, words):
    refused(embers(), command, seat, words)


def test_a_special_action_before_the_dice_are_locked_is_refused():
    ctl = embers(dice=None, rolled=["fortitude", "tide", "tide", "power"])
    refused(ctl, "special gather", 0, "once your dice are locked")


def test_a_special_action_is_used_at_most_its_times_a_turn():
    ctl = embers(dice=["fortitude", "fortitude", "tide", "tide"],
                 tiles=[{"hex": "0,-1", "tile": "gale_spire", "rot": 1, "tokens": ["P1", "P1"]},
                        {"hex": "0,-2", "tile": "sunken_steppe"}])
    ctl.apply("special gather", 0)
    refused(ctl, "special gather", 0, "at most 1 time a turn")


def test_special_actions_are_refused_in_skirmish():
    from tests.games.infinities.helpers import position

    refused(position(dice=["tide"] * 4), "special gather", 0, "belong to Adventure chapters")


def test_the_legal_moves_list_the_special_actions_that_pass_their_check():
    ctl = embers()
    specials = [c.text() for c in ctl.legal_commands(0) if isinstance(c, cm.Special)]
    assert specials == ["special gather"]
    assert [a.id for a in ctl.view(0).adventure.actions if a.usable] == ["gather"]


def test_the_special_command_reads_and_writes_its_text():
    cmd = cm.COMMANDS.parse("special Gather", 1)
    assert isinstance(cmd, cm.Special) and cmd.action == "gather" and cmd.text() == "special gather"
    with pytest.raises(CommandRejected, match="Say which special action"):
        cm.COMMANDS.parse("special", 0)


def test_a_steal_from_a_leader_holding_none_takes_nothing():
    ctl = embers(dice=["power", "power", "tide", "tide"])
    ctl.apply("special wrest", 0)
    assert ctl.state.players[1].plots == [] and ctl.state.players[0].plots == ["P2"]
    assert "holds no Spine Shard (P1)" in ctl.state.log[-1].text


# ---- tokens through defeat, concession and flips ---------------------------------------------------

def test_a_defeated_leader_drops_a_dropping_token_and_keeps_a_kept_one():
    ctl = embers(dice=["power", "tide", "tide", "tide"],
                 players=[{}, {"damage": 4, "plots": ["P1", "P3"]}])
    ctl.apply("damage ben", 0)
    assert ctl.state.players[1].status == "defeated"
    assert ctl.state.players[1].plots == ["P3"]  # an Uploaded Shard is kept
    assert ctl.state.tiles["0,-2"].tokens == ["P1"]  # the Spine Shard lies where Ben fell


def test_a_leader_who_concedes_drops_every_token():
    ctl = embers(dice=None, phase="check", players=[{"plots": ["P1", "P2"]}, {}])
    ctl.apply("concede", 0)
    assert ctl.state.players[0].plots == [] and ctl.state.tiles["0,-1"].tokens == ["P1", "P1", "P2"]


def test_tokens_on_a_flipped_tile_are_out_of_play_until_it_is_found_again():
    ctl = chapter_game("through_the_rift", ["vessa_emberborn", "kaida_vex"],
                       dice=["fortitude", "fortitude", "tide", "tide"],
                       tiles=[{"hex": "0,-1", "tile": "sunken_steppe"},
                              {"hex": "0,-2", "tile": "moonpool", "tokens": ["P3"]},
                              {"hex": "1,0", "tile": "lumen_market"}],
                       players=[{}, {"at": "1,0"}])
    assert ctl.view(0).adventure.conditions[1].progress[0].have == 1
    ctl.apply("flip n", 0)
    assert ctl.state.tiles["0,-2"].tokens == ["P3"] and not ctl.state.tiles["0,-2"].face_up
    view = ctl.view(0)
    assert view.adventure.conditions[1].progress[0].have == 0
    assert next(t for t in view.tiles if t.hex == "0,-2").tokens == []
    ctl.apply("move n", 0)
    ctl.apply("discover moonpool rot 2", 0)
    assert ctl.view(0).adventure.conditions[1].progress[0].have == 1


# ---- reactions ----------------------------------------------------------------------------------

def test_a_reaction_puts_a_shard_on_a_sacred_tile_when_it_is_discovered_even_at_setup():
    ctl = new_chapter("embers_at_the_spine", players=2, seed=2)
    ctl.apply("move n", 0)
    ctl.apply("discover stonewake_spine rot 1", 0)
    assert ctl.state.tiles["0,-1"].tokens == ["P1"]
    assert any("Shardfall" in e.text for e in ctl.state.log)


def test_a_reaction_at_the_start_of_a_turn_hurts_a_leader_standing_on_a_fault():
    ctl = chapter_game("cold_boot", ["kaida_vex", "auditor_sol"], order=[0, 1],
                       dice=["tide", "tide", "tide", "tide"],
                       tiles=[{"hex": "0,-1", "tile": "ash_wastes"},
                              {"hex": "0,-2", "tile": "glass_desert", "tokens": ["P2"]}])
    ctl.apply("end", 0)
    assert ctl.state.flow.active == 1 and ctl.state.players[1].damage == 1
    assert any(e.text.startswith("Sparks") for e in ctl.state.log)


def test_a_cooperative_chapter_is_not_ended_by_its_one_side_standing():
    ctl = new_chapter("cold_boot", players=2, seed=3)
    rng = random.Random(3)
    while ctl.state.round < 2 and not ctl.over:
        ctl.apply(rng.choice(ctl.legal_commands(ctl.who_must_act())))
    assert not ctl.over


def test_a_cooperative_chapter_whose_leaders_all_concede_is_won_by_nobody():
    ctl = chapter_game("cold_boot", ["kaida_vex", "auditor_sol"], dice=None, phase="check")
    ctl.apply("concede", 0)
    assert not ctl.over
    ctl.apply("concede", 1)
    assert ctl.over and ctl.winners == [] and ctl.view(None).adventure.outcome == "none"


# ---- saves and views -------------------------------------------------------------------------------

def test_a_chapter_game_saves_and_loads_mid_play():
    ctl = new_chapter("signal_from_beyond", players=2, seed=6)
    rng = random.Random(6)
    for _ in range(120):
        if ctl.over:
            break
        ctl.apply(rng.choice(ctl.legal_commands(ctl.who_must_act())))
    loaded = saves.from_json(saves.to_json(ctl))
    assert loaded.state_json() == ctl.state_json() and loaded.state.chapter == "signal_from_beyond"


def test_plot_tokens_are_public_and_hands_stay_private():
    ctl = embers(players=[{"plots": ["P2"], "hand": ["tide_adept"]}, {"hand": ["patrol_drone"]}])
    for seat in (None, 0, 1):
        view = ctl.view(seat)
        assert [p.plots for p in view.players] == [["P2"], []]
        assert view.adventure.plots[0].tiles == {"0,-1": 1}
        dumped = json.dumps(view.public())
        assert ("patrol_drone#" in dumped) == (seat == 1)


# ---- the guide -----------------------------------------------------------------------------------

def test_the_guide_has_a_branching_thread_from_two_starts_covering_every_kind():
    chapters = guide()
    assert len(chapters) >= 8
    starts = starting()
    assert sorted(ch.setting for ch in starts) == ["obdija", "xilsen"]
    assert {ch.kind for ch in chapters.values()} == {"team", "one_vs_all", "coop", "ffa"}
    seen, todo = set(), [ch.id for ch in starts]
    while todo:
        cid = todo.pop()
        if cid in seen:
            continue
        seen.add(cid)
        todo += [o.next for _, o in chapters[cid].outcomes() if o.next]
    assert seen == set(chapters), "every chapter is reached from a start"
    branching = [ch for ch in chapters.values() if len({o.next for _, o in ch.outcomes()}) > 1]
    assert len(branching) >= 4
    assert any(o.next is None for ch in chapters.values() for _, o in ch.outcomes()), "a thread ends"


def test_every_chapters_page_names_its_actions_tokens_and_conditions():
    for ch in guide().values():
        page = chapter_text(ch)
        assert ch.title in page and ch.story.split()[0] in page
        assert all(a.name in page for a in ch.actions) and all(p.name in page for p in ch.plots)
        assert page.count("(Faction)") + page.count("(Self)") == len(ch.win)


@pytest.mark.parametrize("change,words", [
    ({"kind": "coop"}, "a cooperative has 1 side"),
    ({"players": [4, 2]}, "player counts from 2 to 6"),
    ({"win": [{"id": "x", "scope": "faction", "kind": "hold", "token": "P8", "need": 2,
               "side": "wardens", "outcome": {"epilogue": "e"}}]}, "plot token P8 is used but not described"),
    ({"actions": [{"id": "a", "name": "A", "cost": ["power"], "effects": [{"do": "steal_plot", "token": "P1"}]}]},
     "acts on the target but none is declared"),
    ({"actions": [{"id": "a", "name": "A", "cost": ["power"], "target": {"who": "enemy"},
                   "effects": [{"do": "cancel"}]}]}, "cannot 'cancel'"),
])
def test_a_broken_chapter_is_refused_with_what_is_wrong(change, words):
    raw = guide()["embers_at_the_spine"].model_dump(mode="json", exclude_none=True)
    raw.update(change)
    with pytest.raises(ValueError) as err:
        Chapter.model_validate(raw)
    assert words in str(err.value)
