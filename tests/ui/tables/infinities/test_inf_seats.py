"""Who sees what at the Infinities table: each networked seat and a spectator are sent views
with no other hand, deck order or roll to come, and their screens show none of it; at one
keyboard a block on another's turn is a hand-off unless that player lets such questions pass."""

from __future__ import annotations

import json
import random
from types import SimpleNamespace

from inf_ui_support import position, screen_text, settle

from shards_tui.core.instances import card_of
from shards_tui.core.registry import game
from shards_tui.games.infinities.content import content
from shards_tui.session.driver import Session
from shards_tui.ui.app import ShardsApp
from shards_tui.ui.screens.handoff import HandoffScreen
from shards_tui.ui.tables.base.handoff import Handoff
from shards_tui.ui.tables.infinities import stops
from shards_tui.ui.tables.infinities.screen import InfinitiesTable
from tests.ui.waiting import until


def _played(seed: int = 4, moves: int = 70):
    players = [{"name": n} for n in ("Ana", "Ben", "Cy")]
    ctl = game("infinities").controller.build({"kind": "new", "seed": seed, "players": players})
    rng = random.Random(seed)
    for _ in range(moves):
        seat = ctl.who_must_act()
        ctl.apply(rng.choice(ctl.legal_commands(seat)))
    return ctl


def _secrets(ctl, seat: int | None) -> set[str]:
    """Names of the cards hidden from ``seat`` that its view shows nowhere."""
    state = ctl.state
    hidden = {c for d in state.decks.values() for c in d.cards}
    for s, p in enumerate(state.players):
        if s != seat:
            hidden.update(p.hand)
    shown = json.dumps(ctl.view(seat).public())
    names = {content().cards[card_of(c)].name for c in hidden}
    return {n for n in names if n not in shown}


async def test_each_seat_and_a_spectator_see_only_their_own_hand() -> None:
    ctl = _played()
    session = Session.open(ctl, {}, pace=0)
    try:
        for seat in (0, 1, 2, None):
            app = ShardsApp(cursor_blink=False)
            async with app.run_test(size=(120, 40)) as pilot:
                screen = InfinitiesTable(session, None, seat=seat, networked=True)
                await app.push_screen(screen)
                await settle(pilot)
                view = screen.view
                for p in view.players:
                    assert (p.hand is not None) == (p.seat == seat)
                dumped = json.dumps(view.public())
                assert not any(c in dumped for d in ctl.state.decks.values() for c in d.cards)
                text = screen_text(app)
                secrets = _secrets(ctl, seat)
                assert secrets and not [n for n in secrets if n in text]
                if seat is not None:
                    mine = {c.name for c in view.players[seat].hand}
                    assert any(name[:12] in text for name in mine)  # (its own hand is shown)
    finally:
        session.close()


async def _block_position():
    ctl = position(ana={"hand": ["spinefire_bolt"]},
                   ben={"bot": None, "hand": ["patrol_drone", "overclock", "warp_step",
                                              "salvage_run", "data_harvest"]},
                   dice=["tide", "tide", "power", "fortitude"])
    app = ShardsApp(ctl, cursor_blink=False, bot_pace=30)
    return ctl, app


async def test_a_block_on_anothers_turn_hands_the_keyboard_over_unless_let_pass() -> None:
    for setting in (stops.ASK, stops.LET_PASS):
        ctl, app = await _block_position()
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            await pilot.pause(0.6)
            assert isinstance(app.screen, HandoffScreen)  # two people: Ana takes the keyboard
            await pilot.press("enter")
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, InfinitiesTable) and screen.seat == 0
            screen.stops[1] = setting  # Ben's own choice, made when he last had the keyboard
            screen.run_command_text("play spinefire_bolt")
            await settle(pilot)
            if setting == stops.ASK:
                assert isinstance(app.screen, HandoffScreen) and ctl.state.pending.kind == "block"
            else:
                assert isinstance(app.screen, InfinitiesTable) and ctl.state.pending is None
                assert [h.text for h in ctl.history] == ["play spinefire_bolt", "allow"]
                assert ctl.state.players[1].damage > 0


def test_the_keyboard_stays_with_the_player_whose_turn_a_bots_answer_interrupts() -> None:
    # Ana (human) targets Ben (a bot), who answers while the public view is shown; Cy is a
    # second human. The turn comes back to Ana, who never left the keyboard: no cover. A bot
    # moving in its own turn is watched by everyone: the next human is covered.
    public = SimpleNamespace(log=[])  # (the cover's news reads the public log)
    handoff = Handoff(SimpleNamespace(humans=[0, 2], ctl=SimpleNamespace(view=lambda seat: public)))
    handoff.taken(0)
    handoff.bot_to_act(turn_of=0)
    assert not handoff.needed(0) and handoff.needed(2)
    handoff.bot_to_act(turn_of=1)
    assert handoff.needed(0) and handoff.needed(2)


