"""The Fractured Net table's widgets: what each draws, and what its keys and clicks post (every
command the legal one from the view)."""

from __future__ import annotations

from net_ui_support import blocking_position, net_game, net_position, showing

from shards_tui.games.fractured_net.commands import (Activate, Attack, Block, Confirm, End, Keep,
                                                     Mulligan, Pass, Play, Unblock, Withdraw)
from shards_tui.ui.tables.fractured_net.card_details import describe
from shards_tui.ui.tables.fractured_net.card_text import NetCardText
from shards_tui.ui.tables.fractured_net.combat_panel import NetCombat
from shards_tui.ui.tables.fractured_net.hand import NetHand
from shards_tui.ui.tables.fractured_net.meters import NetMeters
from shards_tui.ui.tables.fractured_net.mulligan import NetMulligan
from shards_tui.ui.tables.fractured_net.side import NetSide
from shards_tui.ui.tables.fractured_net.table_data import table_data
from shards_tui.ui.tables.fractured_net.turn_bar import NetTurnBar


def _main_position():
    return net_position({"hand": ["flare", "iron_bulwark"], "capacity": 3, "health": 21,
                         "resources": ["power_cell"],
                         "creatures": ["net_wolf", {"card": "fuse_rat", "sick": True, "damage": 1,
                                                    "gear": ["arc_gauntlet"]}, "cinder_hound"]},
                        {"creatures": ["iron_bulwark"], "hand": ["flare"]})


async def test_a_side_draws_each_creature_s_stats_keywords_equipment_and_state():
    data = table_data(_main_position().view(0))
    async with showing(NetSide(), data.near_side, size=(90, 12)) as (app, pilot):
        text = app.part.render().plain
        assert "Resources 1: Power Cell" in text
        assert "Net Wolf" in text and "3/2" in text and "Fuse Rat" in text and "5/2 ·1" in text
        assert "+Arc Gauntlet" in text and "Reckless" in text
        assert "must attack" in text and "sick" in text and "ready" in text
        assert app.part.border_title == "Your creatures"


async def test_a_side_s_keys_and_clicks_post_the_creature_and_its_legal_ability():
    ctl = net_position({"creatures": ["net_wolf", "scrap_golem"]})
    data = table_data(ctl.view(0))
    async with showing(NetSide(), data.near_side, size=(90, 12)) as (app, pilot):
        await pilot.press("right")
        assert app.of(NetSide.Highlighted)[-1].card == "scrap_golem#8"
        await pilot.press("enter")
        assert app.of(NetSide.Chosen)[-1].card == "scrap_golem#8"
        await pilot.press("a")
        assert not app.of(NetSide.Activated), "Scrap Golem has no ability to use"
        await pilot.click(NetSide, offset=(3, 2))  # the first cell, inside the border and padding
        assert app.of(NetSide.Chosen)[-1].card == "net_wolf#7"


async def test_a_uses_a_legal_ability_and_a_compact_side_has_two_lines_a_creature():
    able = "ember_sprite"  # 1 energy and tap: 1 damage to a random enemy
    ctl = net_position({"creatures": [able], "capacity": 5})
    data = table_data(ctl.view(0))
    command = data.near_side.creatures[0].activate
    assert command == Activate(seat=0, source=f"{able}#7")
    async with showing(NetSide(), data.near_side, size=(90, 12)) as (app, pilot):
        await pilot.press("a")
        assert app.of(NetSide.Activated)[-1].command == command
        app.part.add_class("-compact")
        await pilot.pause()
        assert len(app.part.render().plain.splitlines()) == 3, "a resources line and two per creature"


