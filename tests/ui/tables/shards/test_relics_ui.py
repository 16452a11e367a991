"""Relics of the Future on the table: panels, palette words and the draft hand-off (no app needed)."""

from __future__ import annotations

import pytest

from shards_tui.games.shards.cards import card_db
from shards_tui.games.shards.commands import Recruit, RecruitRelic
from shards_tui.ui.tables.shards.describe import describe_move
from shards_tui.ui.tables.shards.table_data import handoff_words, relics_text
from tests.conftest import new_shards, shards_scenario

CARDS = card_db(("base", "relics"))


def test_panel_names_public_relics_and_counts_secret_ones():
    ctl = new_shards(2, seed=3, sets=["base", "relics"], variants=["mystery_relics"])
    mine = ctl.view(0).players[0]
    theirs = ctl.view(0).players[1]
    assert relics_text(mine, CARDS) == " / ".join(CARDS[c.card].name for c in mine.relics)
    assert relics_text(theirs, CARDS) == "2 secret"
    assert relics_text(theirs.model_copy(update={"relic_count": 0}), CARDS) == ""
    taken = mine.model_copy(update={"relics": mine.relics[:1], "relic_recruited": True})
    left = CARDS[mine.relics[0].card].name
    assert relics_text(taken, CARDS) == f"one recruited; {left} out of the game"
    named = taken.model_copy(update={"relic_taken": mine.relics[1].card})
    assert relics_text(named, CARDS) == \
        f"{CARDS[mine.relics[1].card].name} recruited; {left} out of the game"
    one_secret = theirs.model_copy(update={"relic_count": 1, "relic_recruited": True})
    assert relics_text(one_secret, CARDS) == "one recruited; 1 secret out of the game"


def test_relic_commands_in_words_and_axia_at_its_real_cost():
    ctl = shards_scenario(
        sets=["base", "relics"], turn={"gems": 5},
        players=[{"name": "Ana", "character": "tetra", "mastery": 10, "hand": ["crystal"],
                  "champions": ["evokatus", "optio_crusher"]},
                 {"name": "Ben", "hand": ["crystal"]}],
        center_row=["axia", "nil_assassin", "kiln_drone", "command_seer", "spore_cleric", "data_heretic"])
    view = ctl.view(0)
    relic = RecruitRelic(seat=0, card="datic_robes")
    assert view.is_legal(relic)
    assert describe_move(relic, view, CARDS).startswith("Recruit your relic Datic Robes")
    assert describe_move(Recruit(seat=0, target="1"), view, CARDS) == "Recruit Axia (slot 1, 5 gems)"


def test_draft_handoff_names_the_question():
    ctl = new_shards(3, seed=4, sets=["base", "relics"], variants=["relic_draft"])
    seat = ctl.state.pending.seat
    _, why, _ = handoff_words(ctl.view(None), seat)
    assert "Relic Draft" in why


def test_relic_names_wrap_whole_in_narrow_panels():
    from dataclasses import replace

    from shards_tui.ui.tables.shards.screen import _character
    from shards_tui.ui.tables.shards.player_panel import PackedLine, relic_items
    from shards_tui.ui.tables.shards.table_data import TableData

    ctl = new_shards(4, seed=3, sets=["base", "relics"])
    data = TableData.build(ctl.view(0), CARDS, _character)
    player = replace(data.opponents[0][0], relics="Entropic Talons / Panconscious Crown")
    line = PackedLine()
    line.set_items(relic_items(player))  # (a line of their own under the numbers)
    for width in (80, 36, 24, 14):
        rows = [render_row(row) for row in line._lines(width)]
        assert all(len(row) <= width for row in rows), (width, rows)
        words = " ".join(rows)
        for name in ("Entropic Talons", "Panconscious Crown"):
            assert name in words  # each name whole, at most broken between its words


def render_row(row) -> str:
    from shards_tui.ui.tables.shards.player_panel import GLUE

    out = ""
    for k, item in enumerate(row):
        if k:
            out += " " if item[:1] == [GLUE] else "  "
        out += "".join(text for text, _ in item)
    return out


async def test_a_draft_pick_made_with_enter_asks_for_it_twice():
    """Enter, Enter from the hand-off must not draft the highlighted relic by accident."""
    from tests.ui.tables.shards.shards_ui_support import TableApp, settle

    from shards_tui.ui.screens.handoff import HandoffScreen

    ctl = new_shards(3, seed=4, sets=["base", "relics"], variants=["relic_draft"])
    seat = ctl.state.pending.seat
    app = TableApp(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HandoffScreen)
        await pilot.press("enter", "enter")  # the cover, then one Enter too many
        await settle(pilot)
        assert ctl.state.pending.seat == seat and ctl.state.pending.kind == "relic_draft"
        assert "press Enter again to take" in str(app.table.query_one("#decision .rule").render())
        await pilot.press("enter")
        await settle(pilot)
        assert ctl.state.pending.seat != seat
        assert any(" drafts " in e.text for e in ctl.state.log)


