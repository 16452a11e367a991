"""The action row widget: it draws the row (or the row after a placement), and its keys, the
mouse over its gaps and clicks post the right messages."""

from __future__ import annotations

from contextlib import asynccontextmanager

from disco_ui_support import disco, mid_round, showing

from shards_tui.games.disco.commands import Place
from shards_tui.ui.tables.disco.action_row import DiscoActionRow
from shards_tui.ui.tables.disco.paint import column_edges
from shards_tui.ui.tables.disco.placement import placing
from shards_tui.ui.tables.disco.table_data import table_data

SIZE = (80, 10)


@asynccontextmanager
async def placing_sparkle():
    """The row of ``mid_round`` with Ana's Sparkle being placed: (app, pilot, placing)."""
    view = mid_round().view(0)
    data = table_data(view)
    how = placing(view, "sparkle#1", data)
    async with showing(DiscoActionRow(), data.row, how, size=SIZE) as (app, pilot):
        yield app, pilot, how


def row_text(row: DiscoActionRow) -> list[str]:
    return [row.render_line(y).text for y in range(row.content_size.height)]


def point(row: DiscoActionRow, space: int, right: bool = False) -> tuple[int, int]:
    """Where to point (relative to the widget) at space 1-6's box, its left or right half."""
    edges = column_edges(row.content_size.width)
    left, top = row.content_offset - row.region.offset
    start, end = edges[space - 1], edges[space]
    x = start + (3 * (end - start)) // 4 if right else start + 1
    return left + x, top + 2


async def test_the_row_shows_its_cards_their_owners_and_tokens():
    ctl = mid_round()
    data = table_data(ctl.view(0))
    async with showing(DiscoActionRow(), data.row, title="Action row · round 4",
                       size=SIZE) as (app, pilot):
        row = app.part
        text = "\n".join(row_text(row))
        assert "Laser Show" in text and "Ben ●1" in text and "Force Field" in text and "Ana" in text
        assert text.count("(empty)") == 4 and row.border_title == "Action row · round 4"
        assert row.preview is None and app.posted == []


async def test_while_placing_it_draws_the_row_after_the_placement():
    async with placing_sparkle() as (app, pilot, how):
        row = app.part
        assert row.cursor == 2 and row.preview.gap == 2  # the end, to begin with
        assert "3 new" in row_text(row)[0] and "Sparkle into space 3" in row.border_title
        await pilot.press("1")
        assert row.cursor == 0
        top = row_text(row)[0]
        assert "1 new" in top and "2 was 1" in top and "3 was 2" in top
        names = row_text(row)[1]
        assert names.index("Sparkle") < names.index("Laser Show") < names.index("Force Field")


async def test_keys_move_the_gap_and_enter_places_with_the_legal_command():
    async with placing_sparkle() as (app, pilot, how):
        row = app.part
        await pilot.press("left")
        await pilot.press("left", "left")  # stops at the first gap
        await pilot.press("7")  # not a gap of this row: nothing happens
        await pilot.press("right")
        await pilot.press("enter")
        await pilot.pause()
        gaps = [m.preview.gap for m in app.of(DiscoActionRow.GapHighlighted)]
        assert gaps == [1, 0, 1]
        chosen = app.of(DiscoActionRow.GapChosen)
        assert len(chosen) == 1 and (chosen[0].gap, chosen[0].card) == (1, how.card.id)
        assert chosen[0].command == Place(seat=0, card="sparkle", gap=2)
        assert mid_round().view(0).is_legal(chosen[0].command)
        await pilot.press("escape")
        await pilot.pause()
        assert len(app.of(DiscoActionRow.Backed)) == 1


