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


async def test_lines_without_links_are_drawn_without_the_link_style() -> None:
    """Textual's ``to_strips`` works out the widget's link style (from its ancestors) for
    each paragraph; a line with no link does not need it (two fifths of a mat line's cost),
    and one with a link still has it."""
    from textual.widget import Widget

    app = LinesApp()
    async with app.run_test(size=(30, 6)) as pilot:
        lines = app.query_one(Lines)
        reads: list[int] = []
        link_style = Widget.link_style

        def reading(widget):  # type: ignore[no-untyped-def]
            reads.append(1)
            return link_style.fget(widget)

        Widget.link_style = property(reading)  # type: ignore[method-assign,assignment]
        try:
            lines.show_paragraphs([Content("Health 5"), Content.styled("Fort", "bold dim")])
            await pilot.pause()
            assert reads == [] and "Health 5" in lines.render_line(0).text
            lines.show_paragraphs([Content("Health 5"), Content.from_markup("[@click=app.bell]x[/]")])
            await pilot.pause()
            assert reads, "a line with a link is drawn with the link style"
        finally:
            Widget.link_style = link_style  # type: ignore[method-assign]
