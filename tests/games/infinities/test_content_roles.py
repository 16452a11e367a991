"""Every Role of Infinities is completed by real moves through the gate: a leader one step short
(or a measure one short) makes the move the Role counts, and scores its Point. So a Role whose
happening the rules never set off, or whose tile or measure is read wrongly, fails here."""

from __future__ import annotations

import pytest

from shards_tui.games.infinities.content import content
from shards_tui.games.infinities.text import role_text
from tests.games.infinities.helpers import position
from tests.games.infinities.test_content import _answer

C = content()
POWER, TIDE, FORT = ["power"] * 4, ["tide"] * 4, ["fortitude"] * 4
BEN_AWAY = {"at": "-1,0"}  # Ben out of the way, south-west of the Gale Spire and the Rift
AWAY_TILE = {"hex": "-1,0", "tile": "kingsroad_crossing"}
GALE = {"hex": "0,-1", "tile": "gale_spire", "rot": 1}  # Ana's: Sacred, Influence 4; walls ne, sw

# role -> (Ana's overrides, Ben's overrides, other setup, [moves]); Ana (Orun, gambit 4) acts.
RECIPES = {
    "pathfinder": ({"progress": {"pathfinder": 2}}, {}, {"dice": FORT}, ["move se", "choose 1"]),
    "far_wanderer": ({}, BEN_AWAY, {"dice": FORT, "tiles": [GALE, AWAY_TILE, {"hex": "0,-2", "tile": "sunken_steppe"}]},
                     ["move n", "move n", "choose 1", "end"]),
    "warlord": ({"progress": {"warlord": 5}}, {}, {"dice": POWER}, ["damage ben"]),
    "headhunter": ({}, {"damage": 4}, {"dice": POWER}, ["damage ben"]),
    "commander": ({"units": ["tide_adept", "gale_runner", "acolyte_of_embers"], "hand": ["spine_sentinel"],
                   "began_at": {"units": 3}}, {}, {"dice": TIDE}, ["play spine_sentinel", "end"]),
    "strategist": ({"progress": {"strategist": 3}, "hand": ["tidal_insight"]}, {}, {"dice": TIDE},
                   ["prepare tidal_insight"]),
    "oracle": ({"progress": {"oracle": 2}, "timeline": ["tidal_insight"]}, {}, {"dice": TIDE}, ["play t1"]),
    "gambler": ({"gambit": 3}, {}, {"dice": TIDE}, ["end"]),
    "iconoclast": ({"progress": {"iconoclast": 1}}, {}, {"dice": FORT, "tiles": [
        GALE, {"hex": "0,-2", "tile": "sunken_steppe"}, {"hex": "1,-1", "tile": "lumen_market"}]}, ["flip se"]),
    "pilgrim": ({"progress": {"pilgrim": 1}}, {}, {"dice": FORT, "tiles": [
        GALE, {"hex": "0,-2", "tile": "sunken_steppe"}, {"hex": "1,-1", "tile": "ruined_beacon"}]}, ["move se"]),
    "magnate": ({"progress": {"magnate": 2}}, {}, {"dice": TIDE}, ["end"]),
    "ascendant": ({"units": ["flame_lancer"], "hand": ["acolyte_of_embers"]}, {}, {"dice": TIDE},
                  ["play acolyte_of_embers", "end"]),
    "survivor": ({"progress": {"survivor": 3}, "damage": 2}, {}, {"dice": FORT}, ["lead"]),
    "breaker": ({"progress": {"breaker": 1}}, {"units": ["patrol_drone"]}, {"dice": POWER}, ["damage ben u1"]),
    "guardian": ({"hand": ["tide_adept", "gale_runner", "spine_sentinel"]}, {"hand": ["orbital_strike"]},
                 {"dice": TIDE, "active": 1}, ["play orbital_strike", "block", "choose 1 2"]),
    "scholar": ({"progress": {"scholar": 2}, "hand": ["tide_adept"]}, {}, {"dice": POWER}, ["cycle tide_adept"]),
    "infiltrator": ({"progress": {"infiltrator": 1}}, {}, {"dice": TIDE, "tiles": [
        {"hex": "0,-1", "tile": "moonpool"}, {"hex": "0,-2", "tile": "sunken_steppe"}]}, ["end"]),
    "recruiter": ({"progress": {"recruiter": 2}, "hand": ["tide_adept"]}, {}, {"dice": TIDE}, ["play tide_adept"]),
}


def test_every_role_has_a_recipe():
    assert set(RECIPES) == set(C.roles)


@pytest.mark.parametrize("role_id", sorted(C.roles))
def test_every_role_is_completed_by_real_moves(role_id):
    role = C.roles[role_id]
    assert role_text(role) and "1 times" not in role_text(role)  # ('Once: you defeat...')
    ana, ben, setup, moves = RECIPES[role_id]
    ctl = position([ana, ben], roles=[role_id], **{"active": 0, **setup})
    for move in moves:
        assert ctl.state.players[0].points == 0, f"{role_id} was scored before '{move}'"
        seat = ctl.who_must_act()
        ctl.apply(move, seat)
    _answer(ctl)
    p = ctl.state.players[0]
    assert p.scored == [role_id] and p.points == 1, [e.text for e in ctl.state.log[-8:]]


def test_a_goal_of_a_tiles_influence_says_on_a_tile():
    assert role_text(C.roles["magnate"]).endswith(
        "3 times: your turn ends on a tile of Influence 4 or more.")  # (it read 'ends of')
