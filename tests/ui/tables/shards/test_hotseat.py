"""Hot-seat play: the hand-off screen hides every hand until the next player is ready."""

from __future__ import annotations

import time

import pytest

from tests.ui.tables.shards.shards_ui_support import (NEW_GAME, TableApp, build, past_handoff, scenario, screen_text,
                                settle)

from textual.widgets import Static

from shards_tui.games.shards.cards import card_db
from shards_tui.ui.screens.handoff import HandoffScreen
from shards_tui.ui.tables.shards.screen import ShardsTable
from shards_tui.ui.widgets.key_hints import StatusLine
from shards_tui.ui.tables.shards.card_rows import CardRows
from shards_tui.ui.tables.shards.card_view import CardView
from shards_tui.ui.widgets.decision import ChoiceList, DecisionPanel
from shards_tui.ui.tables.shards.hand import HandView
from shards_tui.ui.widgets.log_view import LogView
from shards_tui.ui.tables.shards import selection

CARDS = card_db(("base",))


def hand_names(ctl, seat: int) -> set[str]:
    return {CARDS[c.card].name for c in ctl.view(seat).players[seat].hand}


def assert_handoff_hides(app, ctl, seat: int) -> None:
    """The hand-off is up, names no card of the next player's hand, and the table behind it
    has been cleared of every hand."""
    assert isinstance(app.screen, HandoffScreen)
    text = screen_text(app)
    assert ctl.view(None).players[seat].name in text
    cover = app.screen
    public = {line.text for line in ctl.view(None).log}
    assert set(cover.news) <= public  # what happened since: public lines only
    for name in hand_names(ctl, seat):
        if name in " ".join(cover.news):
            continue  # a card of the same name another player played in the open
        assert name not in text, name
        assert name not in cover.shown_text
    table = app.table
    assert table.seat is None
    assert table.query_one(HandView).cards == []
    assert table.selected is None  # nor is the last player's selection drawn again on return


