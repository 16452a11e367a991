"""A long question fits the table: its list scrolls and the action row stays on screen."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from tests.ui.tables.shards.shards_ui_support import TableApp, build, scenario, screen_text, settle

from shards_tui.ui.widgets.key_hints import KeyHints
from shards_tui.ui.widgets.decision import ChoiceList, DecisionPanel
from shards_tui.ui.tables.shards.hand import HandView
from shards_tui.ui.tables.shards.player_panel import DIVIDER, PackedLine, all_relic_items, row_text

# Three players, champions on every side (tall panels) and Shadow Apostle in hand: banishing
# from hand or discard pile asks a question with 21 options.
CROWDED = [
    {"name": "Ana", "hand": ["shadow_apostle", "blaster"] + ["crystal"] * 5,
     "discard": ["crystal"] * 15, "in_play": ["kiln_drone", "crystal"],
     "champions": ["numeri_drones", "optio_crusher", "primus_pilus"]},
    {"name": "Ben", "hand": ["crystal"],
     "champions": ["drakonarius", "evokatus", "general_decurion", "additri_gaiamancer",
                   "fao_cutul_the_formless", "li_hin_the_shattered"]},
    {"name": "Cid", "hand": ["crystal"], "champions": ["systema_ai", "giga_source_adept"]},
]
# The same question at 80x24, with no champions out (those would fill a small terminal).
PLAIN = [dict(CROWDED[0], champions=[], in_play=[]), {"name": "Ben", "hand": ["crystal"]},
         {"name": "Cid", "hand": ["crystal"]}]


@pytest.mark.parametrize("size, players", [((120, 40), CROWDED), ((80, 24), PLAIN)])
async def test_a_long_question_leaves_the_action_row_on_screen(size, players) -> None:
    ctl = scenario(players)
    app = TableApp(ctl, hotseat=False, seat=0)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.press("p")  # Shadow Apostle
        await settle(pilot, 5)
        assert len(ctl.view(0).pending.options) == 21
        table = app.screen
        screen = table.region
        actions = table.query_one(KeyHints)
        assert screen.contains_region(actions.region), (actions.region, screen_text(app))
        assert "Answer the question" in screen_text(app)
        panel = table.query_one(DecisionPanel)
        choices = panel.query_one(ChoiceList)
        below = table.query_one("#status") if size == (120, 40) else table.query_one("#resources")
        assert panel.region.bottom <= below.region.y  # above, not under (at 80x24 the status
        # line makes room for the options: the log has the last move)
        assert choices.region.height >= 2  # some options show; the rest scroll
        assert choices.max_scroll_y > 0
        assert "Choose at most one option" in screen_text(app)  # the rule is not pushed out
        panel.focus_choices()
        for _ in range(20):
            await pilot.press("down")
        await settle(pilot)
        assert choices.highlighted == 20
        assert "Crystal (discard pile)" in screen_text(app)
        await pilot.press("space", "enter")  # the last option can be chosen
        await settle(pilot)
        assert ctl.view(0).pending is None
        assert len(ctl.view(0).players[0].banished) == 1


async def test_a_short_question_takes_only_the_rows_it_needs() -> None:
    ctl = scenario([{"name": "Ana", "hand": ["shadow_apostle", "blaster"]},
                    {"name": "Ben", "hand": ["crystal"]}])
    app = TableApp(ctl, hotseat=False, seat=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot, 5)
        panel = app.screen.query_one(DecisionPanel)
        # border, prompt, one option, the rule and the buttons: no empty rows
        assert panel.region.height == 2 + 1 + 1 + 1 + 1
        assert app.screen.query_one("#hand").region.height > 4


def test_a_divider_is_shown_between_numbers_and_dropped_where_a_line_wraps() -> None:
    line = PackedLine()
    line._items = [[("♥ 50 health", "")], [DIVIDER, ("deck 5, discard 0", "")]]
    assert [row_text(row, 60) for row in line._lines(60)] == ["♥ 50 health  │ deck 5, discard 0"]
    assert [row_text(row, 20) for row in line._lines(20)] == ["♥ 50 health", "deck 5, discard 0"]
    assert [row_text(row, 17) for row in line._lines(17)] == ["♥ 50 health", "deck 5, discard 0"]


def _divided(rows: list[str], names: tuple[str, ...]) -> bool:
    """Each name that does not begin its row follows '  │ '; no row begins with '│'."""
    for row in rows:
        if row.startswith("│"):
            return False
        for name in names:
            at = row.find(name)
            if at > 0 and row[at - 4:at] != "  │ ":
                return False
    return True


def test_every_players_relics_keep_their_divider_when_a_line_is_cut_or_wraps() -> None:
    """Several players' relics on one line cut to its max-height: the players carried up from
    the lines below are still divided by '│', not by a bare gap."""
    from textual.css.scalar import Scalar

    players = [SimpleNamespace(name=name, relics=relics, eliminated=False)
               for name, relics in (("Ben", "Entropic Talons / Datic Robes"),
                                    ("Cid", "Panconscious Crown"), ("Dee", "Terminal Crescents"))]
    line = PackedLine()
    line._items = all_relic_items(players)
    for width in (12, 30, 44, 60, 200):
        for most in ("1", None):
            line.styles.max_height = None if most is None else Scalar.parse(most)
            line._fit = None
            rows = [row_text(row, width) for row in line._fitted(width)]
            assert rows[0].startswith("relics Ben"), rows
            assert _divided(rows, ("Cid: ", "Dee: ")), (width, most, rows)
    line.styles.max_height = None
    line._fit = None
    assert [row_text(row, 200) for row in line._fitted(200)] == [
        "relics Ben: Entropic Talons / Datic Robes  │ Cid: Panconscious Crown  │ Dee: Terminal Crescents"]


async def test_at_80x24_the_hand_keeps_rows_beside_champions_and_a_long_played_line() -> None:
    from shards_tui.ui.tables.shards.hand import HandView
    from shards_tui.ui.tables.shards.play_zone import PlayZone

    champions = ["drakonarius", "evokatus", "general_decurion", "numeri_drones", "optio_crusher"]
    ctl = scenario([{"name": "Ana", "hand": ["crystal", "blaster", "crystal", "crystal"],
                     "in_play": ["crystal", "blaster", "shard_reactor"] * 2, "champions": champions},
                    {"name": "Ben", "hand": ["crystal"], "champions": ["systema_ai"]},
                    {"name": "Cid", "hand": ["crystal"]}])
    app = TableApp(ctl, hotseat=False, seat=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.screen
        hand = table.query_one(HandView)
        assert hand.content_region.height >= 2, screen_text(app)
        assert table.query_one(PlayZone).region.height <= 3
        assert table.region.contains_region(table.query_one(KeyHints).region)
        await pilot.press("x")  # exhaust: which champion? The last one can be reached
        await settle(pilot)
        await pilot.press(*["down"] * 4)
        await settle(pilot)
        assert "Optio Crusher" in screen_text(app)  # (in the card panel)
        text = screen_text(app)  # every opponent and their champion show, none scrolled away
        assert "Ben (" in text and "champions Systema A.I. def 4" in text and "Cid (" in text


def test_a_narrow_center_card_names_its_kind_as_fully_as_it_fits() -> None:
    from shards_tui.games.shards.cards import card_db
    from shards_tui.ui.tables.shards.describe import card_info

    cards = card_db(("base",))
    merc = card_info("scion_of_nothingness#1", cards, zone="center")
    assert merc.kind_forms() == ("Wraethe mercenary", "Wraethe merc", "W mercenary", "W merc")
    fits = [next(k for k in merc.kind_forms() if len(k) <= w) for w in (20, 12, 11, 6)]
    assert fits == ["Wraethe mercenary", "Wraethe merc", "W mercenary", "W merc"]


def test_a_packed_line_over_its_max_height_uses_short_forms_then_an_ellipsis() -> None:
    from textual.css.scalar import Scalar

    line = PackedLine()
    line.styles.max_height = Scalar.parse("1")
    line._items = [[("♥ 50 health", "")], [("✦ 3 mastery", "")], [("hand 5", "")]]
    line._short = [[("♥ 50", "")], [("✦ 3", "")], [("hand 5", "")]]

    def shown(width: int) -> list[str]:
        return [row_text(row, width) for row in line._fitted(width)]

    assert shown(40) == ["♥ 50 health  ✦ 3 mastery  hand 5"]  # it fits: the long forms
    assert shown(20) == ["♥ 50  ✦ 3  hand 5"]  # two lines long, one line short
    assert shown(12) == ["♥ 50  ✦ 3  …"]  # the rest is marked, not silently cut
    assert shown(14) == ["♥ 50  ✦ 3  ha…"]  # as much as fits
    line.styles.max_height = None
    assert len(shown(20)) == 2  # no limit: the long forms wrap
    line.styles.max_height = Scalar.parse("1")
    line._items = [[("gems 4", "")], [("♥ 50 health", "")], [("relics A long relic name", "")]]
    line._short = [[("gems 4", "")], [("♥ 50", "")], [("relics A long relic name", "")]]
    assert shown(22) == ["gems 4  ♥ 50 health  …"]  # as many items whole either way: words
    assert shown(30) == ["gems 4  ♥ 50 health  relics A…"]


async def test_at_80x24_four_players_leave_the_whole_hand_on_screen() -> None:
    from shards_tui.ui.tables.shards.hand import HandView
    from shards_tui.ui.tables.shards.player_panel import OpponentPanel

    ctl = build({"kind": "new", "players": [{"name": n} for n in ("Ana", "Ben", "Cid", "Dee")],
                 "seed": 3})
    seat = ctl.who_must_act()
    app = TableApp(ctl, hotseat=False, seat=seat)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.screen
        text = screen_text(app)
        panels = list(table.query(OpponentPanel))
        assert len(panels) == 3 and all(p.region.height == 1 for p in panels), text
        assert text.count("hand 5 · deck 5 · discard 0") == 3 and "♥ 50  ✦" in text
        hand = table.query_one(HandView)
        assert len(hand.cards) == 5
        assert hand.max_scroll_y == 0 and hand.content_region.height >= 5, text  # all in sight
        assert table.region.contains_region(table.query_one(KeyHints).region)
        await pilot.resize_terminal(120, 40)  # a tall screen has room for every word
        await settle(pilot)
        assert "♥ 50 health" in screen_text(app)


async def test_the_command_list_and_the_key_list_show_and_scroll_at_80x24() -> None:
    """':help' listed nothing (its box had no width) and '?' cut its list off with no way to
    scroll; both now show their rows and reach the last one with End."""
    from shards_tui.ui.app import ShardsApp
    from shards_tui.ui.screens.keys import KeysScreen, collect_keys
    from shards_tui.ui.widgets.command_line import CommandHelpScreen

    ctl = scenario([{"name": "Ana", "hand": ["crystal"]}, {"name": "Ben", "hand": ["crystal"]}])
    app = ShardsApp(controller=ctl, cursor_blink=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("colon", *"help", "enter")
        await settle(pilot)
        assert isinstance(app.screen, CommandHelpScreen)
        text = screen_text(app)
        assert "recruit SLOT" in text and "pay gems to take a center-row" in text
        await pilot.press("end")
        await settle(pilot)
        assert "list the keys of this screen" in screen_text(app)
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, KeysScreen)
        text = screen_text(app)
        assert "Recruit" in text and "closes this list" in text
        assert "Quit" not in in_the_list(app)  # (the table's footer shows through, dimmed)
        await pilot.press("end")
        await settle(pilot)
        assert "Quit" in in_the_list(app)
        rows = collect_keys(app.screen_stack[-2])  # the table's: ctrl+p is where relics are
        assert any(row.description == "Search moves (take a relic here)" for row in rows)


def in_the_list(app) -> str:
    """The text the keys list shows in its scrolled area (not the table seen behind it)."""
    region = app.screen.query_one("#keys-scroll").region
    lines = screen_text(app).splitlines()[region.y:region.bottom]
    return "\n".join(line[region.x:region.right] for line in lines)


def draft_for_three():
    """A Relic Draft for Ana, Ben and Cid: its question has more options than 80x24 shows,
    and a refusal of it takes four lines."""
    return build({"kind": "new", "players": [{"name": n} for n in ("Ana", "Ben", "Cid")],
                  "seed": 4, "sets": ["base", "relics"], "variants": ["relic_draft"]})


async def test_at_80x24_a_refusal_of_four_lines_shows_whole() -> None:
    ctl = draft_for_three()
    seat = ctl.who_must_act()
    app = TableApp(ctl, hotseat=False, seat=seat)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.screen
        assert table.run_command_text("choose foo") is False
        await settle(pilot)
        last = ctl.view(seat).pending.options[-1].label
        status = table.query_one("#status")
        assert status.region.height == 4, status.region  # beside the card panel: 48 wide
        assert f"6 {last}." in " ".join(screen_text(app).split())  # the end, not cut off


async def test_at_80x24_the_attack_list_shows_three_opponents() -> None:
    champions = {"Ben": ["systema_ai", "general_decurion", "additri_gaiamancer"],
                 "Cid": ["drakonarius", "evokatus"]}  # their lines must not squeeze the list
    ctl = scenario([{"name": n, "hand": ["crystal"] * 3, "champions": champions.get(n, [])}
                    for n in ("Ana", "Ben", "Cid", "Dee")], turn={"power": 6})
    app = TableApp(ctl, hotseat=False, seat=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        hand = app.screen.query_one(HandView)
        assert hand.region.height >= 4, screen_text(app)  # two cards at least, in a border
        await pilot.press("e", "e")
        await settle(pilot, 5)
        rows = [line for line in screen_text(app).splitlines() if "(50 health)" in line]
        assert [row.split("(")[0].strip(" ▶") for row in rows] == ["Ben", "Cid", "Dee"]
        assert "Amount (←/→ change it, Enter sends):" in screen_text(app)


def _in_sight(choices: ChoiceList) -> bool:
    top = int(choices.scroll_y)
    return top <= choices.highlighted < top + choices.scrollable_content_region.height


async def test_at_80x24_a_refusal_under_a_question_leaves_its_list_the_rows() -> None:
    """The refusal took rows from the list and the highlighted option scrolled out of sight:
    Enter took an option no longer shown. It now takes the rows of the numbers and keys."""
    ctl = scenario(PLAIN)
    app = TableApp(ctl, hotseat=False, seat=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("p")  # Shadow Apostle asks what to banish
        await settle(pilot, 5)
        table = app.screen
        choices = table.query_one(ChoiceList)
        await pilot.press(*["down"] * 5)
        await settle(pilot)
        rows = choices.region.height
        assert _in_sight(choices) and choices.highlighted == 5
        assert table.run_command_text("choose foo") is False
        await settle(pilot)
        text = screen_text(app)
        assert "'foo' is not one of the choices" in text
        assert choices.region.height >= rows, text
        assert _in_sight(choices), text
        assert not table.query_one(KeyHints).display  # its keys give way for a moment
        shown = ctl.view(0).pending.options[5].id
        await pilot.press("space", "enter")  # the option in sight is the one taken
        await settle(pilot)
        assert [c.id for c in ctl.view(0).players[0].banished] == [shown]
        assert table.query_one(KeyHints).display  # the refusal has gone, the keys are back


async def test_at_80x24_a_four_row_refusal_also_leaves_the_draft_its_rows() -> None:
    ctl = draft_for_three()
    seat = ctl.who_must_act()
    app = TableApp(ctl, hotseat=False, seat=seat)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.screen
        choices = table.query_one(ChoiceList)
        await pilot.press("down", "down", "down")
        await settle(pilot)
        rows = choices.region.height
        table.run_command_text("choose foo")
        await settle(pilot)
        assert table.query_one("#status").region.height == 4
        assert choices.region.height >= rows and _in_sight(choices), screen_text(app)


async def test_a_question_list_given_fewer_rows_keeps_its_highlight_in_sight() -> None:
    ctl = scenario(PLAIN)
    app = TableApp(ctl, hotseat=False, seat=0)
    async with app.run_test(size=(80, 31)) as pilot:
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot, 5)
        choices = app.screen.query_one(ChoiceList)
        await pilot.press(*["down"] * 9)
        await settle(pilot)
        await pilot.resize_terminal(80, 24)  # the list loses rows
        await settle(pilot)
        assert choices.highlighted == 9 and _in_sight(choices), screen_text(app)


async def test_at_80x24_the_end_turn_reminder_leaves_the_hand_its_border() -> None:
    """Four players, relics and a champion in play: the three rows of the first e's reminder
    squeezed the hand to its top border and one card."""
    ctl = build({"kind": "scenario", "sets": ["base", "relics"], "turn": {"gems": 2},
                 "players": [{"name": "Ana", "character": "tetra", "champions": ["systema_ai"]},
                             {"name": "Ben", "character": "volos"},
                             {"name": "Cy", "character": "decima"},
                             {"name": "Di", "character": "ko_syn_wu"}]})
    app = TableApp(ctl, hotseat=False, seat=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("e")
        await settle(pilot)
        text = screen_text(app)
        assert "Press e again to end your turn. Unused:" in text
        assert "5 cards ─╯" in text  # the hand's bottom border, with its count
        assert app.screen.query_one(HandView).content_region.height >= 2


async def test_at_80x24_the_hand_keeps_its_cards_rows_and_the_enemy_champions_show() -> None:
    """With three enemy champions and one of your own, the hand showed one card and no bottom
    border. The hand keeps a row per card; the opponents' area gives up rows, its champions
    then share a line under their owner's (they scrolled out of sight), and the key hints give
    up rows for it."""
    from shards_tui.ui.tables.shards.player_panel import OpponentsBar

    ctl = build({"kind": "scenario", "sets": ["base", "relics"], "turn": {"gems": 2},
                 "players": [{"name": "Ana", "character": "tetra", "champions": ["systema_ai"],
                              "hand": ["crystal", "blaster", "crystal", "crystal", "kiln_drone"],
                              "in_play": ["crystal"]},
                             {"name": "Ben", "character": "volos",
                              "champions": ["drakonarius", "evokatus", "general_decurion"]}]})
    app = TableApp(ctl, hotseat=False, seat=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.screen
        hand = table.query_one(HandView)
        text = screen_text(app)
        assert hand.content_region.height >= 5 and hand.max_scroll_y == 0, text
        assert "5 cards ─╯" in text  # its bottom border
        bar = table.query_one(OpponentsBar)
        assert bar.max_scroll_y == 0 and "Ben (Volos" in text  # none out of sight
        assert "champions Drakonarius def 2" in text and "General Decurion def 7" in text
        assert "Evokatus" in text
        assert table.region.contains_region(table.query_one(KeyHints).region)
        table.say("Ana, your turn: h or an arrow key selects a card.")  # two rows' worth
        await settle(pilot)
        status = table.query_one("#status")
        assert hand.content_region.height >= 5 and "5 cards ─╯" in screen_text(app)
        assert status.region.height == 1 and status.text.endswith("…")  # the log has it whole
        await pilot.press("t")  # a refusal is never cut (no power to attack with)
        await settle(pilot)
        assert status.text.startswith("✗") and not status.text.endswith("…")
        await pilot.press("p")  # a card fewer: the opponents get a row back
        await settle(pilot)
        assert len(hand.cards) == 4 and hand.content_region.height >= 4
        assert bar.region.height >= 2, screen_text(app)
        await pilot.resize_terminal(120, 40)  # tall: every opponent line shows, no scrolling
        await settle(pilot)
        assert bar.max_scroll_y == 0 and "General Decurion" in screen_text(app)


async def test_at_80x24_champions_on_both_sides_leave_every_enemy_champion_in_sight() -> None:
    """Issue 33: at 80x24 with champions on both sides the opponent's champions were scrolled out
    of sight. They share a line under their owner's, the selected one marked, beside a message
    and a full hand."""
    ctl = scenario([{"name": "Ana", "hand": ["undergrowth_aspirant", "crystal", "crystal", "crystal",
                                             "blaster"], "champions": ["additri_gaiamancer", "axia"]},
                    {"name": "Ben", "hand": ["crystal"] * 5,
                     "champions": ["evokatus", "general_decurion", "systema_ai"]}],
                   sets=["base", "relics"], turn={"gems": 3, "power": 9})
    app = TableApp(ctl, hotseat=False, seat=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.say("Ana, your turn: h or an arrow key selects a card.")  # two rows' worth
        await pilot.press("t")  # attack: which champion?
        await settle(pilot)
        text = screen_text(app)
        assert "champions ▶Evokatus def 2" in text and "General Decurion def 7" in text, text
        assert "Systema A.I. def 4" in text and "Axia [H] def 7" in text
        assert "5 cards ─╯" in text and app.screen.query_one(HandView).max_scroll_y == 0
        await pilot.press("down")
        await settle(pilot)
        assert "▶General Decurion def 7" in screen_text(app)
        await pilot.resize_terminal(120, 40)  # tall: a row each again
        await settle(pilot)
        assert "▶General Decurion [H] def 7" in screen_text(app)
