"""A networked table refuses a pick its game would refuse (an illegal deck at a ranked table)
the moment it is made, in one sentence, before anyone else has picked; the player picks again."""

from __future__ import annotations

from pathlib import Path

import pytest
from server_support import ANA, BEN, FakeLink, settle
from textual.widgets import OptionList, Static

from shards_tui.core.decks import DeckLibrary, seat_entry
from shards_tui.server.served_app import ServedApp
from shards_tui.server.tables import Hub
from shards_tui.ui.screens.private_pick import PrivatePickScreen

GAME = "fractured_net"
SENTENCE = "Ranked games need legal decks; ana's: A deck has exactly 40 cards; this one has 39."


def short_deck() -> dict[str, int]:
    cards = dict(DeckLibrary(GAME).find("Void Network starter").cards)
    cards[next(iter(cards))] -= 1
    return cards


def test_the_hub_refuses_an_illegal_ranked_pick_before_the_other_seat_picks(tmp_path: Path) -> None:
    hub = Hub(tmp_path, seeds=lambda: 3)
    table = hub.create(ANA, GAME, 2, [None, None], options={"mode": "ranked"})
    hub.join(table, BEN)
    short = seat_entry(DeckLibrary(GAME).find("Void Network starter"))
    short["cards"] = short_deck()
    with pytest.raises(ValueError) as refused:
        hub.set_pick(table, ANA, short)
    assert str(refused.value) == SENTENCE
    assert table.seats[0].pick is None and table.needs_pick(0)  # ana picks again
    casual = hub.create(ANA, GAME, 2, [None, "random"])
    hub.set_pick(casual, ANA, short)  # a casual table takes it
    assert casual.controller is not None


async def test_the_pick_screen_says_why_and_stays_for_another_pick(tmp_path: Path) -> None:
    hub = Hub(tmp_path, bot_pace=60)
    ana = ServedApp(hub, ANA, link=FakeLink(), cursor_blink=False)
    ana.deck_library(GAME).save("Short Void", short_deck())
    async with ana.run_test(size=(80, 24)) as pilot:
        await settle(ana)
        ana.create_table({"game": GAME, "players": 2, "bots": [None, None],
                          "options": {"mode": "ranked"}})
        await settle(ana)
        picker = ana.screen
        assert isinstance(picker, PrivatePickScreen)
        menu = picker.query_one("#pick-list", OptionList)
        ids = [menu.get_option_at_index(i).id for i in range(menu.option_count)]
        menu.highlighted = ids.index("pick:yours:Short Void")
        await pilot.press("enter")
        await settle(ana)
        assert ana.screen is picker
        assert str(picker.query_one("#pick-error", Static).render()) == SENTENCE + " Choose another."
        assert hub.tables[1].seats[0].pick is None
        menu.highlighted = ids.index("pick:starter:Kernel Orthodoxy starter")
        await pilot.press("enter")
        await settle(ana)
        assert not isinstance(ana.screen, PrivatePickScreen)
        assert hub.tables[1].seats[0].pick["deck_name"] == "Kernel Orthodoxy starter"


def test_a_full_table_whose_players_still_pick_offers_watching_not_a_seat(tmp_path: Path) -> None:
    """Found playing: the spectator's lobby said 'Enter: take an open seat' at a table with none."""
    from shards_tui.server.auth import Identity

    hub = Hub(tmp_path)
    table = hub.create(ANA, GAME, 2, [None, None])
    cy = Identity("cy", "SHA256:cccc")
    assert [action for _, _, action in hub.rows(cy)] == ["join"]
    hub.join(table, BEN)
    assert table.controller is None and table.needs_pick(0)  # the picks are still to make
    assert [action for _, _, action in hub.rows(cy)] == ["watch"]


def test_two_password_logins_are_rated_as_two_players(tmp_path: Path, monkeypatch) -> None:
    """Every password login has the key 'password': their ratings were one player's (and a
    ranked game between two of them could not be rated at all)."""
    from shards_tui.core.ratings import Ratings
    from shards_tui.server.auth import Identity

    monkeypatch.setenv("SHARDS_TUI_HOME", str(tmp_path))
    dee, eve = Identity("dee", "password"), Identity("eve", "password")
    hub = Hub(tmp_path / "server", seeds=lambda: 5)
    table = hub.create(dee, GAME, 2, [None, None], options={"mode": "ranked"})
    hub.join(table, eve)
    hub.set_pick(table, dee, {})
    hub.set_pick(table, eve, {})
    table.session.send("concede", 1)
    assert table.controller.over and table.rated
    board = {row.key: row for row in Ratings().leaderboard(GAME)}
    assert board["ssh:password:dee"].wins == 1 and board["ssh:password:eve"].games == 1
