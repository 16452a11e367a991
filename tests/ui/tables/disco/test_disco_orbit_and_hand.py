"""The orbit row and the hand: what they draw, and the messages their keys and clicks post."""

from __future__ import annotations

from disco_ui_support import PartApp, mid_round, showing

from shards_tui.ui.tables.disco.hand import DiscoHand
from shards_tui.ui.tables.disco.orbit_row import DiscoOrbitRow
from shards_tui.ui.tables.disco.paint import column_edges
from shards_tui.ui.tables.disco.table_data import table_data


def lines(widget) -> list[str]:
    return [widget.render_line(y).text.rstrip() for y in range(widget.content_size.height)]


def stacked(count: int):
    """Ana with ``count`` satellites stacked in orbit space 3 (the first with 2 tokens)."""
    orbit = [{"space": 3, "card": "groove_turret", "tokens": 2}] + \
        [{"space": 3, "card": "bastion"}] * (count - 1)
    return mid_round(players=[{"name": "Ana", "hand": ["sparkle"], "research": [0, 0, 4, 0, 0, 0],
                               "orbit": orbit},
                              {"name": "Ben", "hand": ["rocket"]}])


async def test_an_orbit_row_shows_research_and_stacks_bottom_first_in_the_row_s_columns():
    data = table_data(mid_round().view(0))
    app = PartApp(DiscoOrbitRow(), css="DiscoOrbitRow { width: 80; }")
    async with app.run_test(size=(80, 8)) as pilot:
        orbit = app.part
        orbit.show(data.orbits[1])  # Ana's
        await pilot.pause()
        shown = lines(orbit)
        assert len(shown) == 3  # the spaces' line and a stack of two
        space2 = column_edges(orbit.content_size.width)[1] + 1  # where column 2's text starts
        assert shown[0][space2:].startswith("2 ◆2") and "5 ◆1" in shown[0]
        assert shown[1][space2:].startswith("Researc… ●3")  # the name is cut, not its tokens
        assert shown[2][space2:].startswith("Bastion")


async def test_a_tall_stack_says_how_many_more_and_the_cursor_keeps_its_satellite_in_sight():
    data = table_data(stacked(6).view(0))
    async with showing(DiscoOrbitRow(), data.orbits[1], size=(80, 8)) as (app, pilot):
        orbit = app.part
        shown = lines(orbit)
        assert len(shown) == 4 and "+4 more" in shown[3] and "3 ◆4" in shown[0]
        assert "Groove … ●2" in shown[1] and "Bastion" in shown[2]
        await pilot.press("right", "right", "down", "down", "down", "down")
        await pilot.pause()
        assert orbit.column == 2 and orbit.level == 4
        shown = lines(orbit)  # the fourth and fifth satellites in sight, four unseen
        assert "Groove" not in shown[1] and "Bastion" in shown[1] and "+4 more" in shown[3]
        cards = [m.card for m in app.of(DiscoOrbitRow.CardHighlighted)]
        stack = data.orbits[1].spaces[2].stack
        assert cards == [None, stack[0].id, stack[1].id, stack[2].id, stack[3].id, stack[4].id]
        await pilot.press("enter")
        await pilot.pause()
        assert [m.card for m in app.of(DiscoOrbitRow.CardClicked)] == [stack[4].id]


async def test_a_click_on_a_satellite_picks_it_and_a_click_elsewhere_does_nothing():
    data = table_data(mid_round().view(0))
    async with showing(DiscoOrbitRow(), data.orbits[1], size=(80, 8)) as (app, pilot):
        orbit = app.part
        edges = column_edges(orbit.content_size.width)
        left = orbit.content_offset.x - orbit.region.x
        await pilot.click(DiscoOrbitRow, offset=(left + edges[1] + 2, 2))  # Bastion
        await pilot.click(DiscoOrbitRow, offset=(left + edges[0] + 2, 1))  # space 1: empty
        await pilot.click(DiscoOrbitRow, offset=(left + edges[1] + 2, 0))  # the spaces' line
        await pilot.pause()
        assert [m.card for m in app.of(DiscoOrbitRow.CardClicked)] == ["bastion#1"]


async def test_the_hand_lists_its_cards_and_posts_selected_and_chosen():
    data = table_data(mid_round().view(0))
    async with showing(DiscoHand(), data.hand, data.hand[0].id, size=(60, 8)) as (app, pilot):
        hand = app.part
        assert hand.highlighted == 0 and hand.border_subtitle == "3 cards" and app.posted == []
        await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
        assert [m.card for m in app.of(DiscoHand.Selected)] == ["sparkle#1"]
        assert [m.card for m in app.of(DiscoHand.Chosen)] == ["sparkle#1"]
        hand.show(data.hand, "sparkle#1")  # the same cards again: nothing rebuilt or posted
        await pilot.pause()
        assert hand.highlighted == 1 and len(app.posted) == 2
        await pilot.click(DiscoHand, offset=(3, 3))  # the third card (under the border)
        await pilot.pause()
        assert [m.card for m in app.of(DiscoHand.Selected)] == ["sparkle#1", "beaker_blaster#1"]
        assert app.of(DiscoHand.Chosen)[-1].card == "beaker_blaster#1"


async def test_a_hand_line_reads_name_kind_and_text_and_an_empty_or_hidden_hand_says_so():
    ctl = mid_round(players=[{"name": "Ana", "hand": ["lab_notes"], "retained": ["lab_notes"]},
                             {"name": "Ben", "hand": ["rocket"]}])
    async with showing(DiscoHand(), table_data(ctl.view(0)).hand, size=(100, 8)) as (app, pilot):
        hand = app.part
        line = str(hand.get_option_at_index(0).prompt)
        assert line.startswith("Lab Notes  Action  retained  Action: Gain 1 research point here.")
        hand.show(None)
        await pilot.pause()
        assert hand.note == "The hand is hidden." and hand.border_title == "Hand"
        hand.show(())
        await pilot.pause()
        assert hand.note == "No cards in your hand." and hand.option_count == 1
        await pilot.press("down", "enter")
        await pilot.pause()
        assert app.posted == []  # the note is not a card
