"""A Fractured Net table on the SSH server (the Hub, without sockets): the game waits until
each player has picked a deck in private; the table's options (ranked, the timer) reach the
game; the turn timer is the server's (the session's clock, ticked by the hub); a ranked game
that ends updates the ratings, SSH players by their login key."""

from __future__ import annotations

import pytest

from shards_tui.core.decks import DeckLibrary, seat_entry
from shards_tui.core.ratings import Ratings
from shards_tui.server.auth import Identity
from shards_tui.server.tables import Hub
from shards_tui.session.turn_clock import TurnClock

GAME = "fractured_net"
ANA, BEN = Identity("ana", "SHA256:ana-key"), Identity("ben", "SHA256:ben-key")


class FakeTime:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


pytestmark = pytest.mark.usefixtures("home")  # (its tests share tmp_path with the home)


def ranked_table(hub: Hub):
    table = hub.create(ANA, GAME, 2, [None, None],
                       options={"mode": "ranked", "turn_seconds": 30})
    hub.join(table, BEN)
    return table


def test_the_game_starts_once_each_player_has_picked_a_deck_and_keeps_the_options(tmp_path):
    hub = Hub(tmp_path / "server", seeds=lambda: 5)
    table = ranked_table(hub)
    assert table.controller is None and table.needs_pick(0) and table.needs_pick(1)
    assert "choose a deck" in table.status()
    assert " · Standard, Ranked · " in table.describe(BEN)  # the lobby's row says it is ranked
    void = DeckLibrary(GAME).find("Void Network starter")
    hub.set_pick(table, ANA, seat_entry(void))
    assert table.controller is None and not table.needs_pick(0) and table.needs_pick(1)
    hub.set_pick(table, BEN, {})  # a random starter
    state = table.controller.state
    assert state.players[0].deck_name == "Void Network starter"
    assert state.ranked and state.timer == 30
    assert table.session.clock is not None


def test_options_the_game_does_not_have_are_refused_in_one_sentence(tmp_path):
    hub = Hub(tmp_path / "server")
    with pytest.raises(ValueError, match="Seconds a turn cannot be 5"):
        hub.create(ANA, GAME, 2, [None, None], options={"turn_seconds": 5})
    with pytest.raises(ValueError, match="There is no option 'colour'"):
        hub.create(ANA, GAME, 2, [None, None], options={"colour": "red"})


def test_a_picked_table_restored_after_a_restart_still_waits_for_the_other_pick(tmp_path):
    hub = Hub(tmp_path / "server", seeds=lambda: 5)
    table = ranked_table(hub)
    hub.set_pick(table, ANA, {})
    again = Hub(tmp_path / "server")
    assert again.restore() == 1
    restored = again.tables[table.id]
    assert restored.options == {"mode": "ranked", "turn_seconds": 30}
    assert not restored.needs_pick(0) and restored.needs_pick(1)


def test_the_server_runs_the_clock_and_a_ranked_end_updates_the_ratings(tmp_path):
    hub = Hub(tmp_path / "server", seeds=lambda: 5)
    table = ranked_table(hub)
    hub.set_pick(table, ANA, {})
    hub.set_pick(table, BEN, {})
    ctl = table.controller
    for seat in (0, 1):  # both keep their opening hands
        table.session.send("keep", seat)
    fake = FakeTime()
    table.session.clock = TurnClock(30, fake)  # driven by hand: no test waits for it
    hub.tick_clocks()
    active = ctl.state.flow.active
    fake.t = 31.0
    hub.tick_clocks()  # no screen is involved: the hub's tick sends the timeout
    assert ctl.state.players[active].timeouts == 1 and ctl.state.flow.active != active
    loser = ctl.state.flow.active
    table.session.send("concede", loser)
    assert ctl.over and table.rated
    board = {row.key: row for row in Ratings().leaderboard(GAME)}
    winner_key = [ANA, BEN][1 - loser].key
    assert board[f"ssh:{winner_key}"].wins == 1 and board[f"ssh:{winner_key}"].games == 1
    assert board[f"ssh:{[ANA, BEN][loser].key}"].wins == 0


def test_a_networked_game_plays_the_moves_public_facts_force(tmp_path):
    hub = Hub(tmp_path / "server", seeds=lambda: 5)
    table = hub.create(ANA, GAME, 2, [None, None])
    hub.join(table, BEN)
    hub.set_pick(table, ANA, {})
    hub.set_pick(table, BEN, {})
    assert table.controller.forced_moves  # (a window nobody can answer is passed at once)
