"""The rules browser: laid out once per width and kept, ready ahead of F1, links that go to
their part, a search at every key, and its keys on screen at 80x24."""

from __future__ import annotations

import pytest
from rich.segment import Segment
from textual.widgets import Footer
from shards_tui.ui.textual_compat.widgets import FooterKey

from shards_tui.ui.app import ShardsApp
from shards_tui.ui.screens import rules
from shards_tui.ui.screens.rules import RulesScreen
from shards_tui.ui.widgets import rules_view
from shards_tui.ui.widgets.rules_view import LINK, RulesView
from tests.ui.waiting import until


async def opened(pilot, anchor: str | None = None) -> RulesScreen:
    """Open the rules and let the app go idle until their text is laid out (turns, not time)."""
    app = pilot.app
    app.open_rules("shards", anchor)
    for _ in range(200):
        screen = app.screen
        if isinstance(screen, RulesScreen) and screen.query(RulesView) and screen.text.lines:
            return screen
        await pilot.pause()
    raise AssertionError("the rules did not open")


async def test_rules_laid_out_ahead_open_without_laying_them_out_again(monkeypatch) -> None:
    """F1 took seconds: the app now lays the rules out for its width on a thread once its
    first screen is drawn, and the browser only picks the lines."""
    monkeypatch.setattr(rules_view, "_drawn", {})  # nothing laid out yet in this process
    app = ShardsApp(cursor_blink=False, prepare_rules=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.rules_ahead is not None)  # once the first screen is drawn
        app.rules_ahead.join()
        accent = str(app.get_css_variables().get("accent", ""))
        doc = rules._read_rules("shards")
        width = rules.text_width(doc, 120, contents=True)
        assert list(rules_view._drawn) == [("shards", width, accent)]

        def no_layout(*_args):
            raise AssertionError("the rules were laid out again")

        monkeypatch.setattr(rules_view, "_lay_out", no_layout)
        screen = await opened(pilot)
        assert screen.text.scrollable_content_region.width == width
        assert "Every player leads a faction" in "\n".join(
            "".join(s.text for s in line) for line in screen.text.lines[:12])


async def test_a_link_in_the_text_goes_to_its_part() -> None:
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        text = screen.text
        for y, line in enumerate(text.lines):  # the first link on screen
            x = 0
            for segment in line:
                target = segment.style.meta.get(LINK) if segment.style else None
                if target:
                    break
                x += Segment.get_line_length([segment])
            else:
                continue
            break
        else:
            raise AssertionError("no link in the rules")
        assert y < text.scrollable_content_region.height and target.startswith("#")
        await pilot.click(RulesView, offset=(x + 1 + 1, y))  # (the view's padding)
        await until(pilot, lambda: screen.current_anchor == target[1:])
        assert text.scroll_y == min(text.top_of(screen.doc.index_of(target[1:])), text.max_scroll_y)


async def test_each_key_searches_and_nothing_waits_for_a_timer() -> None:
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot)
        for typed, word in (("s", "s"), ("hield", "shield")):
            await pilot.press(*typed)
            await pilot.pause()
            assert screen.query_text == word
        assert [s.title for s in screen.shown] == [s.title for s in screen.doc.search("shield")]
        await pilot.press(*"zzqq")
        await pilot.pause()
        assert screen.shown == [] and "No part of the rules mentions" in \
            "".join(s.text for s in screen.text.lines[0])


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_rules_keys_are_on_screen(size: tuple[int, int]) -> None:
    """At 80 columns the rules browser showed no footer at all."""
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=size) as pilot:
        screen = await opened(pilot)
        footer = screen.query_one(Footer)
        await until(pilot, lambda: footer.query(FooterKey))  # once the screen's keys are known
        await pilot.pause()
        assert footer.region.height == 1 and footer.region.bottom == size[1]
        shown = [k.key_display for k in footer.query(FooterKey) if k.region.right <= size[0]]
        assert shown[:3] == ["esc", "^f", "^t"], shown
