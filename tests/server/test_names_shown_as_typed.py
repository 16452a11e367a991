"""A login name is shown as it was typed everywhere, even when it looks like markup."""

from __future__ import annotations

from pathlib import Path

from textual.content import Content
from textual.widgets import OptionList

from server_support import FakeLink

from shards_tui.server.auth import Identity
from shards_tui.server.served_app import ServedApp
from shards_tui.server.tables import Hub, seat_name
from shards_tui.ui.widgets.palette import LegalCommandsProvider
from shards_tui.ui.textual_compat.widgets import screen_text

BOSS = Identity("[b]boss[/b]", "SHA256:bbbb")
ZED = Identity("Zed[/b]", "SHA256:zzzz")  # not even valid markup: it broke the table screen


def _text(app: ServedApp) -> str:
    return screen_text(app.screen)


def test_a_seat_name_is_the_login_name_made_printable() -> None:
    assert seat_name("[b]boss[/b]") == "[b]boss[/b]"
    assert seat_name("  ana \x1b[31m  x\n ") == "ana [31m x"
    assert seat_name("\x07") == "Player" and len(seat_name("a" * 40)) == 24


async def test_names_that_look_like_markup_are_shown_as_they_are(tmp_path: Path) -> None:
    hub = Hub(tmp_path, bot_pace=60)
    boss = ServedApp(hub, BOSS, link=FakeLink(), cursor_blink=False)
    zed = ServedApp(hub, ZED, link=FakeLink(), cursor_blink=False)
    async with boss.run_test(size=(120, 40)) as pb, zed.run_test(size=(120, 40)) as pz:
        boss.create_table({"game": "shards", "players": 2, "bots": [None, None]})
        await pb.pause(0.3)
        await pz.pause(0.3)
        row = str(zed.screen.query_one(OptionList).get_option("t1").prompt)
        assert "[b]boss[/b], open seat" in row  # the lobby
        zed.open_table(1)
        for pilot in (pb, pz, pb):
            await pilot.pause(0.3)
        assert boss.is_running and zed.is_running
        assert hub.tables[1].names() == ["[b]boss[/b]", "Zed[/b]"]
        shown = _text(boss)
        assert "[b]boss[/b]'s play zone" in shown and "[b]boss[/b] (" in shown  # border titles
        assert "Zed[/b]'s play zone" in _text(zed)


async def test_the_palette_shows_words_with_a_name_as_they_are() -> None:
    class Screen:
        def palette_entries(self) -> list[tuple[str, str]]:
            return [("attack x", "Destroy Zed[/b]'s Card (costs 3 power)")]

    provider = LegalCommandsProvider(Screen())  # type: ignore[arg-type]
    hits = [hit async for hit in provider.discover()]
    assert Content.from_markup(hits[0].help).plain == "Destroy Zed[/b]'s Card (costs 3 power)"
