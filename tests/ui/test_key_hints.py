"""The status line: a message longer than its rows ends in '…' instead of stopping mid-word;
a refusal gets four rows, in the error colour."""

from __future__ import annotations

from textual.app import App, ComposeResult

from shards_tui.ui.widgets.key_hints import StatusLine

LONG = "Undergrowth Aspirant: “Unify” is not met, so that part does nothing this turn."


class OneLine(App[None]):
    CSS = "StatusLine { width: 30; }"  # 28 columns inside its padding

    def compose(self) -> ComposeResult:
        yield StatusLine()


async def test_a_long_message_is_cut_with_an_ellipsis_and_a_short_one_is_whole() -> None:
    app = OneLine()
    async with app.run_test(size=(40, 8)) as pilot:
        line = app.query_one(StatusLine)
        line.show(LONG)
        await pilot.pause()
        shown = line.text.splitlines()
        assert line.region.height == 2 and len(shown) == 2
        assert shown[-1].endswith("…") and all(len(row) <= 28 for row in shown)
        line.show(LONG, error=True)  # a refusal gets four rows: this one fits whole
        await pilot.pause()
        assert " ".join(line.text.split()) == " ".join(("✗ " + LONG).split())
        assert line.region.height == 3
        words = [seg for strip in line._rows for seg in strip if seg.text.strip()]
        assert words and all(seg.style.bold for seg in words)  # (in the error colour)
        line.show("Ana plays Crystal.")
        await pilot.pause()
        assert line.text == "Ana plays Crystal." and line.region.height == 1
