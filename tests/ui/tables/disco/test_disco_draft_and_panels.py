"""The draft panel, the meters, the piles, the card text and the board that holds the rows."""

from __future__ import annotations

from disco_ui_support import PartApp, disco, mid_round, showing

from shards_tui.games.disco.cards import card_def
from shards_tui.games.disco.commands import Draft, Pass
from shards_tui.games.disco.text import card_lines
from shards_tui.ui.tables.disco.action_row import DiscoActionRow
from shards_tui.ui.tables.disco.board import DiscoBoard
from shards_tui.ui.tables.disco.card_details import describe
from shards_tui.ui.tables.disco.card_text import DiscoCardText
from shards_tui.ui.tables.disco.draft import DiscoDraft
from shards_tui.ui.tables.disco.meters import DiscoMeters
from shards_tui.ui.tables.disco.paint import column_edges
from shards_tui.ui.tables.disco.piles import DiscoPiles
from shards_tui.ui.tables.disco.placement import placing
from shards_tui.ui.tables.disco.table_data import table_data
from tests.games.disco.conftest import new_disco


def lines(widget) -> list[str]:
    return [widget.render_line(y).text.rstrip() for y in range(widget.content_size.height)]


def drafting():
    ctl = new_disco(seed=3)
    return ctl, ctl.who_must_act()


async def test_the_draft_shows_the_three_offered_cards_side_by_side_and_keeps_one():
    ctl, seat = drafting()
    draft = table_data(ctl.view(seat)).draft
    async with showing(DiscoDraft(), draft,
                       size=(90, 12), css="DiscoDraft { height: 12; }") as (app, pilot):
        panel = app.part
        shown = lines(panel)
        assert shown[0] == draft.prompt
        first = next(line for line in shown[1:] if draft.offer[0].name in line)
        assert all(card.name[:8] in first for card in draft.offer)  # side by side
        assert "1 ▼ keep?" in shown[1]
        await pilot.press("right", "3", "left", "enter")
        await pilot.pause()
        assert [m.card for m in app.of(DiscoDraft.Highlighted)] == \
            [draft.offer[1].id, draft.offer[2].id, draft.offer[1].id]
        picked = app.of(DiscoDraft.Picked)
        assert [(m.index, m.card) for m in picked] == [(2, draft.offer[1].id)]
        assert picked[0].command == draft.keep_command(2) and ctl.view(seat).is_legal(picked[0].command)
        edges = column_edges(panel.content_size.width, 3)
        await pilot.click(DiscoDraft, offset=(edges[2] + 4, 4))  # the third box
        await pilot.pause()
        assert [m.index for m in app.of(DiscoDraft.Picked)] == [2, 3]
        await pilot.press("d", "p")  # not legal now: nothing
        await pilot.pause()
        assert not app.of(DiscoDraft.Taken) and not app.of(DiscoDraft.Passed)


async def test_the_other_player_sees_only_that_a_draft_is_on():
    ctl, seat = drafting()
    draft = table_data(ctl.view(1 - seat)).draft
    async with showing(DiscoDraft(), draft,
                       size=(90, 12), css="DiscoDraft { height: 12; }") as (app, pilot):
        panel = app.part
        text = "\n".join(lines(panel))
        assert text.strip() == f"{draft.drafter} is drafting: only they see the cards."
        await pilot.press("enter", "1", "d", "p")
        await pilot.click(DiscoDraft, offset=(10, 4))
        await pilot.pause()
        assert app.posted == []


async def test_an_optional_draft_cycle_is_taken_or_passed_by_key_or_click():
    draft = table_data(disco(phase="draft", round=2, first=0).view(0)).draft
    async with showing(DiscoDraft(), draft,
                       size=(90, 12), css="DiscoDraft { height: 12; }") as (app, pilot):
        panel = app.part
        shown = lines(panel)
        take = next(y for y, line in enumerate(shown) if "take three cards" in line)
        assert "pass" in shown[take + 1]
        await pilot.press("d", "p", "enter")
        top = panel.content_offset.y - panel.region.y
        await pilot.click(DiscoDraft, offset=(4, top + take + 1))  # the 'pass' line
        await pilot.click(DiscoDraft, offset=(4, top + take))  # the 'take' line
        await pilot.pause()
        assert [m.command for m in app.of(DiscoDraft.Taken)] == [Draft(seat=0)] * 2
        assert [m.command for m in app.of(DiscoDraft.Passed)] == [Pass(seat=0)] * 2
        assert not app.of(DiscoDraft.Picked)


