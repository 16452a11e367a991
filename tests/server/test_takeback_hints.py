"""The key hints say what ``u`` does at each table: "undo" at one keyboard, "ask to take back"
at a networked table where other people must allow it (Ben's screen never offers it for
Ana's move), nothing once it would be refused (asked and refused, or a ranked game), and "undo"
where only bots would be asked (they allow it at once). Read from the hints each seat's screen
was last drawn with."""

from __future__ import annotations

from pathlib import Path

from shards_tui.core.registry import game
from shards_tui.server.served_app import ServedApp
from shards_tui.ui.widgets.key_hints import KeyHints

from server_support import (ANA, FakeLink, both_at_the_table,  # noqa: E402  (tests/server)
                            hub_with_table, settle)


def _shards():
    return game("shards").controller.build({"kind": "scenario", "players": [
        {"name": "ana", "hand": ["crystal", "crystal", "blaster"]},
        {"name": "ben", "hand": ["crystal", "crystal"]}]})


def _u(app) -> list[str]:
    """What the hints on this seat's screen offer for u."""
    (items, _heading), = app.table_screen.query_one(KeyHints).paragraphs
    return [hint.label for hint in items if hint.key == "u"]


def _footer_u(app) -> str | None:
    """The footer's name for u on this seat's screen."""
    active = app.table_screen.active_bindings.get("u")
    return active.binding.description if active is not None else None


async def test_a_networked_seat_is_offered_to_ask_and_not_again_once_refused(
        tmp_path: Path) -> None:
    ctl = _shards()
    hub = hub_with_table(tmp_path, ctl)
    async with both_at_the_table(hub) as (ana, ben, pa, pb):
        assert _u(ana) == []  # nothing of hers to take back yet
        await pa.press("colon", *"play blaster", "enter")
        for app in (ana, ben):
            await settle(app)
        assert ctl.history[-1].text == "play blaster"
        assert _u(ana) == ["ask to take back"] and _u(ben) == []
        assert _footer_u(ana) == "Ask to take back"  # the footer names the key as the hints do
        await pa.press("u")
        for app in (ana, ben, ana):
            await settle(app)
        assert _u(ana) == []  # asked already: the others have not answered
        await pb.press("n")  # Ben refuses: the move stands and may not be asked for again
        for app in (ben, ana, ben):
            await settle(app)
        assert "refused the take-back" in ana.table_screen.query_one("StatusLine").message
        assert _u(ana) == [] and _u(ben) == []


async def test_only_bots_to_ask_is_an_undo_and_one_keyboard_says_undo(tmp_path: Path) -> None:
    ctl = _shards()
    hub = hub_with_table(tmp_path, ctl, bots=(None, "greedy"))  # Ben is a bot
    ana = ServedApp(hub, ANA, link=FakeLink(), cursor_blink=False)
    async with ana.run_test(size=(120, 40)) as pa:
        ana.call_later(ana.open_table, 1)
        await settle(ana)
        await pa.press("colon", *"play blaster", "enter")
        await settle(ana)
        assert _u(ana) == ["undo"] and _footer_u(ana) == "Undo"

    from tests.ui.tables.shards.shards_ui_support import TableApp, start_table

    app = TableApp(_shards())
    async with app.run_test(size=(120, 40)) as pilot:
        table = await start_table(pilot)
        await pilot.press("colon", *"play blaster", "enter")
        await settle(app)
        (items, _), = table.query_one(KeyHints).paragraphs
        assert [h.label for h in items if h.key == "u"] == ["undo"]


async def test_a_ranked_networked_game_offers_no_take_back(tmp_path: Path) -> None:
    ctl = game("fractured_net").controller.build({
        "kind": "new", "seed": 3, "mode": "ranked",
        "players": [{"name": "ana", "deck": "void"}, {"name": "ben", "deck": "void"}]})
    ctl.apply("keep", 0)
    ctl.apply("keep", 1)
    hub = hub_with_table(tmp_path, ctl)
    async with both_at_the_table(hub) as (ana, ben, pa, pb):
        mover = ctl.who_must_act()
        ctl.apply(next(c for c in ctl.legal_commands(mover) if c.text() != "concede"))
        mover = ctl.history[-1].seat
        for app in (ana, ben, ana):
            await settle(app)
        assert ctl.rated and ctl.can_undo(mover)  # the controller could; the table must not
        assert _u(ana) == [] and _u(ben) == []
