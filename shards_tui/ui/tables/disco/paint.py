"""Drawing helpers the Disco widgets share: six columns that line up from row to row, boxes,
and lines cut to a width."""

from __future__ import annotations

import textwrap

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.strip import Strip

COLUMNS = 6
# Frames: (top left, top, top right, side, bottom left, bottom, bottom right)
ROUND = "╭─╮│╰─╯"
HEAVY = "┏━┓┃┗━┛"
DASHED = "┌╌┐╎└╌┘"


def column_edges(width: int, columns: int = COLUMNS) -> list[int]:
    """Where each column starts, and the last one ends: even shares of ``width``. The orbit
    rows and the action row use it alike, so their columns line up."""
    return [width * n // columns for n in range(columns + 1)]


def column_at(x: int, width: int, columns: int = COLUMNS) -> int | None:
    """The column (from 0) at ``x`` cells from the left, or None outside."""
    edges = column_edges(width, columns)
    return next((n for n in range(columns) if edges[n] <= x < edges[n + 1]), None)


def cut(text: str, width: int) -> str:
    """``text`` in at most ``width`` cells, ending in '…' when cut."""
    if width <= 0:
        return ""
    if cell_len(text) <= width:
        return text
    line = Text(text)
    line.truncate(width, overflow="ellipsis")
    return line.plain


def with_tokens(text: str, tokens: int, width: int) -> str:
    """'Dry Dock ●4' in ``width`` cells: the text is cut, never the power tokens."""
    if not tokens:
        return cut(text, width)
    count = f" ●{tokens}"
    return cut(text, width - cell_len(count)) + count


def wrapped(text: str, width: int, lines: int) -> list[str]:
    """``text`` word-wrapped into at most ``lines`` lines of ``width``, the last one cut."""
    if width <= 0 or lines <= 0:
        return []
    rows = textwrap.wrap(text, width, break_long_words=True) or [""]
    if len(rows) > lines:
        rows = rows[:lines - 1] + [cut(" ".join(rows[lines - 1:]), width)]
    return rows


Line = list[Segment]  # one line of a column or a box: segments exactly as wide as it is


def cells(parts: list[tuple[str, Style]], width: int, fill: Style) -> Line:
    """One line of styled parts, cut or padded with ``fill`` to exactly ``width`` cells."""
    out: Line = []
    left = width
    for text, style in parts:
        if not text or left <= 0:
            continue
        size = cell_len(text)
        if size > left:
            text = _cut_cells(text, left)
            size = cell_len(text)
        out.append(Segment(text, style))
        left -= size
    if left > 0:
        out.append(Segment(" " * left, fill))
    return out


def _cut_cells(text: str, width: int) -> str:
    """The start of ``text`` that fits in ``width`` cells (no ellipsis)."""
    line = Text(text)
    line.truncate(width)
    return line.plain


def strip(parts: list[tuple[str, Style]], width: int, fill: Style) -> Strip:
    """One line of styled parts, cut or padded to ``width`` cells."""
    return Strip(cells(parts, width, fill), max(0, width))


def joined(columns: list[list[Line]], width: int, height: int) -> list[Strip]:
    """Columns of lines side by side: one strip a line, ``width`` cells wide (building one
    strip a line, not one a column and line, is most of what drawing a row costs)."""
    return [Strip([seg for column in columns for seg in column[y]], width) for y in range(height)]


def framed(frame: str, width: int, style: Style, title: str, body: list[tuple[str, Style]],
           height: int) -> list[Line]:
    """A box ``width`` x ``height``: ``title`` in its top edge, ``body`` lines inside."""
    tl, top, tr, side, bl, bottom, br = frame
    inner = max(0, width - 2)
    if height <= 0 or width <= 0:
        return []
    label = cut(title, max(0, inner - 3))
    head = f"{tl}{top} {label} " if label else tl
    rows = [cells([(head + top * max(0, width - 1 - cell_len(head)) + tr, style)], width, style)]
    for y in range(max(0, height - 2)):
        text, line_style = body[y] if y < len(body) else ("", style)
        text = cut(text, inner)
        rows.append(cells([(side, style), (text + " " * (inner - cell_len(text)), line_style),
                           (side, style)], width, style))
    if height >= 2:
        rows.append(cells([(bl + bottom * inner + br, style)], width, style))
    return rows[:height]
