"""Text that draws its own rows and repaints only the rows that changed.

Each paragraph is made into text and word-wrapped once per width; the rows are kept. When the
paragraphs change, the new rows are compared with those on screen and only the rows that
differ are repainted (a whole repaint of a bordered panel costs a tenth of a millisecond a
row). A panel of fixed height never asks for a layout (longer text scrolls); one of auto height
asks only when its number of rows changes, and its min-height and max-height hold it steady.
"""

from __future__ import annotations

from typing import Hashable, Sequence

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.content import Content
from textual.geometry import Region, Size
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.visual import Visual, visualize

from shards_tui.ui.textual_compat.moved_rows import keep_moved_rows
from shards_tui.ui.textual_compat.widgets import AfterSize, content_rows
from shards_tui.ui.widgets.steady_scrollbar import steady_vertical_scrollbar
from shards_tui.ui.widgets.text_runs import Run, cut_runs, run_style
from shards_tui.ui.widgets.unchanged import held_height, look_key, set_virtual_size


class _Styled:
    """A paragraph of ``Content``, told apart by its styles as well as its words (``Content``
    compares its text only: a die marked spent in the same words would keep its old rows)."""

    __slots__ = ("content", "key")

    def __init__(self, content: Content) -> None:
        self.content = content
        self.key = (content.plain, tuple(content.spans))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Styled) and self.key == other.key

    def __hash__(self) -> int:
        return hash(self.key)


def _shown(paragraph: Hashable) -> Hashable:
    return paragraph.content if isinstance(paragraph, _Styled) else paragraph


