"""A big board at 80x24 (issue 33, item 9): each side shows the rows of creatures its capped
height holds and scrolls them with the cursor, so that the status line, the key hints, an error,
a question with all its options, the combat's totals and the hand stay on screen."""

from __future__ import annotations

from net_table_support import NetTableApp, ready, settle
from net_ui_support import net_position, screen_text

from shards_tui.ui.tables.fractured_net.side import NetSide

SMALL = (80, 24)
ANA = ["scrap_golem", "relay_courier", "net_wolf", "iron_bulwark", "swarm_seed", "relay_courier",
       "scrap_golem", "net_wolf", "relay_courier", "iron_bulwark", "checksum_adept"]
BEN = ["scrap_golem", "relay_courier", "net_wolf", "iron_bulwark", "swarm_seed", "relay_courier",
       "net_wolf"]


def big_board():
    """Ana (11 creatures) in her main phase, with a question-asking creature and spell in hand;
    Ben has 7 creatures."""
    return net_position({"creatures": ANA, "energy": 8,
                         "hand": ["checksum_adept", "correction_pulse", "relay_courier", "flare"]},
                        {"creatures": BEN})


def words(app) -> str:
    return " ".join(screen_text(app).split())


async def press(pilot, *keys: str) -> None:
    for key in keys:
        await pilot.press(key)
        await settle(pilot, 2)


async def test_the_hand_the_hints_and_an_error_stay_on_screen():
    app = NetTableApp(big_board())
    async with app.run_test(size=SMALL) as pilot:
        await ready(pilot)
        text = words(app)
        assert "Your turn: Enter plays" in text  # the hint line (in one row: its short words)
        for card in ("Checksum Adept", "Correction Pulse", "Flare"):
            assert f"energy {card}" in text, card  # every row of the hand
        assert "1-6 of 11 ↕" in text and "1-6 of 7 ↕" in text  # which creatures each side shows
        await press(pilot, "colon", *"play nothing", "enter")
        assert "✗" in screen_text(app)  # the error line


async def test_the_cursor_scrolls_a_side_to_its_last_creature():
    app = NetTableApp(big_board())
    async with app.run_test(size=SMALL) as pilot:
        await ready(pilot)
        await press(pilot, "f")
        side = app.table.focused
        assert isinstance(side, NetSide) and len(side.creatures) == 11
        await press(pilot, *["right"] * 10)
        assert side.current is not None and side.current.name == "Checksum Adept"
        text = words(app)
        assert "7-11 of 11 ↕" in text and "Checksum Adept" in text
        await press(pilot, "up", "up", "up")  # back up to the first row, then the resources
        assert "1-6 of 11 ↕" in words(app)


async def test_a_question_shows_its_prompt_and_every_option_in_turn():
    ctl = big_board()
    app = NetTableApp(ctl)
    async with app.run_test(size=SMALL) as pilot:
        await ready(pilot)
        await press(pilot, "down", "enter")  # Correction Pulse: a target among Ben's 7 creatures
        assert ctl.view(0).my_question
        text = words(app)
        assert "choose a target" in text and "Answer the question." in text
        assert "Enter takes the highlighted one" in text  # the panel's last lines
        labels = [o.label for o in ctl.view(0).pending.options]
        seen = {label for label in labels if label in words(app)}
        for _ in range(6):
            await press(pilot, "down")
            seen |= {label for label in labels if label in words(app)}
        assert seen == set(labels) and len(labels) == 7
        assert "7-7 of 7 ↕" in words(app)  # Ben's side scrolled to the highlighted creature
        await press(pilot, "enter")
        assert not ctl.view(0).my_question


async def test_checksum_adept_s_question_shows_both_cards():
    ctl = big_board()
    app = NetTableApp(ctl)
    async with app.run_test(size=SMALL) as pilot:
        await ready(pilot)
        await press(pilot, "enter")  # Checksum Adept: which of the top two go to the bottom
        pending = ctl.view(0).pending
        assert pending is not None and len(pending.options) == 2
        text = screen_text(app)
        assert "choose any to put on" in text and "Space/click ticks" in text
        assert text.count("[ ] Relay Courier") == 2 and "Answer the question." in text


async def test_a_big_block_keeps_its_totals_and_the_confirm_hint():
    ctl = big_board()
    ctl.apply("attack all", 0)  # (declared and confirmed at once)
    ctl.apply("pass", 1)
    app = NetTableApp(ctl)
    async with app.run_test(size=SMALL) as pilot:
        await ready(pilot)
        text = words(app)
        assert "Damage to you: 26." in text and "c confirms" in text
        assert "more lines below" in text  # the rest of the pairings scroll
        assert "Checksum Adept 2/2: unblocked" not in text
        await press(pilot, *["down"] * 10)  # the cursor on the last attacker scrolls it in
        text = words(app)
        assert "Checksum Adept 2/2: unblocked" in text and "Damage to you: 26." in text


async def test_a_side_that_changes_hands_starts_at_its_first_row():
    """At one keyboard the near side shows the next player's creatures after a hand-off: Ben's
    own side showed them from where Ana's cursor had scrolled hers."""
    ctl = big_board()
    app = NetTableApp(ctl)
    async with app.run_test(size=SMALL) as pilot:
        await ready(pilot)
        await press(pilot, "f", *["right"] * 10)
        assert "7-11 of 11 ↕" in words(app)
        await press(pilot, "escape", "e")  # Ben's turn: the hand-off, then his view
        await ready(pilot)
        text = words(app)
        assert "1-6 of 7 ↕" in text and "4-7 of 7" not in text  # Ben's own, from the first


async def test_creatures_past_nine_are_reached_by_two_digits_and_the_hints_keep_one_row():
    # the number keys reached creatures 1-9 only, and the hint line wrapped at 80 columns
    from shards_tui.ui.tables.fractured_net.combat_panel import NetCombat
    from shards_tui.ui.widgets.key_hints import KeyHints

    ctl = big_board()
    app = NetTableApp(ctl)
    async with app.run_test(size=SMALL) as pilot:
        await ready(pilot)
        hints = app.table.query_one(KeyHints)
        assert hints.size.height == 1, hints.text
        await press(pilot, "t")
        combat = app.table.query_one(NetCombat)
        assert combat.has_focus and "1-11 (11: 1 then 1)" in words(app)
        assert hints.size.height == 1, hints.text
        await press(pilot, "1")  # 1 may begin 10 or 11: it waits for a second digit
        assert ctl.state.combat is None and "1_: its second digit, or Enter for 1" in words(app)
        await press(pilot, "1")
        assert [a.split("#")[0] for a in ctl.state.combat.attackers] == ["checksum_adept"]
        await press(pilot, "1", "enter")  # creature 1 alone
        assert [a.split("#")[0] for a in ctl.state.combat.attackers] == ["checksum_adept",
                                                                          "scrap_golem"]
        await press(pilot, "1", "0", "3")  # creature 10, then 3 at once (no 30)
        assert [a.split("#")[0] for a in ctl.state.combat.attackers] == [
            "checksum_adept", "scrap_golem", "iron_bulwark", "net_wolf"]
        assert hints.size.height == 1, hints.text
