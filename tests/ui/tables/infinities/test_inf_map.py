"""The Infinities table's map, played with the keys and the mouse: stepping out of the Rift and
turning the first tile before placing it, moving, Power on a leader in reach, and every choice
the rules refuse said in one line with nothing changed."""

from __future__ import annotations

import pytest

from inf_ui_support import app_for, new_game, position, said, screen_text, settle, table

from shards_tui.core.hex import Hex
from shards_tui.ui.tables.infinities.discovery import InfDiscovery
from shards_tui.ui.tables.infinities.hand import InfHand
from shards_tui.ui.tables.infinities.tray import InfDiceTray
from shards_tui.ui.widgets.hex_grid import HexGridView


async def test_the_first_tile_is_chosen_turned_seen_and_placed_with_the_keys() -> None:
    ctl = new_game(2)
    app = app_for(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = table(app)
        board = screen.query_one(HexGridView)
        assert screen.focused is board and board.cursor == Hex(0, 0)
        await pilot.press("8", "enter")  # north of the Rift: step out
        await settle(pilot)
        assert [h.text for h in ctl.history] == ["move n"]
        picker = screen.query_one(InfDiscovery)
        assert screen.focused is picker and picker.tile is not None
        first_rot = picker.rot
        drawn: list[int] = []
        line = InfDiscovery.render_line

        def noting(widget, y):
            drawn.append(y)
            return line(widget, y)

        InfDiscovery.render_line = noting  # type: ignore[method-assign]
        try:
            await pilot.press("right")  # the next turn that fits
            await settle(pilot)
        finally:
            InfDiscovery.render_line = line  # type: ignore[method-assign]
        tile, rot = picker.tile, picker.rot
        assert set(drawn) == {picker.highlighted}, drawn  # the turned tile's row alone (every
        # tile's row was drawn again)
        assert f"turned {rot}:" in str(picker.get_option_at_index(picker.highlighted).prompt)
        assert rot != first_rot or len(picker.tiles[tile]) == 1
        face = board.faces[Hex(0, -1)]
        from shards_tui.core.hex import rotate_edges
        from shards_tui.games.infinities.content import content

        assert face.walls == rotate_edges(content().tiles[tile].walls, rot)  # the map shows it
        assert face.open == frozenset({3})  # the edge back to the Rift: the path stays open
        assert 3 not in face.walls
        await pilot.press("enter")
        await settle(pilot)
        assert ctl.state.tiles["0,-1"].tile == tile and ctl.state.tiles["0,-1"].rot == rot
        assert ctl.state.players[0].at == "0,-1"


async def test_moves_and_power_on_the_map_and_the_refusals_change_nothing() -> None:
    # Ana (Orun) on the Gale Spire (walls ne, sw) with two Fortitude and a Power to spend.
    ctl = position(dice=["fortitude", "fortitude", "power", "tide"])
    app = app_for(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = table(app)
        board = screen.query_one(HexGridView)
        assert board.cursor == Hex(0, -1)  # on Ana's pawn
        assert "⚔" in "".join(t for t, _ in board.faces[Hex(0, -2)].lines)  # Ben is in reach
        before = ctl.state_json()
        await pilot.press("1", "enter")  # south-west, across the Gale Spire's wall
        await settle(pilot)
        assert "wall" in said(app) and ctl.state_json() == before
        await pilot.press("8", "8", "enter")  # two spaces away: not one move
        await settle(pilot)
        assert "Out of reach" in said(app) and ctl.state_json() == before
        await pilot.click(HexGridView, offset=(1, 1))  # the corner: no hex of the map there
        await settle(pilot)
        assert "Off the map" in said(app) and ctl.state_json() == before
        await pilot.press("c")  # back to Ana's pawn
        await pilot.press("8", "enter")  # Ben, in reach: 1 Power, 1 damage
        await settle(pilot)
        assert [h.text for h in ctl.history] == ["damage ben"]
        assert ctl.state.players[1].damage == 1
        cx, cy = board.hex_region(Hex(0, 0)).center  # a click on the Rift, south: a move there
        left, top = board.margins
        at = (board.content_region.x + left + cx - board.scroll_offset.x,
              board.content_region.y + top + cy - board.scroll_offset.y)
        await pilot.click(offset=at)
        await settle(pilot)
        assert [h.text for h in ctl.history][-1] == "move s" and ctl.state.players[0].at == "0,0"


async def test_a_leader_out_of_reach_is_refused_in_one_line() -> None:
    # Ben stands on the Lumen Market, south of the Rift: two tiles from Ana, whose reach is 1.
    ctl = position(ben={"at": "0,1"}, dice=["power", "power", "tide", "tide"])
    app = app_for(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        before = ctl.state_json()
        await pilot.press("2", "2", "enter")
        await settle(pilot)
        assert "not in your reach" in said(app) and ctl.state_json() == before


async def test_a_terminal_shrunk_to_40x12_mid_discovery_keeps_the_question() -> None:
    ctl = new_game(2)
    app = app_for(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("8", "enter")
        await settle(pilot)
        assert ctl.state.pending is not None and ctl.state.pending.kind == "discover"
        await pilot.resize_terminal(40, 12)
        await settle(pilot)
        await pilot.press("enter", "right")  # the too-small notice takes no move
        await settle(pilot)
        assert ctl.state.pending is not None and ctl.state.pending.kind == "discover"
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        lines = [t for t, _ in table(app).query_one(HexGridView).faces[Hex(0, -1)].lines]
        assert any(t.startswith("turn ") and len(t) <= 7 for t in lines), lines  # the small hex
        await pilot.press("enter")
        await settle(pilot)
        assert ctl.state.pending is None and "0,-1" in ctl.state.tiles


async def test_a_discovery_mid_turn_has_the_whole_width_below_the_map() -> None:
    # the dice wait while the tile is chosen: the picker takes their place, wide enough to say
    # each tile's walls and how many turns of it fit. It is the lower row's other page: opening
    # it and closing it scroll the row and lay nothing out (a layout hid and showed the parts).
    ctl = position(dice=["fortitude", "fortitude", "power", "tide"])
    app = app_for(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = table(app)
        parts, layouts = list(screen.walk_children()), screen.layouts
        draws = []
        draw = screen.map.draw
        screen.map.draw = lambda *args: draws.append(args) or draw(*args)
        await pilot.press("3", "enter")  # south-east of the Gale Spire: an empty space
        await settle(pilot)
        del screen.map.draw
        assert len(draws) == 1  # the view's draw previews the list's first tile (the list's
        # message asking for that same tile made the map's faces again)
        await pilot.press("u")  # taken back: the dice and the hand again
        await settle(pilot)
        assert ctl.state.pending is None and "─ Your hand" in screen_text(app)
        screen.query_one(HexGridView).focus()
        await pilot.press("3", "enter")
        await settle(pilot)
        assert ctl.state.pending is not None and ctl.state.pending.kind == "discover"
        assert screen.layouts == layouts and "─ Your hand" not in screen_text(app)
        await pilot.press("tab", "h")  # the hand, out of sight, takes no keys: the line says why
        await settle(pilot)
        assert not isinstance(screen.focused, InfHand) and "Place the discovered" in said(app)
        screen.query_one(InfDiscovery).focus()
        # the footer lost End turn (a question is no turn to end) by repainting its row: no
        # widget was mounted or taken off (a widget a key, built again, was half the key's time)
        assert "End turn" not in screen_text(app).splitlines()[-1]
        assert list(screen.walk_children()) == parts
        assert "─ Dice" not in screen_text(app)  # (the dice are on the lower row's other page)
        picker = screen.query_one(InfDiscovery)
        assert picker.size.width >= 70 and "fit)" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert [h.text for h in ctl.history][-1].startswith("discover")  # (Orun's gambit asks next)
        tray = screen.query_one(InfDiceTray)
        assert tray.display and "─ Dice" in screen_text(app)
        # Shown again, the dice were painted whole by that frame: the next move sends the
        # rows of the die it spends, not the tray's whole area marked while it was hidden.
        await pilot.press("down", "enter")  # the gambit: skip
        await settle(pilot)
        sent: list[int] = []
        exchange = tray._exchange_repaint_regions

        def noting():
            regions = exchange()
            sent.extend(y for region in regions for y in range(region.y, region.bottom))
            return regions

        tray._exchange_repaint_regions = noting  # type: ignore[method-assign]
        await pilot.press("m", "c", "7", "enter")  # back north-west, a Fortitude die spent
        await settle(pilot)
        assert ctl.history[-1].text == "move nw"
        assert sent and len(set(sent)) <= 3, sorted(set(sent))


def test_a_hex_chosen_before_the_dice_says_what_comes_first() -> None:
    from shards_tui.ui.tables.infinities.choosing import on_hex
    from shards_tui.ui.tables.infinities.table_data import targets

    ctl = new_game(2)
    while ctl.state.flow.phase != "choose_leader":
        ctl.apply(ctl.legal_commands(ctl.who_must_act())[0])
    view = ctl.view(ctl.who_must_act())
    outcome = on_hex(view, targets(view), Hex(0, 0))
    assert outcome.say == "The map's moves come with your turn's dice; first choose your leader."
    assert not outcome.send


def test_a_small_hex_says_its_tile_in_signs_the_map_key_explains() -> None:
    # at 80x24 the hexes showed names cut to five letters ('The R', 'Sunke') and 'Rif 2'
    from shards_tui.games.infinities.content import content
    from shards_tui.ui.tables.infinities.card_text import map_key
    from shards_tui.ui.tables.infinities.map_data import TYPE_GLYPHS, faces, short_name
    from shards_tui.ui.tables.infinities.table_data import Targets, looks

    tiles = content().tiles.values()
    names = {t.name for t in tiles}
    assert len({short_name(n) for n in names}) == len(names)  # each decodes to one tile
    assert all(len(short_name(n)) <= 5 for n in names)
    assert short_name("Sunken Steppe") == "SunkS" and short_name("The Rift") == "Rift"
    assert {t.type for t in tiles} <= set(TYPE_GLYPHS)
    view = position().view(0)
    drawn = faces(view, looks(view), Targets(), size=2)
    for tile in view.tiles:
        rows = [text for text, _style in drawn[Hex(*map(int, tile.hex.split(",")))].lines]
        assert rows[0] == short_name(tile.name)
        assert f"{TYPE_GLYPHS[tile.type]} {tile.influence}" in rows  # under the pawn, if any
    key = map_key(view)
    assert key.title == "Map key" and "♣ Wild" in key.text and "◎ Rift" in key.text
    for tile in view.tiles:
        assert f"{short_name(tile.name):<6}{tile.name}: " in key.text


async def test_k_opens_the_map_key_over_the_table_at_80x24() -> None:
    from shards_tui.ui.screens.reading import CardTextScreen

    app = app_for(position())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 5)
        board = table(app)
        assert board.hex_size == 2 and any(h.key == "k" for h in board._hints(board.view, 0))
        await pilot.press("k")
        await settle(pilot)
        assert isinstance(app.screen, CardTextScreen) and app.screen.card.title == "Map key"
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is board


@pytest.mark.parametrize("first, burst", [
    ("tray", ("m", "c", "8")),  # m gives the map the keys: the c and 8 that came with it are its
    ("map", ("8", "c", "8")),  # north, the pawn, north: a map key overtook the table's c before
])
async def test_keys_that_come_in_one_burst_act_in_order_where_the_keys_are(first, burst) -> None:
    # Over SSH keys often arrive together; each must act as if typed one by one.
    from textual import events

    ctl = position(dice=["fortitude", "fortitude", "power", "tide"])
    app = app_for(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = table(app)
        board = screen.query_one(HexGridView)
        (board if first == "map" else screen.query_one(InfDiceTray)).focus()
        await settle(pilot)
        for key in burst:
            app.post_message(events.Key(key, key))
        await settle(pilot)
        assert screen.focused is board
        assert board.cursor == Hex(0, -2)  # north of Ana's pawn, on Ben's tile
