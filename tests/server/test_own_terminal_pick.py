"""A seat role picked at each player's own terminal in sight of all (Disco Infinity's faction):
at a networked table each player chooses theirs before the game starts, sees what the others
took, and a pick already taken is refused in one sentence; a bot's is drawn from those left.
At one keyboard the New game screen still asks for it (it is no secret)."""

from __future__ import annotations

from pathlib import Path

import pytest
from server_support import ANA, BEN, FakeLink, settle
from textual.widgets import OptionList, Static

from shards_tui.core.registry import game
from shards_tui.server.served_app import ServedApp
from shards_tui.server.tables import Hub
from shards_tui.ui.screens.private_pick import PrivatePickScreen

GAME = "disco"
TAKEN = "Felicity Guns is taken: ana chose it."


def factions(table) -> list[str]:
    return [p.faction for p in table.controller.state.players]


def test_the_role_is_picked_by_its_owner_and_is_no_secret() -> None:
    role = game(GAME).setup_spec().role
    assert role.picked_by_owner and not role.private and role.distinct


def test_each_player_picks_a_taken_faction_is_refused_and_the_game_has_the_picks(tmp_path: Path) -> None:
    hub = Hub(tmp_path, seeds=lambda: 7, bot_pace=60)
    table = hub.create(ANA, GAME, 2, [None, None])
    hub.join(table, BEN)
    assert table.controller is None and table.needs_pick(0) and table.needs_pick(1)
    assert table.status() == "waiting for the players to choose a faction"
    hub.set_pick(table, ANA, {"faction": "felicity"})
    assert table.controller is None and table.taken(but=1) == {"felicity": "ana"}
    with pytest.raises(ValueError) as refused:
        hub.set_pick(table, BEN, {"faction": "felicity"})
    assert str(refused.value) == TAKEN
    assert table.seats[1].pick is None and table.needs_pick(1)  # ben picks again
    hub.set_pick(table, BEN, {"faction": "haxwell"})
    assert table.controller is not None and factions(table) == ["felicity", "haxwell"]


def test_a_player_who_leaves_before_the_start_takes_their_pick_with_them(tmp_path: Path) -> None:
    """Found reading the code: the pick stayed with the seat, so the faction stayed taken (by
    nobody) and whoever sat down next got the leaver's pick without being asked."""
    hub = Hub(tmp_path, seeds=lambda: 7, bot_pace=60)
    table = hub.create(ANA, GAME, 2, [None, None])
    hub.join(table, BEN)
    hub.set_pick(table, BEN, {"faction": "felicity"})
    hub.give_up_seat(table, BEN)
    assert table.seats[1].pick is None and table.taken() == {}
    hub.set_pick(table, ANA, {"faction": "felicity"})  # free again
    hub.join(table, BEN)
    assert table.controller is None and table.needs_pick(1)


def test_a_bots_faction_is_drawn_from_those_left(tmp_path: Path) -> None:
    for seed in range(12):
        hub = Hub(tmp_path / str(seed), seeds=lambda s=seed: s, bot_pace=60)
        table = hub.create(ANA, GAME, 2, [None, "random"])
        assert table.controller is None and table.needs_pick(0) and not table.needs_pick(1)
        hub.set_pick(table, ANA, {"faction": "blackstar"})
        assert factions(table)[0] == "blackstar" and factions(table)[1] != "blackstar"


async def test_the_second_picker_sees_what_is_taken_and_is_told_in_one_sentence(tmp_path: Path) -> None:
    hub = Hub(tmp_path, seeds=lambda: 5, bot_pace=60)
    ana = ServedApp(hub, ANA, link=FakeLink(), cursor_blink=False)
    ben = ServedApp(hub, BEN, link=FakeLink(), cursor_blink=False)
    async with ana.run_test(size=(80, 24)) as ana_pilot, ben.run_test(size=(120, 40)) as ben_pilot:
        await settle(ana)
        # (each app acts on its own queue)
        ana.call_later(ana.create_table, {"game": GAME, "players": 2, "bots": [None, None]})
        await settle(ana)
        await settle(ben)
        ben.call_later(ben.open_table, 1)
        await settle(ben)
        for app in (ana, ben):
            assert isinstance(app.screen, PrivatePickScreen)
            assert "the other players will see" in str(app.screen.query_one("#pick-hint", Static).render())
        menu = ana.screen.query_one("#pick-list", OptionList)
        ids = [menu.get_option_at_index(i).id for i in range(menu.option_count)]
        menu.highlighted = ids.index("pick:felicity")
        await ana_pilot.press("enter")
        await settle(ana)
        assert not isinstance(ana.screen, PrivatePickScreen)
        assert hub.tables[1].seats[0].pick == {"faction": "felicity"}
        assert ana.lobby_note() == ("Your table 1 is waiting for the players to choose a faction; "
                                    "the game opens here when they have.")  # (not '0 more players')

        picker = ben.screen  # opened before ana chose: the clash is said when ben picks it
        menu = picker.query_one("#pick-list", OptionList)
        menu.highlighted = ids.index("pick:felicity")
        await ben_pilot.press("enter")
        await settle(ben)
        assert ben.screen is picker
        assert str(picker.query_one("#pick-error", Static).render()) == TAKEN + " Choose another."
        assert hub.tables[1].seats[1].pick is None
        assert "taken by ana" in str(menu.get_option_at_index(ids.index("pick:felicity")).prompt)

        menu.highlighted = ids.index("pick:frankie")
        await ben_pilot.press("enter")
        await settle(ben)
        await settle(ana)
        table = hub.tables[1]
        assert table.controller is not None and factions(table) == ["felicity", "frankie"]
        assert not isinstance(ben.screen, PrivatePickScreen)