async def test_whole_hotseat_turn_with_handoffs() -> None:
    ctl = build(NEW_GAME)  # Ben goes first with seed 7
    app = TableApp(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert ctl.who_must_act() == 1
        assert_handoff_hides(app, ctl, 1)
        assert "Ben, your turn." in screen_text(app)
        await pilot.press("e")  # a stray key does not wave the hand-off away
        await settle(pilot)
        assert isinstance(app.screen, HandoffScreen)
        await pilot.press("enter")
        await settle(pilot)
        table = app.table
        assert app.screen is table and table.seat == 1
        text = screen_text(app)
        assert all(name in text for name in hand_names(ctl, 1))
        assert table.selected.zone == "hand"  # the turn starts with the cursor on the hand
        assert table.query_one(StatusLine).message == \
            "Ben, your turn: Enter plays the selected card; the arrows select another."

        await pilot.press("a")  # play all: 3 gems, 2 power
        await settle(pilot)
        gems = ctl.view(1).this_turn.gems
        slot = next(n for n, c in enumerate(ctl.view(1).center_row, 1)
                    if c.cost <= gems)
        await pilot.press(str(slot), "r")
        await settle(pilot)
        assert len(ctl.view(1).players[1].discard) == 1
        ben_draw = "Ben draws"
        await pilot.press("e")  # the hand is empty, but the focus is not used
        await settle(pilot)
        assert "Unused: your focus (m)" in table.query_one(StatusLine).message
        await pilot.press("e")  # so the second press ends the turn
        await settle(pilot)

        # Ana is attacked: she takes the keyboard to answer (she holds no shields).
        assert ctl.who_must_act() == 0
        assert_handoff_hides(app, ctl, 0)
        assert "Ana, take the keyboard: Ben attacks you for 3." in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert table.seat == 0 and table.query_one(StatusLine).message == ""
        assert table.query_one(DecisionPanel).display
        await pilot.press("enter")  # no shields: take the damage
        await settle(pilot)

        # Ben's turn is over and Ana's begins at once: she is already at the keyboard.
        assert app.screen is table and table.seat == 0
        view = ctl.view(0)
        assert view.active == 0 and view.players[0].health == 47
        log = table.query_one(LogView).lines_text
        assert f"{ben_draw} 5 cards." in log  # Ben's new hand is not named to Ana
        assert not any(line.startswith(ben_draw) and "Crystal" in line for line in log)
        assert all(name in screen_text(app) for name in hand_names(ctl, 0))


async def test_shield_reveal_is_decided_by_the_attacked_player() -> None:
    ctl = scenario([{"name": "Ana", "hand": ["crystal"]},
                    {"name": "Ben", "hand": ["command_seer", "crystal"]}], turn={"power": 7})
    app = TableApp(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("e", "e")  # Ana still holds a Crystal: e twice ends the play phase
        await settle(pilot)
        assert_handoff_hides(app, ctl, 1)
        assert "Ben, take the keyboard: Ana attacks you for 7." in screen_text(app)
        assert "Command Seer" not in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        table = app.table
        assert app.screen is table and table.seat == 1
        text = screen_text(app)
        assert "Ana attacks you for 7. Reveal shields from your hand?" in text
        assert "Turn 1, Ana's attack: your shields" in text
        assert "[ ] Command Seer (shield 5)" in text
        await pilot.press("space")
        await settle(pilot)
        assert "[x] Command Seer (shield 5)" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert ctl.view(None).players[1].health == 48
        assert "Ben reveals Command Seer to block 5." in table.query_one(LogView).lines_text
        # The turn passed to Ben, who is at the keyboard already: no second hand-off.
        assert app.screen is table and table.seat == 1
        assert ctl.view(1).active == 1


def _ben_is_attacked_holding_a_shield():
    ctl = scenario([{"name": "Ana", "hand": ["crystal"]},
                    {"name": "Ben", "hand": ["command_seer"]}], turn={"power": 7})
    return ctl, TableApp(ctl)


async def _ben_takes_the_keyboard(pilot) -> None:
    """Ana starts her turn, ends it (attacking Ben), and Ben takes the keyboard to answer."""
    await settle(pilot)
    await pilot.press("enter")
    await settle(pilot)
    await pilot.press("e", "e", "enter")
    await settle(pilot)


@pytest.mark.parametrize("keys, health", [
    (["n"], 43),  # n: no shields, at once
    (["enter"], 50),  # Enter again by habit after the cover: asked once more, nothing lost
    (["enter", "space", "enter"], 48),  # ...and a shield can still be ticked
    (["enter", "enter"], 43),  # Enter twice on the question: meant it, none
])
async def test_declining_shields_takes_n_or_a_second_enter(keys, health) -> None:
    ctl, app = _ben_is_attacked_holding_a_shield()
    async with app.run_test(size=(120, 40)) as pilot:
        await _ben_takes_the_keyboard(pilot)
        await pilot.press(*keys)
        await settle(pilot)
        assert ctl.view(None).players[1].health == health
        if health == 50:
            assert "press Enter again to choose none" in screen_text(app)


async def test_a_turn_begun_after_answering_shields_starts_on_the_hand() -> None:
    """The turn that follows the answer starts with the cursor on the hand (33.7): Enter
    plays the card under it, no h or arrow needed first."""
    ctl, app = _ben_is_attacked_holding_a_shield()
    async with app.run_test(size=(120, 40)) as pilot:
        await _ben_takes_the_keyboard(pilot)
        await pilot.press("n")  # no shields; Ben's own turn follows with no hand-off
        await settle(pilot)
        table = app.table
        assert ctl.view(1).active == 1 and table.seat == 1
        assert table.selected.zone == "hand" and table.selected.name == "Command Seer"
        assert "Your turn now." in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert ctl.view(1).players[1].hand == []


async def test_without_hotseat_there_is_no_handoff() -> None:
    ctl = scenario([{"name": "Ana", "hand": []}, {"name": "Ben", "hand": ["crystal"]}])
    app = TableApp(ctl, hotseat=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = app.table
        assert app.screen is table and table.seat == 0
        await pilot.press("e")
        await settle(pilot)
        assert app.screen is table and table.seat == 1


async def test_handoff_button_click_also_continues() -> None:
    ctl = build(NEW_GAME)
    app = TableApp(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.click("#handoff-ready")
        await settle(pilot)
        assert isinstance(app.screen, ShardsTable) and app.table.seat == 1


def table_texts(table: ShardsTable) -> str:
    """What every widget of the table holds now, shown or not (the hand-off hides the table)."""
    parts = [str(widget.render()) for widget in table.query(Static)]
    parts += [str(option.prompt) for panel in table.query(ChoiceList)
              for option in panel.options]
    parts += [view.text for view in table.query(CardView)]
    parts += [card.name for rows in table.query(CardRows) for card in rows.cards]
    return "\n".join(parts)


async def test_handoff_leaves_no_card_of_the_previous_hand_anywhere() -> None:
    ctl = scenario([{"name": "Ana", "hand": ["crystal", "portal_monk"]},
                    {"name": "Ben", "hand": ["command_seer"]}], turn={"power": 7})
    app = TableApp(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        table = app.table
        await pilot.press("h", "down")  # Ana reads her Portal Monk in the card panel
        assert table.selected.name == "Portal Monk"
        await settle(pilot)
        assert "Portal Monk" in screen_text(app)
        await pilot.press("e", "e")  # the attack: Ben must answer, so the keyboard goes to him
        await settle(pilot)
        assert_handoff_hides(app, ctl, 1)
        assert "Portal Monk" not in table_texts(table)
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is table and table.seat == 1
        assert "Portal Monk" not in screen_text(app)
        assert "Portal Monk" not in table_texts(table)


async def test_enter_before_the_handoff_is_drawn_is_ignored() -> None:
    """A key pressed while the hand-off is being built is the previous player's: it neither
    crashes the app nor waves the hand-off away."""
    ctl = build(NEW_GAME)
    app = TableApp(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        handoff = HandoffScreen("Ana", "Ana, your turn.")
        app.push_screen(handoff)
        handoff.action_ready()  # before it is mounted
        await settle(pilot)
        assert app.screen is handoff
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is not handoff


async def test_handoffs_reuse_the_opponent_panels_and_hide_the_spare_one() -> None:
    from shards_tui.ui.tables.shards.player_panel import OpponentPanel, OpponentsBar

    ctl = scenario([{"name": "Ana", "hand": ["crystal"]},
                    {"name": "Ben", "hand": ["crystal"], "champions": ["systema_ai"]}])
    app = TableApp(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await past_handoff(pilot)
        table = app.table
        bar = table.query_one(OpponentsBar)
        panels = list(bar.query(OpponentPanel))
        for _ in range(2):  # Ana ends, Ben plays and ends: two hand-offs, each showing everyone
            await pilot.press("e", "e")
            await settle(pilot)
            assert len([p for p in bar.query(OpponentPanel) if p.display]) == 2  # public view
            await pilot.press("enter")
            await settle(pilot)
            shown = [p for p in bar.query(OpponentPanel) if p.display]
            assert len(shown) == 1 and list(bar.query(OpponentPanel)) == panels  # none remounted
        # Ana again: Ben's champion is hers to attack; the spare panel's cards are not offered
        assert table.seat == 0
        assert [c.name for c in selection.zone_cards(table.data, "enemy")] == ["Systema A.I."]
        assert [c.name for p in bar.panels() for c in p.champions.cards] == ["Systema A.I."]


def _burst(app, text: str) -> None:
    """Keys as a terminal delivers a paste or a line sent at once: all in one go."""
    from textual import events

    names = {":": "colon", " ": "space", "\r": "enter"}
    for ch in text:
        app.post_message(events.Key(names.get(ch, ch), ch))


async def test_a_burst_of_typed_keys_neither_lifts_a_cover_nor_crosses_to_the_next_screen() -> None:
    from shards_tui.ui.key_bursts import KeyBursts

    class BurstApp(KeyBursts, TableApp):
        pass

    ctl = build(NEW_GAME)
    app = BurstApp(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        _burst(app, ":say gg all\r")  # typed at the cover: its space and Enter do not count
        await settle(pilot)
        assert_handoff_hides(app, ctl, 1) and not ctl.history
        await pilot.press("enter")  # a key of its own does
        await settle(pilot)
        assert app.screen is app.table and app.table.seat == 1
        _burst(app, ":end\r\r:play all\r")  # the turn ends; the rest was typed at Ben's table
        await settle(pilot)
        assert [h.text for h in ctl.history] == ["end"]
        assert_handoff_hides(app, ctl, 0)
        await pilot.press("enter")
        await settle(pilot)
        assert app.table.seat == 0 and [h.text for h in ctl.history] == ["end"]


async def test_two_commands_in_one_burst_run_one_after_the_other() -> None:
    ctl = build(NEW_GAME)
    app = TableApp(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await past_handoff(pilot)
        _burst(app, ":play all\r:focus\r")
        await settle(pilot)
        assert [h.text for h in ctl.history] == ["play all", "focus"], app.table.query_one(StatusLine).message
        _burst(app, ":say hi: all")  # a colon inside a line is text
        await settle(pilot)
        assert app.table.query_one("#command").value == "say hi: all"


async def test_a_player_out_of_a_hot_seat_game_is_not_told_to_quit_it() -> None:
    """Ctrl+Q would end the game for the players still in, who share the keyboard."""
    from shards_tui.ui.screens.handoff import OutScreen

    ctl = scenario([{"name": "Ana", "hand": ["crystal"], "health": 2},
                    {"name": "Ben", "hand": ["crystal"]}, {"name": "Cy", "hand": ["crystal"]}],
                   variants=["bloodbath"], active=2, turn={"power": 5})
    ctl.apply("end", 2)  # Cy's 5 power goes at Ben, then at Ana (who plays next)
    app = TableApp(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # Ben takes the keyboard
        await settle(pilot)
        await pilot.press("enter")  # and has no shield
        await settle(pilot)
        await pilot.press("enter")  # Ana takes the keyboard
        await settle(pilot)
        await pilot.press("enter")  # Ana has no shield: she takes the 5 and is out
        await settle(pilot, 6)
        assert isinstance(app.screen, OutScreen), screen_text(app)
        text = " ".join(screen_text(app).split())
        assert "Ana is out of the game" in text and "Ctrl+Q" not in text
        assert "The players still in share this keyboard" in text


async def test_an_enter_right_after_the_cover_opens_does_not_lift_it(monkeypatch) -> None:
    """The player who just answered pressed Enter again 0.1 s later: the cover for the next
    player lifted and showed them the next player's hand."""
    # A long grace (a busy machine must not let the first Enter land after it), then ended.
    monkeypatch.setattr(HandoffScreen, "KEY_GRACE", 30.0)
    ctl = build(NEW_GAME)
    app = TableApp(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HandoffScreen)
        await pilot.press("enter")  # within the grace: ignored
        await settle(pilot)
        assert isinstance(app.screen, HandoffScreen)
        app.screen._armed_at -= HandoffScreen.KEY_GRACE - 1  # a second before the grace ends
        await pilot.press("enter")  # Enter held or mashed: ignored, and the grace starts again
        await settle(pilot)
        assert isinstance(app.screen, HandoffScreen)
        assert app.screen._armed_at > time.monotonic() - 5
        app.screen._armed_at -= HandoffScreen.KEY_GRACE  # a pause as long as the grace
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, ShardsTable)


async def test_three_players_the_next_player_answers_shields_last_and_keeps_the_keyboard() -> None:
    """Cy attacks Ana and Ben; Ana plays next. The questions went Ana, Ben, then Ana's turn:
    three hand-offs. Ben is asked first now, and Ana keeps the keyboard for her turn: two."""
    ctl = scenario([{"name": "Ana", "hand": ["crystal"]}, {"name": "Ben", "hand": ["crystal"]},
                    {"name": "Cy", "hand": ["crystal"]}], active=2, turn={"power": 4})
    app = TableApp(ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await past_handoff(pilot)  # Cy's turn
        covers: list[str] = []
        for text in (":end\r", ":assign ana 2\r", ":assign ben 2\r"):
            await pilot.press(*text.replace("\r", ""), "enter")
            await settle(pilot)
        while ctl.state.flow.active == 2 or ctl.state.pending is not None:
            assert isinstance(app.screen, HandoffScreen), screen_text(app)
            covers.append(app.screen.player)
            await pilot.press("enter")  # the named player takes the keyboard
            await settle(pilot)
            await pilot.press("enter")  # no shield: take the damage
            await settle(pilot)
        assert covers == ["Ben", "Ana"]
        assert isinstance(app.screen, ShardsTable) and app.table.seat == 0  # no third cover
        assert ctl.state.flow.active == 0
