"""Undo over SSH never takes back alone what another seat has seen: at a networked table `u`
asks the others, and nothing changes unless they accept (never in a ranked game); a bot accepts.
Tested at the data each seat is sent: the view (and its log) each seat's screen shows, before
and after. The report's case: Ben's Response in Ana's attack, seen on Ana's screen."""

from __future__ import annotations

from pathlib import Path

from shards_tui.core.registry import game
from shards_tui.server.served_app import ServedApp
from shards_tui.ui.tables.base.takeback import TakeBackPrompt
from shards_tui.ui.widgets.key_hints import StatusLine

from server_support import (BEN, FakeLink, both_at_the_table,  # noqa: E402  (tests/server)
                            hub_with_table, settle)


def _attack_answered():
    """Ana attacks with her Golem; Ben answers in the window with Backlash, which destroys it.
    Ben still holds the window (he may play more or pass: he has a card left, the energy and a
    creature of his own for a Response to aim at, so the window is not passed for him)."""
    ctl = game("fractured_net").controller.build({"kind": "scenario", "players": [
        {"name": "ana", "creatures": ["scrap_golem"], "deck": ["relay_courier"] * 4},
        {"name": "ben", "hand": ["backlash", "relay_courier"], "creatures": ["relay_courier"],
         "deck": ["relay_courier"] * 4, "energy": 5}]})
    for move, seat in (("attack scrap_golem", 0), ("confirm", 0)):
        ctl.apply(move, seat)
    return ctl


def _log(app) -> list[str]:
    """The log of the view this seat's screen was last drawn from."""
    return [line.text for line in app.table_screen.view.log]


def _said(app) -> str:
    return app.table_screen.query_one(StatusLine).message


async def test_a_move_another_seat_saw_is_taken_back_only_if_they_allow_it(tmp_path: Path) -> None:
    ctl = _attack_answered()
    hub = hub_with_table(tmp_path, ctl)
    async with both_at_the_table(hub) as (ana, ben, pa, pb):
        await pb.press("colon", *"play backlash", "enter")  # the report: a Response...
        for app in (ben, ana):
            await settle(app)
        seen = _log(ana)
        assert any("Backlash" in line for line in seen)  # ...which Ana's screen shows
        assert not ctl.state.players[0].creatures
        played = ctl.state_json()

        await pb.press("u")  # Ben asks; nothing changes yet
        for app in (ben, ana, ben):
            await settle(app)
        assert ctl.state_json() == played and _log(ana) == seen
        prompt = ana.screen
        assert isinstance(prompt, TakeBackPrompt) and prompt.asker == "ben"
        assert any("Backlash" in line for line in prompt.lines)  # the move, as Ana saw it
        assert "asks ana to allow taking back their last move" in _said(ben)

        await pa.press("n")  # Ana refuses: the move stands, on both screens
        for app in (ana, ben, ana):
            await settle(app)
        assert ctl.state_json() == played and _log(ana) == seen
        assert "ana refused the take-back: ben's move stands" in _said(ben)
        await pb.press("u")  # asked once per move
        await settle(ben)
        assert "was refused; it stands" in _said(ben) and not isinstance(ana.screen, TakeBackPrompt)



async def test_an_allowed_take_back_leaves_every_seat_as_before_the_move(tmp_path: Path) -> None:
    ctl = game("fractured_net").controller.build({"kind": "scenario", "players": [
        {"name": "ana", "creatures": ["scrap_golem"], "deck": ["relay_courier"] * 4},
        {"name": "ben", "deck": ["relay_courier"] * 4}]})
    hub = hub_with_table(tmp_path, ctl)
    async with both_at_the_table(hub) as (ana, ben, pa, pb):
        before, ben_before = ctl.state_json(), ctl.view(1).public()
        await pa.press("colon", *"attack scrap_golem", "enter")  # declared, not yet confirmed
        for app in (ana, ben):
            await settle(app)
        assert ctl.view(1).public() != ben_before  # Ben's view shows the attacker
        await pa.press("u")
        for app in (ana, ben, ana):
            await settle(app)
        assert isinstance(ben.screen, TakeBackPrompt) and ctl.state_json() != before
        await pb.press("y")  # Ben allows it: every seat's view is as before the move
        for app in (ben, ana, ben):
            await settle(app)
        assert ctl.state_json() == before and ctl.view(1).public() == ben_before
        assert ben.table_screen.view.public() == ben_before
        assert "ana took back their last move, as ben allowed" in _said(ana)


async def test_a_move_made_meanwhile_lapses_the_request(tmp_path: Path) -> None:
    ctl = _attack_answered()
    hub = hub_with_table(tmp_path, ctl)
    async with both_at_the_table(hub) as (ana, ben, pa, pb):
        await pb.press("colon", *"play backlash", "enter")
        await settle(ben)
        await pb.press("u")
        for app in (ben, ana):
            await settle(app)
        assert isinstance(ana.screen, TakeBackPrompt)
        await pb.press("colon", *"pass", "enter")  # Ben plays on instead of waiting
        for app in (ben, ana, ben):
            await settle(app)
        assert not isinstance(ana.screen, TakeBackPrompt) and hub.tables[1].session.takeback is None
        assert "lapsed" in _said(ana)
        assert ctl.history[-1].text == "pass" and any("Backlash" in l for l in _log(ana))
        del pa


async def test_no_take_back_in_a_ranked_game_and_bots_allow_one(tmp_path: Path) -> None:
    ranked = game("fractured_net").controller.build({
        "kind": "new", "seed": 3, "mode": "ranked",
        "players": [{"name": "ana", "deck": "void"}, {"name": "ben", "deck": "void"}]})
    session = (hub_with_table(tmp_path / "r", ranked)).tables[1].session
    ranked.apply("keep", 0)
    ranked.apply("keep", 1)
    ranked.apply(ranked.legal_commands(ranked.who_must_act())[0])
    mover, state = ranked.history[-1].seat, ranked.state_json()
    try:
        session.ask_takeback(mover)
        raise AssertionError("asked in a ranked game")
    except Exception as err:
        assert str(err) == "Moves cannot be taken back in a ranked game."
    assert ranked.state_json() == state and session.takeback is None

    ctl = _attack_answered()
    hub = hub_with_table(tmp_path / "b", ctl, bots=("greedy", None))  # Ana is a bot
    ben = ServedApp(hub, BEN, link=FakeLink(), cursor_blink=False)
    async with ben.run_test(size=(120, 40)) as pb:
        ben.call_later(ben.open_table, 1)
        await settle(ben)
        before = ctl.state_json()
        await pb.press("colon", *"play backlash", "enter")
        await settle(ben)
        await pb.press("u")  # only a bot saw it: it allows the take-back
        await settle(ben)
        assert ctl.state_json() == before and "took back their last move (bots allow it)" in _said(ben)
