"""The table under the variants: teams on the panels and the hand-off, the auction's placeholders."""

from __future__ import annotations

from shards_tui.games.shards.cards import card_db
from shards_tui.ui.tables.shards.screen import _character
from shards_tui.ui.tables.shards.player_panel import opponent_items
from shards_tui.ui.tables.shards.table_data import TableData, handoff_words
from tests.conftest import new_shards

CARDS = card_db(("base",))


def test_team_panels_name_teammate_and_across() -> None:
    ctl = new_shards(4, seed=2, variants=["team"])
    data = TableData.build(ctl.view(1), CARDS, _character)
    by_seat = {p.seat: p for p, _ in data.opponents}
    assert by_seat[0].ally and not by_seat[0].across
    assert by_seat[2].across and not by_seat[2].ally
    assert not by_seat[3].ally and not by_seat[3].across
    assert data.me is not None and data.me.team == 0
    assert by_seat[3].title.endswith("· Team 2")
    _, _, lines = handoff_words(ctl.view(None), 1)
    assert any(line.startswith("Ana (Team 1):") for line in lines)


def test_no_teams_no_team_words() -> None:
    ctl = new_shards(3, seed=2)
    data = TableData.build(ctl.view(0), CARDS, _character)
    assert all(not p.ally and not p.across and "Team" not in p.title for p, _ in data.opponents)


def test_auction_shows_no_character_yet_and_hands_off_the_bid() -> None:
    ctl = new_shards(3, seed=2, variants=["health_auction"])
    bidder = ctl.state.pending.seat
    data = TableData.build(ctl.view(bidder), CARDS, _character)
    assert data.me is not None and data.me.title.endswith("(no character yet)")
    assert "(no character yet)" in opponent_items(data.opponents[0][0])[0][0][0]
    name, why, _ = handoff_words(ctl.view(None), bidder)
    assert why.startswith(f"{name}, take the keyboard: Health Auction")


def test_game_over_names_the_winning_team() -> None:
    from shards_tui.ui.tables.shards.summary import summary_lines
    from tests.conftest import shards_scenario

    seats = [{"name": n, "hand": []} for n in ("Ana", "Ben", "Cy", "Di")]
    seats[2]["health"], seats[3]["health"] = 2, 2
    ctl = shards_scenario(players=seats, variants=["team"], active=0, turn={"power": 9})
    ctl.apply("end")
    headline, lines = summary_lines(ctl.view(None), CARDS)
    assert headline == "Ana and Ben win!"
    assert lines[1].startswith("★ Ana (") and "Team 1" in lines[1] and lines[2].startswith("★ Ben")