async def test_the_auction_winner_confirms_a_character_picked_with_enter():
    from tests.ui.tables.shards.shards_ui_support import TableApp, settle

    from tests.conftest import new_shards as fresh

    ctl = fresh(2, seed=2, variants=["health_auction"])
    ctl.apply("choose pass", ctl.who_must_act())
    winner = ctl.who_must_act()
    assert ctl.state.pending.kind == "character"
    app = TableApp(ctl, hotseat=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert ctl.state.pending.kind == "character" and not ctl.state.players[winner].character
        await pilot.press("enter")
        await settle(pilot)
        assert ctl.state.players[winner].character


def test_tiles_show_defense_and_cost_as_they_are_in_play():
    """Ferrata Guard gives Decima's champions +2 defense, and Axia costs 1 less per Homodeus
    champion: the table shows what applies, and the printed number beside it on the card."""
    from shards_tui.ui.tables.shards.screen import _character
    from shards_tui.ui.tables.shards.card_lines import card_row, plain
    from shards_tui.ui.tables.shards.table_data import TableData

    ctl = shards_scenario(
        sets=["base", "relics"], active=1,
        players=[{"name": "Ana", "hand": ["crystal"]},
                 {"name": "Ben", "character": "decima", "hand": ["crystal"],
                  "champions": ["ferrata_guard", "evokatus"]}],
        center_row=["axia", "nil_assassin", "kiln_drone", "command_seer", "spore_cleric", "data_heretic"])
    ben = TableData.build(ctl.view(1), CARDS, _character)
    guard, evokatus = ben.champions
    assert (guard.defense, evokatus.defense) == (6, 4)
    assert guard.numbers(0) == "cost 4 · def 6 (printed 4)" and guard.numbers(1) == "cost 4 def 6"
    assert "def 6" in plain(card_row(guard, 60))
    axia = ben.center[0]
    assert axia.cost == 5 and axia.numbers(0).startswith("cost 5 (printed 7)")  # 2 Homodeus champions
    ana = TableData.build(ctl.view(0), CARDS, _character)
    assert ana.center[0].cost == 7 and "printed" not in ana.center[0].numbers(0)
    assert [c.defense for c in ana.opponents[0][1]] == [6, 4]  # the enemy's, as Ana must beat them


def test_a_drafted_relic_is_never_undone():
    """The last drafter of round one picks again first in round two: that player's own last
    move is a pick, and 'yours for good' means undo refuses it."""
    from shards_tui.core.errors import IllegalCommand

    ctl = new_shards(3, seed=4, sets=["base", "relics"], variants=["relic_draft"])
    for _ in range(3):
        ctl.apply("choose 1", ctl.who_must_act())
    seat = ctl.who_must_act()
    ctl.apply("choose 1", seat)
    assert ctl.history[-2].seat == seat == ctl.history[-1].seat  # two picks in a row
    assert not ctl.can_undo(seat)
    with pytest.raises(IllegalCommand, match="nothing to undo"):
        ctl.undo(seat)


def test_the_draft_hand_off_says_what_the_player_before_took():
    ctl = new_shards(3, seed=4, sets=["base", "relics"], variants=["relic_draft"])
    since = ctl.state.log[-1].seq
    first = ctl.who_must_act()
    ctl.apply("choose world", first)
    name, why, _ = handoff_words(ctl.view(None), ctl.who_must_act(), since)
    taken = f"{ctl.seat_names()[first]} drafts The World Piercer."
    # the cover lists the public lines since the player last had the keyboard; the reason
    # below them does not say the draft again
    assert taken in [line.text for line in ctl.view(None).log if line.seq > since]
    assert why.startswith(f"{name}, take the keyboard") and taken not in why


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("players", [2, 3, 4])
async def test_every_players_relics_can_be_read_on_the_table(size, players):
    """At 80 columns an opponent's line ended 'relics Entr…' and your own relics were cut
    after the first: every relic name now shows whole, yours and each opponent's; with three
    opponents at 80x24 the relic line has one row (two cost the hand its rows: two of five
    cards showed), so it is cut after the next opponent's."""
    from tests.ui.tables.shards.shards_ui_support import TableApp, screen_text, settle

    ctl = new_shards(players, seed=3, sets=["base", "relics"])
    seat = ctl.who_must_act()
    app = TableApp(ctl, hotseat=False, seat=seat)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        text = screen_text(app)
        order = sorted(ctl.view(seat).players, key=lambda p: (p.seat - seat) % players)
        crowded = size == (80, 24) and players == 4  # you, then the next opponent, whole
        for p in order[:2] if crowded else order:
            for relic in p.relics or []:
                assert CARDS[relic.card].name in text, (p.name, text)
        if crowded:
            assert f"│ {order[-1].name}:" not in text
        hand = app.screen.query_one("#hand")
        assert hand.content_region.height >= 5, text  # the hand keeps rows beside them


async def test_at_80x24_a_question_takes_the_rows_of_the_opponents_relics():
    from tests.ui.tables.shards.shards_ui_support import TableApp, screen_text, settle

    ctl = shards_scenario(
        sets=["base", "relics"],
        players=[{"name": "Ana", "character": "tetra", "hand": ["shadow_apostle", "crystal"]},
                 {"name": "Ben", "character": "volos", "hand": ["crystal"]},
                 {"name": "Cy", "character": "decima", "hand": ["crystal"]}],
        center_row=["kiln_drone", "nil_assassin", "command_seer", "spore_cleric", "data_heretic",
                    "axia"])
    app = TableApp(ctl, hotseat=False, seat=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "Praetorian-01" in screen_text(app)  # Cy's
        await pilot.press("p")  # Shadow Apostle: what to banish?
        await settle(pilot, 5)
        assert ctl.view(0).pending is not None
        assert "Praetorian-01" not in screen_text(app)  # static: it can wait for the answer
        await pilot.press("n", "n")
        await settle(pilot)
        assert "Praetorian-01" in screen_text(app)