async def test_the_mouse_over_a_gap_previews_it_and_a_click_places_there():
    async with placing_sparkle() as (app, pilot, how):
        row = app.part
        await pilot.hover(DiscoActionRow, offset=point(row, 1))  # the left half of Laser Show
        await pilot.pause()
        assert row.cursor == 0 and not app.of(DiscoActionRow.GapChosen)
        await pilot.hover(DiscoActionRow, offset=point(row, 1))  # over the new card now: it stays
        await pilot.pause()
        assert row.cursor == 0
        await pilot.click(DiscoActionRow, offset=point(row, 3, right=True))  # now Force Field's right half
        await pilot.pause()
        chosen = app.of(DiscoActionRow.GapChosen)
        assert [m.gap for m in chosen] == [2] and chosen[0].command.gap == 3
        await pilot.click(DiscoActionRow, offset=point(row, 6))  # an empty space: the end
        await pilot.pause()
        assert [m.gap for m in app.of(DiscoActionRow.GapChosen)] == [2, 2]


async def test_the_gap_a_pointer_stands_for_is_steady_under_the_preview():
    async with placing_sparkle() as (app, pilot, how):
        row = app.part
        edges = column_edges(row.content_size.width)
        for gap in how.gaps:
            row.cursor = gap
            shown = row.preview.spaces
            for column in range(6):
                left, right = edges[column] + 1, edges[column + 1] - 1
                if column >= len(shown):  # past the cards: the end
                    expected = (how.gaps[-1], how.gaps[-1])
                elif shown[column].new:  # the new card: its own gap, whichever half
                    expected = (gap, gap)
                else:  # another card: before it, or after it (where it is now)
                    expected = (shown[column].was - 1, shown[column].was)
                assert (row.gap_at(left), row.gap_at(right)) == expected, (gap, column)


async def test_without_a_card_to_place_the_keys_and_clicks_read_the_row_s_cards():
    ctl = mid_round()
    data = table_data(ctl.view(1))
    async with showing(DiscoActionRow(), data.row, size=SIZE) as (app, pilot):
        row = app.part
        await pilot.press("right", "enter", "3", "enter")
        await pilot.pause()
        highlighted = [m.card for m in app.of(DiscoActionRow.CardHighlighted)]
        assert highlighted == ["force_field#1", None]
        assert [m.card for m in app.of(DiscoActionRow.CardClicked)] == ["force_field#1"]
        await pilot.click(DiscoActionRow, offset=point(row, 1))
        await pilot.click(DiscoActionRow, offset=point(row, 5))  # empty: nothing
        await pilot.pause()
        assert [m.card for m in app.of(DiscoActionRow.CardClicked)] == ["force_field#1", "laser_show#1"]
        assert not app.of(DiscoActionRow.GapChosen) and not app.of(DiscoActionRow.Backed)


async def test_the_firing_space_and_the_cards_a_question_may_choose_are_marked():
    ctl = disco(players=[{"name": "Ana", "hand": ["sparkle"]}, {"name": "Ben"}],
                row=[{"card": "force_field", "seat": 1}] * 5, active=0)
    ctl.apply("place sparkle 4", 0)
    data = table_data(ctl.view(0))
    async with showing(DiscoActionRow(), data.row, size=SIZE) as (app, pilot):
        row = app.part
        lines = row_text(row)
        assert "4 ▶ now" in lines[0] and lines[0].count("▶") == 1
        assert "\n".join(lines).count("◆ a choice") == 6


async def test_a_placement_whose_effect_asks_says_so_and_draws_the_row_it_makes():
    """Spin Move swaps with the next card as it is placed; Disco Shuffle then asks a question."""
    view = mid_round(players=[{"name": "Ana", "hand": ["spin_move", "disco_shuffle"]},
                              {"name": "Ben", "hand": ["rocket"]}]).view(0)
    data = table_data(view)
    how = placing(view, "spin_move#1", data)
    async with showing(DiscoActionRow(), data.row, how, size=SIZE) as (app, pilot):
        row = app.part
        await pilot.press("1")
        top = row_text(row)[0]
        assert top.index("2 new") > top.index("1") and "Spin Move into space 1" in row.border_title
        assert "asks" not in str(row.border_title)
        row.show(data.row, placing(view, "disco_shuffle#1", data))
        await pilot.pause()
        assert "Disco Shuffle into space 3, then it asks you: select a card in the action row" \
            in str(row.border_title)
        assert "? then asks" in "\n".join(row_text(row))