async def test_no_cover_when_a_bots_block_answer_gives_the_turn_back() -> None:
    ctl = position(ana={"hand": ["spinefire_bolt"]},
                   ben={"hand": ["patrol_drone", "overclock", "warp_step", "salvage_run",
                                 "data_harvest"]},
                   more=[{"name": "Cy", "leader": "vessa_emberborn", "at": "0,1"}],
                   dice=["tide", "tide", "power", "fortitude"])
    app = ShardsApp(ctl, cursor_blink=False, bot_pace=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        cover = app.screen
        assert isinstance(cover, HandoffScreen) and cover.player == "Ana"
        cover._armed_at = 0.0  # (the grace against a held key is over)
        await pilot.press("enter")
        await settle(pilot)
        table = app.screen
        assert isinstance(table, InfinitiesTable) and table.seat == 0
        table.run_command_text("play spinefire_bolt")
        await until(pilot, lambda: len(ctl.history) == 2 and table.seat == 0  # Ben the bot answers
                    or isinstance(app.screen, HandoffScreen))  # (a wrong hand-off: fails below)
        assert [h.seat for h in ctl.history] == [0, 1] and ctl.acting_seats() == [0]
        assert app.screen is table and table.seat == 0 and not table.handoff.open


async def test_after_answering_on_anothers_turn_the_cover_hands_the_keyboard_back() -> None:
    ctl, app = await _block_position()  # Ana and Ben both human
    async with app.run_test(size=(120, 40)) as pilot:
        names = []
        for text, seat in (("play spinefire_bolt", 0), ("allow", 1)):
            await settle(pilot)
            cover = app.screen
            assert isinstance(cover, HandoffScreen)
            names.append(cover.player)
            cover._armed_at = 0.0  # (the grace against a held key is over)
            await pilot.press("enter")
            await settle(pilot)
            assert isinstance(app.screen, InfinitiesTable) and app.screen.seat == seat
            app.screen.run_command_text(text)
        await settle(pilot)
        assert isinstance(app.screen, HandoffScreen) and app.screen.player == "Ana"
        assert names == ["Ana", "Ben"] and ctl.acting_seats() == [0]


def test_stops_answer_only_questions_on_anothers_turn() -> None:
    ctl = position(ana={"hand": ["spinefire_bolt"]},
                   ben={"hand": ["patrol_drone", "overclock", "warp_step", "salvage_run",
                                 "data_harvest"]}, dice=["tide", "tide", "power", "fortitude"])
    ctl.apply("play spinefire_bolt", 0)
    assert stops.auto_answer(ctl.view(1), stops.ASK) is None
    assert stops.auto_answer(ctl.view(1), stops.LET_PASS).text() == "allow"
    assert stops.auto_answer(ctl.view(0), stops.LET_PASS) is None  # not Ana's question


async def test_the_hand_off_cover_fits_an_80x24_terminal_with_four_players() -> None:
    # four standings of two rows each and six lines of news were taller than the terminal:
    # the button and the 'look away' line were cut off
    players = [{"name": n} for n in ("Player 1", "Player 2", "Player 3", "Player 4")]
    ctl = game("infinities").controller.build({"kind": "new", "seed": 4, "players": players})
    rng = random.Random(4)
    for _ in range(60):
        ctl.apply(rng.choice(ctl.legal_commands(ctl.who_must_act())))
    app = ShardsApp(ctl, cursor_blink=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HandoffScreen)
        await pilot.press("enter")
        await settle(pilot)
        table = app.screen
        assert isinstance(table, InfinitiesTable)
        seat = table.seat
        table.run_command_text(str(ctl.legal_commands(seat)[0].text()))
        await settle(pilot)
        while not isinstance(app.screen, HandoffScreen):  # on to the next player's cover
            ctl.apply(rng.choice(ctl.legal_commands(ctl.who_must_act())))
            await settle(pilot)
        cover = app.screen
        box = cover.query_one("#handoff-box").region
        assert box.y >= 0 and box.bottom <= 24, box
        assert "Since you last had the keyboard:" in screen_text(app)
        assert cover.query_one("#handoff-ready").region.bottom <= 24


async def test_a_networked_seat_whose_leader_choice_comes_takes_it_with_enter() -> None:
    # over SSH there is no hand-off: when the other seat has chosen, the question panel (not
    # the map) has the keys
    players = [{"name": "Ana"}, {"name": "Ben"}]
    ctl = game("infinities").controller.build({"kind": "new", "seed": 4, "players": players})
    while ctl.state.flow.phase != "choose_leader":
        ctl.apply(ctl.legal_commands(ctl.who_must_act())[0])
    first = ctl.who_must_act()
    second = 1 - first
    session = Session.open(ctl, {}, pace=0)
    try:
        app = ShardsApp(cursor_blink=False)
        async with app.run_test(size=(120, 40)) as pilot:
            screen = InfinitiesTable(session, None, seat=second, networked=True)
            await app.push_screen(screen)
            await settle(pilot)
            session.send(ctl.legal_commands(first)[0].text(), first)  # the other terminal
            screen.game_changed()  # (what the server does for each seat after a move)
            await settle(pilot)
            assert ctl.who_must_act() == second
            await pilot.press("enter")
            await settle(pilot)
            assert ctl.state.players[second].leader is not None
    finally:
        session.close()