async def test_the_hand_marks_playable_cards_with_cost_against_energy_and_posts_the_play():
    data = table_data(_main_position().view(0))
    async with showing(NetHand(), data.hand, 4, size=(90, 8)) as (app, pilot):
        lines = [app.part.get_option_at_index(n).prompt.plain for n in range(2)]
        # (a cost is never written like power/defense: '2/4' beside 'Creature 3/2' misled)
        assert lines[0].startswith("▶ 2 energy  Flare") and lines[1].startswith("· 5 energy  Iron Bulwark")
        assert app.part.border_subtitle == "2 cards · 1 playable"
        await pilot.press("enter")
        played = app.of(NetHand.Played)[-1]
        assert played.command == Play(seat=0, card="flare") and played.card.startswith("flare#")
        await pilot.press("down")
        assert app.of(NetHand.Selected)[-1].card.startswith("iron_bulwark#")
        await pilot.press("enter")
        refused = app.of(NetHand.Played)[-1]
        assert refused.command is None and refused.why_not == "You have 4 energy; Iron Bulwark costs 5."


async def test_a_hand_not_the_viewer_s_says_it_is_hidden():
    data = table_data(_main_position().view(None))
    async with showing(NetHand(), data.hand, size=(60, 6)) as (app, pilot):
        assert app.part.note == "The hand is hidden." and not app.part.cards


async def test_the_meters_line_shows_health_energy_and_piles_and_narrows():
    data = table_data(_main_position().view(0))
    async with showing(NetMeters(), data.near_side, size=(120, 3)) as (app, pilot):
        text = app.part.text
        assert text.startswith("▶ Ana") and "Health 21/30" in text and "█" in text
        assert "Energy 4 (capacity 3)" in text and "Deck 6 · Hand 2 · Discard 0" in text
    async with showing(NetMeters(), data.near_side, size=(50, 3)) as (app, pilot):
        text = app.part.text
        assert "Health 21/30" in text and "Energy 4 (capacity 3)" in text and "█" not in text


async def test_declaring_attackers_by_number_all_and_confirm():
    ctl = net_position({"creatures": ["net_wolf", {"card": "scrap_golem", "sick": True}]})
    data = table_data(ctl.view(0))
    async with showing(NetCombat(), data, size=(90, 12)) as (app, pilot):
        panel = app.part
        assert panel.mode == "declaring"
        assert "[1] Net Wolf 3/2  ready" in panel.text and "[2] Scrap Golem 3/3  summoning sick" in panel.text
        await pilot.press("2")
        assert not app.of(NetCombat.Declared), "a sick creature is not offered"
        await pilot.press("1")
        assert app.of(NetCombat.Declared)[-1].command == Attack(seat=0, creature="net_wolf#7")
        await pilot.press("a")
        assert app.of(NetCombat.Declared)[-1].command == Attack(seat=0, creature="all")
        ctl.apply("attack net_wolf", 0)
        panel.show(table_data(ctl.view(0)))
        await pilot.pause()
        assert "[1] Net Wolf 3/2  attacking" in panel.text
        await pilot.press("1")
        assert app.of(NetCombat.Declared)[-1].command == Withdraw(seat=0, creature="net_wolf#7")
        await pilot.press("c")
        assert app.of(NetCombat.Confirmed)[-1].command == Confirm(seat=0)


async def test_assigning_blockers_with_keys_and_the_mouse_and_the_forecast_per_pairing():
    ctl = blocking_position()
    async with showing(NetCombat(), table_data(ctl.view(1)), size=(110, 14)) as (app, pilot):
        panel = app.part
        assert panel.mode == "blocking" and panel.current == "unstable_golem#7"
        assert "Unstable Golem 5/5: unblocked, 5 to you." in panel.text
        assert "[3] Iron Bulwark 4/6  tapped: cannot block" in panel.text
        await pilot.press("1")
        command = app.of(NetCombat.Assigned)[-1].command
        assert command == Block(seat=1, blocker="relay_courier#15", attacker="unstable_golem#7")
        ctl.apply(command)
        ctl.apply("block scrap_golem unstable_golem", 1)
        panel.show(table_data(ctl.view(1)))
        await pilot.pause()
        assert ("Unstable Golem 5/5: blocked by Relay Courier (takes 2, dies), Scrap Golem "
                "(takes 3, dies); it takes 4, survives.") in panel.text
        assert "Damage to you: 1." in panel.text
        await pilot.press("1")
        assert app.of(NetCombat.Assigned)[-1].command == Unblock(seat=1, blocker="relay_courier#15")
        await pilot.press("down")
        assert panel.current == "relay_courier#8"
        # a click on the third line of creatures (Iron Bulwark, tapped) sends nothing; on Scrap Golem's
        # line it takes its block back (it blocks the Golem)
        rows = [line.card for line, _ in panel._wrapped(panel.content_size.width)]
        y = rows.index("scrap_golem#16")
        await pilot.click(NetCombat, offset=(4, y + 1))
        assert app.of(NetCombat.Assigned)[-1].command == Unblock(seat=1, blocker="scrap_golem#16")
        await pilot.press("c")
        assert app.of(NetCombat.Confirmed)[-1].command == Confirm(seat=1)


