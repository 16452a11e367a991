"""Shield stops (the tables' stops, as the Fractured Net's Response stops): 'always ask me'
hands an attacked player the keyboard whether or not they hold a shield; 'only when I hold a
shield' answers "none" for them, from their own view, exactly when their hand holds no shield,
so that no hand-off and no question comes. At one keyboard a player switches their own; over
SSH each terminal answers for its own seat only. (The table's flow, without Textual.)"""

from __future__ import annotations

from types import SimpleNamespace

from tests.ui.tables.shards.shards_ui_support import scenario

from shards_tui.core.commands import Choose
from shards_tui.session.driver import Session
from shards_tui.ui.tables.base import stops as table_stops
from shards_tui.ui.tables.base.stops import ALWAYS, DEFAULT, WHEN_ABLE
from shards_tui.ui.tables.shards import stops
from shards_tui.ui.tables.shards.keys import SHARDS_BINDINGS
from shards_tui.ui.tables.shards.screen import ShardsTable


def _attacked(cy_hand: list[str]):
    """Ana (seat 0) attacks Cy (seat 2) for 2; Ben (seat 1), whose turn is next, is not hit:
    the game now asks Cy about shields."""
    ctl = scenario([{"name": "Ana", "hand": ["blaster", "blaster"]},
                    {"name": "Ben", "hand": ["crystal"]}, {"name": "Cy", "hand": cy_hand}])
    for move in ("play all", "end", "assign cy 2"):
        ctl.apply(move, 0)
    assert ctl.who_must_act() == 2 and ctl.state.pending.kind == stops.KIND
    return ctl


def _table(ctl, settings: dict[int, str], fixed_seat: int | None = None):
    """What ``table_stops.answered_for_a_player`` reads of a Shards table."""
    session = Session.open(ctl, {}, pace=0.0, forced_moves=True)
    return SimpleNamespace(ctl=ctl, stops=settings, bots=session.bots, session=session,
                           networked=fixed_seat is not None, fixed_seat=fixed_seat,
                           stop_words=ShardsTable.stop_words,
                           stop_answer=lambda view, setting: ShardsTable.stop_answer(
                               None, view, setting))  # type: ignore[arg-type]


def test_the_default_asks_and_says_it_reveals_nothing():
    ctl = _attacked(["crystal", "crystal"])
    assert DEFAULT == ALWAYS and stops.auto_answer(ctl.view(2), ALWAYS) is None
    assert not table_stops.answered_for_a_player(_table(ctl, {}))
    assert not table_stops.answered_for_a_player(_table(ctl, {2: ALWAYS}))
    assert ctl.who_must_act() == 2  # the hand-off to Cy comes, as before
    assert "this reveals nothing" in stops.SENTENCES[ALWAYS]
    assert "Being asked then tells your opponents you hold one" in stops.SENTENCES[WHEN_ABLE]


def test_when_able_answers_none_only_for_a_hand_with_no_shield():
    assert stops.auto_answer(_attacked(["crystal", "crystal"]).view(2), WHEN_ABLE) \
        == Choose(seat=2, options=())
    shielded = _attacked(["crystal", "command_seer"])  # Command Seer has a shield
    assert stops.auto_answer(shielded.view(2), WHEN_ABLE) is None
    ctl = _attacked(["crystal"])
    assert stops.auto_answer(ctl.view(0), WHEN_ABLE) is None, "only the defender's own view"
    assert stops.auto_answer(ctl.view(1), WHEN_ABLE) is None
    assert stops.auto_answer(ctl.view(None), WHEN_ABLE) is None


def test_at_one_keyboard_the_stop_is_skipped_and_the_damage_taken():
    ctl = _attacked(["crystal", "crystal"])
    health = ctl.state.players[2].health
    assert table_stops.answered_for_a_player(_table(ctl, {2: WHEN_ABLE}))
    assert ctl.state.players[2].health == health - 2
    assert ctl.who_must_act() == 1  # Ben's turn: Cy was never handed the keyboard
    assert "Cy takes 2 damage" in "\n".join(e.text for e in ctl.view(0).log)
    shielded = _attacked(["crystal", "command_seer"])
    assert not table_stops.answered_for_a_player(_table(shielded, {2: WHEN_ABLE}))
    assert shielded.who_must_act() == 2


def test_over_ssh_each_terminal_answers_for_its_own_seat_only():
    ctl = _attacked(["crystal"])
    assert not table_stops.answered_for_a_player(_table(ctl, {2: WHEN_ABLE}, fixed_seat=0))
    assert ctl.who_must_act() == 2  # Ana's terminal never answers for Cy
    assert table_stops.answered_for_a_player(_table(ctl, {2: WHEN_ABLE}, fixed_seat=2))
    assert ctl.who_must_act() == 1


def test_bots_and_other_games_are_not_answered_for():
    ctl = _attacked(["crystal"])
    table = _table(ctl, {2: WHEN_ABLE})
    table.bots = {2: "greedy"}
    assert not table_stops.answered_for_a_player(table)
    table = _table(ctl, {2: WHEN_ABLE})
    table.stop_words = None  # a game without stops
    assert not table_stops.answered_for_a_player(table)
    assert ctl.who_must_act() == 2


def test_the_key_switches_the_seat_on_screen_and_says_what_it_reveals():
    assert any(b.key == "s" and b.action == "switch_stops" for b in SHARDS_BINDINGS)
    said: list[str] = []
    table = SimpleNamespace(stop_words=stops.WORDS, seat=1, stops={}, say=said.append,
                            _show_seat=lambda seat: None)
    table_stops.switch(table)
    assert table.stops == {1: WHEN_ABLE}
    assert said[-1] == ("Shield stops: Only when I hold a shield. Being asked then tells your "
                        "opponents you hold one.")
    table_stops.switch(table)
    assert table.stops == {1: ALWAYS} and "this reveals nothing" in said[-1]
    table.seat = None
    table_stops.switch(table)
    assert said[-1] == "Shield stops are for the players; a spectator is never asked."