class RowsView(AfterSize, ScrollView, can_focus=False):
    """``show_paragraphs(keys)``; ``paragraph_text(key)`` makes a paragraph's text.
    ``FOLLOW_END``: keep the last row in sight (a log), else the first.
    ``ROW_EACH``: every paragraph takes a row at least (a log's lines are never empty), so
    more paragraphs than rows overflow at any width."""

    FOLLOW_END = False
    ROW_EACH = False

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        keep_moved_rows(self)  # (a log's rows move up a row or more each move)
        self._paragraphs: tuple[Hashable, ...] = ()
        self._rows: list[Strip] = []
        self._rows_width = -1
        self._wrapped: dict[tuple[Hashable, int], list[Strip]] = {}  # (paragraph, width) -> rows
        self._style_key: object = None
        self._unlaid = False  # paragraphs came while the panel had no size (it was hidden)
        self._laid: tuple[tuple[Hashable, ...], int, int] | None = None  # (paragraphs, width,
        # height) of the last layout
        # The rows of the last paragraphs joined at a width: width -> (paragraphs, rows, where
        # each paragraph's rows start); a log that gains a line joins only the new line's rows.
        # Two widths are kept: a layout tries the full width, then the width beside the
        # scrollbar.
        self._joined: dict[int, tuple[tuple[Hashable, ...], list[Strip], list[int]]] = {}

    def drawn_strips(self) -> list[Strip]:
        """The rows shown (an idle terminal drops their drawn copies:
        ``textual_compat.widgets.forget_drawn_lines``)."""
        return self._rows

    @property
    def vertical_scrollbar(self):  # type: ignore[override]
        """Repainted only when the thumb moves to other cells (a log's grows by a line a
        move, but its thumb rarely moves then)."""
        return steady_vertical_scrollbar(self)

    def paragraph_text(self, paragraph: Hashable) -> Text | Content:
        """The text of one paragraph (a string as it is, by default)."""
        return Text(str(paragraph))

    def paragraph_rows(self, paragraph: Hashable, width: int) -> list[Strip]:
        """The rows of one paragraph at ``width`` (its text, word-wrapped)."""
        text = self.paragraph_text(paragraph)
        if isinstance(text, Content) and (rows := content_rows(self, text, width,
                                                              self.visual_style)) is not None:
            return rows
        visual = visualize(self, text, markup=False)
        return Visual.to_strips(self, visual, width, None, self.visual_style)

    def show_paragraphs(self, paragraphs: Sequence[Hashable]) -> None:
        paragraphs = tuple(_Styled(p) if isinstance(p, Content) else p for p in paragraphs)
        if paragraphs == self._paragraphs:
            return
        self._paragraphs = paragraphs
        self._layout_rows()

    @property
    def paragraphs(self) -> tuple[Hashable, ...]:
        return tuple(_shown(p) for p in self._paragraphs)

    @property
    def rows(self) -> int:
        """How many rows the text takes at the width shown."""
        return len(self._rows)

    @property
    def _auto_height(self) -> bool:
        height = self.styles.height
        return height is None or height.is_auto

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """As many rows as the text takes at ``width`` (a layout asks before the rows are
        drawn: a line shown again after being hidden has none yet)."""
        if not self._auto_height:
            return super().get_content_height(container, viewport, width)
        return len(self._rows_at(width)) if width > 0 else 0

    def size_updated(self, changed: bool) -> None:
        """The panel grew or shrank: wrap and scroll before this frame is drawn, not after."""
        if changed or self._unlaid:  # (shown again at its old size: Textual sees no change)
            self._layout_rows()

    def _wrap(self, paragraph: Hashable, width: int) -> list[Strip]:
        key = (paragraph, width)
        rows = self._wrapped.get(key)
        if rows is None:
            rows = self._wrapped[key] = self.paragraph_rows(_shown(paragraph), width)
        return rows

    def _rows_at(self, width: int) -> list[Strip]:
        """The rows of the paragraphs at ``width`` (a new list: the one on screen is compared
        with it). The rows of the paragraphs that the last ones began with are kept."""
        paragraphs, joined = self._paragraphs, self._joined.get(width)
        kept, rows, starts = 0, [], [0]
        if joined is not None:
            before, before_rows, before_starts = joined
            first = _slid(before, paragraphs)
            if first:  # (a log of the last lines: its oldest went as new ones came)
                before = before[first:]
                before_rows = before_rows[before_starts[first]:]
                before_starts = [at - before_starts[first] for at in before_starts[first:]]
            most = min(len(before), len(paragraphs))
            if paragraphs[:most] == before[:most]:  # (a log that gained lines: at C speed)
                kept = most
            while kept < most and before[kept] == paragraphs[kept]:
                kept += 1
            rows, starts = before_rows[:before_starts[kept]], before_starts[:kept + 1]
        for paragraph in paragraphs[kept:]:
            rows.extend(self._wrap(paragraph, width))
            starts.append(len(rows))
        if width not in self._joined and len(self._joined) >= 2:
            self._joined.pop(next(iter(self._joined)))  # (the oldest width)
        self._joined[width] = (paragraphs, rows, starts)
        return list(rows)

    def _layout_rows(self) -> None:
        """Wrap to the text width (less the scrollbar when the rows overflow), size the
        scrollable area, scroll to the first or last row and repaint what changed."""
        width, height = self.content_size
        if width <= 0 or (height <= 0 and not self._auto_height):
            self._unlaid = True
            return
        self._unlaid = False
        looks = look_key(self)
        restyled = self._style_key != looks
        if restyled:
            self._style_key = looks  # new colours: every row afresh
            self._wrapped.clear()
            self._joined.clear()
        elif len(self._wrapped) > 4 * len(self._paragraphs) + 64:
            # Paragraphs gone (a log's oldest lines) or widths no longer shown: forget those
            # alone (wrapping every line again would cost a long log's frame tens of ms).
            shown = set(self._paragraphs)
            self._wrapped = {key: rows for key, rows in self._wrapped.items()
                             if key[0] in shown and key[1] >= width - 2}
        bar = self.styles.scrollbar_size_vertical if self.styles.overflow_y != "hidden" else 0
        laid, self._laid = self._laid, (self._paragraphs, width, height)
        if bar and ((laid is not None and laid[1:] == (width, height)
                     and self._rows_width == width - bar and _goes_on(laid[0], self._paragraphs))
                    or (self.ROW_EACH and len(self._paragraphs) > height)):
            # It overflowed at this size and has only gained paragraphs since, or lost its
            # oldest as it gained (a log after a move), or it has more paragraphs than rows
            # (a log after an undo): it overflows, so the rows are wrapped beside the
            # scrollbar alone (not first at the full width: every line of a long log).
            width -= bar
            rows = self._rows_at(width)
        else:
            rows = self._rows_at(width)
            if len(rows) > height and bar:
                self._forget_width(width)  # (tried, not shown: a long log's rows twice over)
                width -= bar
                rows = self._rows_at(width)
        before, self._rows = self._rows, rows
        set_virtual_size(self, Size(width, len(rows)))  # and the scrollbar, now (this may
        # run during a layout)
        if self._auto_height and len(before) != len(rows) and (
                held_height(self.styles, len(before)) != held_height(self.styles, len(rows))
                or held_height(self.styles, len(rows)) is None):
            self.refresh(layout=True)  # as tall as its rows (within its min and max height)
        top = max(0, len(rows) - height) if self.FOLLOW_END else 0
        scrolled = round(self.scroll_y) != top
        if self.scroll_y != top or self.scroll_target_y != top:  # (a scroll to where it is
            # costs a tenth of a millisecond, and most panels stay at the top)
            self.scroll_to(y=top, animate=False, immediate=True, force=True)
        if restyled or width != self._rows_width:
            self._rows_width = width
            self.refresh()
        elif not scrolled:  # (a scroll repaints every row by itself)
            self._refresh_changed(before, top, height)

    def _forget_width(self, width: int) -> None:
        self._joined.pop(width, None)
        self._wrapped = {key: rows for key, rows in self._wrapped.items() if key[1] != width}

    def _refresh_changed(self, before: list[Strip], top: int, height: int) -> None:
        """Repaint the rows in sight that now read differently (runs of rows at once): another
        card's text in the card panel keeps the rows that say the same ('(your hand)', the
        blank ones), and comparing a row costs far less than repainting it."""
        rows = self._rows
        changed = [y for y in range(height)
                   if (before[top + y] if top + y < len(before) else None)
                   != (rows[top + y] if top + y < len(rows) else None)]
        if changed:  # (at once: each call does the widget's bookkeeping again)
            self.refresh(*row_runs(changed, self.size.width))

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        style = self.visual_style.rich_style
        index = round(self.scroll_offset.y) + y
        row = self._rows[index] if 0 <= index < len(self._rows) else Strip.blank(width, style)
        return row.crop_extend(0, width, style)


