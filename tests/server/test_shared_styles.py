"""The server's apps share parsed style sheets: a second app parses nothing of its own."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.css.stylesheet import Stylesheet

from shards_tui.server import shared_styles
from shards_tui.server.served_app import ServedApp
from shards_tui.server.tables import Hub
from shards_tui.ui.textual_compat.widgets import screen_text

from server_support import ANA, BEN, FakeLink  # noqa: E402  (tests/server)


async def test_two_apps_share_their_parsed_rules(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Stylesheet, "_parse_rules", shared_styles._own_parse)
    shared_styles.share_parsed_styles()  # (undone by monkeypatch at the end of the test)
    hub = Hub(tmp_path, bot_pace=60)
    rules = []
    for who in (ANA, BEN):
        app = ServedApp(hub, who, link=FakeLink(), cursor_blink=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert "Signed in as" in screen_text(app.screen)
            rules.append({id(rule) for rule in app.stylesheet.rules})
    assert len(rules[0]) > 50 and rules[0] == rules[1]  # the same rule objects, parsed once