async def test_the_attacker_watches_the_blocks_and_sends_nothing():
    ctl = blocking_position()
    ctl.apply("block scrap_golem unstable_golem", 1)
    async with showing(NetCombat(), table_data(ctl.view(0)), size=(110, 10)) as (app, pilot):
        assert app.part.mode == "watching" and "Ana attacks · Ben is blocking" in app.part.text
        assert "Scrap Golem" not in app.part.text  # the blocks show once they are confirmed
        for key in ("1", "c", "a", "enter"):
            await pilot.press(key)
        assert not app.posted or all(not hasattr(m, "command") for m in app.posted)


async def test_the_mulligan_panel_offers_keep_and_mulligan_and_keeps_the_choice_secret():
    ctl = net_game()
    data = table_data(ctl.view(0))
    async with showing(NetMulligan(), data.mulligan, data.hand, size=(90, 10)) as (app, pilot):
        assert "Your hand: " in app.part.text and "k: keep these 7 cards" in app.part.text
        await pilot.press("k")
        assert app.of(NetMulligan.Decided)[-1].command == Keep(seat=0)
        await pilot.press("m")
        assert app.of(NetMulligan.Decided)[-1].command == Mulligan(seat=0)
        lines = [line.plain for line in app.part.lines()]
        await pilot.click(NetMulligan, offset=(3, 1 + lines.index("k: keep these 7 cards")))
        assert app.of(NetMulligan.Decided)[-1].command == Keep(seat=0)
        ctl.apply("mulligan", 0)
        app.part.show(table_data(ctl.view(0)).mulligan, table_data(ctl.view(0)).hand)
        await pilot.pause()
        assert "waiting for your opponent" in app.part.text and "Ana took a mulligan" in app.part.text
    ben = table_data(ctl.view(1))
    async with showing(NetMulligan(), ben.mulligan, ben.hand, size=(90, 10)) as (app, pilot):
        assert "Ana decided" in app.part.text and "mulligan" not in app.part.text.split("Ana")[-1]


async def test_the_turn_bar_says_what_is_awaited_and_ends_the_turn_or_passes():
    ctl = net_position({"creatures": ["scrap_golem"]}, {"hand": ["predictive_strike"], "capacity": 5},
                       timer=60)
    async with showing(NetTurnBar(), table_data(ctl.view(0), remaining=42), size=(90, 3)) as (app, pilot):
        assert app.part.text.startswith("Turn 3 · your turn · main phase") and "0:42 left" in app.part.text
        assert "end your turn (e)" in app.part.text
        ctl.apply("attack scrap_golem", 0)
        app.part.show(table_data(ctl.view(0)))
        await pilot.pause()
        assert "Declare your attackers in the combat panel, then confirm (c)." in app.part.text
        ctl.undo(0)
        app.part.show(table_data(ctl.view(0)))
        await pilot.pause()
        app.part.action_end()  # (the screen binds e and p to these)
        await pilot.pause()
        assert app.of(NetTurnBar.Ended)[-1].command == End(seat=0)
        app.part.action_pass()
        await pilot.pause()
        assert not app.of(NetTurnBar.Passed)
    ctl.apply("attack scrap_golem", 0)
    ctl.apply("confirm", 0)
    async with showing(NetTurnBar(), table_data(ctl.view(1)), size=(110, 3)) as (app, pilot):
        assert "Response window after attackers were declared. You may play a Response" in app.part.text
        app.part.action_pass()
        await pilot.pause()
        assert app.of(NetTurnBar.Passed)[-1].command == Pass(seat=1)
        await pilot.click(NetTurnBar, offset=(3, 1))
        assert len(app.of(NetTurnBar.Passed)) == 2
    async with showing(NetTurnBar(), table_data(ctl.view(1)), size=(80, 3)) as (app, pilot):
        # at 80 columns the long sentence lost its '(p)': the short one keeps it whole
        assert app.part.text.splitlines()[1] == (
            "After attackers were declared: you may play a Response, or pass. (p)")
        app.part.action_end()
        await pilot.pause()
        assert not app.of(NetTurnBar.Ended)


