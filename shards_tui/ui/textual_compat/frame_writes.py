"""What a frame writes: each widget's part of a line from the first of its segments that the
repaint reaches (``ChopsUpdate.render_segments`` patched when this module is imported)."""

from __future__ import annotations

from typing import Any

from rich.control import Control
from textual._compositor import ChopsUpdate

__all__ = ["ChopsUpdate", "render_from_the_change"]


def render_from_the_change(update: ChopsUpdate, console: Any) -> str:
    """``ChopsUpdate.render_segments`` (Textual 8.2.8), but each widget's part of a line written
    from the first of its segments that the repaint reaches: Textual writes it from the
    widget's left edge, so a map's row changed at its right went out whole (over SSH, every
    byte of it). Cut at a segment's start, never inside one (a wide character stays whole)."""
    sequences: list[str] = []
    append = sequences.append
    move_to = Control.move_to
    chops, chop_ends = update.chops, update.chop_ends
    last_y = update.spans[-1][0]
    for y, x1, x2 in update.spans:
        for end, (x, strip) in zip(chop_ends[y], chops[y].items()):
            if strip is None or x > x2 or end <= x1:
                continue
            if x2 > x >= x1 and end <= x2:
                append(move_to(x, y).segment.text)
                append(strip.render(console))
                continue
            start = 0
            if x < x1:
                for segment in strip:
                    if start + segment.cell_length > x1 - x:
                        break
                    start += segment.cell_length
            append(move_to(x + start, y).segment.text)
            append(strip.crop(start, min(end, x2) - x).render(console))
        if y != last_y:
            append("\n")
    return "".join(sequences)


ChopsUpdate.render_segments = render_from_the_change  # type: ignore[method-assign]