async def test_each_bidder_starts_with_nothing_ticked() -> None:
    from tests.ui.tables.shards.shards_ui_support import TableApp, settle

    from shards_tui.ui.widgets.decision import DecisionPanel
    from shards_tui.ui.tables.shards.player_panel import ResourceBar

    ctl = new_shards(3, seed=2, variants=["health_auction"])
    app = TableApp(ctl, hotseat=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        first = ctl.who_must_act()
        panel = app.table.query_one(DecisionPanel)
        resources = app.table.query_one(ResourceBar).plain
        assert "♥ 50 health" in resources and "gems" not in resources  # none while bidding
        await pilot.press("space")  # tick "pass"
        await settle(pilot)
        assert panel.ticked == ["pass"]
        await pilot.press("enter")
        await settle(pilot)
        assert ctl.who_must_act() != first and app.table.seat == ctl.who_must_act()
        assert panel.ticked == []


async def test_auction_handoff_says_who_passed_and_who_won() -> None:
    from tests.ui.tables.shards.shards_ui_support import TableApp, screen_text, settle

    from shards_tui.ui.screens.handoff import HandoffScreen

    ctl = new_shards(3, seed=2, variants=["health_auction"])
    names = ctl.seat_names()
    app = TableApp(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        first = ctl.who_must_act()
        await pilot.press("enter")  # the first bidder takes the keyboard
        await settle(pilot)
        await pilot.press("space", "enter")  # and passes
        await settle(pilot)
        second = ctl.who_must_act()
        assert isinstance(app.screen, HandoffScreen)
        assert f"{names[first]} passes and is out of this auction." in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("space", "enter")  # the second bidder passes too: the last one wins
        await settle(pilot)
        winner = ctl.who_must_act()
        text = screen_text(app)
        assert isinstance(app.screen, HandoffScreen)
        assert text.count(f"{names[second]} passes and is out of this auction.") == 1  # (once: the cover's news, not the reason again)
        assert f"{names[winner]} wins the auction for 0 health" in text


def test_choose_none_is_offered_only_when_there_is_something_to_choose() -> None:
    from tests.conftest import shards_scenario

    def keys(ben_hand: list[str]) -> list[tuple[str, str]]:
        ctl = shards_scenario(players=[{"name": "Ana", "hand": []}, {"name": "Ben", "hand": ben_hand}],
                              turn={"power": 7})
        ctl.apply("end", 0)
        assert ctl.who_must_act() == 1
        _, items = TableData.build(ctl.view(1), CARDS, _character).actions(None)
        return [(item.key, item.label) for item in items]

    assert ("n", "choose none") not in keys(["crystal"])  # no shields: nothing to choose
    assert ("enter", "go on") in keys(["crystal"])
    assert ("n", "choose none") in keys(["command_seer"])
    assert ("enter", "confirm") in keys(["command_seer"])


def test_team_panels_say_teammate_and_across_in_their_own_words() -> None:
    """At 80x24 the panels have no border titles: the words on the panel say it."""
    ctl = new_shards(4, seed=2, variants=["team"])
    data = TableData.build(ctl.view(1), CARDS, _character)
    words = {p.seat: " ".join(t for item in opponent_items(p) for t, _ in item)
             for p, _ in data.opponents}
    assert "your teammate" in words[0] and "across" not in words[0]
    assert "across from you" in words[2] and "teammate" not in words[2]
    assert "teammate" not in words[3] and "across" not in words[3]


async def test_enter_on_pass_asks_again_but_a_ticked_pass_does_not() -> None:
    """Two Enters from the hand-off must not drop a player out of the auction by accident:
    Enter on the highlighted 'pass' asks once more; moving away forgets that."""
    from tests.ui.tables.shards.shards_ui_support import TableApp, settle

    from shards_tui.ui.widgets.decision import DecisionPanel

    ctl = new_shards(3, seed=2, variants=["health_auction"])
    app = TableApp(ctl, hotseat=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        first = ctl.who_must_act()
        rule = app.table.query_one(DecisionPanel).query_one(".rule")
        await pilot.press("enter")
        await settle(pilot)
        assert ctl.who_must_act() == first and ctl.state.pending.kind == "bid"
        assert "press Enter again to drop out" in str(rule.render())
        await pilot.press("n", "enter")  # 'n' replaced that line ("You must choose 1."): asked again
        await settle(pilot)
        assert ctl.who_must_act() == first and "press Enter again" in str(rule.render())
        await pilot.press("down", "up", "enter")  # a move away and back: asked again
        await settle(pilot)
        assert ctl.who_must_act() == first
        await pilot.press("enter")
        await settle(pilot)
        assert ctl.who_must_act() != first
        assert f"{ctl.seat_names()[first]} passes" in ctl.state.log[-1].text
        second = ctl.who_must_act()
        await pilot.press("down", "enter")  # a bid needs no second Enter
        await settle(pilot)
        assert ctl.who_must_act() != second


def test_the_turn_line_says_whose_turn_it_is() -> None:
    ctl = new_shards(3, seed=2)
    actor = ctl.who_must_act()
    other = (actor + 1) % 3
    mine = TableData.build(ctl.view(actor), CARDS, _character)
    theirs = TableData.build(ctl.view(other), CARDS, _character)
    assert mine.turn_text == "Turn 1, play phase"
    assert theirs.turn_text == f"Turn 1, {ctl.seat_names()[actor]}'s play phase"


def test_opponents_are_listed_in_turn_order_after_the_viewer() -> None:
    from tests.ui.tables.shards.shards_ui_support import scenario

    from shards_tui.games.shards.cards import card_db
    from shards_tui.ui.tables.shards.screen import _character
    from shards_tui.ui.tables.shards.table_data import TableData

    ctl = scenario([{"name": n, "hand": ["crystal"]} for n in ("Ana", "Ben", "Cy", "Dee")])
    cards = card_db(("base", "relics"))
    names = lambda seat: [p.name for p, _ in  # noqa: E731
                          TableData.build(ctl.view(seat), cards, _character).opponents]
    assert names(2) == ["Dee", "Ana", "Ben"]  # Cy's view: Dee plays next, then Ana, then Ben
    assert names(0) == ["Ben", "Cy", "Dee"]
    assert names(None) == ["Ana", "Ben", "Cy", "Dee"]  # the public view: seat order


def test_the_attack_list_follows_the_same_turn_order() -> None:
    from tests.ui.tables.shards.shards_ui_support import scenario

    from shards_tui.games.shards.cards import card_db
    from shards_tui.ui.tables.shards.screen import _character
    from shards_tui.ui.tables.shards.table_data import TableData

    ctl = scenario([{"name": n, "hand": []} for n in ("Ana", "Ben", "Cy", "Dee")],
                   active=1, turn={"power": 3})
    ctl.apply("end", 1)
    data = TableData.build(ctl.view(1), card_db(("base", "relics")), _character)
    assert [label.split(" ")[0] for _, label in data.assign_targets] == ["Cy", "Dee", "Ana"]
