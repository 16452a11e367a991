"""Every card, leader, tile and Role of Infinities is valid data, reads as generated text, and
works in play: each card is played (or activated) and resolved, each leader's action used, each
tile discovered with its events, each Role completed."""

from __future__ import annotations

import pytest

from shards_tui.core.registry import game
from shards_tui.games.infinities import roles as roles_rules
from shards_tui.games.infinities.board import Board
from shards_tui.games.infinities.content import content
from shards_tui.games.infinities.text import card_text, leader_text, role_text, tile_text
from tests.games.infinities.helpers import position

C = content()


def _settle(ctl, seat_answers: int = 60) -> None:
    """Answer every question with the first legal answer until none waits."""
    for _ in range(seat_answers):
        if ctl.state.pending is None:
            return
        seat = ctl.who_must_act()
        ctl.apply(ctl.legal_commands(seat)[0])
    raise AssertionError("questions kept coming")


def test_the_decks_and_stacks_are_full_size():
    for faction in ("wardens", "ascendancy"):
        deck = C.deck_list(faction)
        units = sum(1 for c in deck if C.cards[c].kind == "unit")
        assert len(deck) == 63 and 28 <= units <= 35
        assert sum(1 for lead in C.leaders.values() if lead.faction == faction) >= 4
    for setting in ("obdija", "xilsen"):
        stack = [C.tiles[t] for t in C.stack(setting)]
        assert len(stack) >= 18
        assert {t.influence for t in stack} == {1, 2, 3, 4, 5}
        assert {t.type for t in stack} == {"stealth", "city", "sacred", "wild", "travel"}
        assert {e.on for t in stack for e in t.events} == {"discovery", "entry", "exit", "start",
                                                            "end", "passive"}
    assert len(C.roles) == 18


def test_every_kind_in_the_vocabulary_is_used_by_the_content():
    from shards_tui.games.infinities.effects import MODIFIER_KINDS, STEP_KINDS, UNLOCK_KINDS

    steps, mods, unlocks, keywords = set(), set(), set(), set()
    abilities = [a for c in C.cards.values() for a in (*c.abilities, *([c.constant] if c.constant else []))]
    for a in abilities:
        steps |= {s.do for s in a.all_steps()}
        mods |= {m.kind for m in (*a.modifiers, *(a.unlock.modifiers if a.unlock else ()))}
        if a.unlock:
            unlocks.add(a.unlock.pay.kind)
    for c in C.cards.values():
        mods |= {m.kind for m in c.attach}
        keywords |= {k for k, on in (("fated", c.fated), ("constant", c.constant), ("attach", c.attach)) if on}
    for lead in C.leaders.values():
        mods |= {m.kind for m in lead.summit}
        mods |= {c.as_modifier().kind for c in lead.conversions}
    for t in C.tiles.values():
        mods |= {m.kind for e in t.events for m in e.modifiers}
    assert steps == set(STEP_KINDS)
    assert mods == set(MODIFIER_KINDS)
    assert unlocks == set(UNLOCK_KINDS)
    assert keywords == {"fated", "constant", "attach"}
    assert {a.on for a in abilities} == {"play", "trigger", "activate", "passive"}


@pytest.mark.parametrize("card_id", sorted(C.cards))
def test_every_card_reads_and_plays(card_id):
    card = C.cards[card_id]
    assert card_text(card) or card.kind == "unit"
    leader = {"wardens": "orun_stonewarden", "ascendancy": "warden_unit_ix"}[card.faction]
    foe = {"wardens": "warden_unit_ix", "ascendancy": "orun_stonewarden"}[card.faction]
    foe_unit = {"wardens": "patrol_drone", "ascendancy": "tide_adept"}[card.faction]
    foe_line = {"wardens": "data_harvest", "ascendancy": "tidal_insight"}[card.faction]
    ctl = position([{"leader": leader, "hand": [card_id, card_id] if card.copies > 1 else [card_id],
                     "discard": [], "units": []},
                    {"leader": foe, "units": [foe_unit], "timeline": [foe_line]}],
                   active=0, dice=["tide"] * 4 + ["power"] * 2 + ["fortitude"],
                   tiles=[{"hex": "0,-1", "tile": "gale_spire", "rot": 1},
                          {"hex": "0,-2", "tile": "sunken_steppe"},
                          {"hex": "1,-1", "tile": "lumen_market"}])  # a tile to flip
    ctl.state.turn.spent = 0
    ctl.state.players[0].damage = 0
    ctl.apply(f"play {card_id}")
    _settle(ctl)
    ctl.check_invariants(ctl.state)
    state = ctl.state
    where = [u.card.split("#")[0] for u in state.players[0].group]
    discard = [c.split("#")[0] for d in state.decks.values() for c in d.discard]
    attached = [c.split("#")[0] for p in state.players for c in p.attached] + \
        [a.split("#")[0] for p in state.players for u in p.group for a in u.attached]
    assert card_id in where or card_id in discard or card_id in attached
    for k, ability in enumerate(card.abilities):
        if ability.on == "activate":
            ctl.apply(f"activate u{where.index(card_id) + 1}")
            _settle(ctl)
            ctl.check_invariants(ctl.state)