async def test_meters_keep_the_numbers_as_the_line_narrows():
    ben, ana = table_data(mid_round().view(0)).meters
    for width, faction, bars in ((140, True, True), (80, False, True), (60, False, False)):
        app = PartApp(DiscoMeters(), css=f"DiscoMeters {{ width: {width}; }}")
        async with app.run_test(size=(width, 3)) as pilot:
            meters = app.part
            meters.show(ana)
            await pilot.pause()
            text = meters.text
            assert text.startswith("▶ Ana") and meters.has_class("-acting")
            assert "Shields 17/30" in text and "Research 3/10" in text and "Tokens 3, lead -2/15" in text
            assert ("Dr. Blazimir Funkovich" in text) == faction and ("█" in text) == bars
            meters.show(ben)
            await pilot.pause()
            head = "  Ben · Captain Blackstar · places first  " if faction else "  Ben  Shields"
            assert meters.text.startswith(head)
            assert not meters.has_class("-acting")


async def test_piles_count_both_players_and_the_trash_is_browsable():
    piles = table_data(mid_round().view(0)).piles
    async with showing(DiscoPiles(), piles, size=(50, 14)) as (app, pilot):
        panel = app.part
        text = panel.text
        assert "You: draw 0 · discard 0 · hand 3" in text and "Ben: draw 1 · discard 0 · hand 1" in text
        assert "Draft deck" in text and "Trash 2 (newest first):" in text
        assert panel.focus_trash()
        await pilot.press("down")
        await pilot.pause()
        assert [m.card for m in app.of(DiscoPiles.TrashHighlighted)] == [c.id for c in piles.trash]
        empty = table_data(mid_round(trash=[]).view(0)).piles
        panel.show(empty)
        await pilot.pause()
        assert "Trash 0: empty" in panel.text and not panel.focus_trash()


async def test_the_card_text_is_the_game_s_generated_text_with_where_the_card_is():
    data = table_data(mid_round().view(0))
    satellite = data.orbits[1].spaces[1].stack[0]
    async with showing(DiscoCardText(), describe(data, satellite.id),
                       size=(60, 12)) as (app, pilot):
        panel = app.part
        shown = panel.text.splitlines()
        assert shown[:3] == ["Research Satellite", "Satellite · Dr. Blazimir Funkovich",
                             "your satellite in orbit space 2, 1 of 2 stacked · 3 power tokens"]
        assert shown[3:] == card_lines(card_def("research_satellite"))
        panel.show(None)
        await pilot.pause()
        assert panel.text.startswith("Select a card")


async def test_the_board_lines_up_its_rows_and_gives_the_draft_the_row_s_place():
    ctl = mid_round()
    view = ctl.view(0)
    data = table_data(view)
    async with showing(DiscoBoard(), data, placing(view, data.hand[1].id, data),
                       size=(80, 20), css="DiscoBoard { height: 1fr; }") as (app, pilot):
        board = app.part
        row, far, near = board.action_row, board.orbit(near=False), board.orbit(near=True)
        assert row.display and not board.draft.display and row.preview.card.name == "Sparkle"
        assert (far.orbit.name, near.orbit.name) == ("Ben", "Ana")
        assert far.region.y < row.region.y < near.region.y
        assert far.content_region.x == row.content_region.x == near.content_region.x
        assert far.content_region.width == row.content_region.width == near.content_region.width
        row.focus()
        await pilot.press("left")
        await pilot.pause()
        assert app.of(DiscoActionRow.GapHighlighted)[-1].preview.gap == 1  # up through the board
        ctl2, seat = drafting()
        board.show(table_data(ctl2.view(seat)))
        await pilot.pause()
        assert board.draft.display and not row.display
