"""Regions the table re-renders after every move redraw only when what they show changed."""

from __future__ import annotations

import asyncio

from textual.app import App

from shards_tui.ui.widgets.key_hints import KeyHint, KeyHints, StatusLine
from shards_tui.ui.widgets.unchanged import set_border_title, unchanged


class _Probe:
    """Any object with a __dict__ will do."""


def test_unchanged_remembers_each_part_separately():
    probe = _Probe()
    assert not unchanged(probe, "a", 1, "x")
    assert unchanged(probe, "a", 1, "x")
    assert not unchanged(probe, "b", 1, "x")
    assert not unchanged(probe, "a", 2, "x")
    assert unchanged(probe, "a", 2, "x")


def test_showing_the_same_actions_or_message_again_does_not_redraw():
    class Host(App):
        def compose(self):
            yield KeyHints()
            yield StatusLine()

    async def run() -> None:
        app = Host()
        async with app.run_test(size=(80, 10)) as pilot:
            row, status = app.query_one(KeyHints), app.query_one(StatusLine)
            updates: list[str] = []
            for widget in (row, status):
                real = widget.show_paragraphs

                def counted(paragraphs, _w=widget, _real=real):
                    before = _w.paragraphs
                    _real(paragraphs)
                    if _w.paragraphs != before:  # new text: wrapped and repainted
                        updates.append(" ".join(str(p[0]) for p in _w.paragraphs))
                widget.show_paragraphs = counted
            items = [KeyHint("r", "recruit 1", "recruit")]
            row.show(items, "Your turn")
            row.show(list(items), "Your turn")
            status.show("Done.")
            status.show("Done.")
            status.show("No.", error=True)
            status.show("No.", error=True)  # a refusal again is counted: drawn again, '(x2)'
            set_border_title(row, "Actions")
            set_border_title(row, "Actions")
            await pilot.pause()
            assert len(updates) == 4 and updates[1:] == ["Done.", "✗ No.", "✗ No. (x2)"], updates
            status.show("No.", error=False)
            assert row.border_title == "Actions"
            assert not status.has_class("-error")

    asyncio.run(run())
