"""Every leader and every tile of Infinities works in play: each part of it changes the game in
a way the same leader or tile stripped of that part does not (so a broken one fails here).

A leader: their action; each gambit rung's condition (it offers the roll) and reward; the
summit's lasting bonus; each track conversion. A tile: each of its events, set off as play
sets it off (a discovery, a move in, a move out, a turn's start and end), and its passive."""

from __future__ import annotations

import pytest

from shards_tui.core.hex import rotate_edges
from shards_tui.games.infinities import frames as fr
from shards_tui.games.infinities import moving, triggers, turns
from shards_tui.games.infinities.board import Board
from shards_tui.games.infinities.content import content
from shards_tui.games.infinities.text import leader_text, tile_text
from tests.games.infinities.helpers import position
from tests.games.infinities.test_content import _answer, _fingerprint

C = content()
FOE = {"wardens": "kaida_vex", "ascendancy": "kethra_beastcaller"}
HAND = {"wardens": ["tide_adept", "spinefire_bolt"], "ascendancy": ["patrol_drone", "orbital_strike"]}
LOST = {"wardens": ["acolyte_of_embers"], "ascendancy": ["netrunner_adept"]}


def _leader_table(leader_id: str, gambit: int = 1, dice: list[str] | None = None):
    leader = C.leaders[leader_id]
    f = leader.faction
    other = "ascendancy" if f == "wardens" else "wardens"
    return position([{"leader": leader_id, "gambit": gambit, "damage": 2, "hand": HAND[f],
                      "discard": LOST[f]},
                     {"leader": FOE[f], "units": [], "hand": HAND[other]}], active=0,
                    dice=dice or list(leader.action.cost) + ["tide"] * (4 - len(leader.action.cost)),
                    tiles=[{"hex": "0,-1", "tile": "gale_spire", "rot": 1}, {"hex": "0,-2", "tile": "sunken_steppe"},
                           {"hex": "0,-3", "tile": "moonpool", "rot": 2}])  # room to push Ben


def _compare(monkeypatch, leader_id: str, run, **strip) -> bool:
    """Whether ``run`` ends differently with the leader as it is and with ``strip`` applied."""
    real = run()
    monkeypatch.setitem(C.leaders, leader_id, C.leaders[leader_id].model_copy(update=strip))
    bare = run()
    monkeypatch.undo()
    return real != bare


@pytest.mark.parametrize("leader_id", sorted(C.leaders))
def test_every_leader_reads_and_every_part_of_them_works(leader_id, monkeypatch):
    leader = C.leaders[leader_id]
    assert leader_text(leader).startswith("Strong:")

    def act():
        ctl = _leader_table(leader_id)
        ctl.apply("lead")
        _answer(ctl)
        assert ctl.state.turn.led
        return _fingerprint(ctl)
    action = leader.action.model_copy(update={"effects": ()})
    assert _compare(monkeypatch, leader_id, act, action=action), "the leader action does nothing"

    for level, rung in enumerate(leader.gambits, 1):
        ctl = _leader_table(leader_id, gambit=level)
        b = Board(ctl.state)
        triggers.emit(b, rung.when.happening, 0, other=1)
        turns.advance(b)
        assert ctl.state.pending is not None and ctl.state.pending.kind == "gambit", \
            f"gambit {level}: its condition offers no roll"

        def reward(level=level):
            ctl = _leader_table(leader_id, gambit=level + 1)
            b = Board(ctl.state)
            fr.push(b, 0, f"gambit:0:{level}", stage="resolve")
            turns.advance(b)
            _answer(ctl)
            return _fingerprint(ctl)
        bare = tuple(g.model_copy(update={"reward": ()}) if k == level - 1 else g
                     for k, g in enumerate(leader.gambits))
        assert _compare(monkeypatch, leader_id, reward, gambits=bare), f"gambit {level}'s reward does nothing"

    summit = lambda: _fingerprint(_leader_table(leader_id, gambit=4))  # noqa: E731
    assert _compare(monkeypatch, leader_id, summit, summit=()), "the summit gives nothing"

    for k, conversion in enumerate(leader.conversions):
        def converting():
            ctl = _leader_table(leader_id)
            ctl.state.turn.raised[f"0:{conversion.attr}"] = conversion.level
            return _fingerprint(ctl)
        rest = tuple(c for j, c in enumerate(leader.conversions) if j != k)
        assert _compare(monkeypatch, leader_id, converting, conversions=rest), f"conversion {k + 1} does nothing"


