"""A rows panel tells paragraphs apart by their styles too: the same words in another style
(a die marked spent) are drawn again (Textual's ``Content`` compares its text only)."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.content import Content

from shards_tui.ui.widgets.rows_view import RowsView


class Lines(RowsView):
    DEFAULT_CSS = "Lines { height: 4; }"

    def paragraph_text(self, paragraph):  # type: ignore[no-untyped-def]
        return paragraph


class LinesApp(App[None]):
    def compose(self) -> ComposeResult:
        yield Lines()


async def test_the_same_words_in_another_style_are_drawn_again() -> None:
    app = LinesApp()
    async with app.run_test(size=(30, 6)) as pilot:
        lines = app.query_one(Lines)
        lines.show_paragraphs([Content("dice:"), Content.styled("Fort", "bold")])
        await pilot.pause()
        lines.show_paragraphs([Content("dice:"), Content.styled("Fort", "strike")])
        await pilot.pause()
        styles = [segment.style for segment in lines.render_line(1) if "Fort" in segment.text]
        assert styles and styles[0].strike and not styles[0].bold
        assert [p.plain for p in lines.paragraphs] == ["dice:", "Fort"]  # (as given)