def _goes_on(before: tuple[Hashable, ...], now: tuple[Hashable, ...]) -> bool:
    """Whether ``now`` is ``before`` with paragraphs added at the end, and perhaps some taken
    from the start (a window of the last lines that moved on)."""
    first = _slid(before, now)
    rest = len(before) - first
    return len(now) >= rest and now[:rest] == before[first:]


def _slid(before: tuple[Hashable, ...], now: tuple[Hashable, ...]) -> int:
    """How many paragraphs went from the start of ``before`` when ``now`` begins with the
    rest of them (a window of the last lines that moved on); 0 when it did not slide."""
    if not before or not now or before[0] == now[0]:
        return 0
    try:
        first = before.index(now[0], 1)
    except ValueError:
        return 0
    most = min(len(before) - first, len(now))
    return first if before[first:first + most] == now[:most] else 0


def plain_rows(text: str, width: int, style: Style) -> list[Strip]:
    """Plain text of one style word-wrapped to ``width``: ``runs_rows`` of one run."""
    return runs_rows([(text, "")], width, style)


def runs_rows(runs: list[Run], width: int, style: Style) -> list[Strip]:
    """One line of text in runs ('bold', 'italic', 'dim' or '' over ``style``), word-wrapped to
    ``width`` (a word wider than a row is cut into rows); an empty line is one empty row. What
    the log, the status line and the card panel need, made a few times faster than by
    Textual's general text."""
    if width <= 0:
        return []
    rows: list[list[Run]] = []
    row: list[Run] = []
    used = 0
    for word, kind in ((w, k) for text, k in runs for w in text.split(" ") if w):
        while cell_len(word) > width:  # a word wider than the row: what fits, then the rest
            if row:
                rows.append(row)
                row, used = [], 0
            cut = width
            while cut > 1 and cell_len(word[:cut]) > width:
                cut -= 1
            rows.append([(word[:cut], kind)])
            word = word[cut:]
        if not word:
            continue
        size = cell_len(word)
        if row and used + 1 + size > width:
            rows.append(row)
            row, used = [], 0
        if row:
            row.append((" ", ""))
            used += 1
        row.append((word, kind))
        used += size
    if row or not rows:
        rows.append(row)
    return [runs_strip(row, style) for row in rows]


def runs_line(runs: list[Run], width: int, style: Style) -> Strip:
    """One line of runs over ``style``, cut at ``width`` (with '…') and padded to it."""
    return runs_strip(cut_runs(runs, width), style).crop_extend(0, width, style)


def runs_strip(row: list[Run], style: Style) -> Strip:
    """One row of runs over ``style``, as a strip (no cutting and no padding)."""
    parts: list[list[str]] = []  # [kind, text]: neighbours of one kind make one segment
    for text, kind in row:
        if not text:
            continue
        if parts and parts[-1][0] == kind:
            parts[-1][1] += text
        else:
            parts.append([kind, text])
    return Strip([Segment(text, _style(style, kind)) for kind, text in parts],
                 sum(cell_len(text) for _, text in parts))


_STYLES: dict[tuple[Style, str], Style] = {}


def _style(style: Style, kind: str) -> Style:
    key = (style, kind)
    found = _STYLES.get(key)
    if found is None:
        if len(_STYLES) > 256:
            _STYLES.clear()
        found = _STYLES[key] = style + run_style(kind)
    return found


def row_runs(rows: list[int], width: int) -> list[Region]:
    """The regions of these rows (ascending), one for each run of neighbouring rows: a widget
    asks for their repaint in one call."""
    runs: list[Region] = []
    start = end = rows[0]
    for row in rows[1:]:
        if row != end + 1:
            runs.append(Region(0, start, width, end - start + 1))
            start = row
        end = row
    runs.append(Region(0, start, width, end - start + 1))
    return runs
