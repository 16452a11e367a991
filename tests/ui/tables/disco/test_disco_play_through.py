"""The widgets wired as a table screen would wire them (``TablePlayApp``): a whole round played
with the keys only, and placements made with the mouse."""

from __future__ import annotations

from disco_ui_support import TablePlayApp, disco, mid_round, screen_text

from shards_tui.ui.tables.disco.action_row import DiscoActionRow
from shards_tui.ui.tables.disco.hand import DiscoHand
from shards_tui.ui.tables.disco.paint import column_edges

DECK = ["force_field", "laser_show", "lab_notes", "rocket", "force_field"]


def quiet_round():
    """Round 1, Ana first; every card only deals damage, gains shields or research."""
    return disco(first=0, draft_deck_top=["sparkle", "rocket", "bass_blast"],
                 players=[{"name": "Ana", "faction": "funkovich", "deck_top": DECK,
                           "hand": ["force_field", "lab_notes", "rocket"]},
                          {"name": "Ben", "faction": "blackstar", "deck_top": DECK,
                           "hand": ["laser_show", "force_field", "rocket"]}])


async def settle(pilot) -> None:
    for _ in range(3):
        await pilot.pause()


async def test_a_whole_round_is_played_with_the_keys_through_the_widgets():
    ctl = quiet_round()
    app = TablePlayApp(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        # Each placement: the first hand card, to the row, into the gap the number names.
        for gap in (1, 1, 3, 1, 5, 2):
            assert app.focused is app.query_one(DiscoHand)
            await pilot.press("down", "enter", str(gap), "enter")
            await settle(pilot)
        texts = [h.text for h in ctl.history]
        assert texts == ["place force_field 1", "place laser_show 1", "place lab_notes 3",
                         "place force_field 1", "place rocket 5", "place rocket 2"]
        assert ctl.state.flow.phase == "draft" and not app.refused
        # The optional draft cycle: Ana takes three cards and keeps the second; Ben passes.
        await pilot.press("d")
        await settle(pilot)
        assert "Rocket" in screen_text(app) and "Bass Blast" in screen_text(app)
        await pilot.press("right", "enter")
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        assert [h.text for h in ctl.history][6:] == ["draft", "draft 2", "pass"]
        assert ctl.state.flow.turn == 2 and ctl.state.flow.phase == "place"
        assert "rocket" in [c.split("#")[0] for c in ctl.state.players[0].discard]
        assert "Action row · round 2, placement" in screen_text(app)


async def test_a_hand_card_is_clicked_then_a_gap():
    ctl = mid_round()
    app = TablePlayApp(ctl, seat=0, follow=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        hand = app.query_one(DiscoHand)
        await pilot.click(DiscoHand, offset=(3, 2))  # Sparkle, the second card
        await settle(pilot)
        row = app.query_one(DiscoActionRow)
        assert app.card == "sparkle#1" and row.preview.card.id == "sparkle#1"
        assert hand.highlighted == 1
        edges = column_edges(row.content_size.width)
        left = row.content_offset.x - row.region.x
        await pilot.hover(DiscoActionRow, offset=(left + edges[0] + 1, 3))  # before Laser Show
        await settle(pilot)
        assert "Sparkle into space 1" in row.border_title
        await pilot.click(DiscoActionRow, offset=(left + edges[0] + 1, 3))
        await settle(pilot)
        assert [h.text for h in ctl.history] == ["place sparkle 1"] and not app.refused
        assert [c.name for c in ctl.view(0).row] == ["Sparkle", "Laser Show", "Force Field"]