# ---- tiles -----------------------------------------------------------------------------------

def _turned(tile_id: str, open_edge: int) -> int:
    """A turn of the tile that leaves ``open_edge`` without a wall."""
    return next(r for r in range(6) if open_edge not in rotate_edges(C.tiles[tile_id].walls, r))


def _tile_table(tile_id: str, ana_at_tile: bool):
    """Ana (hurt, two cards in hand, one in her discard pile) to act with Fortitude dice:
    standing on the tile at 0,-1, or next to it, north-west of it."""
    if ana_at_tile:
        tiles = [{"hex": "0,-1", "tile": tile_id, "rot": _turned(tile_id, 3)}]
    else:
        base = "gale_spire" if tile_id != "gale_spire" else "sunken_steppe"
        tiles = [{"hex": "0,-1", "tile": base, "rot": _turned(base, 2)},
                 {"hex": "1,-1", "tile": tile_id, "rot": _turned(tile_id, 5)}]
    ben = "lumen_market" if tile_id != "lumen_market" else "moonpool"
    tiles.append({"hex": "0,-3", "tile": ben})
    return position([{"damage": 1, "hand": HAND["wardens"], "discard": LOST["wardens"]},
                     {"at": "0,-3"}], active=0, dice=["fortitude"] * 4, tiles=tiles)


def _event_run(tile_id: str, event: str):
    if event == "discovery":
        ctl = position([{"at": "0,0", "damage": 1, "hand": HAND["wardens"], "discard": LOST["wardens"]},
                        {"at": "0,-3"}], active=0, dice=["fortitude"] * 4,
                       tiles=[{"hex": "0,-3", "tile": "lumen_market" if tile_id != "lumen_market" else "moonpool"}])
        ctl.state.tiles.pop("0,-1", None)
        ctl.apply("move n")
        ctl.apply(f"choose {next(o.id for o in ctl.state.pending.options if o.id.startswith(tile_id + '@'))}")
    elif event == "entry":
        ctl = _tile_table(tile_id, ana_at_tile=False)
        ctl.apply("move se")
    elif event == "exit":
        ctl = _tile_table(tile_id, ana_at_tile=True)
        ctl.apply("move s")
    elif event == "start":
        ctl = _tile_table(tile_id, ana_at_tile=True)
        b = Board(ctl.state)
        moving.tile_event(b, 0, b.where(0), "start")
        turns.advance(b)
    elif event == "end":
        ctl = _tile_table(tile_id, ana_at_tile=True)
        ctl.apply("end")
    else:  # passive: standing there is enough
        ctl = _tile_table(tile_id, ana_at_tile=True)
    _answer(ctl)
    ctl.check_invariants(ctl.state)
    return _fingerprint(ctl)


@pytest.mark.parametrize("tile_id", sorted(t for t in C.tiles if t != "the_rift"))
def test_every_tile_reads_and_each_of_its_events_works(tile_id, monkeypatch):
    tile = C.tiles[tile_id]
    assert tile_text(tile).startswith("Walls")
    for k, event in enumerate(tile.events):
        real = _event_run(tile_id, event.on)
        bare = tuple(e.model_copy(update={"effects": (), "modifiers": ()}) if j == k else e
                     for j, e in enumerate(tile.events))
        monkeypatch.setitem(C.tiles, tile_id, tile.model_copy(update={"events": bare}))
        assert real != _event_run(tile_id, event.on), f"its {event.on} event does nothing"
        monkeypatch.undo()