@pytest.mark.parametrize("leader_id", sorted(C.leaders))
def test_every_leader_reads_and_acts(leader_id):
    leader = C.leaders[leader_id]
    assert leader_text(leader).startswith("Strong:")
    ctl = position([{"leader": leader_id, "gambit": 1}, {"leader": "kethra_beastcaller"
                    if leader.faction == "ascendancy" else "kaida_vex"}], active=0,
                   dice=list(leader.action.cost) + ["tide"] * (4 - len(leader.action.cost)))
    ctl.state.players[0].damage = 2
    before = ctl.state_json()
    ctl.apply("lead")
    _settle(ctl)
    assert ctl.state_json() != before and ctl.state.turn.led


@pytest.mark.parametrize("tile_id", sorted(t for t in C.tiles if t != "the_rift"))
def test_every_tile_is_discovered_with_its_events(tile_id):
    tile = C.tiles[tile_id]
    assert tile_text(tile).startswith("Walls")
    far = "lumen_market" if tile_id != "lumen_market" else "moonpool"
    ctl = position([{"at": "0,0", "gambit": 4}, {"at": "0,-3"}], active=0, dice=["fortitude"] * 4,
                   tiles=[{"hex": "0,-3", "tile": far}])
    ctl.state.tiles.pop("0,-1", None)
    ctl.apply("move n")
    rot = next(o.id for o in ctl.state.pending.options if o.id.startswith(f"{tile_id}@"))
    ctl.apply(f"choose {rot}")
    _settle(ctl)
    log = " ".join(e.text for e in ctl.state.log)
    for event in tile.events:
        if event.on == "discovery":
            assert f"{tile.name}'s Discovery event" in log
    if any(e.on == "passive" for e in tile.events):
        assert Board(ctl.state).tile_under(0).id == tile_id
        assert any(m in Board(ctl.state).modifiers(0) for e in tile.events for m in e.modifiers)
    ctl.apply("end")
    _settle(ctl)
    log = " ".join(e.text for e in ctl.state.log)
    if any(e.on == "end" for e in tile.events):
        assert f"{tile.name}'s End event" in log


@pytest.mark.parametrize("role_id", sorted(C.roles))
def test_every_role_can_be_completed(role_id):
    role = C.roles[role_id]
    assert role_text(role)
    ctl = position(active=0, dice=["tide"] * 4, roles=[role_id])
    b = Board(ctl.state)
    goal = role.goal
    if goal.happening is not None:
        tile = goal.tile_type and next(t.id for t in C.tiles.values() if t.type == goal.tile_type
                                       and t.influence >= (goal.influence_at_least or 1))
        tile = tile or (goal.influence_at_least and next(
            t.id for t in C.tiles.values() if t.influence >= goal.influence_at_least))
        for _ in range(goal.need):
            roles_rules.progress(b, goal.happening, 0, 1, tile or None)
    else:
        p = ctl.state.players[0]
        if goal.measure == "units":
            ctl.state.players[0].group = []
            from shards_tui.games.infinities.models import Unit

            deck = ctl.state.decks["wardens"].cards
            units = [c for c in deck if C.cards[c.split("#")[0]].kind == "unit"][:goal.need]
            for u in units:
                deck.remove(u)
                p.group.append(Unit(card=u))
        elif goal.measure == "gambit":
            p.gambit = goal.need
        elif goal.measure == "top_level":
            ctl.state.turn.raised["0:power"] = goal.need - 1
        elif goal.measure == "rift_distance":
            ctl.state.tiles["0,-3"] = ctl.state.tiles.pop("0,-1")
            p.at = "0,-3"
        roles_rules.end_of_turn(b, 0)
    assert ctl.state.players[0].scored == [role_id] and ctl.state.players[0].points == 1