async def test_the_card_text_panel_shows_the_text_where_it_is_and_the_keywords_explained():
    data = table_data(_main_position().view(0))
    rat = next(c for c in data.near_side.creatures if c.card == "fuse_rat")
    async with showing(NetCardText(), describe(data, rat.id), size=(70, 14)) as (app, pilot):
        text = app.part.text
        assert text.startswith("Fuse Rat") and "Your creature" in text and "with 1 damage" in text
        assert "Volatile: When it dies" in text and "equipped with Arc Gauntlet" in text
    hand = data.hand[1]
    details = describe(data, hand.id)
    assert details.where == "in your hand" and details.notes == ("You have 4 energy; Iron Bulwark costs 5.",)
    assert describe(table_data(_main_position().view(1)), hand.id) is None


async def test_every_card_on_a_side_can_be_read_by_keys_the_opponent_s_too():
    """A creature's cell names its Enter/Death abilities (no blank '—'); up from the creatures
    reaches the resources and unattached equipment; a creature's text includes the whole
    text of the equipment attached to it."""
    from shards_tui.ui.tables.fractured_net.card_details import describe
    from shards_tui.ui.tables.fractured_net.card_text import details_content

    ctl = net_position({}, {"creatures": ["memory_keeper", {"card": "scrap_golem",
                                                            "gear": ["quill_of_recall"]}],
                            "resources": ["power_cell"], "gear": ["field_generator"]})
    data = table_data(ctl.view(0))
    theirs = data.far_side
    async with showing(NetSide(), theirs, size=(90, 12)) as (app, pilot):
        text = app.part.render().plain
        assert "Death: Draw 1 card." in text and "—" not in text
        await pilot.press("up")  # from the first row of creatures to the line above
        highlighted = [m.card for m in app.of(NetSide.Highlighted)]
        await pilot.press("right")
        highlighted += [m.card for m in app.of(NetSide.Highlighted)]
        await pilot.press("enter")
        chosen = app.of(NetSide.Chosen)[-1].card
    names = [describe(data, i).words.name for i in highlighted]
    assert "Power Cell" in names and "Field Generator" in names
    assert describe(data, chosen).words.name == "Field Generator"
    assert "Ben's" in describe(data, chosen).where
    golem = next(c for c in theirs.creatures if c.name == "Scrap Golem")
    words = details_content(describe(data, golem.id)).plain
    assert "Equipped: Quill of Recall" in words and "Persistent" in words


async def test_a_compact_creature_line_cut_to_its_cell_ends_with_an_ellipsis():
    """Played at 80x24 (issue 33): 'must attack ready Reckles' was cut with no sign that more was
    there; the line now ends with '…', and i (inspect) reads the creature whole."""
    ctl = net_position({"creatures": ["rift_berserker"]})
    data = table_data(ctl.view(0))
    async with showing(NetSide(), data.near_side, size=(90, 12)) as (app, pilot):
        app.part.add_class("-compact")
        await pilot.pause()
        line = app.part.render().plain.splitlines()[2].rstrip()
        assert line.startswith("must attack") and line.endswith("…")
        details = describe(data, data.near_side.creatures[0].id)
        assert "Reckless, Volatile" in details.notes  # (the card text panel and i show them)
