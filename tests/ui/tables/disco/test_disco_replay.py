"""The action phase played at a pace: the beats of a move's log lines, each with its row."""

from __future__ import annotations

from shards_tui.ui.tables.disco.replay import beats, fires
from shards_tui.ui.tables.disco.table_data import at_step, counts_at, table_data
from tests.ui.tables.disco.disco_ui_support import disco


def _last_seq(view) -> int:
    return max((line.seq for line in view.log), default=-1)


def _filled(fourth: dict | None = None):
    """Ana places the sixth card: the row fires, drifts, ends the round and is cleaned up.
    ``fourth``: the card in space 4 (Ana's Power Plant unless given)."""
    ctl = disco(first=1, row=[{"card": "force_field", "seat": 1},
                              {"card": "lab_notes", "seat": 0},
                              {"card": "laser_show", "seat": 1},
                              fourth or {"card": "power_plant", "seat": 0},
                              {"card": "force_field", "seat": 1}],
                players=[{"name": "Ana", "hand": ["rocket"]}, {"name": "Ben"}])
    since = _last_seq(ctl.view(0))
    ctl.apply("place rocket 6", 0)
    return ctl, since


def test_each_space_is_highlighted_in_turn_on_the_row_as_it_began():
    ctl, since = _filled()
    view = ctl.view(0)
    assert view.row == [] and fires(view, since)
    got = beats(view, since)
    firing = [(b.row.firing if b.row else "-") for b in got]
    spaces = [b.row.firing for b in got if b.row and b.text.startswith("Space ")]
    assert spaces == [1, 2, 3, 4, 5, 6]
    assert got[0].text.startswith("Ana places Rocket") and got[0].row is None
    assert got[1].text.startswith("The action row is full") and got[1].row.firing is None
    end = next(n for n, b in enumerate(got) if b.text.startswith("Every space has fired"))
    assert got[end].row.firing is None and all(c.fired for c in got[end].row.cards)
    assert all(f == "-" for f in firing[end + 1:])  # end-of-round lines: the table's own row
    row = next(b.row for b in got if b.text.startswith("Space 2: "))  # space 1 has fired
    assert [c.name for c in row.cards] == ["Force Field", "Lab Notes", "Laser Show", "Power Plant",
                                          "Force Field", "Rocket"]
    assert [c.fired for c in row.cards] == [True, False, False, False, False, False]
    assert row.cards[5].mine is True and row.cards[0].owner == "Ben"


def test_a_placement_that_does_not_fill_the_row_has_no_pace():
    ctl = disco(first=0, players=[{"name": "Ana", "hand": ["rocket", "lab_notes"]},
                                  {"name": "Ben", "hand": ["force_field"]}])
    since = _last_seq(ctl.view(0))
    ctl.apply("place rocket 1", 0)
    view = ctl.view(1)
    assert not fires(view, since)
    assert [b.row for b in beats(view, since)] == [None]


def test_a_spectator_and_both_seats_see_the_same_beats():
    ctl, since = _filled()
    texts = [[(b.text, b.row.firing if b.row else None) for b in beats(ctl.view(s), since)]
             for s in (None, 0, 1)]
    assert texts[0] == texts[1] == texts[2]


def test_the_counts_toward_the_wins_are_kept_for_each_step_of_the_action_phase():
    """The view after the move holds the round's end; the steps say what each line saw."""
    ctl, since = _filled()
    view = ctl.view(None)
    at: dict = {}
    for b in beats(view, since):  # each line's first time (Force Field fires twice)
        at.setdefault(b.text.split(" (")[0], counts_at(view, b.seq))
    start = at["Ana places Rocket in space 6 of 6."]
    assert start.shields == [20, 20] and start.research == [[0] * 6, [0] * 6]
    assert at["Space 1: Ben's Force Field fires."].shields == [20, 20]
    assert at["Ben gains 4 shields from Force Field"].shields == [20, 24]
    assert sum(at["Space 2: Ana's Lab Notes fires."].research[0]) == 0
    assert at["Ana gains 1 research point in space 2"].research[0] == [0, 1, 0, 0, 0, 0]
    assert at["Laser Show deals 3 damage to Ana"].shields == [18, 24]
    assert at["Rocket fires down column 6 and deals 3 damage to Ben"].shields[1] == \
        view.players[1].shields


def test_the_table_data_at_a_step_shows_the_meters_and_research_then():
    ctl, since = _filled()
    view = ctl.view(0)
    early = next(b for b in beats(view, since) if b.text.startswith("Space 2: "))
    data = at_step(table_data(view), view, early.seq)
    ben, ana = data.meters
    assert (ana.shields.value, ben.shields.value, ana.research.value) == (20, 24, 0)
    assert data.orbits[1].spaces[1].research == 0  # Lab Notes has not fired yet
    end = table_data(view)
    assert end.meters[1].research.value == 1 and end.orbits[1].spaces[1].research == 1


def test_each_step_counts_every_players_tokens_as_the_board_does():
    """The steps count tokens in one pass over the board (``tokens_by_seat``); after every
    move of random games that count is each player's ``player_tokens``."""
    import random

    from shards_tui.games.disco.board import Board
    from tests.games.disco.conftest import new_disco

    checked = 0
    for seed in range(4):
        ctl, rng = new_disco(seed=seed), random.Random(seed)
        while not ctl.over:
            seat = ctl.who_must_act()
            ctl.apply(rng.choice(ctl.legal_commands(seat)), seat)
            b = Board(ctl.state)
            assert b.tokens_by_seat() == [b.player_tokens(0), b.player_tokens(1)]
            checked += any(b.state.tokens.values())
    assert checked > 10  # positions with tokens in play were among them


def test_the_orbits_at_a_step_hold_only_the_satellites_launched_by_then():
    """Relay Station launches when space 4 fires: before that step Ben's orbit row is empty,
    from it on the satellite is there, and the view after the move holds the round's end."""
    ctl, since = _filled({"card": "relay_station", "seat": 1})
    view = ctl.view(0)
    assert any(c.name == "Relay Station" for stack in view.players[1].orbit for c in stack)
    got = beats(view, since)

    def ben_orbit(text: str) -> list[str]:
        seq = next(b.seq for b in got if b.text.startswith(text))
        data = at_step(table_data(view), view, seq)
        row = next(o for o in data.orbits if o.seat == 1)
        return [c.name for s in row.spaces for c in s.stack]

    assert ben_orbit("Space 1: ") == []
    assert ben_orbit("Space 3: ") == []
    assert ben_orbit("Space 5: ") == ["Relay Station"]
