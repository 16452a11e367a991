"""At 80x24 a question takes the rows of the play zone; once it is answered, the play zone
shows the turn as it is now, not as it was when the question opened."""

from __future__ import annotations

from tests.ui.tables.shards.shards_ui_support import TableApp, scenario, screen_text, settle

from shards_tui.ui.tables.shards.play_zone import PlayZone


async def test_the_played_line_is_current_after_a_question_at_80x24() -> None:
    # Ana attacks Ben, who has no shield: Ben's question ("take the damage") hides his play
    # zone; answering it starts his turn.
    ctl = scenario([{"name": "Ana", "hand": ["blaster", "blaster"]},
                    {"name": "Ben", "hand": ["crystal", "crystal", "crystal", "crystal", "crystal"]}])
    app = TableApp(ctl, hotseat=False, seat=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        ctl.apply("play all", 0)
        ctl.apply("end", 0)
        for _ in range(3):  # the attack, assigned by its player if the game asks
            if ctl.state.pending is not None and ctl.state.pending.seat == 1:
                break
            legal = ctl.legal_texts(0)
            if not legal:
                break
            ctl.apply(legal[0], 0)
        await settle(pilot)
        assert ctl.state.pending is not None and ctl.state.pending.seat == 1, ctl.state.flow
        assert not app.screen.query_one(PlayZone).display or \
            not app.screen.query_one(PlayZone).region.height  # the question has its rows
        await pilot.press("enter")
        await settle(pilot)
        assert ctl.state.flow.active == 1 and ctl.state.pending is None
        zone = app.screen.query_one(PlayZone)
        assert zone.region.height > 0
        assert "Turn 2, play phase" in screen_text(app), screen_text(app)


async def test_after_answering_an_attack_the_turn_starts_on_the_hand_as_drawn() -> None:
    """After 'Go on' on an attack, the hand drew its first card as selected while the table had
    nothing selected: Enter did nothing and p only moved the selection. What is drawn as
    selected must be the selection: now the turn starts with the cursor on the hand (33.7),
    drawn there, and Enter plays that card."""
    from shards_tui.ui.tables.shards.card_view import CardView
    from shards_tui.ui.tables.shards.hand import HandView

    ctl = scenario([{"name": "Ana", "hand": ["blaster"]},
                    {"name": "Ben", "hand": ["crystal", "crystal", "blaster"]}])
    app = TableApp(ctl, hotseat=False, seat=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        ctl.apply("play all", 0)
        ctl.apply("end", 0)  # Ben, watching, is attacked: he has no shield
        await settle(pilot)
        assert ctl.state.pending is not None and ctl.state.pending.seat == 1
        await pilot.press("enter")  # Go on
        await settle(pilot)
        table = app.screen
        assert ctl.state.flow.active == 1 and ctl.state.pending is None
        assert table.selected is not None and table.selected.zone == "hand"
        assert table.query_one(HandView).selected == table.selected.id, screen_text(app)
        assert "Crystal" in table.query_one(CardView).text
        played = len(ctl.view(1).this_turn.played)
        await pilot.press("right", "enter")  # Enter plays the card under the cursor
        await settle(pilot)
        assert len(ctl.view(1).this_turn.played) == played + 1
