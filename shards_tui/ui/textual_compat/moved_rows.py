"""``keep_moved_rows``: a widget's styled rows kept by what they show, not by where they are
(a patch of Textual's ``StylesCache.render_line``, 8.2.8).

Textual styles each row of a widget it repaints (the border's sides, the padding, the colours,
then the line filter) and keeps the result by the row's place. When a widget's text moves (a
log that gained a line scrolls by one, a hand that lost a card closes up) every row is in a new
place and is styled again, though each shows a row it showed before: about a tenth of a
millisecond a row, ten to fifteen rows of a Shards move. A widget given ``MovedRowsCache``
keeps each content row styled by the row its ``render_line`` returned (the same ``Strip``
object: the widget keeps its rows) and by everything else the styling reads (sizes, padding,
border and outline, colours, opacity, tint, hatch, the theme); a row found so is used as it is,
and its filtered copy, which Textual keeps on the strip, with it. The rows at the top and bottom
edges and the padding rows are styled as before.
"""

from __future__ import annotations

from typing import Any, Callable

from textual._styles_cache import StylesCache
from textual.strip import Strip
from textual.widget import Widget

__all__ = ["MovedRowsCache", "StylesCache", "keep_moved_rows", "styles_cache"]


class MovedRowsCache(StylesCache):
    KEPT_PER_ROW = 2  # styled rows kept, per row of the widget (forgotten all at once beyond)
    # id(row) -> (the row, what the styling read, the styled row)
    _by_content: dict[int, tuple[Strip, tuple[Any, ...], Strip]]

    def __init__(self) -> None:
        super().__init__()
        self._by_content = {}

    def render_line(self, styles: Any, y: int, size: Any, content_size: Any, padding: Any,
                    base_background: Any, background: Any,
                    render_content_line: Callable[[int], Strip], border_title: Any,
                    border_subtitle: Any, opacity: float, ansi_theme: Any,
                    native_ansi: bool) -> Strip:
        gutter = styles.gutter
        row = y - gutter.top
        if y <= 0 or y >= size.height - 1 or row < 0 or row >= content_size.height \
                or y >= size.height - gutter.bottom:
            return super().render_line(styles, y, size, content_size, padding, base_background,
                                       background, render_content_line, border_title,
                                       border_subtitle, opacity, ansi_theme, native_ansi)
        content = render_content_line(row)
        looks = (size.width, content_size.width, padding, base_background, background, opacity,
                 ansi_theme, native_ansi, styles.border, styles.outline, styles.text_opacity,
                 styles.tint, styles.hatch if styles.has_rule("hatch") else None)
        found = self._by_content.get(id(content))
        if found is not None and found[0] is content and found[1] == looks:
            return found[2]
        styled = super().render_line(styles, y, size, content_size, padding, base_background,
                                     background, lambda _row: content, border_title,
                                     border_subtitle, opacity, ansi_theme, native_ansi)
        if len(self._by_content) >= self.KEPT_PER_ROW * max(size.height, 8):
            self._by_content.clear()
        self._by_content[id(content)] = (content, looks, styled)
        return styled

    def forget(self) -> None:
        """Drop every styled row, by place and by what it shows (an idle screen's memory)."""
        self.clear()
        self._by_content.clear()

    @property
    def kept(self) -> int:
        """How many styled rows are kept, by place and by what they show."""
        return len(self._cache) + len(self._by_content)


def keep_moved_rows(widget: Widget) -> None:
    """Have ``widget`` keep its styled rows by what they show (call in its ``__init__``)."""
    widget._styles_cache = MovedRowsCache()


def styles_cache(widget: Widget) -> StylesCache:
    """The cache of ``widget``'s styled rows (Textual's, or a ``MovedRowsCache``)."""
    return widget._styles_cache
